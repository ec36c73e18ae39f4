// Reading invoices (issue 24): the row and its DTO, the effective settlement status, the lists and
// CSV, the `invoice` webhook event, and the invoice's standing pay link (issue 34 §3).
import { and, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import {
  bpToPercent,
  fromMinor,
  INFLOW_MSG,
  nairaToKobo,
  type Invoice,
  type InvoiceStatus,
} from '@owo/contract';
import type { Db, DbOrTx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { preparedCsv } from '../../platform/csv';
import { preparedPage } from '../../platform/list';
import { issueLink, standingLinkToken } from '../../platform/tokens';
import { emitAreaEvent, type AreaEventInput } from '../developers';
import { likeOf, nf, P, type ListQ } from './shared';
import { invoices, invoiceSettlements } from './tables';
import { transactions } from '../../platform/schema';

export type InvoiceRow = typeof invoices.$inferSelect;

/** Effective settlement status: stored until a payout exists, then read from the money core. */
export const settlementStatusSql = sql<string>`case
  when ${invoiceSettlements.status} = 'cancelled' then 'cancelled'
  when ${invoiceSettlements.transactionId} is null then ${invoiceSettlements.status}
  when ${transactions.status} = 'success' then 'paid'
  when ${transactions.status} in ('failed', 'reversed') then 'failed'
  else 'pending' end`;

/** Of these fullyPaid invoices, the ones whose every settlement is paid (status `completed`). */
export async function completedIds(
  db: DbOrTx,
  rows: Pick<InvoiceRow, 'id' | 'status'>[],
): Promise<Set<string>> {
  const ids = rows.filter((r) => r.status === 'fullyPaid').map((r) => r.id);
  if (!ids.length) return new Set();
  const open = await db
    .selectDistinct({ invoiceId: invoiceSettlements.invoiceId })
    .from(invoiceSettlements)
    .leftJoin(transactions, eq(transactions.id, invoiceSettlements.transactionId))
    .where(
      and(inArray(invoiceSettlements.invoiceId, ids), sql`${settlementStatusSql} in ('pending', 'failed')`),
    );
  const busy = new Set(open.map((o) => o.invoiceId));
  return new Set(ids.filter((i) => !busy.has(i)));
}

export function invoiceDto(r: InvoiceRow, completed: Set<string>): Invoice {
  const status = (completed.has(r.id) ? 'completed' : r.status) as InvoiceStatus;
  return {
    id: r.id,
    reference: r.reference,
    status,
    approvalStatus: r.approvalStatus as Invoice['approvalStatus'],
    deliveryStatus: r.deliveryStatus as Invoice['deliveryStatus'],
    customer: { id: r.customerId, name: r.customerName, email: r.customerEmail },
    initialAmount: fromMinor(r.initialAmountMinor),
    initialAmountMinor: r.initialAmountMinor,
    discount: !r.discountType
      ? null
      : r.discountType === 'fixed'
        ? fromMinor(r.discountValue)
        : bpToPercent(r.discountValue),
    discountType: r.discountType as Invoice['discountType'],
    discountAmount: fromMinor(r.discountMinor),
    discountAmountMinor: r.discountMinor,
    amount: fromMinor(r.amountMinor),
    amountMinor: r.amountMinor,
    amountPaid: fromMinor(r.amountPaidMinor),
    amountPaidMinor: r.amountPaidMinor,
    settlementStrategy: r.settlementStrategy as Invoice['settlementStrategy'],
    paymentOption: r.paymentOption as Invoice['paymentOption'],
    createdBy: r.makerName,
    createdAt: r.createdAt.toISOString(),
  };
}

const INVOICE_LIST = {
  columns: getTableColumns(invoices),
  where: and(
    eq(invoices.accountId, P('accountId')),
    sql`(${P('drafts')}::boolean = (${invoices.status} = 'draft'))`,
    sql`(${P('status')}::text is null or ${invoices.status} = ${P('status')})`,
    sql`(${P('approval')}::text is null or ${invoices.approvalStatus} = ${P('approval')})`,
    sql`(${P('customerId')}::uuid is null or ${invoices.customerId} = ${P('customerId')}::uuid)`,
    sql`(${P('from')}::timestamptz is null or ${invoices.createdAt} >= ${P('from')}::timestamptz)`,
    sql`(${P('to')}::timestamptz is null or ${invoices.createdAt} <= ${P('to')}::timestamptz)`,
    sql`(${P('like')}::text is null or ${invoices.customerName} ilike ${P('like')} or ${invoices.reference} ilike ${P('like')} or ${invoices.amountMinor}::text = ${P('amount')})`,
  )!,
  orderBy: [desc(invoices.createdAt), desc(invoices.id)],
};
const invoicesPage = preparedPage('invoices', invoices, INVOICE_LIST);
const invoicesCsvRows = preparedCsv('invoices', invoices, INVOICE_LIST);
export const INVOICE_CSV = [
  { header: 'Date', value: (i: Invoice) => i.createdAt },
  { header: 'Reference', value: (i: Invoice) => i.reference },
  { header: 'Customer', value: (i: Invoice) => i.customer.name },
  { header: 'Amount', value: (i: Invoice) => i.amount },
  { header: 'Payment status', value: (i: Invoice) => i.status },
  { header: 'Approval status', value: (i: Invoice) => i.approvalStatus },
];
type InvoiceQ = ListQ & {
  customerId?: string;
  status?: string;
  approvalStatus?: string;
  from?: string;
  to?: string;
  period?: string;
  where?: string;
};
const PERIOD_MS: Record<string, number> = { '24h': 86_400_000, '7d': 7 * 86_400_000, '30d': 30 * 86_400_000 };
/** The list kit sends filter groups as `where` JSON ({ status, approvalStatus }); plain params win. */
function whereOf(q: InvoiceQ): { status?: string; approvalStatus?: string } {
  if (!q.where) return {};
  try {
    const w = JSON.parse(q.where) as Record<string, unknown>;
    const pick = (k: string) => (typeof w[k] === 'string' ? (w[k] as string).slice(0, 20) : undefined);
    return { status: pick('status'), approvalStatus: pick('approvalStatus') };
  } catch {
    return {};
  }
}
const endOfDay = (d?: string) => (d && /^\d{4}-\d{2}-\d{2}$/.test(d) ? `${d}T23:59:59.999Z` : (d ?? null));
function invoiceParams(accountId: string, q: InvoiceQ, drafts: boolean) {
  const amount =
    q.search && /^\d+(\.\d{1,2})?$/.test(q.search.replace(/,/g, ''))
      ? String(nairaToKobo('x').parse(q.search.replace(/,/g, '')))
      : null;
  const w = whereOf(q);
  const status = q.status ?? w.status;
  const from =
    q.period && PERIOD_MS[q.period] ? new Date(Date.now() - PERIOD_MS[q.period]).toISOString() : q.from;
  return {
    accountId,
    drafts,
    status: drafts ? null : status === 'completed' ? 'fullyPaid' : (status ?? null),
    approval: q.approvalStatus ?? w.approvalStatus ?? null,
    customerId: q.customerId ?? null,
    from: from ?? null,
    to: endOfDay(q.to),
    like: likeOf(q.search),
    amount,
  };
}
export async function listInvoices(db: Db, accountId: string, q: InvoiceQ, drafts: boolean) {
  const { rows, total } = await invoicesPage(db, invoiceParams(accountId, q, drafts), q);
  const done = await completedIds(db, rows as InvoiceRow[]);
  return { items: (rows as InvoiceRow[]).map((r) => invoiceDto(r, done)), total };
}
export const invoicesCsv = (db: Db, accountId: string, q: InvoiceQ, drafts: boolean) =>
  invoicesCsvRows(
    db,
    invoiceParams(accountId, q, drafts),
    (r) => invoiceDto(r as InvoiceRow, new Set()),
    INVOICE_CSV,
  );

/** The `invoice` webhook event of a state change made in `tx` (docs/areas/developers.md). */
export const invoiceEvent = (
  tx: DbOrTx,
  inv: InvoiceRow,
  status: string,
  o: { key?: string; amountPaidMinor?: number; extra?: Record<string, unknown> } = {},
) => emitAreaEvent(tx, invoiceEventInput(inv, status, o));
/** What `invoiceEvent` emits (for `emitAreaEvents`, many at once). */
export function invoiceEventInput(
  inv: Pick<InvoiceRow, 'accountId' | 'id' | 'reference' | 'amountMinor' | 'amountPaidMinor'>,
  status: string,
  o: { key?: string; amountPaidMinor?: number; extra?: Record<string, unknown> } = {},
): AreaEventInput {
  const paid = o.amountPaidMinor ?? inv.amountPaidMinor;
  return {
    accountId: inv.accountId,
    event: 'invoice',
    id: inv.id,
    reference: inv.reference,
    status,
    amountMinor: inv.amountMinor,
    currency: 'NGN',
    key: o.key,
    extra: { amountPaid: fromMinor(paid), amountPaidMinor: paid, ...o.extra },
  };
}

export async function invoiceRow(db: DbOrTx, accountId: string, id: string, lock = false) {
  const q = db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.accountId, accountId)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw nf(INFLOW_MSG.invoiceNotFound);
  return row;
}

/**
 * The invoice's pay page link (issue 34 §3): a standing link token (platform/tokens.ts), kind
 * `invoice`, action `view`, issued when the invoice is approved (`issueInvoiceLink`) and revoked when
 * it is cancelled. Never the company's or the invoice's id.
 */
export const INVOICE_LINK = 'invoice';
export const INVOICE_LINK_TTL_DAYS = 730;
const invoiceLinkToken = (deps: AppDeps, invoiceId: string) =>
  standingLinkToken(deps.config.sessionSecret, INVOICE_LINK, 'view', invoiceId);

export function payLinkOf(deps: AppDeps, r: Pick<InvoiceRow, 'id'>) {
  return `${deps.config.appUrl.replace(/\/$/, '')}/payment-collection/invoice/${invoiceLinkToken(deps, r.id)}`;
}

/** Issues the invoice's pay link (once; again is a no-op), in the transaction that approves it. */
export async function issueInvoiceLink(db: DbOrTx, deps: AppDeps, r: Pick<InvoiceRow, 'accountId' | 'id'>) {
  await issueLink(db, {
    kind: INVOICE_LINK,
    action: 'view',
    objectId: r.id,
    accountId: r.accountId,
    expiresAt: sql`now() + make_interval(days => ${INVOICE_LINK_TTL_DAYS})`,
    token: invoiceLinkToken(deps, r.id),
  });
}
