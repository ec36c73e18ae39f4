// The KPI row's "this period" and "the one before", as the payment overview's bucket keys
// (date_trunc of a Lagos day: the day, the Monday of the week, the 1st of the month).
import type { PaymentOverview } from '@owo/contract/insights';
import { formatDayMonth, formatMonthYear } from '../../lib/format';
import type { InsightFilter } from './api';

const LAGOS_OFFSET_MS = 3_600_000;
const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The bucket keys of the current period and the previous one, on Lagos days. */
export function periodKeys(period: InsightFilter['period'], now = Date.now()) {
  const d = new Date(now + LAGOS_OFFSET_MS);
  const today = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  if (period === 'day') return { current: iso(today), previous: iso(today - DAY_MS) };
  if (period === 'week') {
    const monday = today - ((d.getUTCDay() + 6) % 7) * DAY_MS;
    return { current: iso(monday), previous: iso(monday - 7 * DAY_MS) };
  }
  return {
    current: iso(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1)),
    previous: iso(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1)),
  };
}

/** Money in and out of this period and the previous one (0 where a bucket has no payments). */
export function periodTotals(o: PaymentOverview, now = Date.now()) {
  const keys = periodKeys(o.period, now);
  const of = (key: string) => o.buckets.find((b) => b.bucket === key);
  const cur = of(keys.current);
  const prev = of(keys.previous);
  return {
    inMinor: cur?.moneyInMinor ?? 0,
    outMinor: cur?.moneyOutMinor ?? 0,
    prevInMinor: prev?.moneyInMinor ?? 0,
    prevOutMinor: prev?.moneyOutMinor ?? 0,
  };
}

/** A bucket's label: DD MMM for days and weeks (the week's Monday), MMM YYYY for months. */
export const bucketLabel = (bucket: string, period: InsightFilter['period']) =>
  period === 'month' ? formatMonthYear(bucket) : formatDayMonth(bucket);
