// The employee portal's payslips (issue 25 §5; 002 §7): every read scoped to the session's payroll
// employee row; the PDF behind a signed, short-lived link.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { fromMinor, PORTAL_MSG, STATUS, type PortalPayslip } from '@owo/contract';
import type { Config } from '../../platform/config';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import { accounts, transactions } from '../../platform/schema';
import { PAYROLL_ROW_SELECT, rowDto } from './read-rows';
import { payrollRows, payrolls } from './tables';
import { payslipPdf } from './payslip-pdf';
import type { EmployeeContext } from './portal-session';

export const PAYSLIP_LINK_TTL_SECONDS = 600;

/** An employee's payslips: their rows of approved runs (payment started), in this company only. */
function payslipWhere(ctx: Pick<EmployeeContext, 'payrollEmployeeId' | 'accountId'>, id?: string) {
  return and(
    eq(payrollRows.accountId, ctx.accountId),
    eq(payrollRows.employeeId, ctx.payrollEmployeeId),
    eq(payrolls.status, 'paying'),
    id ? eq(payrollRows.id, id) : undefined,
  );
}

/** A payslip's row with its run, company and transfer (the portal's and the staff download's read). */
export function payslipQuery(db: DbOrTx) {
  return db
    .select({
      ...PAYROLL_ROW_SELECT,
      payrollId: payrolls.id,
      payrollName: payrolls.name,
      payrollReference: payrolls.reference,
      createdAt: payrolls.createdAt,
      companyName: accounts.name,
    })
    .from(payrollRows)
    .innerJoin(payrolls, eq(payrolls.id, payrollRows.payrollId))
    .innerJoin(accounts, eq(accounts.id, payrollRows.accountId))
    .leftJoin(transactions, eq(transactions.id, payrollRows.transactionId));
}
export type SlipRow = Awaited<ReturnType<ReturnType<typeof payslipQuery>['where']>>[number];

export function payslipDto(r: SlipRow): PortalPayslip {
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
  return {
    key: `generated/payslips/${slip.payrollId}/${id}.pdf`,
    filename: `owo-payslip-${slip.payPeriod}-${row.payrollReference}.pdf`,
    render: () => payslipPdf(slip, row.breakdown, row.payrollReference),
  };
}
