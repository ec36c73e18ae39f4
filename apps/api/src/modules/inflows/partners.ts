// Receivables partners (issue 24, 002 §5 Partner): the people an invoice's collections are shared
// with. List, CSV, create and edit (bank account verified through the rails), soft delete, one
// partner with totals, and the partner's settlements.
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { bpToPercent, fromMinor, INFLOW_MSG, type Partner, type PartnerInput } from '@owo/contract';
import type { Db, DbOrTx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { badRequest } from '../../platform/errors';
import { preparedCsv } from '../../platform/csv';
import { preparedPage } from '../../platform/list';
import { ACCOUNT_NOT_VERIFIED, resolveAccountName, UNKNOWN_BANK } from '../banks';
import { maskedBank } from '../audit';
import { likeOf, nf, P, type ListQ } from './shared';
import { inflowPartners } from './tables';

export type PartnerRow = typeof inflowPartners.$inferSelect;
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
