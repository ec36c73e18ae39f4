// Reading payouts: one payout's detail, the filtered list and its CSV, a vendor's payment history,
// and the effective status of payouts by id (completed/failed read from the settled transaction).
import { and, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  fromMinor,
  PAYOUT_LIST_FILTERS,
  type Payout,
  type PayoutDetail,
  type PayoutStatus,
} from '@owo/contract';
import type { z } from 'zod';
import type { payoutListQuery } from '@owo/contract';
import { csvStream, type CsvColumn } from '../../platform/csv';
import type { Db, DbOrTx } from '../../platform/db';
import { fieldError, notFound } from '../../platform/errors';
import type { TenantContext } from '../../platform/guard';
import { transactions, users, approvalItems, payees } from '../../platform/schema';
import { escapeLike } from '../../platform/text';
import { approvalOf } from '../approvals';
import { recurrenceOf } from './recurring';
import { effectiveStatusSql, type Row } from './shared';
import { payoutSchedules, payouts } from './tables';

type ListQuery = z.output<typeof payoutListQuery>;

const selection = {
  p: payouts,
  status: effectiveStatusSql,
  approvalStatus: approvalItems.status,
  txFailure: transactions.failureReason,
  txFee: transactions.fee,
  scheduleId: payoutSchedules.id,
  payeeName: payees.name,
  bankName: payees.bankName,
  accountNumber: payees.accountNumber,
  accountName: payees.accountName,
  makerFirst: users.firstName,
  makerLast: users.lastName,
};
type Selected = {
  p: Row;
  status: PayoutStatus;
  approvalStatus: string | null;
  txFailure: string | null;
  txFee: number | null;
  scheduleId: string | null;
  payeeName: string;
  bankName: string;
  accountNumber: string;
  accountName: string;
  makerFirst: string;
  makerLast: string;
};

function baseSelect(db: DbOrTx) {
  return db
    .select(selection)
    .from(payouts)
    .innerJoin(payees, eq(payees.id, payouts.payeeId))
    .innerJoin(users, eq(users.id, payouts.makerUserId))
    .leftJoin(transactions, eq(transactions.id, payouts.transactionId))
    .leftJoin(payoutSchedules, eq(payoutSchedules.payoutId, payouts.id))
    .leftJoin(
      approvalItems,
      and(
        eq(approvalItems.accountId, payouts.accountId),
        eq(approvalItems.type, 'payout'),
        eq(approvalItems.resourceId, payouts.id),
      ),
    );
}

function toDto(r: Selected): Payout {
  const p = r.p;
  const feeMinor = r.txFee ?? p.feeMinor;
  return {
    id: p.id,
    reference: p.reference,
    payoutOption: p.payoutOption,
    status: r.status,
    approvalStatus: r.approvalStatus,
    amount: fromMinor(p.amountMinor),
    amountMinor: p.amountMinor,
    fee: fromMinor(feeMinor),
    feeMinor,
    currency: p.currency,
    walletId: p.walletId,
    narration: p.narration,
    payee: {
      id: p.payeeId,
      name: r.payeeName,
      bankName: r.bankName,
      accountNumber: r.accountNumber,
      accountName: r.accountName,
    },
    scheduledDate: p.scheduledDate,
    scheduleId: r.scheduleId,
    categoryId: p.categoryId,
    projectId: p.projectId,
    assets: p.assets,
    transactionId: p.transactionId,
    failureReason: r.status === 'failed' ? (p.failureReason ?? r.txFailure ?? null) : null,
    maker: { id: p.makerUserId, name: `${r.makerFirst} ${r.makerLast}`.trim() },
    recipientCurrency: p.recipientCurrency,
    recipientAmount: p.recipientAmountMinor == null ? null : fromMinor(p.recipientAmountMinor),
    recipientAmountMinor: p.recipientAmountMinor,
    fxRate: p.fxRate,
    wirePurpose: p.wirePurpose,
    wireNarration: p.wireNarration,
    senderDetails: p.senderDetails ?? null,
    channel: p.channel,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

const subsidiaryScope = (tenant: TenantContext): SQL | undefined =>
  tenant.subsidiaryId ? eq(payouts.subsidiaryId, tenant.subsidiaryId) : undefined;

export async function getPayout(
  db: Db,
  p: { tenant: TenantContext; id: string; viewerId: string },
): Promise<PayoutDetail> {
  const [r] = await baseSelect(db).where(
    and(eq(payouts.id, p.id), eq(payouts.accountId, p.tenant.accountId), subsidiaryScope(p.tenant)),
  );
  if (!r) throw notFound('Payout');
  return {
    ...toDto(r as Selected),
    approvalWorkflowPendingApprovalItem: await approvalOf(db, {
      accountId: p.tenant.accountId,
      type: 'payout',
      resourceId: p.id,
      viewerId: p.viewerId,
    }),
    recurrence: await recurrenceOf(db, r.p as Row),
  };
}

const lagosStart = (d: string) => new Date(d.length === 10 ? `${d}T00:00:00+01:00` : d);

const PERIOD_MS = { '24h': 86_400_000, '7d': 7 * 86_400_000, '30d': 30 * 86_400_000 } as const;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The list kit's `where` JSON ({ status?, payeeId? }) folded into the query. */
function withWhere(q: ListQuery): ListQuery {
  if (!q.where?.trim()) return q;
  let w: unknown;
  try {
    w = JSON.parse(q.where);
  } catch {
    throw fieldError('where', 'where must be a JSON object');
  }
  if (!w || typeof w !== 'object' || Array.isArray(w))
    throw fieldError('where', 'where must be a JSON object');
  const { status, payeeId } = w as { status?: unknown; payeeId?: unknown };
  if (status !== undefined && !(PAYOUT_LIST_FILTERS as readonly unknown[]).includes(status))
    throw fieldError('where', 'Unknown status');
  if (payeeId !== undefined && (typeof payeeId !== 'string' || !UUID_RE.test(payeeId)))
    throw fieldError('where', 'payeeId must be an id');
  return {
    ...q,
    status: q.status ?? (status as ListQuery['status']),
    payeeId: q.payeeId ?? (payeeId as string | undefined),
  };
}

function listWhere(tenant: TenantContext, raw: ListQuery, viewerId: string): SQL {
  const q = withWhere(raw);
  const conds: (SQL | undefined)[] = [eq(payouts.accountId, tenant.accountId), subsidiaryScope(tenant)];
  if (q.period) conds.push(sql`${payouts.createdAt} >= ${new Date(Date.now() - PERIOD_MS[q.period])}`);
  if (q.status === 'active') conds.push(sql`${effectiveStatusSql} in ('approved', 'scheduled', 'paying')`);
  else if (q.status) conds.push(sql`${effectiveStatusSql} = ${q.status}`);
  if (q.payeeId) conds.push(eq(payouts.payeeId, q.payeeId));
  if (q.assetId) conds.push(sql`${payouts.assets} @> ${JSON.stringify([{ id: q.assetId }])}::jsonb`);
  if (q.from) conds.push(sql`${payouts.createdAt} >= ${lagosStart(q.from)}`);
  if (q.to)
    conds.push(
      q.to.length === 10
        ? sql`${payouts.createdAt} < ${new Date(lagosStart(q.to).getTime() + 86_400_000)}`
        : sql`${payouts.createdAt} <= ${new Date(q.to)}`,
    );
  void viewerId;
  if (q.search) {
    const like = `%${escapeLike(q.search)}%`;
    conds.push(
      or(
        ilike(payouts.reference, like),
        ilike(payouts.narration, like),
        ilike(payees.name, like),
        ilike(payees.accountName, like),
      ),
    );
  }
  return and(...conds)!;
}

/** GET /api/payouts?page&limit&status&search&from&to (newest first). */
export async function listPayouts(db: Db, p: { tenant: TenantContext; viewerId: string; q: ListQuery }) {
  const where = listWhere(p.tenant, p.q, p.viewerId);
  const rows = (await baseSelect(db)
    .where(where)
    .orderBy(desc(payouts.createdAt), desc(payouts.id))
    .limit(p.q.limit)
    .offset((p.q.page - 1) * p.q.limit)) as Selected[];
  const [{ n }] = (await db
    .select({ n: sql<number>`count(*)::int` })
    .from(payouts)
    .innerJoin(payees, eq(payees.id, payouts.payeeId))
    .leftJoin(transactions, eq(transactions.id, payouts.transactionId))
    .where(where)) as { n: number }[];
  return { items: rows.map(toDto), total: Number(n) };
}

const PAYOUT_CSV: CsvColumn<Payout>[] = [
  { header: 'Reference', value: (r) => r.reference },
  { header: 'Date', value: (r) => r.createdAt },
  { header: 'Vendor', value: (r) => r.payee.name },
  { header: 'Bank', value: (r) => r.payee.bankName },
  { header: 'Account number', value: (r) => r.payee.accountNumber },
  { header: 'Amount', value: (r) => r.amount },
  { header: 'Fee', value: (r) => r.fee },
  { header: 'Currency', value: (r) => r.currency },
  { header: 'Status', value: (r) => r.status },
  { header: 'Approval', value: (r) => r.approvalStatus },
  { header: 'Scheduled date', value: (r) => r.scheduledDate },
  { header: 'Narration', value: (r) => r.narration },
];

/** The CSV of exactly the rows the filtered list shows (list kit: one snapshot, batches of 500). */
export function payoutsCsv(db: Db, p: { tenant: TenantContext; viewerId: string; q: ListQuery }) {
  const where = listWhere(p.tenant, p.q, p.viewerId);
  return csvStream<Payout>(db, PAYOUT_CSV, async (tx, offset, limit) =>
    (
      (await baseSelect(tx)
        .where(where)
        .orderBy(desc(payouts.createdAt), desc(payouts.id))
        .limit(limit)
        .offset(offset)) as Selected[]
    ).map(toDto),
  );
}

/** A schedule's payout as the schedule shows it: what is paid, the fee, and to whom. */
export async function scheduledPayoutSummary(db: DbOrTx, accountId: string, payoutId: string) {
  const [r] = (await baseSelect(db).where(
    and(eq(payouts.id, payoutId), eq(payouts.accountId, accountId)),
  )) as Selected[];
  if (!r) throw notFound('Payout');
  const d = toDto(r);
  return {
    reference: d.reference,
    status: d.status,
    amount: d.amount,
    amountMinor: d.amountMinor,
    fee: d.fee,
    feeMinor: d.feeMinor,
    currency: d.currency,
    narration: d.narration,
    payee: d.payee,
  };
}

/** A vendor's payment history (vendor detail). */
export async function payeePayments(db: DbOrTx, p: { accountId: string; payeeId: string; limit: number }) {
  const rows = (await baseSelect(db)
    .where(and(eq(payouts.accountId, p.accountId), eq(payouts.payeeId, p.payeeId)))
    .orderBy(desc(payouts.createdAt), desc(payouts.id))
    .limit(p.limit)) as Selected[];
  return rows.map((r) => ({
    id: r.p.id,
    reference: r.p.reference,
    amountMinor: r.p.amountMinor,
    currency: r.p.currency,
    status: r.status,
    narration: r.p.narration,
    createdAt: r.p.createdAt.toISOString(),
  }));
}

/** The effective status of payouts by id (completed/failed read from the settled transaction). */
export async function payoutStatuses(
  db: DbOrTx,
  accountId: string,
  ids: string[],
): Promise<
  Map<string, { status: PayoutStatus; transactionId: string | null; failureReason: string | null }>
> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({
      id: payouts.id,
      status: effectiveStatusSql,
      transactionId: payouts.transactionId,
      failureReason: payouts.failureReason,
    })
    .from(payouts)
    .leftJoin(transactions, eq(transactions.id, payouts.transactionId))
    .where(and(eq(payouts.accountId, accountId), inArray(payouts.id, ids)));
  return new Map(rows.map((r) => [r.id, r]));
}
