import { sql, type SQL } from 'drizzle-orm';
import {
  BILL_INSIGHT_STATUSES,
  CREDIT_TRANSACTION_TYPES,
  type BillInsightStatus,
  fromMinor,
  type Dashboard,
  type InsightPeriod,
  type PaymentOverview,
  type TeamReport,
} from '@owo/contract';
import type { Db, DbOrTx } from '../../platform/db';
import { fieldError } from '../../platform/errors';
import { LAGOS_OFFSET_MS, lagosToday } from '../../platform/dates';
import { subsidiaryJoin, type InsightSource } from './sources';
import type { Seams } from '../../platform/seams';

// Every figure is one SQL aggregate over the ledger's transactions and the records (expenses,
// approval items and decisions, categories): no rows are loaded into Node. Days are Lagos days.

const TZ = 'Africa/Lagos';
const LAGOS = '+01:00';
const DEFAULT_SPAN_DAYS: Record<InsightPeriod, number> = { day: 30, week: 7 * 12, month: 365 };

export type InsightFilters = {
  accountId: string;
  currency: string;
  period: InsightPeriod;
  subsidiaryId: string | null;
  from?: string;
  to?: string;
};

/** The window: [from, to) in instants, a date-only `to` including its whole Lagos day. */
export function windowOf(f: Pick<InsightFilters, 'period' | 'from' | 'to'>) {
  const to = f.to ? new Date(new Date(`${f.to}T00:00:00${LAGOS}`).getTime() + 86_400_000) : new Date();
  const from = f.from
    ? new Date(`${f.from}T00:00:00${LAGOS}`)
    : new Date(to.getTime() - DEFAULT_SPAN_DAYS[f.period] * 86_400_000);
  if (from >= to) throw fieldError('from', 'From must be before to');
  if (to.getTime() - from.getTime() > 400 * 86_400_000 && f.period === 'day')
    throw fieldError('period', 'Choose week or month for more than a year');
  return { from, to };
}

const CREDIT_SQL = sql.raw(CREDIT_TRANSACTION_TYPES.map((t) => `'${t}'`).join(', '));
const m = (n: unknown) => Number(n ?? 0);
const pair = <K extends string>(k: K, minor: number) =>
  ({ [k]: fromMinor(minor), [`${k}Minor`]: minor }) as Record<K, string> & Record<`${K}Minor`, number>;

/** Successful transactions of the account in the currency and window, optionally of one subsidiary. */
function txScope(f: InsightFilters, w: { from: Date; to: Date }) {
  return sql`t.account_id = ${f.accountId} and t.currency = ${f.currency} and t.status = 'success'
    and t.created_at >= ${w.from.toISOString()}::timestamptz and t.created_at < ${w.to.toISOString()}::timestamptz
    ${f.subsidiaryId ? sql`and src.subsidiary_id = ${f.subsidiaryId}::uuid` : sql``}`;
}
/** The join `txScope` needs when it filters by subsidiary. */
const txJoin = (f: InsightFilters, sources: readonly InsightSource[]) =>
  f.subsidiaryId ? subsidiaryJoin(sources, f.accountId) : sql``;

const DAY_MS = 86_400_000;
const lagosMidnight = (ms: number, up: boolean) => {
  const local = ms + LAGOS_OFFSET_MS;
  const day = (up ? Math.ceil(local / DAY_MS) : Math.floor(local / DAY_MS)) * DAY_MS;
  return day - LAGOS_OFFSET_MS;
};

/**
 * The window split for the rollup: whole Lagos days [days.from, days.to) read from `insight_daily`,
 * the partial days at the edges (`edges`, instants) read from `transactions`. A window shorter than
 * a day is all edge.
 */
export function splitWindow(w: { from: Date; to: Date }) {
  const first = lagosMidnight(w.from.getTime(), true);
  const last = lagosMidnight(w.to.getTime(), false);
  if (first >= last) return { days: null, edges: [[w.from, w.to]] as [Date, Date][] };
  return {
    days: { from: lagosToday(first), to: lagosToday(last) },
    edges: [
      [w.from, new Date(first)],
      [new Date(last), w.to],
    ].filter(([a, b]) => a < b) as [Date, Date][],
  };
}

/**
 * The account's successful transactions in the window as (bucket, type, payee, amount, fee, n)
 * rows: whole days from the daily rollup, the edges from `transactions`. Without a subsidiary
 * filter only; a subsidiary is read from each transaction's source record, which the rollup does
 * not carry, so that filter reads `transactions` (`rawRows`).
 */
function rolledRows(f: InsightFilters, w: { from: Date; to: Date }, period: InsightPeriod | null) {
  const { days, edges } = splitWindow(w);
  const bucketOfDay = period ? sql`to_char(date_trunc(${period}, d.day::timestamp), 'YYYY-MM-DD')` : sql`''`;
  const bucketOfTx = period
    ? sql`to_char(date_trunc(${period}, t.created_at at time zone ${TZ}), 'YYYY-MM-DD')`
    : sql`''`;
  const parts: SQL[] = [];
  if (days)
    parts.push(sql`select ${bucketOfDay} as bucket, d.type, d.payee, d.amount_minor as a, d.fee_minor as f, d.count as n
      from insight_daily d
      where d.account_id = ${f.accountId} and d.currency = ${f.currency}
        and d.day >= ${days.from}::date and d.day < ${days.to}::date`);
  for (const [from, to] of edges)
    parts.push(sql`select ${bucketOfTx} as bucket, t.type, ${PAYEE} as payee, t.amount as a, t.fee as f, 1 as n
      from transactions t where ${txScope(f, { from, to })}`);
  return sql.join(parts, sql` union all `);
}

/** The same rows straight from `transactions` (the subsidiary filter, and the rollup's test). */
function rawRows(
  f: InsightFilters,
  w: { from: Date; to: Date },
  period: InsightPeriod | null,
  sources: readonly InsightSource[],
) {
  const bucket = period
    ? sql`to_char(date_trunc(${period}, t.created_at at time zone ${TZ}), 'YYYY-MM-DD')`
    : sql`''`;
  return sql`select ${bucket} as bucket, t.type, ${PAYEE} as payee, t.amount as a, t.fee as f, 1 as n
    from transactions t ${txJoin(f, sources)} where ${txScope(f, w)}`;
}

const PAYEE = sql`coalesce(nullif(t.counterparty->>'accountName', ''), nullif(t.counterparty->>'name', ''), 'Unknown')`;

/** Rows for the overview and the vendor panel: the rollup unless a subsidiary filter (or a test) says raw. */
function windowRows(
  f: InsightFilters,
  w: { from: Date; to: Date },
  period: InsightPeriod | null,
  raw: boolean,
  sources: readonly InsightSource[],
) {
  return raw || f.subsidiaryId ? rawRows(f, w, period, sources) : rolledRows(f, w, period);
}

/** What the insights read with: the database and the app's `insightSource` seam. */
export type InsightDeps = { db: DbOrTx; seams: Seams };

export async function paymentOverview(
  { db, seams }: InsightDeps,
  f: InsightFilters,
  opts: { raw?: boolean } = {},
): Promise<PaymentOverview> {
  const w = windowOf(f);
  const r = await db.execute(sql`
    select x.bucket,
      coalesce(sum(x.a) filter (where x.type in (${CREDIT_SQL})), 0)::bigint as "in",
      coalesce(sum(x.a + x.f) filter (where x.type not in (${CREDIT_SQL})), 0)::bigint as "out",
      coalesce(sum(x.n), 0)::int as n
    from (${windowRows(f, w, f.period, !!opts.raw, seams.hooks('insightSource'))}) x
    group by 1 order by 1`);
  const rows = r.rows as { bucket: string; in: string; out: string; n: number }[];
  const buckets = rows.map((b) => ({
    bucket: b.bucket,
    ...pair('moneyIn', m(b.in)),
    ...pair('moneyOut', m(b.out)),
    count: b.n,
  }));
  return {
    period: f.period,
    currency: f.currency,
    from: w.from.toISOString(),
    to: w.to.toISOString(),
    ...pair(
      'totalIn',
      buckets.reduce((s, b) => s + b.moneyInMinor, 0),
    ),
    ...pair(
      'totalOut',
      buckets.reduce((s, b) => s + b.moneyOutMinor, 0),
    ),
    buckets,
  };
}

export async function dashboard(
  deps: InsightDeps,
  f: InsightFilters,
  opts: { raw?: boolean } = {},
): Promise<Dashboard> {
  const { db } = deps;
  const w = windowOf(f);
  const sub = f.subsidiaryId;
  const [overview, vendors, approvals, exp, budget, bills, assets] = await Promise.all([
    paymentOverview(deps, f, opts),
    db.execute(sql`
      select x.payee, sum(x.a)::bigint as amount, sum(x.n)::int as n
      from (${windowRows(f, w, null, !!opts.raw, deps.seams.hooks('insightSource'))}) x where x.type not in (${CREDIT_SQL})
      group by 1 order by 2 desc, 1 limit 5`),
    db.execute(sql`
      select i.type, sum(i.amount_minor)::bigint as amount, count(*)::int as n
      from approval_items i
      where i.account_id = ${f.accountId} and i.status = 'pending' and i.currency = ${f.currency}
        ${sub ? sql`and i.subsidiary_id = ${sub}::uuid` : sql``}
      group by 1 order by 1`),
    db.execute(sql`
      select e.status, sum(e.amount_minor)::bigint as amount, count(*)::int as n
      from expenses e
      where e.account_id = ${f.accountId} and e.currency = ${f.currency}
        and e.created_at >= ${w.from.toISOString()}::timestamptz and e.created_at < ${w.to.toISOString()}::timestamptz
        ${sub ? sql`and e.subsidiary_id = ${sub}::uuid` : sql``}
      group by 1 order by 1`),
    budgetUse(db, f),
    billPanels(db, f, w),
    assetPanels(db, f, w),
  ]);
  type Agg = { amount: string; n: number };
  return {
    paymentOverview: overview,
    vendorPayments: (vendors.rows as (Agg & { payee: string })[]).map((v) => ({
      payee: v.payee,
      ...pair('amount', m(v.amount)),
      count: v.n,
    })),
    approvalsPending: (approvals.rows as (Agg & { type: string })[]).map((a) => ({
      type: a.type,
      ...pair('amount', m(a.amount)),
      count: a.n,
    })),
    expensesByStatus: (exp.rows as (Agg & { status: string })[]).map((e) => ({
      status: e.status,
      ...pair('amount', m(e.amount)),
      count: e.n,
    })),
    budgetUse: budget,
    ...bills,
    ...assets,
  };
}

/** Today in Lagos as YYYY-MM-DD (a bill is overdue once its due date is before it). */
const LAGOS_TODAY = sql`(now() at time zone ${TZ})::date`;

/**
 * The bills panels. A bill (`payout_quotes`) carries no currency or subsidiary of its own: once sent
 * for payment they are its payout's (bills are paid in naira, so an unsent bill counts as NGN, and
 * counts under no subsidiary). Its dashboard status is read from the bill, its payout and the payout
 * transaction (see BILL_INSIGHT_STATUSES). The overview counts the bills created in the window;
 * awaiting approval is what waits now, as the approvals panel.
 */
async function billPanels(db: DbOrTx, f: InsightFilters, w: { from: Date; to: Date }) {
  const sub = f.subsidiaryId;
  const scope = sql`q.account_id = ${f.accountId} and coalesce(p.currency, 'NGN') = ${f.currency}
    ${sub ? sql`and p.subsidiary_id = ${sub}::uuid` : sql``}`;
  const joins = sql`left join payouts p on p.id = q.payout_id and p.account_id = q.account_id`;
  const [byStatus, waiting, oldest] = await Promise.all([
    db.execute(sql`
      select x.st as status, coalesce(sum(x.amount_minor), 0)::bigint as amount, count(*)::int as n
      from (
        select q.amount_minor, case
          when q.status = 'cancelled' or p.status = 'cancelled' then 'cancelled'
          when p.status = 'completed' or (p.status = 'paying' and t.status = 'success') then 'paid'
          when q.due_date < ${LAGOS_TODAY} then 'overdue'
          when q.status = 'requested' then 'requested'
          when q.status in ('draft', 'submitted') then 'received'
          when p.status = 'pending' then 'awaitingApproval'
          when p.status = 'rejected' then 'rejected'
          when p.status = 'scheduled' then 'scheduled'
          when p.status = 'failed' or (p.status = 'paying' and t.status in ('failed', 'reversed')) then 'failed'
          else 'processing' end as st
        from payout_quotes q ${joins}
        left join transactions t on t.id = p.transaction_id and t.account_id = q.account_id
        where ${scope}
          and q.created_at >= ${w.from.toISOString()}::timestamptz and q.created_at < ${w.to.toISOString()}::timestamptz
      ) x group by 1`),
    db.execute(sql`
      select count(*)::int as n, coalesce(sum(q.amount_minor), 0)::bigint as amount
      from payout_quotes q ${joins}
      where ${scope} and q.status = 'sent' and p.status = 'pending'`),
    db.execute(sql`
      select q.reference, v.name as vendor, q.invoice_number, q.due_date::text as due_date,
        p.created_at as since, coalesce(q.amount_minor, 0)::bigint as amount
      from payout_quotes q ${joins}
      left join payees v on v.id = q.payee_id and v.account_id = q.account_id
      where ${scope} and q.status = 'sent' and p.status = 'pending'
      order by p.created_at, q.reference limit 5`),
  ]);
  const got = new Map(
    (byStatus.rows as { status: BillInsightStatus; amount: string; n: number }[]).map((r) => [r.status, r]),
  );
  const always = BILL_INSIGHT_STATUSES.slice(0, 7);
  const w0 = waiting.rows[0] as { n: number; amount: string };
  return {
    billsOverview: BILL_INSIGHT_STATUSES.filter((s) => always.includes(s) || got.has(s)).map((s) => ({
      status: s,
      ...pair('amount', m(got.get(s)?.amount)),
      count: got.get(s)?.n ?? 0,
    })),
    billsAwaitingApproval: {
      count: w0.n,
      ...pair('total', m(w0.amount)),
      oldest: (
        oldest.rows as {
          reference: string;
          vendor: string | null;
          invoice_number: string | null;
          due_date: string | null;
          since: Date | string;
          amount: string;
        }[]
      ).map((r) => ({
        reference: r.reference,
        vendor: r.vendor,
        invoiceNumber: r.invoice_number,
        dueDate: r.due_date,
        waitingSince: new Date(r.since).toISOString(),
        ...pair('amount', m(r.amount)),
      })),
    },
  };
}

/**
 * The assets panels. The assets overview is the register as it stands (assets carry no currency,
 * subsidiary or date beyond their creation): per type and active/inactive, with the inventory value
 * (Σ product price × quantity, in naira as products are priced) and how many were added in the
 * window. Asset payout statistics are the paid asset payouts (their transaction succeeded) in the
 * window, currency and subsidiary, per period bucket and per asset.
 */
async function assetPanels(db: DbOrTx, f: InsightFilters, w: { from: Date; to: Date }) {
  const from = w.from.toISOString();
  const to = w.to.toISOString();
  const paid = sql`
    from payouts p join transactions t on t.id = p.transaction_id and t.account_id = p.account_id
    where p.account_id = ${f.accountId} and p.payout_option = 'asset' and t.status = 'success'
      and t.currency = ${f.currency}
      and t.created_at >= ${from}::timestamptz and t.created_at < ${to}::timestamptz
      ${f.subsidiaryId ? sql`and p.subsidiary_id = ${f.subsidiaryId}::uuid` : sql``}`;
  const [types, buckets, top] = await Promise.all([
    db.execute(sql`
      with v as (
        select i.asset_id, sum(i.quantity::bigint * ps.amount_minor) as value
        from payout_asset_inventory i
        join payout_assets a on a.id = i.asset_id and a.account_id = ${f.accountId}
        join products_and_services ps on ps.id = i.product_id and ps.account_id = ${f.accountId}
        group by 1
      )
      select a.type, case when a.active then 'active' else 'inactive' end as status, count(*)::int as n,
        coalesce(sum(v.value), 0)::bigint as value,
        (count(*) filter (where a.created_at >= ${from}::timestamptz and a.created_at < ${to}::timestamptz))::int as added
      from payout_assets a left join v on v.asset_id = a.id
      where a.account_id = ${f.accountId}
      group by 1, 2 order by 1, 2`),
    db.execute(sql`
      select to_char(date_trunc(${f.period}, t.created_at at time zone ${TZ}), 'YYYY-MM-DD') as bucket,
        count(*)::int as n, sum(t.amount)::bigint as amount
      ${paid} group by 1 order by 1`),
    db.execute(sql`
      select a.id, a.type, a.brand, a.model_no, a.serial_no, count(*)::int as n, sum(x.amount)::bigint as amount
      from (select p.id as payout_id, p.assets, t.amount ${paid}) x
      cross join lateral (select distinct (e->>'id') as asset_id from jsonb_array_elements(x.assets) e) e
      join payout_assets a on a.id::text = e.asset_id and a.account_id = ${f.accountId}
      group by a.id order by 7 desc, 6 desc, a.serial_no limit 5`),
  ]);
  const byType = (
    types.rows as { type: string; status: 'active' | 'inactive'; n: number; value: string; added: number }[]
  ).map((r) => ({
    type: r.type,
    status: r.status,
    count: r.n,
    ...pair('value', m(r.value)),
    added: r.added,
  }));
  const bucketRows = (buckets.rows as { bucket: string; n: number; amount: string }[]).map((b) => ({
    bucket: b.bucket,
    count: b.n,
    ...pair('amount', m(b.amount)),
  }));
  return {
    assetsOverview: {
      count: byType.reduce((s, r) => s + r.count, 0),
      activeCount: byType.filter((r) => r.status === 'active').reduce((s, r) => s + r.count, 0),
      addedInPeriod: byType.reduce((s, r) => s + r.added, 0),
      valueCurrency: 'NGN' as const,
      ...pair(
        'value',
        byType.reduce((s, r) => s + r.valueMinor, 0),
      ),
      byType: byType.map(({ added: _added, ...r }) => r),
    },
    assetPayouts: {
      count: bucketRows.reduce((s, b) => s + b.count, 0),
      ...pair(
        'amount',
        bucketRows.reduce((s, b) => s + b.amountMinor, 0),
      ),
      buckets: bucketRows,
      topAssets: (
        top.rows as {
          id: string;
          type: string;
          brand: string;
          model_no: string;
          serial_no: string;
          n: number;
          amount: string;
        }[]
      ).map((a) => ({
        assetId: a.id,
        type: a.type,
        brand: a.brand,
        modelNo: a.model_no,
        serialNo: a.serial_no,
        count: a.n,
        ...pair('amount', m(a.amount)),
      })),
    },
  };
}

/**
 * Budget use this Lagos month per top-level category: what its expenses (and their subcategories')
 * have paid out through the ledger, beside the monthly budget. (Expenses' own budget check counts
 * the same records; here the paid side only.)
 */
export async function budgetUse(db: DbOrTx, f: Pick<InsightFilters, 'accountId' | 'currency'>) {
  // One pass: this month's paid expenses, each under its top-level category (a subcategory's
  // parent), then joined to the top-level categories (not a subquery per category).
  const r = await db.execute(sql`
    with month as (select date_trunc('month', now() at time zone ${TZ}) at time zone ${TZ} as start),
    spent as (
      select coalesce(pc.parent_id, pc.id) as top, sum(t.amount + t.fee) as s
      from expenses e
      join transactions t on t.id = e.transaction_id and t.status = 'success'
      join payout_categories pc on pc.account_id = e.account_id and pc.id::text = (e.purpose->>'service')
      where e.account_id = ${f.accountId} and e.currency = ${f.currency}
        and t.created_at >= (select start from month)
      group by 1
    )
    select c.id, c.name, c.budget_minor as budget, coalesce(spent.s, 0)::bigint as spent
    from payout_categories c left join spent on spent.top = c.id
    where c.account_id = ${f.accountId} and c.parent_id is null
    order by c.name`);
  return (r.rows as { id: string; name: string; budget: string | null; spent: string }[]).map((c) => ({
    categoryId: c.id,
    name: c.name,
    budget: c.budget === null ? null : fromMinor(m(c.budget)),
    budgetMinor: c.budget === null ? null : m(c.budget),
    ...pair('spent', m(c.spent)),
  }));
}

/**
 * The team report: spend per member (the ledger's outgoing transactions by who initiated them) and
 * per subsidiary (through each transaction's source record), approval turnaround per approver (the
 * decision trail: time since the previous trail entry, or since submission), and what waits on
 * each approver now (pending items naming them as a current approver).
 */
export async function teamReport({ db, seams }: InsightDeps, f: InsightFilters): Promise<TeamReport> {
  const sources = seams.hooks('insightSource');
  const w = windowOf(f);
  const scope = txScope(f, w);
  const [members, subs, approvers] = await Promise.all([
    db.execute(sql`
      select t.created_by as id, u.first_name || ' ' || u.last_name as name, u.email,
        t.spent::bigint as spent, t.n::int as n
      from (select t.created_by, sum(t.amount + t.fee) as spent, count(*) as n
            from transactions t ${txJoin(f, sources)} where ${scope} and t.type not in (${CREDIT_SQL}) group by 1) t
      join users u on u.id = t.created_by
      order by 4 desc limit 200`),
    db.execute(sql`
      select x.sid as id, coalesce(s.name, 'No subsidiary') as name, x.amount::bigint as spent, x.n::int as n
      from (select src.subsidiary_id as sid, sum(t.amount + t.fee) as amount, count(*) as n
            from transactions t ${subsidiaryJoin(sources, f.accountId)} where ${scope} and t.type not in (${CREDIT_SQL}) group by 1) x
      left join subsidiaries s on s.id = x.sid
      order by 3 desc`),
    db.execute(sql`
      with d as (
        select d.user_id, d.decided_at,
          d.decided_at - coalesce(lag(d.decided_at) over (partition by d.item_id, d.round order by d.seq), i.created_at) as took
        from approval_decisions d join approval_items i on i.id = d.item_id
        where d.account_id = ${f.accountId} and d.user_id is not null
          and d.decided_at >= ${w.from.toISOString()}::timestamptz and d.decided_at < ${w.to.toISOString()}::timestamptz
      ), turn as (
        select user_id, count(*)::int as n, extract(epoch from avg(took)) / 3600 as hours from d group by 1
      ), waiting as (
        select a.uid as user_id, count(*)::int as n, sum(i.amount_minor)::bigint as amount
        from approval_items i cross join lateral unnest(
          -- who may act now (approvals/engine.ts resolveApprovers): the named approvers still
          -- active, else the active owners and admins; the maker left out under four eyes
          coalesce(
            (select array_agg(m.user_id) from account_members m
              where m.account_id = i.account_id and m.active and m.user_id = any(i.current_approver_ids)
                and not (i.four_eyes and m.user_id = i.maker_user_id)),
            (select array_agg(m.user_id) from account_members m
              where m.account_id = i.account_id and m.active and m.role_slug in ('owner', 'admin')
                and not (i.four_eyes and m.user_id = i.maker_user_id)),
            '{}'::uuid[])) as a(uid)
        where i.account_id = ${f.accountId} and i.status = 'pending' and i.currency = ${f.currency}
        group by 1
      )
      select coalesce(turn.user_id, waiting.user_id) as id, u.first_name || ' ' || u.last_name as name,
        coalesce(turn.n, 0) as decisions, turn.hours, coalesce(waiting.n, 0) as wn, coalesce(waiting.amount, 0)::bigint as wa
      from turn full join waiting on waiting.user_id = turn.user_id
      join users u on u.id = coalesce(turn.user_id, waiting.user_id)
      order by 6 desc, 3 desc`),
  ]);
  return {
    from: w.from.toISOString(),
    to: w.to.toISOString(),
    currency: f.currency,
    members: (members.rows as { id: string; name: string; email: string; spent: string; n: number }[]).map(
      (r) => ({
        userId: r.id,
        name: r.name,
        email: r.email,
        ...pair('spent', m(r.spent)),
        count: r.n,
      }),
    ),
    subsidiaries: (subs.rows as { id: string | null; name: string; spent: string; n: number }[]).map((r) => ({
      subsidiaryId: r.id,
      name: r.name,
      ...pair('spent', m(r.spent)),
      count: r.n,
    })),
    approvers: (
      approvers.rows as {
        id: string;
        name: string;
        decisions: number;
        hours: string | null;
        wn: number;
        wa: string;
      }[]
    ).map((r) => ({
      userId: r.id,
      name: r.name,
      decisions: r.decisions,
      avgTurnaroundHours: r.hours === null ? null : Math.round(Number(r.hours) * 100) / 100,
      waitingCount: r.wn,
      ...pair('waitingAmount', m(r.wa)),
    })),
  };
}

export type { Db };
