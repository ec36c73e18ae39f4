// A run's rows, its receipt and the company's payslips (issue 25), figures masked as for runs.
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { fromMinor, type PayrollRow, type PayrollRowStatus } from '@owo/contract';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import type { TenantContext } from '../../platform/guard';
import { transactions } from '../../platform/schema';
import { escapeLike } from '../../platform/text';
import { LINE } from './statutory';
import { payrollRows, payrolls } from './tables';
import { effectiveStatus, listSelect, rowCounts } from './read-runs';
import { mapMoney, maskNumber, rowStatusSql, visibleTo } from './shared';

export const PAYROLL_ROW_SELECT = {
  id: payrollRows.id,
  employeeId: payrollRows.employeeId,
  name: payrollRows.name,
  email: payrollRows.email,
  status: rowStatusSql,
  attempt: payrollRows.attempt,
  failureReason: payrollRows.failureReason,
  txFailure: transactions.failureReason,
  transactionId: payrollRows.transactionId,
  bankName: payrollRows.bankName,
  accountName: payrollRows.accountName,
  last4: payrollRows.accountNumberLast4,
  grossMinor: payrollRows.grossMinor,
  netMinor: payrollRows.netMinor,
  breakdown: payrollRows.breakdown,
  employerCosts: payrollRows.employerCosts,
};
type RowSel = {
  id: string;
  employeeId: string | null;
  name: string;
  email: string;
  status: PayrollRowStatus;
  attempt: number;
  failureReason: string | null;
  txFailure: string | null;
  transactionId: string | null;
  bankName: string;
  accountName: string;
  last4: string;
  grossMinor: number;
  netMinor: number;
  breakdown: Record<string, number>;
  employerCosts: Record<string, number>;
};

export function rowDto(r: RowSel, visible: boolean): PayrollRow {
  const salary = r.breakdown[LINE.salary] ?? null;
  return {
    id: r.id,
    employeeId: r.employeeId,
    name: r.name,
    email: r.email,
    status: r.status,
    attempt: r.attempt,
    failureReason: r.status === 'failed' ? (r.failureReason ?? r.txFailure ?? null) : null,
    transactionId: r.transactionId,
    bankDetails: { bankName: r.bankName, accountName: r.accountName, accountNumber: maskNumber(r.last4) },
    salaryVisible: visible,
    salaryAmount: visible && salary !== null ? fromMinor(salary) : null,
    salaryAmountMinor: visible ? salary : null,
    finalAmount: visible ? fromMinor(r.netMinor) : null,
    finalAmountMinor: visible ? r.netMinor : null,
    salaryBreakdown: visible ? mapMoney(r.breakdown) : null,
    salaryBreakdownMinor: visible ? r.breakdown : null,
    employerCosts: visible ? mapMoney(r.employerCosts) : null,
  };
}

function rowWhere(accountId: string, payrollId: string, q: { status?: string; search?: string }) {
  const conds: SQL[] = [eq(payrollRows.accountId, accountId), eq(payrollRows.payrollId, payrollId)];
  if (q.status) conds.push(sql`${rowStatusSql} = ${q.status}`);
  if (q.search) conds.push(sql`${payrollRows.name} ilike ${`%${escapeLike(q.search)}%`}`);
  return and(...conds)!;
}

export async function listPayrollRows(
  db: Db,
  p: {
    tenant: TenantContext;
    id: string;
    q: { page: number; limit: number; status?: string; search?: string };
  },
) {
  const [pr] = await db
    .select({ id: payrolls.id })
    .from(payrolls)
    .where(and(eq(payrolls.id, p.id), eq(payrolls.accountId, p.tenant.accountId)));
  if (!pr) throw notFound('Payroll');
  const where = rowWhere(p.tenant.accountId, p.id, p.q);
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(payrollRows)
    .leftJoin(transactions, eq(transactions.id, payrollRows.transactionId))
    .where(where);
  const rows = (await db
    .select(PAYROLL_ROW_SELECT)
    .from(payrollRows)
    .leftJoin(transactions, eq(transactions.id, payrollRows.transactionId))
    .where(where)
    .orderBy(asc(payrollRows.rowNo))
    .limit(p.q.limit)
    .offset((p.q.page - 1) * p.q.limit)) as RowSel[];
  const visible = visibleTo(p.tenant);
  return { items: rows.map((r) => rowDto(r, visible)), total: n };
}

export async function payrollReceipt(db: Db, p: { tenant: TenantContext; id: string }) {
  const [r] = await listSelect(db).where(
    and(eq(payrolls.id, p.id), eq(payrolls.accountId, p.tenant.accountId)),
  );
  if (!r) throw notFound('Payroll');
  const [sum] = await db
    .select({
      paid: sql<number>`coalesce(sum(${payrollRows.netMinor}) filter (where ${transactions.status} = 'success'), 0)::bigint`,
      fees: sql<number>`coalesce(sum(${transactions.fee}) filter (where ${transactions.status} = 'success'), 0)::bigint`,
      lastAt: sql<Date | null>`max(${transactions.updatedAt}) filter (where ${transactions.status} = 'success')`,
    })
    .from(payrollRows)
    .leftJoin(transactions, eq(transactions.id, payrollRows.transactionId))
    .where(eq(payrollRows.payrollId, r.p.id));
  const c = (await rowCounts(db, [r.p.id])).get(r.p.id);
  const visible = visibleTo(p.tenant);
  return {
    reference: r.p.reference,
    name: r.p.name,
    status: effectiveStatus(r.p.status, c),
    employeeCount: r.p.employeeCount,
    paidCount: c?.paid ?? 0,
    failedCount: c?.failed ?? 0,
    salaryVisible: visible,
    paidAmount: visible ? fromMinor(Number(sum.paid)) : null,
    paidAmountMinor: visible ? Number(sum.paid) : null,
    fees: visible ? fromMinor(Number(sum.fees)) : null,
    feesMinor: visible ? Number(sum.fees) : null,
    paidAt: sum.lastAt ? new Date(sum.lastAt).toISOString() : null,
    companyName: p.tenant.accountName,
  };
}

/** GET /payrolls/payslip: the company's payslips (rows of runs that were paid out), newest first. */
export async function listPayslips(
  db: Db,
  p: {
    tenant: TenantContext;
    q: { page: number; limit: number; search?: string; payrollId?: string; id?: string };
  },
) {
  const conds: SQL[] = [
    eq(payrollRows.accountId, p.tenant.accountId),
    eq(payrolls.status, 'paying'),
    sql`${rowStatusSql} = 'paid'`,
  ];
  if (p.q.search) conds.push(sql`${payrollRows.name} ilike ${`%${escapeLike(p.q.search)}%`}`);
  if (p.q.payrollId) conds.push(eq(payrollRows.payrollId, p.q.payrollId));
  if (p.q.id) conds.push(eq(payrollRows.id, p.q.id));
  const where = and(...conds);
  const base = () =>
    db
      .select({
        ...PAYROLL_ROW_SELECT,
        payrollId: payrolls.id,
        payrollName: payrolls.name,
        createdAt: payrolls.createdAt,
      })
      .from(payrollRows)
      .innerJoin(payrolls, eq(payrolls.id, payrollRows.payrollId))
      .leftJoin(transactions, eq(transactions.id, payrollRows.transactionId));
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(payrollRows)
    .innerJoin(payrolls, eq(payrolls.id, payrollRows.payrollId))
    .leftJoin(transactions, eq(transactions.id, payrollRows.transactionId))
    .where(where);
  const rows = await base()
    .where(where)
    .orderBy(desc(payrolls.createdAt), asc(payrollRows.rowNo))
    .limit(p.q.limit)
    .offset((p.q.page - 1) * p.q.limit);
  const visible = visibleTo(p.tenant);
  const items = rows.map((r) => {
    const d = rowDto(r as RowSel, visible);
    return {
      id: r.id,
      payrollId: r.payrollId,
      payrollName: r.payrollName,
      createdAt: r.createdAt.toISOString(),
      companyName: p.tenant.accountName,
      status: d.status,
      payPeriod: r.createdAt.toISOString().slice(0, 7),
      payrollEmployee: { id: r.employeeId, name: r.name, email: r.email },
      bankDetails: d.bankDetails,
      salaryVisible: visible,
      amount: visible ? fromMinor(r.grossMinor) : null,
      amountMinor: visible ? r.grossMinor : null,
      finalAmount: d.finalAmount,
      finalAmountMinor: d.finalAmountMinor,
      salaryBreakdown: d.salaryBreakdown,
      salaryBreakdownMinor: d.salaryBreakdownMinor,
    };
  });
  return { items, total: n };
}
