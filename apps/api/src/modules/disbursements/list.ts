// Bulk disbursements: the list and its CSV export.
import { and, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import {
  fromMinor,
  type Disbursement,
  type DisbursementProgress,
  type DisbursementTab,
  type ListQuery,
} from '@owo/contract';
import type { Db, DbOrTx } from '../../platform/db';
import { preparedCsv, type CsvColumn } from '../../platform/csv';
import { fieldError } from '../../platform/errors';
import type { TenantContext } from '../../platform/guard';
import { preparedPage } from '../../platform/list';
import { approvalItems } from '../../platform/schema';
import { escapeLike } from '../../platform/text';
import { type Batch, countsOf, EMPTY, statusOf } from './shared';
import { disbursements } from './tables';

const P = (name: string) => sql.placeholder(name);

// ---- reading ----

const LIST = {
  where: and(
    eq(disbursements.accountId, P('accountId')),
    sql`(${P('subsidiaryId')}::uuid is null or ${disbursements.subsidiaryId} = ${P('subsidiaryId')}::uuid)`,
    sql`(${P('tab')}::text is null or (case ${disbursements.status} when 'rejected' then 'rejected' when 'paying' then 'active' else 'pending' end) = ${P('tab')})`,
    sql`(${P('like')}::text is null or ${disbursements.reference} ilike ${P('like')} or ${disbursements.name} ilike ${P('like')} or ${disbursements.makerName} ilike ${P('like')})`,
    sql`(${P('from')}::timestamptz is null or ${disbursements.createdAt} >= ${P('from')}::timestamptz)`,
    sql`(${P('to')}::timestamptz is null or ${disbursements.createdAt} < ${P('to')}::timestamptz)`,
  )!,
  orderBy: [desc(disbursements.createdAt), desc(disbursements.id)],
  columns: getTableColumns(disbursements),
};
const listPage = preparedPage('disbursements', disbursements, LIST);
const listCsvRows = preparedCsv('disbursements', disbursements, LIST);

export type Query = ListQuery & { status?: DisbursementTab; period?: '24h' | '7d' | '30d' };
const PERIOD_MS = { '24h': 86_400_000, '7d': 7 * 86_400_000, '30d': 30 * 86_400_000 } as const;
const lagosStart = (d: string) => new Date(d.length === 10 ? `${d}T00:00:00+01:00` : d);

/** The list kit's `where` JSON ({ status? }) folded into the query. */
function tabOf(q: Query): DisbursementTab | null {
  if (q.status) return q.status;
  if (!q.where?.trim()) return null;
  let w: unknown;
  try {
    w = JSON.parse(q.where);
  } catch {
    throw fieldError('where', 'where must be a JSON object');
  }
  if (!w || typeof w !== 'object' || Array.isArray(w))
    throw fieldError('where', 'where must be a JSON object');
  const { status } = w as { status?: unknown };
  if (status === undefined || status === '') return null;
  if (status !== 'pending' && status !== 'rejected' && status !== 'active')
    throw fieldError('where', 'Status must be pending, rejected or active');
  return status;
}

function listParams(tenant: TenantContext, q: Query) {
  const since = q.period ? new Date(Date.now() - PERIOD_MS[q.period]) : null;
  const from = q.from ? lagosStart(q.from) : null;
  const start = since && (!from || since > from) ? since : from;
  return {
    accountId: tenant.accountId,
    subsidiaryId: tenant.subsidiaryId ?? null,
    tab: tabOf(q),
    like: q.search ? `%${escapeLike(q.search)}%` : null,
    from: start ? start.toISOString() : null,
    to: q.to
      ? q.to.length === 10
        ? new Date(lagosStart(q.to).getTime() + 86_400_000).toISOString()
        : new Date(q.to).toISOString()
      : null,
  };
}

function dto(b: Batch, c: DisbursementProgress, approvalStatus: string | null): Disbursement {
  const total = b.amountMinor + b.feeMinor;
  return {
    id: b.id,
    reference: b.reference,
    name: b.name,
    walletId: b.walletId,
    currency: b.currency,
    status: statusOf(b, c),
    approvalStatus,
    error: b.error,
    itemCount: b.itemCount,
    total: fromMinor(total),
    totalMinor: total,
    fee: fromMinor(b.feeMinor),
    feeMinor: b.feeMinor,
    progress: c,
    maker: { id: b.makerUserId, name: b.makerName },
    createdAt: b.createdAt.toISOString(),
    updatedAt: b.updatedAt.toISOString(),
  };
}

export async function withState(db: DbOrTx, accountId: string, rows: Batch[]): Promise<Disbursement[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const c = await countsOf(db, ids);
  const items = await db
    .select({ resourceId: approvalItems.resourceId, status: approvalItems.status })
    .from(approvalItems)
    .where(
      and(
        eq(approvalItems.accountId, accountId),
        eq(approvalItems.type, 'disbursement'),
        inArray(approvalItems.resourceId, ids),
      ),
    );
  const ap = new Map(items.map((i) => [i.resourceId, i.status]));
  return rows.map((r) => dto(r, c.get(r.id) ?? { ...EMPTY }, ap.get(r.id) ?? null));
}

export async function listDisbursements(db: Db, tenant: TenantContext, q: Query) {
  const { rows, total } = await listPage(db, listParams(tenant, q), q);
  return { items: await withState(db, tenant.accountId, rows as Batch[]), total };
}

const LIST_CSV: CsvColumn<Batch>[] = [
  { header: 'Reference', value: (r) => r.reference },
  { header: 'Name', value: (r) => r.name },
  { header: 'Status', value: (r) => r.status },
  { header: 'Rows', value: (r) => r.itemCount },
  { header: 'Amount', value: (r) => fromMinor(r.amountMinor) },
  { header: 'Fee', value: (r) => fromMinor(r.feeMinor) },
  { header: 'Created by', value: (r) => r.makerName },
  { header: 'Created', value: (r) => r.createdAt.toISOString() },
];

export const disbursementsCsv = (db: Db, tenant: TenantContext, q: Query) =>
  listCsvRows(db, listParams(tenant, q), (r) => r as Batch, LIST_CSV);
