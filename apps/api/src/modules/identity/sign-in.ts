import { eq, sql } from 'drizzle-orm';
import {
  IDENTITY_MSG,
  LOGIN_LOCK_MINUTES,
  LOGIN_MAX_FAILURES,
  MSG,
  STATUS,
  type LoginBody,
} from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import type { DbOrTx, Tx } from '../../platform/db';
import { AppError, badRequest, conflict, tooMany, unauthorized } from '../../platform/errors';
import { dummyHash, verifyPassword } from '../../platform/passwords';
import { issueSession, revokeFamily, rotateSession, type AuthContext } from '../../platform/sessions';
import { acceptInvitationByCode } from '../teams';
import { findUserByEmail, type ClientMeta, type User } from './service';
import { users } from '../../platform/tenancy-tables';
import { spendSecondFactor } from './two-factor';

// Sign-in: password, second factor, refresh, sign-out.

type Deps = Pick<AppDeps, 'db' | 'config'>;

const isLocked = (u: User) => !!u.lockedUntil && u.lockedUntil.getTime() > Date.now();

/** Counts a failed attempt; the fifth in a row locks sign-in for LOGIN_LOCK_MINUTES. */
async function recordFailure(db: DbOrTx, userId: string) {
  const next = sql`${users.failedLogins} + 1`;
  await db
    .update(users)
    .set({
      failedLogins: sql`case when ${next} >= ${LOGIN_MAX_FAILURES} then 0 else ${next} end`,
      lockedUntil: sql`case when ${next} >= ${LOGIN_MAX_FAILURES} then now() + make_interval(mins => ${LOGIN_LOCK_MINUTES}) else ${users.lockedUntil} end`,
    })
    .where(eq(users.id, userId));
}

const clearFailures = (db: DbOrTx, userId: string) =>
  db.update(users).set({ failedLogins: 0, lockedUntil: null }).where(eq(users.id, userId));

/** Joins the invited account and, since the invitation mail proved the address, confirms it. */
async function acceptInvitation(tx: Tx, user: User, code: string) {
  await acceptInvitationByCode(tx, { code, userId: user.id, email: user.email });
  await tx
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
    .where(eq(users.id, user.id));
}

const reload = async (db: DbOrTx, id: string) => (await db.select().from(users).where(eq(users.id, id)))[0];

/**
 * Checks the password. Unknown email and wrong password answer alike and take the same time.
 * With 2FA on, the session is issued "pending": only the 2FA step accepts it.
 */
export async function loginUser(deps: Deps, body: LoginBody, meta: ClientMeta) {
  const found = await findUserByEmail(deps.db, body.email);
  if (!found) {
    await verifyPassword(await dummyHash(), body.password);
    throw unauthorized(MSG.invalidCredentials);
  }
  const passwordOk = await verifyPassword(found.passwordHash, body.password);
  if (isLocked(found)) throw tooMany(IDENTITY_MSG.locked);
  if (!passwordOk) {
    await recordFailure(deps.db, found.id);
    throw unauthorized(MSG.invalidCredentials);
  }
  const maxAgeDays = deps.config.PASSWORD_MAX_AGE_DAYS;
  if (maxAgeDays > 0 && found.passwordChangedAt.getTime() + maxAgeDays * 86_400_000 <= Date.now()) {
    await clearFailures(deps.db, found.id);
    throw unauthorized(IDENTITY_MSG.passwordExpired, STATUS.passwordExpired);
  }
  const twoFactorPending = found.totpEnabled;
  return deps.db.transaction(async (tx) => {
    await clearFailures(tx, found.id);
    // With 2FA on, the invitation waits for the second factor (the web passes it to /auth/2fa).
    if (body.code && !twoFactorPending) await acceptInvitation(tx, found, body.code);
    const session = await issueSession(tx, deps.config, found.id, { twoFactorPending, ...meta });
    return { user: await reload(tx, found.id), session, twoFactorPending };
  });
}

/**
 * Completes a pending sign-in with a TOTP or recovery code. The pending family ends and a new one
 * starts, so a token captured before the second factor never becomes a full session.
 */
export async function completeTwoFactor(
  deps: Deps,
  auth: AuthContext,
  code: string,
  invitationCode: string | undefined,
  meta: ClientMeta,
) {
  if (!auth.twoFactorPending) throw conflict('This session has already passed two-factor authentication');
  if (isLocked(auth.user)) throw tooMany(IDENTITY_MSG.locked);
  const result = await deps.db.transaction(async (tx) => {
    if (!(await spendSecondFactor(tx, deps.config, auth.user.id, code))) return null;
    await clearFailures(tx, auth.user.id);
    await revokeFamily(tx, auth.familyId);
    if (invitationCode) await acceptInvitation(tx, auth.user, invitationCode);
    const session = await issueSession(tx, deps.config, auth.user.id, meta);
    return { user: await reload(tx, auth.user.id), session };
  });
  if (!result) {
    await recordFailure(deps.db, auth.user.id);
    throw badRequest(IDENTITY_MSG.twoFaInvalid, { code: [IDENTITY_MSG.twoFaInvalid] });
  }
  return result;
}

/** Exchanges a refresh token; a replayed one revokes its family, and that revocation must commit. */
export async function refreshSession(deps: Deps, refreshToken: string, meta: ClientMeta) {
  const outcome = await deps.db.transaction(async (tx) => {
    try {
      const rotated = await rotateSession(tx, deps.config, refreshToken, meta);
      return { rotated, user: await reload(tx, rotated.userId) };
    } catch (err) {
      if (err instanceof AppError) return { err };
      throw err;
    }
  });
  if ('err' in outcome && outcome.err) throw outcome.err;
  return outcome;
}

export const endSession = (db: DbOrTx, familyId: string) => revokeFamily(db, familyId);
