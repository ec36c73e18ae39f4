// Inflow transactions (002 §3 Inflow transaction) and the per-invoice kobo equation (issue 24 §3):
// collected = partner shares + company share + fees + refunds, with each part tied to its own
// record (money-core deposits and payouts, refund rows, installments).
import { sql } from 'drizzle-orm';
import { fromMinor, type InflowTransaction } from '@owo/contract';
import type { Db, DbOrTx } from '../../platform/db';
import { escapeLike } from '../../platform/text';

type TxRow = {
  id: string;
  type: 'INFLOW' | 'REVERSAL' | 'SETTLEMENT';
  amount: string;
  status: string;
  reference: string;
  updated_at: Date | string;
  invoice_id: string;
  invoice_reference: string;
  recipient_name: string;
  recipient_email: string | null;
  receivable: string;
  to_reverse: string;
  to_disburse: string;
  fee: string;
  total: string;
};

function dto(r: TxRow): InflowTransaction {
  const n = (v: string) => Number(v);
  return {
    id: r.id,
    type: r.type,
    amount: fromMinor(n(r.amount)),
    amountMinor: n(r.amount),
    status: r.status,
    reference: r.reference,
    updatedAt: new Date(r.updated_at).toISOString(),
    itemData: {
      recipientName: r.recipient_name,
      recipientEmail: r.recipient_email,
      invoiceType: r.type,
      invoiceId: r.invoice_id,
      invoiceReference: r.invoice_reference,
      amountReceivable: fromMinor(n(r.receivable)),
      amountReceivableMinor: n(r.receivable),
      amountToReverse: fromMinor(n(r.to_reverse)),
      amountToReverseMinor: n(r.to_reverse),
      amountToDisburse: fromMinor(n(r.to_disburse)),
      amountToDisburseMinor: n(r.to_disburse),
      transactionFee: fromMinor(n(r.fee)),
      transactionFeeMinor: n(r.fee),
      feeBearer: 'Account',
    },
  };
}

/**
 * Every collection (INFLOW), partner settlement (SETTLEMENT) and overage refund (REVERSAL) of the
 * account, or of one invoice, newest first; the count rides on the page (one round trip).
 */
export async function listInflowTransactions(
  db: DbOrTx,
  p: { accountId: string; invoiceId: string | null; page: number; limit: number; search?: string },
): Promise<{ items: InflowTransaction[]; total: number }> {
  const inv = p.invoiceId;
  const like = p.search ? `%${escapeLike(p.search)}%` : null;
  const res = await db.execute<TxRow>(sql`
    with x as (
      select p.id, 'INFLOW' as type, p.amount_minor as amount, 'success' as status, t.reference,
             p.created_at as updated_at, i.id as invoice_id, i.reference as invoice_reference,
             p.sender_name as recipient_name, i.customer_email as recipient_email,
             p.applied_minor as receivable, p.overage_minor as to_reverse, 0::bigint as to_disburse, 0::bigint as fee
      from invoice_payments p join invoices i on i.id = p.invoice_id join transactions t on t.id = p.transaction_id
      where p.account_id = ${p.accountId}::uuid and (${inv}::uuid is null or p.invoice_id = ${inv}::uuid)
      union all
      select s.id, 'SETTLEMENT', s.amount_minor,
             case when s.status = 'cancelled' then 'cancelled' when s.transaction_id is null then s.status
                  when t.status = 'success' then 'paid' when t.status in ('failed','reversed') then 'failed' else 'pending' end,
             coalesce(t.reference, ''), coalesce(t.updated_at, s.created_at), i.id, i.reference,
             pa.customer_name, pa.customer_email, 0, 0, s.amount_minor, s.fee_minor
      from invoice_settlements s join invoices i on i.id = s.invoice_id join inflow_partners pa on pa.id = s.partner_id
           left join transactions t on t.id = s.transaction_id
      where s.account_id = ${p.accountId}::uuid and (${inv}::uuid is null or s.invoice_id = ${inv}::uuid)
      union all
      select r.id, 'REVERSAL', r.refundable_amount_minor,
             case when r.status = 'cancelled' then 'cancelled' when t.status = 'success' then 'success' else 'pending' end,
             coalesce(t.reference, ''), coalesce(t.updated_at, r.created_at), i.id, i.reference,
             r.account_name, null, 0, r.refundable_amount_minor, 0,
             case when t.status in ('failed', 'reversed') then 0 else r.fee_minor end
      from invoice_collection_refunds r join invoices i on i.id = r.invoice_id
           left join transactions t on t.id = r.transaction_id
      where r.account_id = ${p.accountId}::uuid and (${inv}::uuid is null or r.invoice_id = ${inv}::uuid)
    )
    select x.*, count(*) over () as total from x
    where (${like}::text is null or x.recipient_name ilike ${like} or x.invoice_reference ilike ${like}
           or x.reference ilike ${like} or (x.amount / 100)::text = ${p.search ?? null})
    order by updated_at desc, id desc limit ${p.limit} offset ${(p.page - 1) * p.limit}`);
  return { items: res.rows.map(dto), total: res.rows.length ? Number(res.rows[0].total) : 0 };
}

export type InvoiceBooks = {
  invoiceId: string;
  reference: string;
  collectedMinor: number;
  partnerSharesMinor: number;
  companyShareMinor: number;
  feesMinor: number;
  refundsMinor: number;
  problems: string[];
};

/**
 * The kobo equation per invoice. Collected is read from the money core's deposit transactions,
 * refunds from the refund rows, partner shares and fees from the settlement rows checked against
 * their payout transactions; the company's share is what the installments took less those. Each
 * cross-check that fails is named in `problems`. `invoice`: one id or several (the simulator's recently
 * touched invoices, in one query); none: every invoice.
 */
export async function verifyInvoiceBooks(db: Db, invoice?: string | string[]): Promise<InvoiceBooks[]> {
  const ids = invoice === undefined ? null : Array.isArray(invoice) ? invoice : [invoice];
  if (ids && !ids.length) return [];
  const res = await db.execute<{
    id: string;
    reference: string;
    amount_minor: string;
    amount_paid_minor: string;
    collected_ledger: string;
    collected: string;
    applied: string;
    overage: string;
    bad_payments: string;
    refunds: string;
    installments_paid: string;
    shares: string;
    fees: string;
    bad_payouts: string;
    over_cap: string;
  }>(sql`
    select i.id, i.reference, i.amount_minor, i.amount_paid_minor,
      (select coalesce(sum(t.amount), 0) from invoice_payments p join transactions t on t.id = p.transaction_id
        where p.invoice_id = i.id and t.type = 'deposit' and t.status = 'success') as collected_ledger,
      (select coalesce(sum(amount_minor), 0) from invoice_payments where invoice_id = i.id) as collected,
      (select coalesce(sum(applied_minor), 0) from invoice_payments where invoice_id = i.id) as applied,
      (select coalesce(sum(overage_minor), 0) from invoice_payments where invoice_id = i.id) as overage,
      (select count(*) from invoice_payments where invoice_id = i.id
        and (applied_minor + overage_minor <> amount_minor or applied_minor < 0 or overage_minor < 0)) as bad_payments,
      (select coalesce(sum(refundable_amount_minor), 0) from invoice_collection_refunds
        where invoice_id = i.id and status <> 'cancelled') as refunds,
      (select coalesce(sum(amount_paid_minor), 0) from invoice_installments where invoice_id = i.id) as installments_paid,
      (select coalesce(sum(amount_minor), 0) from invoice_settlements where invoice_id = i.id and status <> 'cancelled') as shares,
      (select coalesce(sum(t.fee), 0) from invoice_settlements s join transactions t on t.id = s.transaction_id
        where s.invoice_id = i.id and s.status <> 'cancelled' and t.status not in ('failed', 'reversed'))
      + (select coalesce(sum(t.fee), 0) from invoice_collection_refunds r join transactions t on t.id = r.transaction_id
        where r.invoice_id = i.id and t.status not in ('failed', 'reversed')) as fees,
      (select count(*) from invoice_settlements s join transactions t on t.id = s.transaction_id
        where s.invoice_id = i.id and (t.amount <> s.amount_minor or t.fee <> s.fee_minor
          or t.source_type <> 'invoice-settlement' or t.source_id <> s.id::text)) as bad_payouts,
      (select count(*) from (select s.partner_id, sum(s.amount_minor) as total, max(pa.cap_minor) as cap
          from invoice_settlements s join inflow_partners pa on pa.id = s.partner_id
          where s.invoice_id = i.id and s.status <> 'cancelled' group by s.partner_id) c
        where c.cap > 0 and c.total > c.cap) as over_cap
    from invoices i
    where i.status <> 'draft' and (${ids === null} or i.id in (select unnest(${`{${(ids ?? []).join(',')}}`}::uuid[])))`);
  return res.rows.map((r) => {
    const n = (k: keyof typeof r) => Number(r[k]);
    const problems: string[] = [];
    if (n('collected') !== n('collected_ledger'))
      problems.push(`collected ${n('collected')} but the money core credited ${n('collected_ledger')}`);
    if (n('bad_payments')) problems.push(`${n('bad_payments')} payment(s) where applied + overage <> amount`);
    if (n('refunds') !== n('overage'))
      problems.push(`refund rows ${n('refunds')} <> overage ${n('overage')}`);
    if (n('installments_paid') !== n('applied') || n('amount_paid_minor') !== n('applied'))
      problems.push(
        `installments took ${n('installments_paid')}, invoice says ${n('amount_paid_minor')}, payments applied ${n('applied')}`,
      );
    if (n('applied') > n('amount_minor')) problems.push('more applied than the invoice total');
    if (n('bad_payouts'))
      problems.push(`${n('bad_payouts')} settlement(s) differ from their payout transaction`);
    if (n('over_cap')) problems.push(`${n('over_cap')} partner(s) over their cap`);
    const company = n('applied') - n('shares') - n('fees');
    const collected = n('collected_ledger');
    if (collected !== n('shares') + company + n('fees') + n('refunds'))
      problems.push('collected <> partner shares + company share + fees + refunds');
    return {
      invoiceId: r.id,
      reference: r.reference,
      collectedMinor: collected,
      partnerSharesMinor: n('shares'),
      companyShareMinor: company,
      feesMinor: n('fees'),
      refundsMinor: n('refunds'),
      problems,
    };
  });
}
