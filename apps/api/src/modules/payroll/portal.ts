// The employee portal (issue 25 §5; 002 §2, §3, §4, §7): a sign-in of its own, separate from staff
// sessions. An employee user is one email across every company employing it; a portal session is
// the SHA-256 of a random token (Bearer, or the web's HttpOnly `owo_emp` cookie) and the company the
// employee is looking at. Every payslip read is scoped to that session's payroll employee row.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, asc, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fromMinor, PORTAL_MSG, PORTAL_RESET_MSG, STATUS, type PortalPayslip } from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { sendMail } from '../mail';
import type { Config } from '../../platform/config';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError, conflict, fieldError, notFound, unauthorized } from '../../platform/errors';
import { dummyHash, hashPassword, verifyPassword } from '../../platform/passwords';
import { newToken, resolveLink, sha256, spendLink, type LinkPrincipal } from '../../platform/tokens';
import { accounts, transactions } from '../../platform/schema';
import { drawHeader, lagosDate, money, newPdf, pdfToBuffer } from '../money';
import { EMPLOYEE_INVITATION_LINK } from './invite-employees';
import { PAYROLL_ROW_SELECT, rowDto } from './read-rows';
import {
  employeePasswordResets,
  employeeSessions,
  employeeUsers,
  payrollEmployees,
  payrollRows,
  payrolls,
} from './tables';

export const COOKIE_EMPLOYEE = 'owo_emp';
const SESSION_HOURS = 12;
export const PAYSLIP_LINK_TTL_SECONDS = 600;

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

/** The companies an employee user works for (rows sharing the email), oldest first. */
async function employmentsOf(db: DbOrTx, email: string) {
  return db
    .select({ id: payrollEmployees.id, accountId: payrollEmployees.accountId, companyName: accounts.name })
    .from(payrollEmployees)
    .innerJoin(accounts, eq(accounts.id, payrollEmployees.accountId))
    .where(sql`lower(${payrollEmployees.email}) = ${email.toLowerCase()}`)
    .orderBy(asc(payrollEmployees.createdAt), asc(payrollEmployees.id));
}

async function openSession(
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

// ---- payslips ----

/** An employee's payslips: their rows of approved runs (payment started), in this company only. */
function payslipWhere(ctx: Pick<EmployeeContext, 'payrollEmployeeId' | 'accountId'>, id?: string) {
  return and(
    eq(payrollRows.accountId, ctx.accountId),
    eq(payrollRows.employeeId, ctx.payrollEmployeeId),
    eq(payrolls.status, 'paying'),
    id ? eq(payrollRows.id, id) : undefined,
  );
}

function payslipQuery(db: DbOrTx) {
  return db
    .select({
      ...PAYROLL_ROW_SELECT,
      payrollId: payrolls.id,
      payrollName: payrolls.name,
      createdAt: payrolls.createdAt,
      companyName: accounts.name,
    })
    .from(payrollRows)
    .innerJoin(payrolls, eq(payrolls.id, payrollRows.payrollId))
    .innerJoin(accounts, eq(accounts.id, payrollRows.accountId))
    .leftJoin(transactions, eq(transactions.id, payrollRows.transactionId));
}
type SlipRow = Awaited<ReturnType<ReturnType<typeof payslipQuery>['where']>>[number];

function payslipDto(r: SlipRow): PortalPayslip {
  const d = rowDto(r as unknown as Parameters<typeof rowDto>[0], true);
  const deductions = Object.values(r.breakdown).reduce((a, v) => (v < 0 ? a + v : a), 0);
  return {
    id: r.id,
    payrollId: r.payrollId,
    payrollName: r.payrollName,
    createdAt: r.createdAt.toISOString(),
    companyName: r.companyName,
    status: d.status,
    payPeriod: r.createdAt.toISOString().slice(0, 7),
    payrollEmployee: { id: r.employeeId, name: r.name, email: r.email },
    bankDetails: d.bankDetails,
    salaryVisible: true,
    amount: fromMinor(r.grossMinor),
    amountMinor: r.grossMinor,
    finalAmount: d.finalAmount,
    finalAmountMinor: d.finalAmountMinor,
    salaryBreakdown: d.salaryBreakdown,
    salaryBreakdownMinor: d.salaryBreakdownMinor,
    deductionsTotal: fromMinor(deductions),
    deductionsTotalMinor: deductions,
    downloadable: d.status === 'paid',
  };
}

export async function listEmployeePayslips(db: Db, ctx: EmployeeContext, q: { page: number; limit: number }) {
  const where = payslipWhere(ctx);
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(payrollRows)
    .innerJoin(payrolls, eq(payrolls.id, payrollRows.payrollId))
    .where(where);
  const rows = await payslipQuery(db)
    .where(where)
    .orderBy(desc(payrolls.createdAt), desc(payrollRows.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return { items: rows.map(payslipDto), total: n };
}

export async function getEmployeePayslip(
  db: DbOrTx,
  ctx: Pick<EmployeeContext, 'payrollEmployeeId' | 'accountId'>,
  id: string,
) {
  const [row] = await payslipQuery(db).where(payslipWhere(ctx, id));
  if (!row) throw notFound('Payslip');
  return payslipDto(row);
}

const sign = (secret: string, id: string, exp: number) =>
  createHmac('sha256', secret).update(`payslip:${id}:${exp}`).digest('base64url');

/** GET /employee-portal/payslips/{id}/pdf: a signed link valid 10 minutes, only for a paid payslip. */
export async function payslipLink(
  db: Db,
  config: Config,
  ctx: EmployeeContext,
  id: string,
  now = Date.now(),
) {
  const slip = await getEmployeePayslip(db, ctx, id);
  if (!slip.downloadable) throw new AppError(409, STATUS.conflict, PORTAL_MSG.payslipNotPaid);
  const exp = Math.floor(now / 1000) + PAYSLIP_LINK_TTL_SECONDS;
  const url = new URL(`/api/employee-portal/payslip-files/${id}.pdf`, config.appUrl);
  url.searchParams.set('exp', String(exp));
  url.searchParams.set('sig', sign(config.sessionSecret, id, exp));
  return { pdf_url: url.toString(), expiresAt: new Date(exp * 1000).toISOString() };
}

/** A wrong signature is 403, a right but old one 410. */
export function verifyPayslipLink(config: Config, id: string, exp: number, sig: string, now = Date.now()) {
  const expected = Buffer.from(sign(config.sessionSecret, id, exp));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new AppError(403, STATUS.forbidden, PORTAL_MSG.linkInvalid);
  if (exp * 1000 < now) throw new AppError(410, 'expired', PORTAL_MSG.linkExpired);
}

/** The PDF behind a verified link; paid is checked again (the link names the row only). The route
 *  keeps the rendered PDF in storage under `key` (a paid payslip does not change). */
export async function payslipDocument(db: Db, id: string) {
  const [row] = await payslipQuery(db).where(and(eq(payrollRows.id, id), eq(payrolls.status, 'paying')));
  if (!row) throw new AppError(403, STATUS.forbidden, PORTAL_MSG.linkInvalid);
  const slip = payslipDto(row);
  if (!slip.downloadable) throw new AppError(409, STATUS.conflict, PORTAL_MSG.payslipNotPaid);
  const [pr] = await db
    .select({ reference: payrolls.reference })
    .from(payrolls)
    .where(eq(payrolls.id, slip.payrollId));
  return {
    key: `generated/payslips/${slip.payrollId}/${id}.pdf`,
    filename: `owo-payslip-${slip.payPeriod}-${pr.reference}.pdf`,
    render: () => payslipPdf(slip, row.breakdown, pr.reference),
  };
}

const PERIOD = new Intl.DateTimeFormat('en-NG', { month: 'long', year: 'numeric', timeZone: 'Africa/Lagos' });

/** The payslip PDF: company, period, earnings, deductions (statutory lines included) and net pay. */
export async function payslipPdf(slip: PortalPayslip, breakdown: Record<string, number>, reference: string) {
  const doc = newPdf(`Payslip ${slip.payPeriod}`);
  const period = PERIOD.format(new Date(slip.createdAt));
  drawHeader(doc, 'Payslip', `${slip.companyName} · ${period}`);
  const w = doc.page.width - 96;
  const m = (minor: number) => money(minor, 'NGN', doc.owo.hasNaira);
  const kv = (label: string, value: string) => {
    const y = doc.y;
    doc
      .font(doc.owo.regular)
      .fontSize(10)
      .fillColor('#6b7280')
      .text(label, 48, y, { width: w / 2 });
    doc.fillColor('#111827').text(value, 48 + w / 2, y, { width: w / 2, align: 'right' });
    doc.moveDown(0.4);
  };
  doc.font(doc.owo.bold).fontSize(16).text(slip.companyName, 48, doc.y);
  doc.moveDown(0.6);
  kv('Employee', slip.payrollEmployee.name);
  kv('Email', slip.payrollEmployee.email);
  kv('Pay period', period);
  kv('Payroll', `${slip.payrollName} (${reference})`);
  kv(
    'Paid into',
    `${slip.bankDetails.bankName} ${slip.bankDetails.accountNumber} (${slip.bankDetails.accountName})`,
  );
  kv('Issued', lagosDate(new Date(slip.createdAt)));
  const section = (title: string, lines: [string, number][], total: [string, number]) => {
    doc.moveDown(0.8);
    doc.font(doc.owo.bold).fontSize(12).fillColor('#0b7a4b').text(title, 48, doc.y);
    doc.moveDown(0.3);
    for (const [k, v] of lines) kv(k, m(v));
    const y = doc.y;
    doc
      .save()
      .moveTo(48, y)
      .lineTo(48 + w, y)
      .strokeColor('#e5e7eb')
      .stroke()
      .restore();
    doc.moveDown(0.3);
    doc.font(doc.owo.bold);
    const y2 = doc.y;
    doc
      .fontSize(10)
      .fillColor('#111827')
      .text(total[0], 48, y2, { width: w / 2 });
    doc.text(m(total[1]), 48 + w / 2, y2, { width: w / 2, align: 'right' });
    doc.moveDown(0.4);
  };
  const entries = Object.entries(breakdown);
  const earnings = entries.filter(([, v]) => v >= 0);
  const deductions = entries.filter(([, v]) => v < 0).map(([k, v]) => [k, -v] as [string, number]);
  section('Earnings', earnings, ['Gross pay', slip.amountMinor ?? 0]);
  section('Deductions', deductions, ['Total deductions', -slip.deductionsTotalMinor]);
  doc.moveDown(1);
  const y = doc.y;
  doc.save().rect(48, y, w, 40).fill('#ecfdf5').restore();
  doc
    .font(doc.owo.bold)
    .fontSize(14)
    .fillColor('#0b7a4b')
    .text('Net pay', 60, y + 12, { width: w / 2 });
  doc.text(m(slip.finalAmountMinor ?? 0), 48 + w / 2, y + 12, { width: w / 2 - 12, align: 'right' });
  doc.y = y + 56;
  doc
    .font(doc.owo.regular)
    .fontSize(8)
    .fillColor('#6b7280')
    .text(
      'PAYE, pension and NHF are computed under the Nigeria Tax Act 2025, the Pension Reform Act 2014 and the NHF Act. Generated by Owo.',
      48,
      doc.y,
      { width: w },
    );
  return pdfToBuffer(doc);
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
