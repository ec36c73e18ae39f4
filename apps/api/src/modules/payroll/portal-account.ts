// An employee's portal account (issue 25 §5; 002 §4): the profile, the company switch, the password
// changed, and the password reset by a single-use mailed reference.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { fromMinor, PORTAL_MSG, PORTAL_RESET_MSG } from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { sendMail } from '../mail';
import type { Db } from '../../platform/db';
import { fieldError, notFound } from '../../platform/errors';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { employeePasswordResets, employeeSessions, employeeUsers, payrollEmployees } from './tables';
import { type EmployeeContext, employmentsOf } from './portal-session';

/** PATCH /employee-portal/profile/update-password: the old password, then every other session ends. */
export async function updateEmployeePassword(
  db: Db,
  ctx: EmployeeContext,
  p: { oldPassword: string; newPassword: string },
) {
  const [user] = await db.select().from(employeeUsers).where(eq(employeeUsers.id, ctx.userId));
  if (!(await verifyPassword(user.passwordHash, p.oldPassword)))
    throw fieldError('oldPassword', PORTAL_MSG.oldPasswordWrong);
  if (p.oldPassword === p.newPassword) throw fieldError('newPassword', PORTAL_MSG.samePassword);
  const hash = await hashPassword(p.newPassword);
  await db.transaction(async (tx) => {
    await tx
      .update(employeeUsers)
      .set({ passwordHash: hash, updatedAt: new Date() })
      .where(eq(employeeUsers.id, ctx.userId));
    await tx
      .update(employeeSessions)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(employeeSessions.employeeUserId, ctx.userId),
          ne(employeeSessions.id, ctx.sessionId),
          isNull(employeeSessions.revokedAt),
        ),
      );
  });
}

/** POST /employee-portal/profile/switch-account: only to a company that employs this email. */
export async function switchEmployeeAccount(db: Db, ctx: EmployeeContext, accountId: string) {
  const employments = await employmentsOf(db, ctx.email);
  const target = employments.find((e) => e.accountId === accountId);
  if (!target) throw fieldError('accountId', PORTAL_MSG.notEmployeeOf);
  await db
    .update(employeeSessions)
    .set({ payrollEmployeeId: target.id })
    .where(eq(employeeSessions.id, ctx.sessionId));
  return {
    user: { name: ctx.name, email: ctx.email },
    payrollEmployees: employments,
    currentPayrollEmployee: target,
  };
}

/** GET /employee-portal/profile: the employee's own record (their own salary is never masked). */
export async function employeeProfile(db: Db, ctx: EmployeeContext) {
  const [e] = await db.select().from(payrollEmployees).where(eq(payrollEmployees.id, ctx.payrollEmployeeId));
  if (!e) throw notFound('Employee');
  return {
    name: e.name,
    email: e.email,
    companyName: ctx.companyName,
    accountId: e.accountId,
    salaryAmount: fromMinor(e.salaryMinor),
    salaryAmountMinor: e.salaryMinor,
    bankDetails: {
      bankName: e.bankName,
      accountName: e.accountName,
      accountNumber: `******${e.accountNumberLast4}`,
    },
    joinedAt: e.createdAt.toISOString(),
    payrollEmployees: await employmentsOf(db, ctx.email),
  };
}

const RESET_TTL_MS = 60 * 60 * 1000;
const refHash = (ref: string) => createHash('sha256').update(ref).digest('hex');

/**
 * POST /employee-portal/auth/reset-password: mails a single-use reference (1 hour) when the email
 * has a portal account; answers the same either way (no account enumeration). Older open references
 * of the user stop working.
 */
export async function requestEmployeeReset(deps: AppDeps, email: string) {
  const [user] = await deps.db.select().from(employeeUsers).where(eq(employeeUsers.email, email));
  if (!user) return;
  const ref = randomBytes(24).toString('base64url');
  await deps.db.transaction(async (tx) => {
    await tx
      .update(employeePasswordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(employeePasswordResets.employeeUserId, user.id), isNull(employeePasswordResets.usedAt)));
    await tx.insert(employeePasswordResets).values({
      employeeUserId: user.id,
      refHash: refHash(ref),
      expiresAt: new Date(Date.now() + RESET_TTL_MS),
    });
    await sendMail(
      deps,
      {
        to: user.email,
        subject: 'Reset your Owo employee portal password',
        text: `Hello ${user.name},\n\nReset your employee portal password (the link works once, for 1 hour):\n${deps.config.appUrl}/employee-portal/reset-password/${ref}\n\nIf you did not ask for this, ignore this mail.\n\nOwo`,
      },
      tx,
    );
  });
}

/** PUT /employee-portal/auth/reset-password/{ref}: sets the password once; every session is revoked. */
export async function resetEmployeePassword(db: Db, ref: string, password: string) {
  const hash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const [r] = await tx
      .select()
      .from(employeePasswordResets)
      .where(eq(employeePasswordResets.refHash, refHash(ref)))
      .for('update');
    if (!r || r.usedAt || r.expiresAt.getTime() < Date.now())
      throw fieldError('ref', PORTAL_RESET_MSG.refInvalid);
    await tx
      .update(employeePasswordResets)
      .set({ usedAt: new Date() })
      .where(eq(employeePasswordResets.id, r.id));
    await tx
      .update(employeeUsers)
      .set({ passwordHash: hash, updatedAt: new Date() })
      .where(eq(employeeUsers.id, r.employeeUserId));
    await tx
      .update(employeeSessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(employeeSessions.employeeUserId, r.employeeUserId), isNull(employeeSessions.revokedAt)));
  });
}
