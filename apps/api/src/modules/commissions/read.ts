// Reading commissions and batches. An agent (anyone without agentCommissionDisbursements get)
// sees only their own: every query below is keyed by account AND, for them, by agent; another
// agent's batch answers the same 404 as an unknown one.
import { and, desc, eq, gte, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import {
  bpToPercent,
  COMMISSION_MSG,
  fromMinor,
  type AgentCommission,
  type AgentDashboard,
  type CommissionDisbursement,
  type CommissionView,
  type CommissionDisbursementItem,
} from '@owo/contract';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { approvalOf } from '../approvals';
import { users } from '../../platform/tenancy-tables';
import { itemReference, itemStatusSql, itemsOf } from './pay-batch';
import { agentCommissions, commissionBatches, commissionBatchItems } from './tables';
import { invoices, transactions } from '../../platform/schema';

/** Who is reading: `agentUserId` set means "only this agent's". */
export type Viewer = {
  accountId: string;
  userId: string;
  agentUserId: string | null;
  canDeleteItems?: boolean;
};

const commissionCols = {
  c: agentCommissions,
  first: users.firstName,
  last: users.lastName,
  invoiceReference: invoices.reference,
  itemStatus: itemStatusSql,
  payoutDate: transactions.updatedAt,
  batchApproval: commissionBatches.approvalStatus,
};

type CommissionRowX = {
  c: typeof agentCommissions.$inferSelect;
  first: string;
  last: string;
  invoiceReference: string | null;
  itemStatus: string | null;
  payoutDate: Date | null;
  batchApproval: string | null;
};

function commissionDto(r: CommissionRowX): AgentCommission {
  const pct = r.c.commissionType === 'percentage';
  const paid = r.itemStatus === 'paid';
  return {
    id: r.c.id,
    agent: { id: r.c.agentUserId, name: `${r.first} ${r.last}`.trim() },
    invoiceId: r.c.invoiceId,
    invoiceReference: r.invoiceReference,
    kind: r.c.kind as AgentCommission['kind'],
    amountDue: fromMinor(r.c.amountMinor),
    amountDueMinor: r.c.amountMinor,
    invoiceCommissionConfig: {
      commissionType: r.c.commissionType as 'percentage',
      commissionRate: pct ? `${bpToPercent(r.c.commissionValue)}%` : fromMinor(r.c.commissionValue),
    },
    approvalStatus: r.c.approvalStatus as AgentCommission['approvalStatus'],
    paymentStatus: (r.itemStatus ?? 'pending') as AgentCommission['paymentStatus'],
    disbursementId: r.c.batchId,
    payoutDate: paid && r.payoutDate ? r.payoutDate.toISOString() : null,
    maturedAt: r.c.maturedAt?.toISOString() ?? null,
    createdAt: r.c.createdAt.toISOString(),
  };
}

function commissionsQuery(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({ ...commissionCols, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(agentCommissions)
    .innerJoin(users, eq(users.id, agentCommissions.agentUserId))
    .leftJoin(invoices, eq(invoices.id, agentCommissions.invoiceId))
    .leftJoin(commissionBatches, eq(commissionBatches.id, agentCommissions.batchId))
    .leftJoin(commissionBatchItems, eq(commissionBatchItems.id, agentCommissions.itemId))
    .leftJoin(transactions, eq(transactions.id, commissionBatchItems.transactionId))
    .where(where);
}

const VIEW_WHERE: Record<CommissionView, SQL | undefined> = {
  all: undefined,
  matured: eq(agentCommissions.approvalStatus, 'matured'),
  disbursement: isNotNull(agentCommissions.batchId),
  pending: or(
    eq(agentCommissions.approvalStatus, 'initialized'),
    eq(commissionBatches.approvalStatus, 'pending'),
  ),
  rejected: eq(commissionBatches.approvalStatus, 'rejected'),
};

/** GET /agents/self/commissions and /agents/core/commissions (20 a page, newest first). */
export async function listCommissions(
  db: Db,
  v: Viewer,
  q: { page: number; limit: number; view?: CommissionView; invoiceId?: string },
) {
  const where = and(
    eq(agentCommissions.accountId, v.accountId),
    v.agentUserId ? eq(agentCommissions.agentUserId, v.agentUserId) : undefined,
    q.invoiceId ? eq(agentCommissions.invoiceId, q.invoiceId) : undefined,
    VIEW_WHERE[q.view ?? 'all'],
  );
  const rows = await commissionsQuery(db, where)
    .orderBy(desc(agentCommissions.createdAt), desc(agentCommissions.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  let total = rows[0]?.total ?? 0;
  if (!rows.length && q.page > 1) total = (await commissionsQuery(db, where)).length;
  return { items: rows.map(commissionDto), total };
}

function itemDto(r: Awaited<ReturnType<typeof itemsOf>>[number]): CommissionDisbursementItem {
  return {
    id: r.i.id,
    amount: fromMinor(r.i.amountMinor),
    amountMinor: r.i.amountMinor,
    accountName: r.i.accountName,
    bankName: r.i.bankName,
    accountNumber: r.i.accountNumber,
    reference: itemReference({ id: r.i.id, attempt: Math.max(1, r.i.attempt) }),
    paymentStatus: r.paymentStatus,
    failureReason: r.paymentStatus === 'failed' ? (r.i.failureReason ?? r.txFailure ?? null) : null,
  };
}

async function batchRow(db: DbOrTx, v: Viewer, id: string) {
  const [r] = await db
    .select({ b: commissionBatches, first: users.firstName, last: users.lastName })
    .from(commissionBatches)
    .innerJoin(users, eq(users.id, commissionBatches.agentUserId))
    .where(
      and(
        eq(commissionBatches.id, id),
        eq(commissionBatches.accountId, v.accountId),
        v.agentUserId ? eq(commissionBatches.agentUserId, v.agentUserId) : undefined,
      ),
    );
  if (!r) throw new AppError(404, 'not-found', COMMISSION_MSG.batchNotFound);
  return r;
}

function stateOf(approval: string, statuses: string[]): CommissionDisbursement['state'] {
  if (approval === 'pending') return 'pending';
  if (approval === 'rejected') return 'rejected';
  if (statuses.some((s) => s === 'pending' || s === 'processing')) return 'processing';
  if (statuses.every((s) => s === 'paid')) return 'success';
  if (statuses.every((s) => s === 'failed')) return 'failed';
  return 'partial';
}

/** GET /agents/core/commission-disbursements/{id}: summary, approval, commissions. */
export async function getBatch(db: Db, v: Viewer, id: string): Promise<CommissionDisbursement> {
  const r = await batchRow(db, v, id);
  const [items, comms, approval] = await Promise.all([
    itemsOf(db, r.b.id),
    commissionsQuery(db, eq(agentCommissions.batchId, r.b.id)).orderBy(desc(agentCommissions.createdAt)),
    approvalOf(db, { accountId: v.accountId, type: 'commission', resourceId: r.b.id, viewerId: v.userId }),
  ]);
  const statuses = items.map((i) => i.paymentStatus);
  return {
    id: r.b.id,
    reference: r.b.reference,
    agent: { id: r.b.agentUserId, name: `${r.first} ${r.last}`.trim() },
    state: stateOf(r.b.approvalStatus, statuses),
    totalAmount: fromMinor(r.b.totalMinor),
    totalAmountMinor: r.b.totalMinor,
    createdAt: r.b.createdAt.toISOString(),
    payoutFrequency: r.b.payoutFrequency as CommissionDisbursement['payoutFrequency'],
    period: r.b.period,
    totalItems: items.length,
    totalPaidItems: statuses.filter((s) => s === 'paid').length,
    totalFailedItems: statuses.filter((s) => s === 'failed').length,
    totalPendingItems: statuses.filter((s) => s === 'pending' || s === 'processing').length,
    approvalStatus: r.b.approvalStatus,
    approvalWorkflowPendingApprovalItem: approval,
    commissions: comms.map(commissionDto),
    canDeleteItems: !!v.canDeleteItems && approval?.status === 'rejected' && approval.canResolve,
  };
}

/** GET …/{id}/items (paged; metadata.filter as 001 §7). */
export async function listBatchItems(db: Db, v: Viewer, id: string, q: { page: number; limit: number }) {
  const r = await batchRow(db, v, id);
  const all = (await itemsOf(db, r.b.id)).map(itemDto);
  return { items: all.slice((q.page - 1) * q.limit, q.page * q.limit), total: all.length };
}

/** The batches list (managers: every agent's; agents: their own), newest first. */
export async function listBatches(db: Db, v: Viewer, q: { page: number; limit: number }) {
  const where = and(
    eq(commissionBatches.accountId, v.accountId),
    v.agentUserId ? eq(commissionBatches.agentUserId, v.agentUserId) : undefined,
  );
  const rows = await db
    .select({
      b: commissionBatches,
      first: users.firstName,
      last: users.lastName,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(commissionBatches)
    .innerJoin(users, eq(users.id, commissionBatches.agentUserId))
    .where(where)
    .orderBy(desc(commissionBatches.createdAt), desc(commissionBatches.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const ids = rows.map((r) => r.b.id);
  const st = ids.length
    ? await db
        .select({ batchId: commissionBatchItems.batchId, s: itemStatusSql })
        .from(commissionBatchItems)
        .leftJoin(transactions, eq(transactions.id, commissionBatchItems.transactionId))
        .where(inArray(commissionBatchItems.batchId, ids))
    : [];
  const items = rows.map((r) => {
    const s = st.filter((x) => x.batchId === r.b.id).map((x) => x.s);
    return {
      id: r.b.id,
      reference: r.b.reference,
      agent: { id: r.b.agentUserId, name: `${r.first} ${r.last}`.trim() },
      state: stateOf(r.b.approvalStatus, s),
      totalAmount: fromMinor(r.b.totalMinor),
      totalAmountMinor: r.b.totalMinor,
      createdAt: r.b.createdAt.toISOString(),
      period: r.b.period,
      approvalStatus: r.b.approvalStatus,
      totalItems: s.length,
      totalPaidItems: s.filter((x) => x === 'paid').length,
      totalFailedItems: s.filter((x) => x === 'failed').length,
      totalPendingItems: s.filter((x) => x === 'pending' || x === 'processing').length,
    };
  });
  return { items, total: rows[0]?.total ?? 0 };
}

/**
 * GET /agents/self/dashboard (001 §3): totalAwaitingMaturity = accruing (invoice not yet approved
 * and fully paid); totalAwaitingApproval = matured, not yet in an approved batch; totalPaid = in a
 * paid item; totalEarned = everything matured (awaiting approval + approved, paid or not).
 */
export async function agentDashboard(
  db: Db,
  accountId: string,
  agentUserId: string,
): Promise<AgentDashboard> {
  const own = and(eq(agentCommissions.accountId, accountId), eq(agentCommissions.agentUserId, agentUserId));
  const [t] = await db
    .select({
      maturity:
        sql<number>`coalesce(sum(${agentCommissions.amountMinor}) filter (where ${agentCommissions.approvalStatus} = 'initialized'), 0)`.mapWith(
          Number,
        ),
      approval:
        sql<number>`coalesce(sum(${agentCommissions.amountMinor}) filter (where ${agentCommissions.approvalStatus} in ('matured', 'pending')), 0)`.mapWith(
          Number,
        ),
      earned:
        sql<number>`coalesce(sum(${agentCommissions.amountMinor}) filter (where ${agentCommissions.approvalStatus} <> 'initialized'), 0)`.mapWith(
          Number,
        ),
      paid: sql<number>`coalesce(sum(${agentCommissions.amountMinor}) filter (where ${itemStatusSql} = 'paid'), 0)`.mapWith(
        Number,
      ),
    })
    .from(agentCommissions)
    .leftJoin(commissionBatchItems, eq(commissionBatchItems.id, agentCommissions.itemId))
    .leftJoin(transactions, eq(transactions.id, commissionBatchItems.transactionId))
    .where(own);
  const since = new Date();
  since.setUTCDate(1);
  since.setUTCMonth(since.getUTCMonth() - 5);
  const months = await db
    .select({
      month: sql<string>`to_char(${agentCommissions.maturedAt} at time zone 'Africa/Lagos', 'YYYY-MM')`,
      earned: sql<number>`sum(${agentCommissions.amountMinor})`.mapWith(Number),
    })
    .from(agentCommissions)
    .where(and(own, gte(agentCommissions.maturedAt, since)))
    .groupBy(sql`1`);
  const monthly: AgentDashboard['monthly'] = [];
  for (let i = 5; i >= 0; i--) {
    const d = new Date();
    d.setUTCDate(1);
    d.setUTCMonth(d.getUTCMonth() - i);
    const key = `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
    const v = months.find((m) => m.month === key)?.earned ?? 0;
    monthly.push({ month: key, earned: fromMinor(v), earnedMinor: v });
  }
  const fig = (n: number) => ({ value: fromMinor(n), valueMinor: n });
  return {
    commissionSummary: {
      totalEarned: fig(t.earned),
      totalAwaitingApproval: fig(t.approval),
      totalPaid: fig(t.paid),
      totalAwaitingMaturity: fig(t.maturity),
    },
    monthly,
  };
}
