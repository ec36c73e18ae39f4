// The dashboard (payment overview, vendors, approvals, expenses, budget use, bills and assets panels)
// and the payment overview on its own: one SQL aggregate per panel, days are Lagos days.
import { sql } from 'drizzle-orm';
import { fromMinor, type Dashboard, type PaymentOverview } from '@owo/contract';
import type { DbOrTx } from '../../platform/db';
import { assetPanels, billPanels } from './bills-assets';
import {
  CREDIT_SQL,
  type InsightDeps,
  type InsightFilters,
  m,
  pair,
  TZ,
  windowOf,
  windowRows,
} from './window';

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
