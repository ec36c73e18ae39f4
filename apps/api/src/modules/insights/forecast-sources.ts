// The forecast's sources (issue 39 §2): each area's own schedule read from its tables, one query per
// source, run together. Recurring series are expanded in Node (forecast.ts) from these rows.
import { sql, type SQL } from 'drizzle-orm';
import { LINE } from '@owo/contract';
import type { DbOrTx } from '../../platform/db';
import { m } from './window';

export type ForecastScope = {
  accountId: string;
  currency: string;
  subsidiaryId: string | null;
  /** Today (Lagos) and the end of the window (exclusive), YYYY-MM-DD. */
  today: string;
  end: string;
};

/** A subsidiary filter on a table with `subsidiary_id`; areas without one are left out when scoped. */
const sub = (s: ForecastScope, col: SQL) =>
  s.subsidiaryId ? sql`and ${col} = ${s.subsidiaryId}::uuid` : sql``;
const unscoped = (s: ForecastScope) => (s.subsidiaryId ? sql`and false` : sql``);

export type PayoutRow = {
  id: string;
  reference: string;
  status: string;
  date: string | null;
  amount: number;
  payee: string;
};
/** Scheduled payouts (their date) and approved payouts not yet paid (today). */
export async function payoutRows(db: DbOrTx, s: ForecastScope): Promise<PayoutRow[]> {
  const r = await db.execute(sql`
    select p.id, p.reference, p.status, p.scheduled_date::text as date, (p.amount_minor + p.fee_minor)::bigint as amount,
      coalesce(v.name, '') as payee
    from payouts p left join payees v on v.id = p.payee_id
    where p.account_id = ${s.accountId} and p.currency = ${s.currency} and p.status in ('scheduled', 'approved')
      and p.transaction_id is null and (p.scheduled_date is null or p.scheduled_date < ${s.end}::date)
      ${sub(s, sql`p.subsidiary_id`)}`);
  return (r.rows as PayoutRow[]).map((x) => ({ ...x, amount: m(x.amount) }));
}

export type RecurrenceRow = {
  id: string;
  payoutId: string;
  reference: string;
  frequency: 'weekly' | 'monthly';
  startDate: string;
  endDate: string | null;
  occurrences: number;
  amount: number;
  payee: string;
};
/** Active recurring payouts whose first payout is not cancelled or rejected. */
export async function recurrenceRows(db: DbOrTx, s: ForecastScope): Promise<RecurrenceRow[]> {
  const r = await db.execute(sql`
    select r.id, r.payout_id as "payoutId", p.reference, r.frequency, r.start_date::text as "startDate",
      r.end_date::text as "endDate", r.occurrences, (p.amount_minor + p.fee_minor)::bigint as amount,
      coalesce(v.name, '') as payee
    from payout_recurrences r join payouts p on p.id = r.payout_id and p.account_id = r.account_id
    left join payees v on v.id = p.payee_id
    where r.account_id = ${s.accountId} and r.status = 'active' and p.currency = ${s.currency}
      and p.status not in ('cancelled', 'rejected') and r.next_date < ${s.end}::date
      ${sub(s, sql`p.subsidiary_id`)}`);
  return (r.rows as RecurrenceRow[]).map((x) => ({ ...x, amount: m(x.amount) }));
}

export type BillRow = { id: string; date: string; amount: number; vendor: string; invoice: string };
/**
 * Bills with an amount and a due date not yet paid or on their way: unsent (received, drafts) or
 * sent with the payout awaiting approval. Once the payout is approved or scheduled it is that payout.
 * A bill is paid in naira; an unsent bill has no subsidiary.
 */
export async function billRows(db: DbOrTx, s: ForecastScope): Promise<BillRow[]> {
  // Two parts, each on a partial index: the unsent bills, and the payouts awaiting approval that pay a bill.
  const open = sql`q.amount_minor is not null and q.due_date is not null and q.due_date < ${s.end}::date`;
  const cols = sql`q.id, q.due_date::text as date, q.amount_minor as amount,
      coalesce(v.name, q.account_name, q.email) as vendor, coalesce(q.invoice_number, '') as invoice`;
  const r = await db.execute(sql`
    select ${cols} from payout_quotes q left join payees v on v.id = q.payee_id
    where q.account_id = ${s.accountId} and q.status in ('draft', 'submitted') and ${open}
      and ${s.currency} = 'NGN' ${unscoped(s)}
    union all
    select ${cols} from payouts p join payout_quotes q on q.payout_id = p.id and q.account_id = p.account_id
    left join payees v on v.id = q.payee_id
    where p.account_id = ${s.accountId} and p.status = 'pending' and p.currency = ${s.currency} and q.status = 'sent'
      and ${open} ${sub(s, sql`p.subsidiary_id`)}`);
  return (r.rows as BillRow[]).map((x) => ({ ...x, amount: m(x.amount) }));
}

export type PayrollRow = {
  id: string;
  reference: string;
  name: string;
  status: string;
  payDate: string | null;
  paidOn: string | null;
  net: number;
  paye: number;
  pension: number;
  nhf: number;
  recurring: boolean;
  parentId: string | null;
  period: string | null;
  createdMonth: string;
  daysProcess: number | null;
  children: string[];
};
/**
 * Payroll runs in the wallet's currency: runs waiting to be paid (pending approval or approved), the
 * recurring templates (their later months), and runs paid in the last two months (their remittances
 * may still fall due). PAYE, employee pension and NHF are the run's deductions; the employer's
 * pension is added to the pension remittance.
 */
export async function payrollRows(db: DbOrTx, s: ForecastScope): Promise<PayrollRow[]> {
  const line = (k: string) => sql`coalesce(-(r.breakdown ->> ${k})::bigint, 0)`;
  const r = await db.execute(sql`
    select r.id, r.reference, r.name, r.status, r.scheduled_pay_date::text as "payDate",
      to_char(r.paid_at at time zone 'Africa/Lagos', 'YYYY-MM-DD') as "paidOn", r.net_minor as net,
      ${line(LINE.paye)} as paye, ${line(LINE.nhf)} as nhf,
      ${line(LINE.pension)} + coalesce((r.employer_costs ->> ${LINE.pensionEmployer})::bigint, 0) as pension,
      (r.type = 'recurring' and r.parent_id is null) as recurring, r.parent_id as "parentId", r.period,
      to_char(r.created_at at time zone 'Africa/Lagos', 'YYYY-MM') as "createdMonth", r.days_process as "daysProcess",
      coalesce((select array_agg(c.period) from payrolls c where c.parent_id = r.id), '{}') as children
    from payrolls r join wallets w on w.id = r.wallet_id and w.account_id = r.account_id
    where r.account_id = ${s.accountId} and w.currency = ${s.currency} ${unscoped(s)}
      and (r.status in ('pending', 'approved')
        or (r.type = 'recurring' and r.parent_id is null and r.status in ('approved', 'paying'))
        or (r.status in ('paying', 'completed', 'partially_failed')
          and r.paid_at >= (${s.today}::date - 62)::timestamp at time zone 'Africa/Lagos'))`);
  return (r.rows as PayrollRow[]).map((x) => ({
    ...x,
    net: m(x.net),
    paye: m(x.paye),
    pension: m(x.pension),
    nhf: m(x.nhf),
  }));
}

export type ExpenseRow = {
  id: string;
  reference: string;
  recurrence: string | null;
  scheduledDate: string;
  endDate: string | null;
  occurrence: number;
  amount: number;
  description: string;
  beneficiary: string;
};
/** Approved scheduled and recurring expenses with a run to come (`next_run_on`). */
export async function expenseRows(db: DbOrTx, s: ForecastScope): Promise<ExpenseRow[]> {
  const r = await db.execute(sql`
    select e.id, e.reference, e.recurrence, e.scheduled_date::text as "scheduledDate",
      e.recurrence_end_date::text as "endDate", e.occurrence, (e.amount_minor + coalesce(e.fee_minor, 0))::bigint as amount,
      coalesce(e.purpose ->> 'description', '') as description, e.bank_account_name as beneficiary
    from expenses e
    where e.account_id = ${s.accountId} and e.currency = ${s.currency} and e.next_run_on is not null
      and e.scheduled_date is not null and e.next_run_on < ${s.end}::date ${sub(s, sql`e.subsidiary_id`)}`);
  return (r.rows as ExpenseRow[]).map((x) => ({ ...x, amount: m(x.amount) }));
}

export type InstalmentRow = {
  invoiceId: string;
  reference: string;
  customer: string;
  name: string;
  seq: number;
  date: string;
  amount: number;
};
/** Open instalments (what is left of each) of sent invoices; invoices are in naira. */
export async function instalmentRows(db: DbOrTx, s: ForecastScope): Promise<InstalmentRow[]> {
  if (s.currency !== 'NGN') return [];
  const r = await db.execute(sql`
    select i.id as "invoiceId", i.reference, i.customer_name as customer, n.name, n.seq, n.due_date::text as date,
      (n.amount_minor - n.amount_paid_minor)::bigint as amount
    from invoice_installments n join invoices i on i.id = n.invoice_id and i.account_id = n.account_id
    where n.account_id = ${s.accountId} and i.status in ('pending', 'partlyPaid')
      and n.status in ('pending', 'partlyPaid') and n.amount_minor > n.amount_paid_minor
      and n.due_date is not null and n.due_date < ${s.end}::date ${unscoped(s)}`);
  return (r.rows as InstalmentRow[]).map((x) => ({ ...x, amount: m(x.amount) }));
}

/** What the active cards' monthly limits still allow this month (Lagos), and how many cards. */
export async function cardLimitRow(db: DbOrTx, s: ForecastScope) {
  const r = await db.execute(sql`
    select coalesce(sum(greatest(0, c.monthly_limit_minor
        - case when c.spent_month = ${s.today.slice(0, 7)} then c.spent_month_minor else 0 end)), 0)::bigint as amount,
      count(*)::int as cards
    from cards c
    where c.account_id = ${s.accountId} and c.currency = ${s.currency} and c.status = 'active'
      and not (c.single_use and c.used) ${unscoped(s)}`);
  const row = r.rows[0] as { amount: string; cards: number };
  return { amount: m(row.amount), cards: row.cards };
}
