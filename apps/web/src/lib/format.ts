// Display formatting: money en-NG (000 §9, compact at >= 1,000 where space is short), dates
// DD/MM/YYYY, and relative times with exactly the thresholds of 000 §9.
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { CURRENCY_INFO, formatMoney as contractFormatMoney, type Currency } from '@owo/contract';

/** 000 §9: s <= 44 s, a minute <= 89 s, minutes <= 44 min, an hour <= 89 min, hours <= 21 h,
 *  a day <= 35 h, days <= 25 d, a month <= 45 d, months <= 10, a year <= 17 months, then years. */
export const RELATIVE_TIME_THRESHOLDS = [
  { l: 's', r: 44, d: 'second' },
  { l: 'm', r: 89 },
  { l: 'mm', r: 44, d: 'minute' },
  { l: 'h', r: 89 },
  { l: 'hh', r: 21, d: 'hour' },
  { l: 'd', r: 35 },
  { l: 'dd', r: 25, d: 'day' },
  { l: 'M', r: 45 },
  { l: 'MM', r: 10, d: 'month' },
  { l: 'y', r: 17 },
  { l: 'yy', d: 'year' },
];
dayjs.extend(relativeTime, { thresholds: RELATIVE_TIME_THRESHOLDS, rounding: Math.round });

export const DATE_FORMAT = 'DD/MM/YYYY';
export const DATE_TIME_FORMAT = 'DD/MM/YYYY, h:mm A';
export const LONG_DATE_FORMAT = 'D MMMM YYYY';

type DateInput = string | number | Date | null | undefined;
const valid = (d: DateInput) => d !== null && d !== undefined && d !== '' && dayjs(d).isValid();

/** 05/03/2026 */
export const formatDate = (d: DateInput) => (valid(d) ? dayjs(d).format(DATE_FORMAT) : '');
/** 05/03/2026, 2:30 PM */
export const formatDateTime = (d: DateInput) => (valid(d) ? dayjs(d).format(DATE_TIME_FORMAT) : '');
/** 05 Mar (chart axes and buckets) */
export const formatDayMonth = (d: DateInput) => (valid(d) ? dayjs(d).format('DD MMM') : '');
/** Mar 2026 (a month's bucket) */
export const formatMonthYear = (d: DateInput) => (valid(d) ? dayjs(d).format('MMM YYYY') : '');
/** 5 March 2026 (approval trails, 000 §4.11) */
export const formatLongDate = (d: DateInput) => (valid(d) ? dayjs(d).format(LONG_DATE_FORMAT) : '');
/** 'a few seconds ago', '3 hours ago', 'in 2 days' */
export const formatRelative = (d: DateInput, now: DateInput = Date.now()) =>
  valid(d) ? dayjs(d).from(dayjs(now)) : '';

/** Integer minor units -> '₦1,234.50'; `short` -> '₦1.23K' at 1,000 and above. */
export function formatMoney(
  minor: number,
  currency: Currency | (string & {}) = 'NGN',
  opts: { short?: boolean } = {},
) {
  return contractFormatMoney(minor, currency, opts);
}
export const formatMoneyShort = (minor: number, currency: Currency | (string & {}) = 'NGN') =>
  formatMoney(minor, currency, { short: true });

const wholeFmt = new Intl.NumberFormat('en-NG', { maximumFractionDigits: 0 });
/** Charts: whole units with thousands separators, ₦1,234,568; `compact` above a million (axis ticks). */
export function formatChartMoney(
  minor: number,
  currency: Currency | (string & {}) = 'NGN',
  opts: { compact?: boolean } = {},
) {
  if (opts.compact && Math.abs(minor) >= 100_000_000) return formatMoneyShort(minor, currency);
  const symbol = CURRENCY_INFO[currency as Currency]?.symbol ?? `${currency} `;
  return `${minor < 0 ? '-' : ''}${symbol}${wholeFmt.format(Math.round(Math.abs(minor) / 100))}`;
}

/** 'JOURNEY FUNDER ltd' -> 'Journey Funder Ltd'; 'awaitingApproval' -> 'Awaiting Approval'. */
export const titleCase = (s: string) =>
  s
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase()
    .replace(/(^|[\s(/&])(\p{L})/gu, (_m, pre: string, c: string) => pre + c.toUpperCase());

/** A list's total: '12,345', or '1,000+' when it is a lower bound (`totalIsEstimate`). */
export const formatCount = (n: number, orMore = false) => `${n.toLocaleString('en-NG')}${orMore ? '+' : ''}`;

/** 12345678901 -> BVN masked as *******8901 (at most the last 4 digits are ever shown). */
export const maskBvn = (bvn: string) =>
  bvn.length > 4 ? `${'*'.repeat(bvn.length - 4)}${bvn.slice(-4)}` : bvn;

export { dayjs };
