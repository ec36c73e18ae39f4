// The insights' window and the rows every figure reads: the filters, the Lagos window, the ledger's
// successful transactions in it (the daily rollup or `transactions`), and the figures' shape (`pair`).
import { sql, type SQL } from 'drizzle-orm';
import { CREDIT_TRANSACTION_TYPES, fromMinor, type InsightPeriod } from '@owo/contract';
import type { DbOrTx } from '../../platform/db';
import { fieldError } from '../../platform/errors';
import { LAGOS_OFFSET_MS, lagosToday } from '../../platform/dates';
import { subsidiaryJoin, type InsightSource } from './sources';
import type { Seams } from '../../platform/seams';

// Every figure is one SQL aggregate over the ledger's transactions and the records (expenses,
// approval items and decisions, categories): no rows are loaded into Node. Days are Lagos days.

export const TZ = 'Africa/Lagos';
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

export const CREDIT_SQL = sql.raw(CREDIT_TRANSACTION_TYPES.map((t) => `'${t}'`).join(', '));
export const m = (n: unknown) => Number(n ?? 0);
export const pair = <K extends string>(k: K, minor: number) =>
  ({ [k]: fromMinor(minor), [`${k}Minor`]: minor }) as Record<K, string> & Record<`${K}Minor`, number>;

/** Successful transactions of the account in the currency and window, optionally of one subsidiary. */
export function txScope(f: InsightFilters, w: { from: Date; to: Date }) {
  return sql`t.account_id = ${f.accountId} and t.currency = ${f.currency} and t.status = 'success'
    and t.created_at >= ${w.from.toISOString()}::timestamptz and t.created_at < ${w.to.toISOString()}::timestamptz
    ${f.subsidiaryId ? sql`and src.subsidiary_id = ${f.subsidiaryId}::uuid` : sql``}`;
}
/** The join `txScope` needs when it filters by subsidiary. */
export const txJoin = (f: InsightFilters, sources: readonly InsightSource[]) =>
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
export function windowRows(
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
