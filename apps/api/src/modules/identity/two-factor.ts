import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { authenticator } from 'otplib';
import QRCode from 'qrcode';
import { IDENTITY_MSG, RECOVERY_CODE_COUNT } from '@owo/contract';
import type { Config } from '../../platform/config';
import type { DbOrTx } from '../../platform/db';
import { badRequest, conflict } from '../../platform/errors';
import { sha256 } from '../../platform/tokens';
import { vaultFor } from '../../platform/vault';
import { recoveryCodes } from './tables';
import { users } from '../../platform/tenancy-tables';

// TOTP (RFC 6238, 30-second steps) with one step of clock drift either way.
const totp = authenticator.clone({ window: 1 });
const STEP_SECONDS = 30;
const ISSUER = 'Owo';

type User = typeof users.$inferSelect;

// The TOTP secret is a vault field (`users.totp_secret`, platform/vault/fields.ts): AES-256-GCM
// under the vault's versioned keys. Secrets stored in the older identity-only format are sealed
// into the vault at start-up (the field's `legacy` reader).
const TOTP_FIELD = 'users.totp_secret';
export const encryptSecret = (config: Config, secret: string) => vaultFor(config).encrypt(TOTP_FIELD, secret);
export const decryptSecret = (config: Config, stored: string) => vaultFor(config).decrypt(TOTP_FIELD, stored);

/** Recovery codes look like `k3x9p-q2m7d`; compared without dashes or case. */
const normaliseRecovery = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** Replaces the user's recovery codes; answers the plain codes (shown once, never stored). */
export async function replaceRecoveryCodes(tx: DbOrTx, userId: string): Promise<string[]> {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx
    .insert(recoveryCodes)
    .values(codes.map((c) => ({ userId, codeHash: sha256(normaliseRecovery(c)) })));
  return codes;
}

/** Checks a 6-digit code against the secret; answers its time step, or null. */
function matchTotp(secret: string, code: string): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp.checkDelta(code, secret);
  if (delta === null) return null;
  return Math.floor(Date.now() / 1000 / STEP_SECONDS) + delta;
}

/**
 * Verifies a second factor (a TOTP code or a recovery code) and spends it: a TOTP step at or before
 * the last one used is refused (no replay), a recovery code is marked used. Runs in the caller's
 * transaction with the user row locked, so two requests cannot spend the same code.
 */
export async function spendSecondFactor(
  tx: DbOrTx,
  config: Config,
  userId: string,
  code: string,
): Promise<boolean> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!user) return false;
  const stored = user.totpSecret;
  const trimmed = code.trim();
  if (stored && /^\d{6}$/.test(trimmed)) {
    const step = matchTotp(decryptSecret(config, stored), trimmed);
    if (step === null || (user.lastTotpStep !== null && step <= user.lastTotpStep)) return false;
    await tx.update(users).set({ lastTotpStep: step }).where(eq(users.id, userId));
    return true;
  }
  if (!user.totpEnabled) return false;
  const [used] = await tx
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, sha256(normaliseRecovery(trimmed))),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return !!used;
}

/** Starts (or restarts) setup: a new secret, stored encrypted but not active until confirmed. */
export async function startTwoFactorSetup(db: DbOrTx, config: Config, user: User) {
  if (user.totpEnabled) throw conflict(IDENTITY_MSG.twoFaAlreadyEnabled);
  const secret = totp.generateSecret(20);
  await db
    .update(users)
    .set({ totpSecret: encryptSecret(config, secret), lastTotpStep: null, updatedAt: new Date() })
    .where(eq(users.id, user.id));
  const otpauthUri = totp.keyuri(user.email, ISSUER, secret);
  const qrCode = await QRCode.toDataURL(otpauthUri, { margin: 1, width: 240 });
  return { secret, otpauthUri, qrCode };
}

/** Confirms setup with a code from the app; answers fresh recovery codes. */
export async function enableTwoFactor(db: DbOrTx, config: Config, user: User, code: string) {
  if (user.totpEnabled) throw conflict(IDENTITY_MSG.twoFaAlreadyEnabled);
  if (!user.totpSecret)
    throw badRequest(IDENTITY_MSG.twoFaSetupFirst, { code: [IDENTITY_MSG.twoFaSetupFirst] });
  if (!/^\d{6}$/.test(code.trim()))
    throw badRequest(IDENTITY_MSG.twoFaInvalid, { code: [IDENTITY_MSG.twoFaInvalid] });
  return inTx(db, async (tx) => {
    if (!(await spendSecondFactor(tx, config, user.id, code)))
      throw badRequest(IDENTITY_MSG.twoFaInvalid, { code: [IDENTITY_MSG.twoFaInvalid] });
    await tx.update(users).set({ totpEnabled: true, updatedAt: new Date() }).where(eq(users.id, user.id));
    return { recoveryCodes: await replaceRecoveryCodes(tx, user.id) };
  });
}

/** Turns 2FA off; the current code (or a recovery code) is required. */
export async function disableTwoFactor(db: DbOrTx, config: Config, user: User, code: string) {
  if (!user.totpEnabled)
    throw badRequest(IDENTITY_MSG.twoFaNotEnabled, { code: [IDENTITY_MSG.twoFaNotEnabled] });
  await inTx(db, async (tx) => {
    if (!(await spendSecondFactor(tx, config, user.id, code)))
      throw badRequest(IDENTITY_MSG.twoFaInvalid, { code: [IDENTITY_MSG.twoFaInvalid] });
    await tx
      .update(users)
      .set({ totpEnabled: false, totpSecret: null, lastTotpStep: null, updatedAt: new Date() })
      .where(eq(users.id, user.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
  });
}

export async function regenerateRecoveryCodes(db: DbOrTx, config: Config, user: User, code: string) {
  if (!user.totpEnabled)
    throw badRequest(IDENTITY_MSG.twoFaNotEnabled, { code: [IDENTITY_MSG.twoFaNotEnabled] });
  return inTx(db, async (tx) => {
    if (!(await spendSecondFactor(tx, config, user.id, code)))
      throw badRequest(IDENTITY_MSG.twoFaInvalid, { code: [IDENTITY_MSG.twoFaInvalid] });
    return { recoveryCodes: await replaceRecoveryCodes(tx, user.id) };
  });
}

/** Runs `fn` in a transaction (or the caller's). */
export function inTx<T>(db: DbOrTx, fn: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return (db as { transaction: (f: (tx: DbOrTx) => Promise<T>) => Promise<T> }).transaction(fn);
}
