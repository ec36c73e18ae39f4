// Payroll runs as the API shows them (issue 25): the status read from the rows' transfers, the
// figures only for a caller who may view payroll sensitive data.
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { fromMinor, type Payroll, type PayrollRowStatus, type PayrollStatus } from '@owo/contract';
import type { Db, DbOrTx } from '../../platform/db';
import { notFound } from '../../platform/errors';
import type { TenantContext } from '../../platform/guard';
import { transactions, users } from '../../platform/schema';
import { escapeLike } from '../../platform/text';
import { approvalOf } from '../approvals';
import { payrollRows, payrolls } from './tables';
import { mapMoney, type PayrollRec, rowStatusSql, visibleTo } from './shared';

const m = (minor: number | null) => (minor === null ? null : fromMinor(minor));

export async function rowCounts(db: DbOrTx, ids: string[]) {
  if (!ids.length) return new Map<string, Record<PayrollRowStatus, number>>();
  const rows = await db
    .select({ payrollId: payrollRows.payrollId, status: rowStatusSql, n: sql<number>`count(*)::int` })
    .from(payrollRows)
    .leftJoin(transactions, eq(transactions.id, payrollRows.transactionId))
    .where(inArray(payrollRows.payrollId, ids))
    .groupBy(payrollRows.payrollId, rowStatusSql);
  const out = new Map<string, Record<PayrollRowStatus, number>>();
  for (const r of rows) {
    const c = out.get(r.payrollId) ?? { pending: 0, paying: 0, paid: 0, failed: 0 };
    c[r.status] += r.n;
    out.set(r.payrollId, c);
  }
  return out;
}

export function effectiveStatus(
  stored: PayrollStatus,
  c: Record<PayrollRowStatus, number> | undefined,
): PayrollStatus {
  if (stored !== 'paying' || !c) return stored;
  if (c.pending || c.paying) return 'paying';
  if (!c.failed) return 'completed';
  return c.paid ? 'partially_failed' : 'failed';
}

type ListRec = PayrollRec & { makerFirst: string; makerLast: string };

function payrollDto(r: ListRec, c: Record<PayrollRowStatus, number> | undefined, visible: boolean): Payroll {
  const v = <T>(x: T) => (visible ? x : null);
  return {
    id: r.id,
    reference: r.reference,
    name: r.name,
    description: r.description,
    type: r.type,
    mode: r.mode,
    status: effectiveStatus(r.status, c),
    walletId: r.walletId,
    employeeCount: r.employeeCount,
    paidCount: c?.paid ?? 0,
    failedCount: c?.failed ?? 0,
    daysBeforeMonthEndToCreatePayroll: r.daysBeforeMonthEndToCreatePayroll,
    daysBeforeMonthEndToProcessPayroll: r.daysBeforeMonthEndToProcessPayroll,
    scheduledPayDate: r.scheduledPayDate,
    salaryVisible: visible,
    grossAmount: v(m(r.grossMinor)),
    grossAmountMinor: v(r.grossMinor),
    netAmount: v(m(r.netMinor)),
    netAmountMinor: v(r.netMinor),
    employerCost: v(m(r.employerCostMinor)),
    employerCostMinor: v(r.employerCostMinor),
    payrollBreakdown: v(mapMoney(r.breakdown)),
    payrollBreakdownMinor: v(r.breakdown),
    employerCosts: v(mapMoney(r.employerCosts)),
    maker: { id: r.makerUserId, name: `${r.makerFirst} ${r.makerLast}`.trim() },
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export const listSelect = (db: DbOrTx) =>
  db
    .select({ p: payrolls, makerFirst: users.firstName, makerLast: users.lastName })
    .from(payrolls)
    .innerJoin(users, eq(users.id, payrolls.makerUserId));

export async function getPayroll(db: Db, p: { tenant: TenantContext; id: string; viewerId: string }) {
  const [r] = await listSelect(db).where(
    and(eq(payrolls.id, p.id), eq(payrolls.accountId, p.tenant.accountId)),
  );
  if (!r) throw notFound('Payroll');
  const counts = await rowCounts(db, [r.p.id]);
  return {
    ...payrollDto(
      { ...r.p, makerFirst: r.makerFirst, makerLast: r.makerLast },
      counts.get(r.p.id),
      visibleTo(p.tenant),
    ),
    approvalWorkflowPendingApprovalItem: await approvalOf(db, {
      accountId: p.tenant.accountId,
      type: 'payroll',
      resourceId: p.id,
      viewerId: p.viewerId,
    }),
  };
}

/** Status filter values that are stored as such (the others are read from the rows). */
export async function listPayrolls(
  db: Db,
  p: {
    tenant: TenantContext;
    q: { page: number; limit: number; status?: PayrollStatus; type?: string; search?: string };
  },
) {
  const conds: (SQL | undefined)[] = [eq(payrolls.accountId, p.tenant.accountId)];
  if (p.q.type) conds.push(eq(payrolls.type, p.q.type as 'once'));
  if (p.q.search)
    conds.push(
      sql`(${payrolls.name} ilike ${`%${escapeLike(p.q.search)}%`} or ${payrolls.reference} ilike ${`%${escapeLike(p.q.search)}%`})`,
    );
  const paidStates = ['paying', 'completed', 'partially_failed', 'failed'];
  if (p.q.status)
    conds.push(
      paidStates.includes(p.q.status) ? eq(payrolls.status, 'paying') : eq(payrolls.status, p.q.status),
    );
  const where = and(...conds);
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(payrolls)
    .where(where);
  const rows = await listSelect(db)
    .where(where)
    .orderBy(desc(payrolls.createdAt), desc(payrolls.id))
    .limit(p.q.limit)
    .offset((p.q.page - 1) * p.q.limit);
  const counts = await rowCounts(
    db,
    rows.map((r) => r.p.id),
  );
  const visible = visibleTo(p.tenant);
  let items = rows.map((r) =>
    payrollDto({ ...r.p, makerFirst: r.makerFirst, makerLast: r.makerLast }, counts.get(r.p.id), visible),
  );
  if (p.q.status && paidStates.includes(p.q.status)) items = items.filter((i) => i.status === p.q.status);
  return { items, total: n };
}
