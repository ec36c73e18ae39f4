// Receivables (issue 24): customers, partners, the 3-step invoice wizard with every 002 §5 rule,
// the invoice approvable (type `invoice`), and reading. Collection and settlement are in collect.ts.
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import {
  bpToPercent,
  discountMinorOf,
  equalSplit,
  fromMinor,
  INFLOW_MSG,
  invoiceStep1,
  invoiceStep2,
  invoiceStep3,
  nairaToKobo,
  percentToBp,
  splitAmount,
  type Customer,
  type CustomerInput,
  type Invoice,
  type InvoiceDetail,
  type InvoiceStatus,
  type Partner,
  type PartnerInput,
} from '@owo/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest, conflict } from '../../platform/errors';
import { preparedCsv } from '../../platform/csv';
import { preparedPage } from '../../platform/list';
import { issueLink, standingLinkToken } from '../../platform/tokens';
import { users } from '../identity/tables';
import { accountMembers } from '../teams/tables';
import { approvalOf, registerApprovable, resubmitForApproval, submitForApproval } from '../approvals';
import { ACCOUNT_NOT_VERIFIED, resolveAccountName, UNKNOWN_BANK } from '../banks';
import { maskedBank } from '../audit';
import { emitAreaEvent, type AreaEventInput } from '../developers';
import { transactions } from '../money/tables';
import {
  inflowCustomers,
  inflowPartners,
  invoiceCollectionRefunds,
  invoiceInstallments,
  invoices,
  invoiceSettlements,
  type InvoiceLine,
} from './tables';

const P = (name: string) => sql.placeholder(name);
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const likeOf = (search?: string) => (search ? `%${escapeLike(search)}%` : null);
const nf = (what: string) => new AppError(404, 'not-found', what);
export type AfterCommit = (() => Promise<void> | void)[];
const AGENT_NOT_FOUND = 'Agent not found';

/** Field errors from a zod result, in the envelope's shape. */
function zodFields(err: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const i of err.issues) {
    const k = i.path.join('.') || '_';
    (out[k] ??= []).push(i.message);
  }
  return out;
}
function parseOr400<T extends z.ZodType>(schema: T, v: unknown): z.output<T> {
  const r = schema.safeParse(v);
  if (!r.success) {
    const errors = zodFields(r.error);
    throw badRequest(Object.values(errors)[0][0], errors);
  }
  return r.data;
}

// ---------------------------------------------------------------- customers

type CustomerRow = typeof inflowCustomers.$inferSelect;
const customerColumns = {
  id: inflowCustomers.id,
  name: inflowCustomers.name,
  email: inflowCustomers.email,
  phoneNumber: inflowCustomers.phoneNumber,
  createdAt: inflowCustomers.createdAt,
};
export const customerDto = (r: Pick<CustomerRow, keyof typeof customerColumns>): Customer => ({
  id: r.id,
  name: r.name,
  email: r.email,
  phoneNumber: r.phoneNumber,
  createdAt: r.createdAt.toISOString(),
});
const CUSTOMER_LIST = {
  columns: customerColumns,
  where: and(
    eq(inflowCustomers.accountId, P('accountId')),
    sql`(${P('like')}::text is null or ${inflowCustomers.name} ilike ${P('like')} or ${inflowCustomers.email} ilike ${P('like')} or ${inflowCustomers.phoneNumber} ilike ${P('like')})`,
  )!,
  orderBy: [desc(inflowCustomers.createdAt), desc(inflowCustomers.id)],
};
const customersPage = preparedPage('inflow_customers', inflowCustomers, CUSTOMER_LIST);
const customersCsvRows = preparedCsv('inflow_customers', inflowCustomers, CUSTOMER_LIST);
export const CUSTOMER_CSV = [
  { header: 'Name', value: (c: Customer) => c.name },
  { header: 'Email', value: (c: Customer) => c.email },
  { header: 'Phone', value: (c: Customer) => c.phoneNumber },
  { header: 'Created', value: (c: Customer) => c.createdAt },
];
type ListQ = { page: number; limit: number; search?: string };
export async function listCustomers(db: Db, accountId: string, q: ListQ) {
  const { rows, total } = await customersPage(db, { accountId, like: likeOf(q.search) }, q);
  return { items: rows.map(customerDto), total };
}
export const customersCsv = (db: Db, accountId: string, q: ListQ) =>
  customersCsvRows(db, { accountId, like: likeOf(q.search) }, customerDto, CUSTOMER_CSV);

export async function createCustomer(db: DbOrTx, accountId: string, b: CustomerInput) {
  const [row] = await db
    .insert(inflowCustomers)
    .values({ accountId, name: b.name, email: b.email, phoneNumber: b.phoneNumber || null })
    .returning();
  return customerDto(row);
}
export async function updateCustomer(db: Db, accountId: string, id: string, b: CustomerInput) {
  const [row] = await db
    .update(inflowCustomers)
    .set({ name: b.name, email: b.email, phoneNumber: b.phoneNumber || null, updatedAt: new Date() })
    .where(and(eq(inflowCustomers.id, id), eq(inflowCustomers.accountId, accountId)))
    .returning();
  if (!row) throw nf(INFLOW_MSG.customerNotFound);
  return customerDto(row);
}
export async function getCustomer(db: Db, accountId: string, id: string) {
  const [row] = await db
    .select()
    .from(inflowCustomers)
    .where(and(eq(inflowCustomers.id, id), eq(inflowCustomers.accountId, accountId)));
  if (!row) throw nf(INFLOW_MSG.customerNotFound);
  const inv = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.accountId, accountId), eq(invoices.customerId, id)))
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .limit(100);
  const done = await completedIds(db, inv);
  return { ...customerDto(row), invoices: inv.map((r) => invoiceDto(r, done)) };
}

// ---------------------------------------------------------------- partners

type PartnerRow = typeof inflowPartners.$inferSelect;
export const partnerDto = (r: PartnerRow): Partner => ({
  id: r.id,
  customerName: r.customerName,
  customerEmail: r.customerEmail,
  bankCode: r.bankCode,
  bankName: r.bankName,
  accountNumber: r.accountNumber,
  accountName: r.accountName,
  percentage: bpToPercent(r.percentageBp),
  cap: fromMinor(r.capMinor),
  capMinor: r.capMinor,
  createdAt: r.createdAt.toISOString(),
});
const PARTNER_LIST = {
  columns: {
    id: inflowPartners.id,
    accountId: inflowPartners.accountId,
    customerName: inflowPartners.customerName,
    customerEmail: inflowPartners.customerEmail,
    bankCode: inflowPartners.bankCode,
    bankName: inflowPartners.bankName,
    accountNumber: inflowPartners.accountNumber,
    accountName: inflowPartners.accountName,
    percentageBp: inflowPartners.percentageBp,
    capMinor: inflowPartners.capMinor,
    deletedAt: inflowPartners.deletedAt,
    createdAt: inflowPartners.createdAt,
  },
  where: and(
    eq(inflowPartners.accountId, P('accountId')),
    isNull(inflowPartners.deletedAt),
    sql`(${P('like')}::text is null or ${inflowPartners.customerName} ilike ${P('like')} or ${inflowPartners.accountNumber} ilike ${P('like')})`,
  )!,
  orderBy: [desc(inflowPartners.createdAt), desc(inflowPartners.id)],
};
const partnersPage = preparedPage('inflow_partners', inflowPartners, PARTNER_LIST);
const partnersCsvRows = preparedCsv('inflow_partners', inflowPartners, PARTNER_LIST);
export const PARTNER_CSV = [
  { header: 'Name', value: (p: Partner) => p.customerName },
  { header: 'Email', value: (p: Partner) => p.customerEmail },
  { header: 'Bank', value: (p: Partner) => p.bankName },
  { header: 'Account number', value: (p: Partner) => p.accountNumber },
  { header: 'Account name', value: (p: Partner) => p.accountName },
  { header: 'Share (%)', value: (p: Partner) => p.percentage },
  { header: 'Cap', value: (p: Partner) => (p.capMinor ? p.cap : '-') },
];
export async function listPartners(db: Db, accountId: string, q: ListQ) {
  const { rows, total } = await partnersPage(db, { accountId, like: likeOf(q.search) }, q);
  return { items: rows.map(partnerDto), total };
}
export const partnersCsv = (db: Db, accountId: string, q: ListQ) =>
  partnersCsvRows(db, { accountId, like: likeOf(q.search) }, partnerDto, PARTNER_CSV);

/** NUBAN check and name resolution through the rails, before any transaction (002 §5 Partner). */
async function verifiedBank(deps: AppDeps, b: PartnerInput) {
  const { accountName, bank } = await resolveAccountName(deps, {
    accountNumber: b.accountNumber,
    bankCode: b.bankCode,
  });
  if (!bank) throw badRequest(UNKNOWN_BANK, { bankCode: [UNKNOWN_BANK] });
  if (!accountName) throw badRequest(ACCOUNT_NOT_VERIFIED, { accountNumber: [ACCOUNT_NOT_VERIFIED] });
  return { bankName: bank.name, accountName };
}
export async function createPartner(deps: AppDeps, accountId: string, b: PartnerInput) {
  const v = await verifiedBank(deps, b);
  const [row] = await deps.db
    .insert(inflowPartners)
    .values({
      accountId,
      customerName: b.customerName,
      customerEmail: b.customerEmail,
      bankCode: b.bankCode,
      bankName: v.bankName,
      accountNumber: b.accountNumber,
      accountName: v.accountName,
      percentageBp: b.percentage,
      capMinor: b.cap,
    })
    .returning();
  return partnerDto(row);
}
async function partnerRow(db: DbOrTx, accountId: string, id: string) {
  const [row] = await db
    .select()
    .from(inflowPartners)
    .where(
      and(
        eq(inflowPartners.id, id),
        eq(inflowPartners.accountId, accountId),
        isNull(inflowPartners.deletedAt),
      ),
    );
  if (!row) throw nf(INFLOW_MSG.partnerUnknown);
  return row;
}
/** The partner's settlement bank account for the audit log (number masked). */
export const partnerBank = (r: typeof inflowPartners.$inferSelect) => maskedBank(r);

export async function updatePartner(
  deps: AppDeps,
  accountId: string,
  id: string,
  b: PartnerInput,
  /** Given the bank account before and after (masked) when it changed: the route's audit row. */
  onBankChange?: (before: unknown, after: unknown) => void,
) {
  const before = await partnerRow(deps.db, accountId, id);
  const v = await verifiedBank(deps, b);
  const [row] = await deps.db
    .update(inflowPartners)
    .set({
      customerName: b.customerName,
      customerEmail: b.customerEmail,
      bankCode: b.bankCode,
      bankName: v.bankName,
      accountNumber: b.accountNumber,
      accountName: v.accountName,
      percentageBp: b.percentage,
      capMinor: b.cap,
    })
    .where(and(eq(inflowPartners.id, id), eq(inflowPartners.accountId, accountId)))
    .returning();
  const [was, now] = [partnerBank(before), partnerBank(row)];
  if (JSON.stringify(was) !== JSON.stringify(now)) onBankChange?.({ bank: was }, { bank: now });
  return partnerDto(row);
}
/** Soft delete: settlements already made keep their partner; new invoices cannot pick it. */
export async function deletePartner(db: Db, accountId: string, id: string) {
  await partnerRow(db, accountId, id);
  await db
    .update(inflowPartners)
    .set({ deletedAt: new Date() })
    .where(and(eq(inflowPartners.id, id), eq(inflowPartners.accountId, accountId)));
}
export async function getPartner(db: Db, accountId: string, id: string) {
  const row = await partnerRow(db, accountId, id);
  const sums = await db.execute<{ total: string; received: string }>(sql`
    select coalesce(sum(s.amount_minor), 0) as total,
           coalesce(sum(s.amount_minor) filter (where t.status = 'success'), 0) as received
    from invoice_settlements s left join transactions t on t.id = s.transaction_id
    where s.partner_id = ${id}::uuid and s.account_id = ${accountId}::uuid and s.status <> 'cancelled'`);
  const total = Number(sums.rows[0]?.total ?? 0);
  const received = Number(sums.rows[0]?.received ?? 0);
  return {
    ...partnerDto(row),
    totalValue: fromMinor(total),
    totalValueMinor: total,
    recievedValue: fromMinor(received),
    recievedValueMinor: received,
    pendingValue: fromMinor(total - received),
    pendingValueMinor: total - received,
  };
}

/** GET /inflows/partners/{id}/transactions (10 a page): the partner's settlements, searchable. */
export async function listPartnerTransactions(
  db: Db,
  p: { accountId: string; id: string; page: number; limit: number; search?: string },
) {
  await partnerRow(db, p.accountId, p.id);
  const like = likeOf(p.search);
  const res = await db.execute<{
    id: string;
    invoice_id: string;
    reference: string;
    account_number: string;
    amount_minor: string;
    percentage_bp: number;
    created_at: Date | string;
    status: string;
    total: string;
  }>(sql`
    select s.id, s.invoice_id, i.reference, pa.account_number, s.amount_minor, s.percentage_bp, s.created_at,
      case when s.status = 'cancelled' then 'cancelled' when s.transaction_id is null then s.status
           when t.status = 'success' then 'paid' when t.status in ('failed','reversed') then 'failed' else 'pending' end as status,
      count(*) over () as total
    from invoice_settlements s join invoices i on i.id = s.invoice_id join inflow_partners pa on pa.id = s.partner_id
      left join transactions t on t.id = s.transaction_id
    where s.account_id = ${p.accountId}::uuid and s.partner_id = ${p.id}::uuid
      and (${like}::text is null or i.reference ilike ${like} or i.customer_name ilike ${like})
    order by s.created_at desc, s.id desc limit ${p.limit} offset ${(p.page - 1) * p.limit}`);
  return {
    items: res.rows.map((r) => ({
      id: r.id,
      invoiceId: r.invoice_id,
      invoiceReference: r.reference,
      accountNumber: r.account_number,
      amount: fromMinor(Number(r.amount_minor)),
      amountMinor: Number(r.amount_minor),
      percentage: bpToPercent(Number(r.percentage_bp)),
      status: r.status,
      createdAt: new Date(r.created_at).toISOString(),
    })),
    total: res.rows.length ? Number(res.rows[0].total) : 0,
  };
}

// ---------------------------------------------------------------- invoices: reading

type InvoiceRow = typeof invoices.$inferSelect;

/** Effective settlement status: stored until a payout exists, then read from the money core. */
export const settlementStatusSql = sql<string>`case
  when ${invoiceSettlements.status} = 'cancelled' then 'cancelled'
  when ${invoiceSettlements.transactionId} is null then ${invoiceSettlements.status}
  when ${transactions.status} = 'success' then 'paid'
  when ${transactions.status} in ('failed', 'reversed') then 'failed'
  else 'pending' end`;

/** Of these fullyPaid invoices, the ones whose every settlement is paid (status `completed`). */
async function completedIds(db: DbOrTx, rows: Pick<InvoiceRow, 'id' | 'status'>[]): Promise<Set<string>> {
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

export async function getInvoice(
  deps: AppDeps,
  p: { accountId: string; id: string; viewerId: string },
): Promise<InvoiceDetail> {
  const { db } = deps;
  const r = await invoiceRow(db, p.accountId, p.id);
  const [inst, sets, refunds, partners, done] = await Promise.all([
    db
      .select()
      .from(invoiceInstallments)
      .where(eq(invoiceInstallments.invoiceId, r.id))
      .orderBy(asc(invoiceInstallments.seq)),
    db
      .select({
        s: invoiceSettlements,
        status: settlementStatusSql,
        failure: transactions.failureReason,
        partnerName: inflowPartners.customerName,
        accountNumber: inflowPartners.accountNumber,
      })
      .from(invoiceSettlements)
      .innerJoin(inflowPartners, eq(inflowPartners.id, invoiceSettlements.partnerId))
      .leftJoin(transactions, eq(transactions.id, invoiceSettlements.transactionId))
      .where(eq(invoiceSettlements.invoiceId, r.id))
      .orderBy(asc(invoiceSettlements.createdAt), asc(invoiceSettlements.id)),
    db
      .select({ x: invoiceCollectionRefunds, txStatus: transactions.status })
      .from(invoiceCollectionRefunds)
      .leftJoin(transactions, eq(transactions.id, invoiceCollectionRefunds.transactionId))
      .where(eq(invoiceCollectionRefunds.invoiceId, r.id))
      .orderBy(asc(invoiceCollectionRefunds.createdAt)),
    r.partnerIds.length
      ? db
          .select()
          .from(inflowPartners)
          .where(and(eq(inflowPartners.accountId, r.accountId), inArray(inflowPartners.id, r.partnerIds)))
      : Promise.resolve([] as PartnerRow[]),
    completedIds(db, [r]),
  ]);
  return {
    ...invoiceDto(r, done),
    products: r.products.map((l) => ({
      name: l.name,
      price: fromMinor(l.priceMinor),
      priceMinor: l.priceMinor,
      quantity: l.quantity,
      amount: fromMinor(l.amountMinor),
      amountMinor: l.amountMinor,
    })),
    partners: partners.map((x) => ({
      id: x.id,
      customerName: x.customerName,
      percentage: bpToPercent(x.percentageBp),
    })),
    invoiceInstallments: inst.map((i) => ({
      id: i.id,
      name: i.name,
      percentage: bpToPercent(i.percentageBp),
      amount: fromMinor(i.amountMinor),
      amountMinor: i.amountMinor,
      amountPaid: fromMinor(i.amountPaidMinor),
      amountPaidMinor: i.amountPaidMinor,
      dueDate: i.dueDate,
      status: i.status as 'pending',
    })),
    invoiceSettlements: sets.map(({ s, status, failure, partnerName, accountNumber }) => ({
      id: s.id,
      partnerId: s.partnerId,
      customerName: partnerName,
      accountNumber,
      percentage: bpToPercent(s.percentageBp),
      amount: fromMinor(s.amountMinor),
      amountMinor: s.amountMinor,
      capped: s.capped,
      fee: fromMinor(s.feeMinor),
      feeMinor: s.feeMinor,
      status: status as 'pending',
      failureReason: s.failureReason ?? failure ?? null,
      createdAt: s.createdAt.toISOString(),
    })),
    invoiceCollectionRefunds: refunds.map(({ x, txStatus }) => ({
      id: x.id,
      invoiceId: x.invoiceId,
      accountName: x.accountName,
      accountNumber: x.accountNumber,
      bankName: x.bankName,
      refundableAmount: fromMinor(x.refundableAmountMinor),
      refundableAmountMinor: x.refundableAmountMinor,
      status: (x.status === 'cancelled'
        ? 'cancelled'
        : txStatus === 'success'
          ? 'success'
          : 'pending') as 'pending',
      processing: !!txStatus && !['success', 'failed', 'reversed'].includes(txStatus),
      createdAt: x.createdAt.toISOString(),
    })),
    collectionAccount:
      r.vaNumber && r.vaBankName
        ? { accountNumber: r.vaNumber, bankName: r.vaBankName, accountName: r.vaAccountName ?? '' }
        : null,
    payLink: r.approvalStatus === 'approved' ? payLinkOf(deps, r) : null,
    approvalWorkflowPendingApprovalItem:
      r.status === 'draft'
        ? null
        : await approvalOf(db, {
            accountId: r.accountId,
            type: 'invoice',
            resourceId: r.id,
            viewerId: p.viewerId,
          }),
  };
}

// ---------------------------------------------------------------- invoices: the wizard

/** 002 §5 discount rules on the server. Returns the discount in kobo and its stored value. */
export function checkDiscount(
  initialMinor: number,
  discount: unknown,
  type: 'fixed' | 'percentage' | null | undefined,
): { type: 'fixed' | 'percentage' | null; value: number; minor: number } {
  const given =
    (typeof discount === 'number' && Number.isFinite(discount)) ||
    (typeof discount === 'string' && discount.trim() !== '');
  if (!given && !type) return { type: null, value: 0, minor: 0 };
  if (!given) throw badRequest(INFLOW_MSG.discountAmount, { discount: [INFLOW_MSG.discountAmount] });
  if (!type) throw badRequest(INFLOW_MSG.discountType, { discountType: [INFLOW_MSG.discountType] });
  if (type === 'percentage') {
    const bp = percentToBp(INFLOW_MSG.discountPercent).safeParse(discount);
    if (!bp.success || bp.data >= 10_000)
      throw badRequest(INFLOW_MSG.discountPercent, { discount: [INFLOW_MSG.discountPercent] });
    return { type, value: bp.data, minor: discountMinorOf(initialMinor, type, bp.data) };
  }
  const k = nairaToKobo(INFLOW_MSG.discountFixed).safeParse(discount);
  if (!k.success || k.data >= initialMinor)
    throw badRequest(INFLOW_MSG.discountFixed, { discount: [INFLOW_MSG.discountFixed] });
  return { type, value: k.data, minor: k.data };
}

const MAX_INVOICE_MINOR = 100_000_000_000_000;
function lagosToday(now = new Date()): string {
  return new Date(now.getTime() + 3600_000).toISOString().slice(0, 10); // WAT = UTC+1, no DST
}

/** Step 2 rules (002 §5): terms present, names and dates, no past date, sum exactly 100, equal split. */
export function planTerms(
  totalMinor: number,
  s: z.output<typeof invoiceStep2>,
  today = lagosToday(),
): { name: string; bp: number; amountMinor: number; dueDate: string | null }[] {
  const terms =
    s.paymentOption === 'one-time'
      ? [
          {
            name: s.terms?.[0]?.name ?? 'Full payment',
            percentage: 100,
            dueDate: s.terms?.[0]?.dueDate ?? '',
          },
        ]
      : (s.terms ?? []);
  if (s.paymentOption === 'installments' && terms.length < 1)
    throw badRequest(INFLOW_MSG.termsRequired, { terms: [INFLOW_MSG.termsRequired] });
  const errors: Record<string, string[]> = {};
  terms.forEach((t, i) => {
    const d = t.dueDate;
    if (s.paymentOption === 'installments' || d) {
      if (!d || !/^\d{4}-\d{2}-\d{2}/.test(d) || Number.isNaN(Date.parse(d.slice(0, 10))))
        errors[`terms.${i}.dueDate`] = [INFLOW_MSG.termDueDate];
      else if (d.slice(0, 10) < today) errors[`terms.${i}.dueDate`] = [INFLOW_MSG.termPastDate];
    }
  });
  if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0][0], errors);
  const given = terms.filter(
    (t) => t.percentage !== undefined && t.percentage !== null && t.percentage !== '',
  );
  let bps: number[];
  if (given.length === 0) bps = equalSplit(terms.length).map((p) => p * 100);
  else {
    bps = terms.map((t, i) => {
      const r = percentToBp(INFLOW_MSG.termsTotal).safeParse(t.percentage ?? '');
      if (!r.success)
        throw badRequest(INFLOW_MSG.termsTotal, { [`terms.${i}.percentage`]: [INFLOW_MSG.termsTotal] });
      return r.data;
    });
    const sum = bps.reduce((a, b) => a + b, 0);
    if (sum > 10_000) throw badRequest(INFLOW_MSG.termsOver, { terms: [INFLOW_MSG.termsOver] });
    if (sum !== 10_000 || bps.some((b) => b <= 0))
      throw badRequest(INFLOW_MSG.termsTotal, { terms: [INFLOW_MSG.termsTotal] });
  }
  const amounts = splitAmount(totalMinor, bps);
  return terms.map((t, i) => ({
    name: t.name,
    bp: bps[i],
    amountMinor: amounts[i],
    dueDate: t.dueDate ? t.dueDate.slice(0, 10) : null,
  }));
}

const newInvoiceRef = () => `inv-${randomBytes(6).toString('hex')}`;
const editable = (r: InvoiceRow) => r.status === 'draft' || r.approvalStatus === 'rejected';

export async function invoiceStep(
  deps: AppDeps,
  p: { accountId: string; userId: string; step: 1 | 2 | 3; payload: unknown },
): Promise<{ id: string; message: string; afterCommit: AfterCommit }> {
  const { db } = deps;
  if (p.step === 1) {
    const s = parseOr400(invoiceStep1, p.payload);
    const [cust] = await db
      .select()
      .from(inflowCustomers)
      .where(and(eq(inflowCustomers.id, s.customerId), eq(inflowCustomers.accountId, p.accountId)));
    if (!cust) throw badRequest(INFLOW_MSG.customerNotFound, { customerId: [INFLOW_MSG.customerNotFound] });
    const lines: InvoiceLine[] = s.products.map((l) => ({
      name: l.name,
      priceMinor: l.price,
      quantity: l.quantity,
      amountMinor: l.price * l.quantity,
    }));
    const initial = lines.reduce((a, l) => a + l.amountMinor, 0);
    if (!Number.isSafeInteger(initial) || initial > MAX_INVOICE_MINOR)
      throw badRequest('Amount is too large', { products: ['Amount is too large'] });
    if (initial < 100) throw badRequest(INFLOW_MSG.amountMin, { products: [INFLOW_MSG.amountMin] });
    const d = checkDiscount(initial, s.discount, s.discountType);
    const amount = initial - d.minor;
    if (amount < 100) throw badRequest(INFLOW_MSG.amountMin, { discount: [INFLOW_MSG.amountMin] });
    const partnerIds = [...new Set(s.partners)];
    if (partnerIds.length) {
      const found = await db
        .select({ id: inflowPartners.id })
        .from(inflowPartners)
        .where(
          and(
            eq(inflowPartners.accountId, p.accountId),
            inArray(inflowPartners.id, partnerIds),
            isNull(inflowPartners.deletedAt),
          ),
        );
      if (found.length !== partnerIds.length)
        throw badRequest(INFLOW_MSG.partnerUnknown, { partners: [INFLOW_MSG.partnerUnknown] });
    }
    const [maker] = await db
      .select({ first: users.firstName, last: users.lastName })
      .from(users)
      .where(eq(users.id, p.userId));
    // The commission's agent (issue 24 §5): the maker when they hold the agent role (an agent
    // cannot name another), else the named agentId, which must be an active agent of this account.
    const agents = await db
      .select({ userId: accountMembers.userId })
      .from(accountMembers)
      .where(
        and(
          eq(accountMembers.accountId, p.accountId),
          eq(accountMembers.active, true),
          eq(accountMembers.roleSlug, 'agent'),
          inArray(accountMembers.userId, s.agentId ? [p.userId, s.agentId] : [p.userId]),
        ),
      );
    const agentIds = new Set(agents.map((a) => a.userId));
    let agentId: string | null = null;
    if (agentIds.has(p.userId)) agentId = p.userId;
    else if (s.agentId) {
      if (!agentIds.has(s.agentId)) throw badRequest(AGENT_NOT_FOUND, { agentId: [AGENT_NOT_FOUND] });
      agentId = s.agentId;
    }
    const values = {
      customerId: cust.id,
      customerName: cust.name,
      customerEmail: cust.email,
      agentId,
      products: lines,
      initialAmountMinor: initial,
      discountType: d.type,
      discountValue: d.value,
      discountMinor: d.minor,
      amountMinor: amount,
      settlementStrategy: s.settlementStrategy,
      partnerIds,
      updatedAt: new Date(),
    };
    if (s.invoiceId) {
      return db.transaction(async (tx) => {
        const r = await invoiceRow(tx, p.accountId, s.invoiceId!, true);
        if (!editable(r)) throw conflict(INFLOW_MSG.invoiceNotEditable);
        // A changed total voids the planned terms: the user plans them again at step 2.
        const changed = r.amountMinor !== amount;
        await tx
          .update(invoices)
          .set({ ...values, ...(changed ? { paymentOption: null } : {}) })
          .where(eq(invoices.id, r.id));
        if (changed) await tx.delete(invoiceInstallments).where(eq(invoiceInstallments.invoiceId, r.id));
        return { id: r.id, message: INFLOW_MSG.invoiceSaved, afterCommit: [] };
      });
    }
    const [row] = await db
      .insert(invoices)
      .values({
        ...values,
        accountId: p.accountId,
        reference: newInvoiceRef(),
        makerUserId: p.userId,
        makerName: maker ? `${maker.first} ${maker.last}`.trim() : '',
      })
      .returning({ id: invoices.id });
    return { id: row.id, message: INFLOW_MSG.invoiceSaved, afterCommit: [] };
  }
  if (p.step === 2) {
    const s = parseOr400(invoiceStep2, p.payload);
    return db.transaction(async (tx) => {
      const r = await invoiceRow(tx, p.accountId, s.invoiceId, true);
      if (!editable(r)) throw conflict(INFLOW_MSG.invoiceNotEditable);
      const plan = planTerms(r.amountMinor, s);
      await tx.delete(invoiceInstallments).where(eq(invoiceInstallments.invoiceId, r.id));
      await tx.insert(invoiceInstallments).values(
        plan.map((t, i) => ({
          accountId: r.accountId,
          invoiceId: r.id,
          seq: i,
          name: t.name,
          percentageBp: t.bp,
          amountMinor: t.amountMinor,
          dueDate: t.dueDate,
        })),
      );
      await tx
        .update(invoices)
        .set({ paymentOption: s.paymentOption, updatedAt: new Date() })
        .where(eq(invoices.id, r.id));
      return { id: r.id, message: INFLOW_MSG.invoiceSaved, afterCommit: [] };
    });
  }
  const s = parseOr400(invoiceStep3, p.payload);
  const after: AfterCommit = [];
  const id = await db.transaction(async (tx) => {
    const r = await invoiceRow(tx, p.accountId, s.invoiceId, true);
    if (!editable(r)) throw conflict(INFLOW_MSG.invoiceNotEditable);
    const [n] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(invoiceInstallments)
      .where(eq(invoiceInstallments.invoiceId, r.id));
    if (!r.paymentOption || !n.n)
      throw badRequest(INFLOW_MSG.termsMissing, { terms: [INFLOW_MSG.termsMissing] });
    const wasRejected = r.approvalStatus === 'rejected';
    await tx
      .update(invoices)
      .set({ status: 'pending', approvalStatus: 'pending', updatedAt: new Date() })
      .where(eq(invoices.id, r.id));
    const args = {
      accountId: r.accountId,
      type: 'invoice' as const,
      resourceId: r.id,
      afterCommit: (fn: () => Promise<void> | void) => after.push(fn),
    };
    if (wasRejected)
      await resubmitForApproval(tx, deps, { ...args, userId: p.userId, comments: 'Invoice edited' });
    else await submitForApproval(tx, deps, args);
    return r.id;
  });
  return { id, message: INFLOW_MSG.invoiceSubmitted, afterCommit: after };
}

// ---------------------------------------------------------------- the approvable

export function registerInvoiceApprovals(deps: AppDeps, onApproved: (invoiceId: string) => Promise<void>) {
  registerApprovable(deps, {
    type: 'invoice',
    load: async (db, accountId, id) => {
      const [r] = await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.id, id), eq(invoices.accountId, accountId)));
      if (!r) return null;
      return {
        amountMinor: r.amountMinor,
        currency: 'NGN',
        payee: r.customerName,
        description: `Invoice ${r.reference} to ${r.customerName}`,
        categoryId: null,
        subsidiaryId: null,
        makerUserId: r.makerUserId,
        reference: r.reference,
      };
    },
    // No money moves on approval: the invoice gets its collection account (a provider call, so
    // after the commit; the sweep in collect.ts retries it).
    onFinalApproval: async ({ tx, item, afterCommit }) => {
      const [inv] = await tx
        .update(invoices)
        .set({ approvalStatus: 'approved', updatedAt: new Date() })
        .where(and(eq(invoices.id, item.resourceId), eq(invoices.accountId, item.accountId)))
        .returning();
      if (inv) await invoiceEvent(tx, inv, 'approved');
      if (inv) await issueInvoiceLink(tx, deps, inv);
      afterCommit(() => onApproved(item.resourceId));
    },
    onRejection: async ({ tx, item }) => {
      const [inv] = await tx
        .update(invoices)
        .set({ approvalStatus: 'rejected', updatedAt: new Date() })
        .where(and(eq(invoices.id, item.resourceId), eq(invoices.accountId, item.accountId)))
        .returning();
      if (inv) await invoiceEvent(tx, inv, 'rejected');
    },
    onResolve: async ({ tx, item }) => {
      await tx
        .update(invoices)
        .set({ approvalStatus: 'pending', updatedAt: new Date() })
        .where(and(eq(invoices.id, item.resourceId), eq(invoices.accountId, item.accountId)));
    },
  });
}
