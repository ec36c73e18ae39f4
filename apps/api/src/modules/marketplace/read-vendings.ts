// Reading vendings: one with its order's approval, an order's vendings, and the filtered list.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  fromMinor,
  MARKETPLACE_MSG as MSG,
  type Vending,
  type VendingDetail,
  type VendStatus,
} from '@owo/contract';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { preparedPage } from '../../platform/list';
import { escapeLike } from '../../platform/text';
import { approvalOf } from '../approvals';
import { P, type VendingRow } from './shared';
import { vendings } from './tables';

export function vendStatusOf(state: VendingRow['state']): VendStatus {
  return state === 'success' ? 'SUCCESS' : state === 'failed' ? 'FAILED' : 'pending';
}

const nullableMoney = (m: number | null | undefined) => (m === null || m === undefined ? null : fromMinor(m));

export function vendingDto(v: Omit<VendingRow, 'requeries' | 'updatedAt'>): Vending {
  const r = v.response;
  return {
    id: v.id,
    orderId: v.orderId,
    reference: v.reference,
    amount: fromMinor(v.amountMinor),
    amountMinor: v.amountMinor,
    currency: v.currency,
    createdAt: v.createdAt.toISOString(),
    vendStatus: vendStatusOf(v.state),
    approvalStatus: v.approvalStatus,
    assetId: v.meterId,
    assetIdentifier: v.meta.meter,
    assetLabel: v.meta.label,
    metadata: {
      vertical: 'ELECTRICITY',
      meter: v.meta.meter,
      name: v.meta.name,
      address: v.meta.address,
      disco: v.meta.disco,
      vendType: v.meta.vendType,
    },
    response: r
      ? {
          token: r.token,
          units: r.units,
          receiptNo: r.receiptNo,
          orderId: r.orderId,
          debtAmount: nullableMoney(r.debtAmountMinor),
          debtAmountMinor: r.debtAmountMinor,
          debtRemaining: nullableMoney(r.debtRemainingMinor),
          debtRemainingMinor: r.debtRemainingMinor,
        }
      : null,
    failureReason: v.failureReason,
    successTransaction: v.state === 'success' && v.transactionId ? { id: v.transactionId } : null,
    transactionId: v.transactionId,
  };
}

export async function getVending(
  db: DbOrTx,
  p: { accountId: string; id: string; viewerId: string },
): Promise<VendingDetail> {
  const [v] = await db
    .select()
    .from(vendings)
    .where(and(eq(vendings.id, p.id), eq(vendings.accountId, p.accountId)));
  if (!v) throw new AppError(404, 'not-found', MSG.vendingNotFound);
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(vendings)
    .where(eq(vendings.orderId, v.orderId));
  return {
    ...vendingDto(v),
    orderSize: Number(n),
    approvalWorkflowPendingApprovalItem: await approvalOf(db, {
      accountId: p.accountId,
      type: 'marketplace',
      resourceId: v.orderId,
      viewerId: p.viewerId,
    }),
  };
}

export async function orderVendings(db: DbOrTx, accountId: string, orderId: string): Promise<Vending[]> {
  const rows = await db
    .select()
    .from(vendings)
    .where(and(eq(vendings.orderId, orderId), eq(vendings.accountId, accountId)))
    .orderBy(asc(vendings.createdAt), asc(vendings.id));
  return rows.map(vendingDto);
}

const vendingsPage = preparedPage('marketplace_vendings', vendings, {
  columns: {
    id: vendings.id,
    orderId: vendings.orderId,
    meterId: vendings.meterId,
    reference: vendings.reference,
    amountMinor: vendings.amountMinor,
    currency: vendings.currency,
    attempt: vendings.attempt,
    state: vendings.state,
    approvalStatus: vendings.approvalStatus,
    transactionId: vendings.transactionId,
    meta: vendings.meta,
    response: vendings.response,
    failureReason: vendings.failureReason,
    createdAt: vendings.createdAt,
    accountId: vendings.accountId,
  },
  where: and(
    eq(vendings.accountId, P('accountId')),
    sql`(${P('approval')}::text is null or ${vendings.approvalStatus} = ${P('approval')})`,
    sql`(${P('states')}::text[] is null or ${vendings.state} = any(${P('states')}::text[]))`,
    sql`(${P('meterId')}::uuid is null or ${vendings.meterId} = ${P('meterId')}::uuid)`,
    sql`(${P('from')}::timestamptz is null or ${vendings.createdAt} >= ${P('from')}::timestamptz)`,
    sql`(${P('to')}::timestamptz is null or ${vendings.createdAt} < ${P('to')}::timestamptz)`,
    sql`(${P('like')}::text is null or ${vendings.meta}->>'meter' ilike ${P('like')} or ${vendings.meta}->>'name' ilike ${P('like')} or ${vendings.reference} ilike ${P('like')})`,
  )!,
  orderBy: [desc(vendings.createdAt), desc(vendings.id)],
});

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const startOf = (s: string) => (DATE_ONLY.test(s) ? `${s}T00:00:00+01:00` : s);
const endOf = (s: string) =>
  DATE_ONLY.test(s) ? new Date(new Date(`${s}T00:00:00+01:00`).getTime() + 86_400_000).toISOString() : s;

export async function listVendings(
  db: Db,
  accountId: string,
  q: {
    page: number;
    limit: number;
    search?: string;
    status?: string;
    assetId?: string;
    from?: string;
    to?: string;
  },
) {
  const s = q.status;
  const { rows, total } = await vendingsPage(
    db,
    {
      accountId,
      approval: s === 'pending' ? 'pending' : s === 'rejected' ? 'rejected' : null,
      states:
        s === 'SUCCESS'
          ? ['success']
          : s === 'FAILED'
            ? ['failed']
            : s === 'awaiting'
              ? ['vending']
              : s === 'pending'
                ? ['held']
                : null,
      meterId: q.assetId ?? null,
      from: q.from ? startOf(q.from) : null,
      to: q.to ? endOf(q.to) : null,
      like: q.search ? `%${escapeLike(q.search)}%` : null,
    },
    q,
  );
  return { items: rows.map((r) => vendingDto(r as never)), total };
}
