// The employee portal's sign-in (issue 25 §5; 002 §2, §3, §4, §7): a sign-in of its own, separate
// from staff sessions. An employee user is one email across every company employing it; a portal
// session is the SHA-256 of a random token (Bearer, or the web's HttpOnly `owo_emp` cookie) and the
// company the employee is looking at. The guard, the cookie, and opening and closing a session.
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PORTAL_MSG, STATUS } from '@owo/contract';
import type { Config } from '../../platform/config';
import type { Db, DbOrTx } from '../../platform/db';
import { unauthorized } from '../../platform/errors';
import { isPublic } from '../../platform/guard';
import { newToken, sha256 } from '../../platform/tokens';
import { accounts } from '../../platform/schema';
import { employeeSessions, employeeUsers, payrollEmployees } from './tables';

export const COOKIE_EMPLOYEE = 'owo_emp';
const SESSION_HOURS = 12;

export type EmployeeContext = {
  sessionId: string;
  userId: string;
  name: string;
  email: string;
  payrollEmployeeId: string;
  accountId: string;
  companyName: string;
};

declare module 'fastify' {
  interface FastifyRequest {
    employee?: EmployeeContext;
  }
}

/** The companies an employee user works for (rows sharing the email), oldest first. */
export async function employmentsOf(db: DbOrTx, email: string) {
  return db
    .select({ id: payrollEmployees.id, accountId: payrollEmployees.accountId, companyName: accounts.name })
    .from(payrollEmployees)
    .innerJoin(accounts, eq(accounts.id, payrollEmployees.accountId))
    .where(sql`lower(${payrollEmployees.email}) = ${email.toLowerCase()}`)
    .orderBy(asc(payrollEmployees.createdAt), asc(payrollEmployees.id));
}

export async function openSession(
  db: DbOrTx,
  user: { id: string; name: string; email: string },
  payrollEmployeeId: string,
) {
  const token = newToken();
  const expiresAt = new Date(Date.now() + SESSION_HOURS * 3_600_000);
  await db
    .insert(employeeSessions)
    .values({ employeeUserId: user.id, payrollEmployeeId, tokenHash: sha256(token), expiresAt });
  const employments = await employmentsOf(db, user.email);
  return {
    token,
    expiresAt: expiresAt.toISOString(),
    user: { name: user.name, email: user.email },
    payrollEmployees: employments,
    currentPayrollEmployee: employments.find((e) => e.id === payrollEmployeeId)!,
  };
}

function readToken(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  const m = h ? /^Bearer\s+(.+)$/i.exec(h) : null;
  if (m) return m[1].trim();
  return req.cookies?.[COOKIE_EMPLOYEE] ?? null;
}

/**
 * The portal's guard (a route preHandler): 401 `employee-token-required` without a token,
 * `employee-token-expired` for an unknown, revoked or expired one, or when HR changed the
 * employee's email or removed them since. Staff sessions never pass.
 */
/** A portal route's options: public to the staff guard, behind the portal's own sign-in. */
export const portalOnly = (db: Db) => ({ config: isPublic(), preHandler: employeeGuard(db) });

export function employeeGuard(db: Db) {
  return async (req: FastifyRequest) => {
    const token = readToken(req);
    if (!token) throw unauthorized(PORTAL_MSG.tokenMissing, STATUS.employeeTokenRequired);
    const [row] = await db
      .select({
        sessionId: employeeSessions.id,
        userId: employeeUsers.id,
        name: employeeUsers.name,
        email: employeeUsers.email,
        payrollEmployeeId: payrollEmployees.id,
        accountId: payrollEmployees.accountId,
        companyName: accounts.name,
      })
      .from(employeeSessions)
      .innerJoin(employeeUsers, eq(employeeUsers.id, employeeSessions.employeeUserId))
      .innerJoin(payrollEmployees, eq(payrollEmployees.id, employeeSessions.payrollEmployeeId))
      .innerJoin(accounts, eq(accounts.id, payrollEmployees.accountId))
      .where(
        and(
          eq(employeeSessions.tokenHash, sha256(token)),
          isNull(employeeSessions.revokedAt),
          gt(employeeSessions.expiresAt, new Date()),
          sql`lower(${payrollEmployees.email}) = ${employeeUsers.email}`,
        ),
      );
    if (!row) throw unauthorized(PORTAL_MSG.tokenExpired, STATUS.employeeTokenExpired);
    req.employee = row;
  };
}

export const employeeOf = (req: FastifyRequest): EmployeeContext => {
  if (!req.employee) throw unauthorized(PORTAL_MSG.tokenMissing, STATUS.employeeTokenRequired);
  return req.employee;
};

export function setEmployeeCookie(reply: FastifyReply, config: Config, token: string) {
  reply.setCookie(COOKIE_EMPLOYEE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: config.appUrl.startsWith('https://'),
    path: '/api/employee-portal',
    maxAge: SESSION_HOURS * 3600,
  });
}
export const clearEmployeeCookie = (reply: FastifyReply) =>
  reply.clearCookie(COOKIE_EMPLOYEE, { path: '/api/employee-portal' });

export async function employeeLogout(db: Db, ctx: EmployeeContext) {
  await db
    .update(employeeSessions)
    .set({ revokedAt: new Date() })
    .where(eq(employeeSessions.id, ctx.sessionId));
}
