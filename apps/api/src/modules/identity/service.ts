import { eq, sql } from 'drizzle-orm';
import {
  CONFIRM_EMAIL_TTL_HOURS,
  IDENTITY_MSG,
  RESET_PASSWORD_TTL_MINUTES,
  type RegisterBody,
} from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import type { DbOrTx } from '../../platform/db';
import { badRequest, conflict } from '../../platform/errors';
import { hashPassword } from '../../platform/passwords';
import { issueSession, revokeUserSessions, type IssuedSession } from '../../platform/sessions';
import { sendMail } from '../mail';
import { acceptInvitationByCode } from '../teams';
import { consumeEmailToken, issueEmailToken } from './email-tokens';
import { users } from '../../platform/tenancy-tables';

// Registration, email confirmation and password recovery. Sign-in lives in sign-in.ts.

type Deps = Pick<AppDeps, 'db' | 'config'>;
export type User = typeof users.$inferSelect;
export type ClientMeta = { userAgent?: string; ip?: string };

export const authUser = (u: User) => ({
  id: u.id,
  email: u.email,
  verified: !!u.emailVerifiedAt,
  _2fa: u.totpEnabled,
});

export const sessionData = (s: IssuedSession, u: User) => ({
  accessToken: s.accessToken,
  refreshToken: s.refreshToken,
  accessExpiresAt: s.accessExpiresAt.toISOString(),
  user: authUser(u),
});

export async function findUserByEmail(db: DbOrTx, email: string): Promise<User | undefined> {
  const [u] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
  return u;
}

const isUniqueViolation = (err: unknown) =>
  (err as { code?: string })?.code === '23505' ||
  (err as { cause?: { code?: string } })?.cause?.code === '23505';

async function mailConfirmation(deps: Deps, tx: DbOrTx, user: Pick<User, 'id' | 'email' | 'firstName'>) {
  const token = await issueEmailToken(tx, user.id, 'confirm-email', CONFIRM_EMAIL_TTL_HOURS * 60);
  const link = `${deps.config.appUrl}/auth/confirm-email?token=${encodeURIComponent(token)}`;
  await sendMail(
    deps,
    {
      to: user.email,
      subject: 'Confirm your email address',
      text: `Hello ${user.firstName},\n\nWelcome to Owo. Confirm your email address by opening this link:\n${link}\n\nThe link works once and expires in ${CONFIRM_EMAIL_TTL_HOURS} hours. If you did not create an Owo account, you can ignore this email.`,
    },
    tx,
  );
}

/**
 * Creates the user and signs them in. With an invitation code the user joins the inviting account in
 * the same transaction; the invitation mail already proved the address, so no confirmation is needed.
 */
export async function registerUser(deps: Deps, body: RegisterBody, meta: ClientMeta) {
  const passwordHash = await hashPassword(body.password);
  if (await findUserByEmail(deps.db, body.email))
    throw conflict(IDENTITY_MSG.emailTaken, { email: [IDENTITY_MSG.emailTaken] });
  try {
    return await deps.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          email: body.email,
          passwordHash,
          firstName: body.firstName,
          lastName: body.lastName,
          phoneNumber: body.phoneNumber ?? null,
        })
        .returning();
      let user = created;
      if (body.code) {
        // Throws (and so undoes the registration) when the code is unknown, used, expired or for another email.
        await acceptInvitationByCode(tx, { code: body.code, userId: user.id, email: user.email });
        [user] = await tx
          .update(users)
          .set({ emailVerifiedAt: new Date() })
          .where(eq(users.id, user.id))
          .returning();
      } else {
        await mailConfirmation(deps, tx, user);
      }
      const session = await issueSession(tx, deps.config, user.id, meta);
      return { user, session };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(IDENTITY_MSG.emailTaken, { email: [IDENTITY_MSG.emailTaken] });
    throw err;
  }
}

export async function confirmEmail(deps: Deps, token: string): Promise<User> {
  return deps.db.transaction(async (tx) => {
    const userId = await consumeEmailToken(tx, token, 'confirm-email');
    if (!userId)
      throw badRequest(IDENTITY_MSG.confirmLinkInvalid, { token: [IDENTITY_MSG.confirmLinkInvalid] });
    const [user] = await tx
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    return user;
  });
}

/** Sends a new confirmation link when the address belongs to an unconfirmed user; silent otherwise. */
export async function resendConfirmation(deps: Deps, email: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user || user.emailVerifiedAt) return;
  await deps.db.transaction((tx) => mailConfirmation(deps, tx, user));
}

/** Mails a reset link when the address is known; the caller answers the same either way. */
export async function requestPasswordReset(deps: Deps, email: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user) return;
  await deps.db.transaction(async (tx) => {
    const token = await issueEmailToken(tx, user.id, 'reset-password', RESET_PASSWORD_TTL_MINUTES);
    const link = `${deps.config.appUrl}/auth/reset-password?ref=${encodeURIComponent(token)}`;
    await sendMail(
      deps,
      {
        to: user.email,
        subject: 'Reset your Owo password',
        text: `Hello ${user.firstName},\n\nWe received a request to reset your Owo password. Choose a new one here:\n${link}\n\nThe link works once and expires in ${RESET_PASSWORD_TTL_MINUTES} minutes. If you did not ask for this, ignore this email; your password stays the same.`,
      },
      tx,
    );
  });
}

/**
 * Sets a new password from a reset link. The link proves the address (so it is confirmed), lifts a
 * sign-in lock, and every session ends: whoever knew the old password is signed out.
 */
export async function resetPassword(deps: Deps, ref: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    const userId = await consumeEmailToken(tx, ref, 'reset-password');
    if (!userId) throw badRequest(IDENTITY_MSG.resetLinkInvalid, { ref: [IDENTITY_MSG.resetLinkInvalid] });
    const now = new Date();
    await tx
      .update(users)
      .set({
        passwordHash,
        passwordChangedAt: now,
        failedLogins: 0,
        lockedUntil: null,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
        updatedAt: now,
      })
      .where(eq(users.id, userId));
    await revokeUserSessions(tx, userId);
  });
}
