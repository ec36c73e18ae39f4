import { eq } from 'drizzle-orm';
import { IDENTITY_MSG, type ChangePasswordBody, type ProfileBody } from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import type { DbOrTx } from '../../platform/db';
import { badRequest, notFound } from '../../platform/errors';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { revokeUserSessions } from '../../platform/sessions';
import type { User } from './service';
import { users } from '../../platform/tenancy-tables';

// The signed-in user's own profile and password (000 §7 /me/settings/profile).

export const profileOf = (u: User) => ({
  id: u.id,
  firstName: u.firstName,
  lastName: u.lastName,
  name: `${u.firstName} ${u.lastName}`.trim(),
  email: u.email,
  phoneNumber: u.phoneNumber,
  verified: !!u.emailVerifiedAt,
  _2fa: u.totpEnabled,
  createdAt: u.createdAt.toISOString(),
});

export async function updateProfile(db: DbOrTx, userId: string, body: ProfileBody) {
  const [u] = await db
    .update(users)
    .set({
      firstName: body.firstName,
      lastName: body.lastName,
      phoneNumber: body.phoneNumber ?? null,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning();
  if (!u) throw notFound('User');
  return profileOf(u);
}

/** Needs the current password; every other session of the user ends, the caller's stays. */
export async function changePassword(
  deps: Pick<AppDeps, 'db'>,
  user: User,
  familyId: string,
  body: ChangePasswordBody,
) {
  if (!(await verifyPassword(user.passwordHash, body.oldPassword))) {
    throw badRequest(IDENTITY_MSG.oldPasswordWrong, { oldPassword: [IDENTITY_MSG.oldPasswordWrong] });
  }
  const passwordHash = await hashPassword(body.newPassword);
  await deps.db.transaction(async (tx) => {
    const now = new Date();
    await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: now, updatedAt: now })
      .where(eq(users.id, user.id));
    await revokeUserSessions(tx, user.id, familyId);
  });
}
