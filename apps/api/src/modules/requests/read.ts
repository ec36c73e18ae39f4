// Reading fund requests: the list (with filters and CSV) and one request's detail.
import { and, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import {
  fromMinor,
  REQUEST_STATUSES,
  type FundRequest,
  type FundRequestDetail,
  type RequestStatus,
} from '@owo/contract';
import type { z } from 'zod';
import type { fundRequestListQuery } from '@owo/contract';
import { preparedCsv, type CsvColumn } from '../../platform/csv';
import type { Db, DbOrTx } from '../../platform/db';
import { fieldError, notFound } from '../../platform/errors';
import type { TenantContext } from '../../platform/guard';
import { preparedPage } from '../../platform/list';
import { approvalItems } from '../../platform/schema';
import { escapeLike } from '../../platform/text';
import { approvalOf } from '../approvals';
import { payoutStatuses } from '../payouts';
import type { Row } from './shared';
import { fundRequests } from './tables';

type ListQuery = z.output<typeof fundRequestListQuery>;

const P = (name: string) => sql.placeholder(name);

function dto(r: Row, payout?: { status: string; transactionId: string | null }): FundRequest {
  let status: RequestStatus = r.status;
  if (r.status === 'paying' && payout)
    status = payout.status === 'completed' ? 'completed' : payout.status === 'failed' ? 'failed' : 'paying';
  if (r.status === 'scheduled' && payout && ['paying', 'completed', 'failed'].includes(payout.status))
    status = payout.status as RequestStatus;
  return {
    id: r.id,
    reference: r.reference,
    status,
    approvalStatus: null,
    amount: fromMinor(r.amountMinor),
    amountMinor: r.amountMinor,
    currency: r.currency,
    walletId: r.walletId,
    purpose: r.purpose,
    narration: r.narration,
    payeeKind: r.payeeKind,
    payee: {
      id: r.payeeId,
      name: r.payeeName,
      bankName: r.bankName,
      accountNumber: r.accountNumber,
      accountName: r.accountName,
    },
    decision: r.decision,
    scheduledDate: r.scheduledDate,
    payoutId: r.payoutId,
    transactionId: payout?.transactionId ?? null,
    maker: { id: r.makerUserId, name: r.makerName },
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

async function withPayouts(db: DbOrTx, accountId: string, rows: Row[]): Promise<FundRequest[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.payoutId).filter((x): x is string => !!x);
  const st = await payoutStatuses(db, accountId, ids);
  const items = await db
    .select({ resourceId: approvalItems.resourceId, status: approvalItems.status })
    .from(approvalItems)
    .where(
      and(
        eq(approvalItems.accountId, accountId),
        eq(approvalItems.type, 'request'),
        inArray(
          approvalItems.resourceId,
          rows.map((r) => r.id),
        ),
      ),
    );
  const ap = new Map(items.map((i) => [i.resourceId, i.status]));
  return rows.map((r) => ({
    ...dto(r, r.payoutId ? st.get(r.payoutId) : undefined),
    approvalStatus: ap.get(r.id) ?? null,
  }));
}

const REQUEST_LIST = {
  where: and(
    eq(fundRequests.accountId, P('accountId')),
    sql`(${P('subsidiaryId')}::uuid is null or ${fundRequests.subsidiaryId} = ${P('subsidiaryId')}::uuid)`,
    sql`(${P('status')}::text is null or ${fundRequests.status} = ${P('status')})`,
    sql`(${P('like')}::text is null or ${fundRequests.reference} ilike ${P('like')} or ${fundRequests.narration} ilike ${P('like')} or ${fundRequests.payeeName} ilike ${P('like')} or ${fundRequests.makerName} ilike ${P('like')})`,
    sql`(${P('from')}::timestamptz is null or ${fundRequests.createdAt} >= ${P('from')}::timestamptz)`,
    sql`(${P('to')}::timestamptz is null or ${fundRequests.createdAt} < ${P('to')}::timestamptz)`,
  )!,
  orderBy: [desc(fundRequests.createdAt), desc(fundRequests.id)],
  columns: getTableColumns(fundRequests),
};
const requestsPage = preparedPage('fund_requests', fundRequests, REQUEST_LIST);
const requestsCsvRows = preparedCsv('fund_requests', fundRequests, REQUEST_LIST);

const lagosStart = (d: string) => new Date(d.length === 10 ? `${d}T00:00:00+01:00` : d);
const PERIOD_MS = { '24h': 86_400_000, '7d': 7 * 86_400_000, '30d': 30 * 86_400_000 } as const;

/** The list kit's `where` JSON ({ status? }) folded into the query. */
function whereStatus(q: ListQuery): ListQuery['status'] {
  if (q.status || !q.where?.trim()) return q.status;
  let w: unknown;
  try {
    w = JSON.parse(q.where);
  } catch {
    throw fieldError('where', 'where must be a JSON object');
  }
  if (!w || typeof w !== 'object' || Array.isArray(w))
    throw fieldError('where', 'where must be a JSON object');
  const { status } = w as { status?: unknown };
  if (status !== undefined && !(REQUEST_STATUSES as readonly unknown[]).includes(status))
    throw fieldError('where', 'Unknown status');
  return status as ListQuery['status'];
}

function listParams(tenant: TenantContext, q: ListQuery) {
  // Stored status: 'paying' covers requests whose payout has since completed or failed.
  const s = whereStatus(q);
  const status = s === 'completed' || s === 'failed' ? 'paying' : (s ?? null);
  const since = q.period ? new Date(Date.now() - PERIOD_MS[q.period]) : null;
  const from = q.from ? lagosStart(q.from) : null;
  const start = since && (!from || since > from) ? since : from;
  return {
    accountId: tenant.accountId,
    subsidiaryId: tenant.subsidiaryId ?? null,
    status,
    like: q.search ? `%${escapeLike(q.search)}%` : null,
    from: start ? start.toISOString() : null,
    to: q.to
      ? q.to.length === 10
        ? new Date(lagosStart(q.to).getTime() + 86_400_000).toISOString()
        : new Date(q.to).toISOString()
      : null,
  };
}

export async function listFundRequests(db: Db, tenant: TenantContext, q: ListQuery) {
  const { rows, total } = await requestsPage(db, listParams(tenant, q), q);
  return { items: await withPayouts(db, tenant.accountId, rows as Row[]), total };
}

const REQUEST_CSV: CsvColumn<FundRequest>[] = [
  { header: 'Reference', value: (r) => r.reference },
  { header: 'Status', value: (r) => r.status },
  { header: 'Amount', value: (r) => r.amount },
  { header: 'Currency', value: (r) => r.currency },
  { header: 'Purpose', value: (r) => r.purpose },
  { header: 'Narration', value: (r) => r.narration },
  { header: 'Payee', value: (r) => r.payee.name },
  { header: 'Bank', value: (r) => r.payee.bankName },
  { header: 'Account number', value: (r) => r.payee.accountNumber },
  { header: 'Requested by', value: (r) => r.maker.name },
  { header: 'Created', value: (r) => r.createdAt },
];

export const fundRequestsCsv = (db: Db, tenant: TenantContext, q: ListQuery) =>
  requestsCsvRows(db, listParams(tenant, q), (r) => dto(r as Row), REQUEST_CSV);

export async function getFundRequest(
  db: Db,
  p: { tenant: TenantContext; ref: string; viewerId: string },
): Promise<FundRequestDetail> {
  const [r] = await db
    .select()
    .from(fundRequests)
    .where(
      and(
        eq(fundRequests.reference, p.ref),
        eq(fundRequests.accountId, p.tenant.accountId),
        p.tenant.subsidiaryId ? eq(fundRequests.subsidiaryId, p.tenant.subsidiaryId) : undefined,
      ),
    );
  if (!r) throw notFound('Request');
  const [out] = await withPayouts(db, p.tenant.accountId, [r]);
  return {
    ...out,
    approvalWorkflowPendingApprovalItem: await approvalOf(db, {
      accountId: p.tenant.accountId,
      type: 'request',
      resourceId: r.id,
      viewerId: p.viewerId,
    }),
  };
}
