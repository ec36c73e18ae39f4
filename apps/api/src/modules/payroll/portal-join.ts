// The employee portal's invitation and login (issue 25 §5; 002 §3): an invitation validated and
// accepted (the employee user made, or the existing one's password checked), and a login.
import { eq } from 'drizzle-orm';
import { PORTAL_MSG, STATUS } from '@owo/contract';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError, conflict, fieldError, unauthorized } from '../../platform/errors';
import { dummyHash, hashPassword, verifyPassword } from '../../platform/passwords';
import { resolveLink, spendLink, type LinkPrincipal } from '../../platform/tokens';
import { accounts } from '../../platform/schema';
import { EMPLOYEE_INVITATION_LINK } from './invite-employees';
import { employeeUsers, payrollEmployees } from './tables';
import { employmentsOf, openSession } from './portal-session';

/**
 * The invitation a token stands for: a live link token (platform/tokens.ts, kind
 * `employee-invitation`) and its employee, or null (unknown, spent, expired, revoked: the spec's one
 * answer, a field error on `token`). The token rides in the body (002 §7), so the routes resolve it
 * here rather than through the guard's `needsLink` (path tokens).
 */
async function findInvite(db: DbOrTx, token: string, lock = false) {
  let link: LinkPrincipal;
  try {
    link = await resolveLink(db, token, { kind: EMPLOYEE_INVITATION_LINK, action: 'join' });
  } catch (err) {
    if (err instanceof AppError) return null;
    throw err;
  }
  const q = db
    .select({ e: payrollEmployees, companyName: accounts.name })
    .from(payrollEmployees)
    .innerJoin(accounts, eq(accounts.id, payrollEmployees.accountId))
    .where(eq(payrollEmployees.id, link.objectId));
  const [row] = lock ? await q.for('update', { of: payrollEmployees }) : await q;
  return row ? { ...row, link } : null;
}

/** POST /employee-portal/invites/validate: who is invited, by which company (002 §3 Employee user). */
export async function validateInvite(db: Db, token: string) {
  const row = await findInvite(db, token);
  if (!row) throw fieldError('token', PORTAL_MSG.tokenInvalid);
  const [user] = await db
    .select({ id: employeeUsers.id })
    .from(employeeUsers)
    .where(eq(employeeUsers.email, row.e.email.toLowerCase()));
  return {
    name: row.e.name,
    email: row.e.email,
    companyName: row.companyName,
    token: { valid: true, hasAccount: !!user },
  };
}

/**
 * POST /employee-portal/auth/create-user: accepts the invitation and signs in. The token is single
 * use (cleared here). An email that already has a portal account (an employee of another company)
 * must give that account's password: an invitation never overwrites an existing password.
 */
export async function createEmployeeUser(db: Db, p: { token: string; password: string }) {
  const hash = await hashPassword(p.password);
  return db.transaction(async (tx) => {
    const row = await findInvite(tx, p.token, true);
    if (!row) throw fieldError('token', PORTAL_MSG.tokenInvalid);
    const email = row.e.email.toLowerCase();
    let [user] = await tx.select().from(employeeUsers).where(eq(employeeUsers.email, email)).for('update');
    if (user) {
      if (!(await verifyPassword(user.passwordHash, p.password)))
        throw fieldError('password', PORTAL_MSG.loginFailed);
    } else {
      [user] = await tx
        .insert(employeeUsers)
        .values({ email, name: row.e.name, passwordHash: hash })
        .onConflictDoNothing()
        .returning();
      if (!user) throw conflict(PORTAL_MSG.tokenInvalid);
    }
    // Spent with the acceptance (a concurrent second use finds it spent: one answer, invalid).
    try {
      await spendLink(tx, row.link);
    } catch (err) {
      if (err instanceof AppError) throw fieldError('token', PORTAL_MSG.tokenInvalid);
      throw err;
    }
    await tx
      .update(payrollEmployees)
      .set({ inviteAcceptedAt: new Date() })
      .where(eq(payrollEmployees.id, row.e.id));
    return openSession(tx, user, row.e.id);
  });
}

/** POST /employee-portal/auth/login. Unknown email and wrong password take the same time and answer. */
export async function employeeLogin(db: Db, p: { email: string; password: string }) {
  const [user] = await db.select().from(employeeUsers).where(eq(employeeUsers.email, p.email.toLowerCase()));
  const good = await verifyPassword(user?.passwordHash ?? (await dummyHash()), p.password);
  if (!user || !good) throw unauthorized(PORTAL_MSG.loginFailed, STATUS.unauthorized);
  const employments = await employmentsOf(db, user.email);
  if (!employments.length) throw unauthorized(PORTAL_MSG.loginFailed, STATUS.unauthorized);
  return openSession(db, user, employments[0].id);
}
