// The dashboard's bills and assets panels (issue: bills and assets insights).
import { sql } from 'drizzle-orm';
import { BILL_INSIGHT_STATUSES, type BillInsightStatus } from '@owo/contract';
import type { DbOrTx } from '../../platform/db';
import { type InsightFilters, m, pair, TZ } from './window';

/** Today in Lagos as YYYY-MM-DD (a bill is overdue once its due date is before it). */
const LAGOS_TODAY = sql`(now() at time zone ${TZ})::date`;

/**
 * The bills panels. A bill (`payout_quotes`) carries no currency or subsidiary of its own: once sent
 * for payment they are its payout's (bills are paid in naira, so an unsent bill counts as NGN, and
 * counts under no subsidiary). Its dashboard status is read from the bill, its payout and the payout
 * transaction (see BILL_INSIGHT_STATUSES). The overview counts the bills created in the window;
 * awaiting approval is what waits now, as the approvals panel.
 */
export async function billPanels(db: DbOrTx, f: InsightFilters, w: { from: Date; to: Date }) {
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
export async function assetPanels(db: DbOrTx, f: InsightFilters, w: { from: Date; to: Date }) {
  const [types, buckets, top] = await assetQueries(db, f, w);
  return {
    assetsOverview: assetsOverviewOf(types.rows as AssetTypeRow[]),
    assetPayouts: assetPayoutsOf(
      buckets.rows as { bucket: string; n: number; amount: string }[],
      top.rows as TopAssetRow[],
    ),
  };
}

type AssetTypeRow = { type: string; status: 'active' | 'inactive'; n: number; value: string; added: number };
type TopAssetRow = {
  id: string;
  type: string;
  brand: string;
  model_no: string;
  serial_no: string;
  n: number;
  amount: string;
};

/** The register per type and status, the paid asset payouts per bucket, and the top five assets. */
function assetQueries(db: DbOrTx, f: InsightFilters, w: { from: Date; to: Date }) {
  const from = w.from.toISOString();
  const to = w.to.toISOString();
  const paid = sql`
    from payouts p join transactions t on t.id = p.transaction_id and t.account_id = p.account_id
    where p.account_id = ${f.accountId} and p.payout_option = 'asset' and t.status = 'success'
      and t.currency = ${f.currency}
      and t.created_at >= ${from}::timestamptz and t.created_at < ${to}::timestamptz
      ${f.subsidiaryId ? sql`and p.subsidiary_id = ${f.subsidiaryId}::uuid` : sql``}`;
  return Promise.all([
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
}

function assetsOverviewOf(rows: AssetTypeRow[]) {
  const byType = rows.map((r) => ({
    type: r.type,
    status: r.status,
    count: r.n,
    ...pair('value', m(r.value)),
    added: r.added,
  }));
  return {
    count: byType.reduce((s, r) => s + r.count, 0),
    activeCount: byType.filter((r) => r.status === 'active').reduce((s, r) => s + r.count, 0),
    addedInPeriod: byType.reduce((s, r) => s + r.added, 0),
    valueCurrency: 'NGN' as const,
    ...pair(
      'value',
      byType.reduce((s, r) => s + r.valueMinor, 0),
    ),
    byType: byType.map(({ added: _added, ...r }) => r),
  };
}

function assetPayoutsOf(buckets: { bucket: string; n: number; amount: string }[], top: TopAssetRow[]) {
  const bucketRows = buckets.map((b) => ({
    bucket: b.bucket,
    count: b.n,
    ...pair('amount', m(b.amount)),
  }));
  return {
    count: bucketRows.reduce((s, b) => s + b.count, 0),
    ...pair(
      'amount',
      bucketRows.reduce((s, b) => s + b.amountMinor, 0),
    ),
    buckets: bucketRows,
    topAssets: top.map((a) => ({
      assetId: a.id,
      type: a.type,
      brand: a.brand,
      modelNo: a.model_no,
      serialNo: a.serial_no,
      count: a.n,
      ...pair('amount', m(a.amount)),
    })),
  };
}
