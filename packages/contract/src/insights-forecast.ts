import { z } from 'zod';
import { fromMinor, majorAmount, minorAmount } from './money';
import { INSIGHT_CURRENCIES } from './insights';

// The 13-week cash forecast (issue 39 §2). The weeks and their closing balances are computed by
// `forecastWeeks` below, on the server and again in the browser for the what-if (an item moved to
// another date changes the view only).

export const FORECAST_KINDS = [
  'payout',
  'recurringPayout',
  'bill',
  'approvedPayout',
  'payroll',
  'paye',
  'pension',
  'nhf',
  'expense',
  'cardLimits',
  'invoice',
  'recurringInvoice',
] as const;
export type ForecastKind = (typeof FORECAST_KINDS)[number];
export const FORECAST_MAX_WEEKS = 26;
/** An outflow this close (days from today) that would overdraw the wallet raises an alert. */
export const FORECAST_ALERT_DAYS = 7;

export const forecastQuery = z.object({
  currency: z.enum(INSIGHT_CURRENCIES, { error: 'Currency must be NGN, USD or GBP' }).default('NGN'),
  weeks: z.coerce
    .number({ error: 'Weeks must be a whole number from 1 to 26' })
    .int('Weeks must be a whole number from 1 to 26')
    .min(1, 'Weeks must be a whole number from 1 to 26')
    .max(FORECAST_MAX_WEEKS, 'Weeks must be a whole number from 1 to 26')
    .default(13),
  subsidiaryId: z.string().uuid('Subsidiary must be an id').optional(),
});
export type ForecastQuery = z.input<typeof forecastQuery>;

const money = <K extends string>(name: K) =>
  ({ [name]: majorAmount, [`${name}Minor`]: minorAmount }) as { [P in K]: typeof majorAmount } & {
    [P in `${K}Minor`]: typeof minorAmount;
  };
const ymd = z.string().describe('Lagos calendar date, YYYY-MM-DD');

export const forecastItemSchema = z
  .object({
    key: z.string().describe('Stable key of this occurrence: kind, record id and original date'),
    kind: z.enum(FORECAST_KINDS),
    id: z
      .string()
      .describe(
        'The record the item links to: the payout (payout, approvedPayout; recurringPayout: the series’ first payout), the bill, the payroll run (payroll, paye, pension, nhf; a month not yet made: the recurring payroll), the expense (a later run: the scheduled expense), the invoice',
      ),
    reference: z.string(),
    date: ymd,
    direction: z.enum(['in', 'out']),
    ...money('amount'),
    label: z.string(),
  })
  .describe('One expected movement of money');
export type ForecastItem = z.infer<typeof forecastItemSchema>;

export const forecastWeekSchema = z.object({
  start: ymd.describe('The Monday the week starts on (Africa/Lagos)'),
  ...money('inflows'),
  ...money('outflows'),
  ...money('closing'),
  items: z.array(forecastItemSchema),
});
export type ForecastWeek = z.infer<typeof forecastWeekSchema>;

export const forecastAlertSchema = z
  .object({
    type: z.enum(['negativeWeek', 'overdraw']),
    start: ymd.describe('The week of the alert'),
    date: ymd.nullable().describe('overdraw: the payment date'),
    itemKey: z.string().nullable(),
    kind: z.enum(FORECAST_KINDS).nullable(),
    id: z.string().nullable(),
    reference: z.string().nullable(),
    label: z.string(),
    ...money('shortfall'),
  })
  .describe(
    'negativeWeek: a week closing below zero (shortfall = -closing). overdraw: an outflow in the next 7 days after which the running balance (by date; a day’s inflows before its outflows) is below zero; shortfall = the part of the payment the balance cannot cover',
  );
export type ForecastAlert = z.infer<typeof forecastAlertSchema>;

export const forecastSchema = z
  .object({
    currency: z.enum(INSIGHT_CURRENCIES),
    asOf: ymd.describe('Today in Lagos: nothing is dated before it'),
    ...money('opening'),
    weeks: z.array(forecastWeekSchema),
    lowest: z.object({ start: ymd, ...money('closing') }),
    alerts: z.array(forecastAlertSchema),
    overdue: z
      .array(forecastItemSchema)
      .describe('Invoice instalments past their due date: listed apart, not counted in the weeks'),
    ...money('overdueTotal'),
    cardLimits: z
      .object({ ...money('amount'), cards: z.number().int() })
      .describe(
        'Committed card limits: Σ over active cards in the currency of what their monthly limit still allows this month. A separate line, not counted in the weeks (a limit may never be spent)',
      ),
  })
  .describe(
    'Opening = the wallet’s available balance. Weeks run Monday to Sunday from this week’s Monday; an outflow due before today (an overdue bill, an approved payout not yet paid) is dated today.',
  );
export type Forecast = z.infer<typeof forecastSchema>;

const DAY = 86_400_000;
/** `ymd` plus `days` days. */
export const addDays = (ymd: string, days: number) =>
  new Date(Date.parse(`${ymd}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
/** The Monday of `ymd`'s week. */
export const mondayOf = (ymd: string) => {
  const dow = new Date(`${ymd}T00:00:00Z`).getUTCDay();
  return addDays(ymd, -((dow + 6) % 7));
};

/** By date, a day's inflows before its outflows, then by key (one string each, code-unit order: fast, stable). */
const sortKey = (i: ForecastItem) => `${i.date}${i.direction === 'in' ? 0 : 1}${i.key}`;
function sorted(items: ForecastItem[], from: string, to: string) {
  const keyed = items.filter((i) => i.date >= from && i.date < to).map((i) => ({ k: sortKey(i), i }));
  keyed.sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : 0));
  return keyed.map((x) => x.i);
}

/**
 * The weeks, their closing balances, the lowest week and the alerts, from the opening balance and
 * the items (those dated outside the weeks are left out). Shared by the API and the what-if.
 */
export function forecastWeeks(p: {
  asOf: string;
  weeks: number;
  openingMinor: number;
  items: ForecastItem[];
}) {
  const first = mondayOf(p.asOf);
  const end = addDays(first, 7 * p.weeks);
  const all = sorted(p.items, first, end);
  const weeks: ForecastWeek[] = [];
  const alerts: ForecastAlert[] = [];
  const alertEnd = addDays(p.asOf, FORECAST_ALERT_DAYS);
  let balance = p.openingMinor;
  let k = 0;
  for (let w = 0; w < p.weeks; w++) {
    const start = addDays(first, 7 * w);
    const next = addDays(start, 7);
    const items: ForecastItem[] = [];
    let inflows = 0;
    let outflows = 0;
    for (; k < all.length && all[k].date < next; k++) {
      const it = all[k];
      items.push(it);
      if (it.direction === 'in') inflows += it.amountMinor;
      else outflows += it.amountMinor;
      const before = balance;
      balance += it.direction === 'in' ? it.amountMinor : -it.amountMinor;
      if (it.direction === 'out' && balance < 0 && it.date < alertEnd)
        alerts.push(overdrawAlert(start, it, it.amountMinor - Math.max(before, 0)));
    }
    weeks.push({
      start,
      ...pair('inflows', inflows),
      ...pair('outflows', outflows),
      ...pair('closing', balance),
      items,
    });
    if (balance < 0)
      alerts.push({
        type: 'negativeWeek',
        start,
        date: null,
        itemKey: null,
        kind: null,
        id: null,
        reference: null,
        label: `The week of ${start} closes below zero`,
        ...pair('shortfall', -balance),
      });
  }
  const low = weeks.reduce((a, b) => (b.closingMinor < a.closingMinor ? b : a), weeks[0]);
  return { weeks, lowest: { start: low.start, ...pair('closing', low.closingMinor) }, alerts };
}

function overdrawAlert(start: string, it: ForecastItem, shortfall: number): ForecastAlert {
  return {
    type: 'overdraw',
    start,
    date: it.date,
    itemKey: it.key,
    kind: it.kind,
    id: it.id,
    reference: it.reference,
    label: it.label,
    ...pair('shortfall', shortfall),
  };
}

function pair<K extends string>(k: K, minor: number) {
  return { [k]: fromMinor(minor), [`${k}Minor`]: minor } as Record<K, string> & Record<`${K}Minor`, number>;
}

/** The app page of an item's record (the notification's link and the web's). */
export function forecastItemPath(kind: ForecastKind, id: string): string {
  switch (kind) {
    case 'payout':
    case 'approvedPayout':
    case 'recurringPayout':
      return `/payouts/${id}`;
    case 'bill':
      return `/bill/${id}`;
    case 'payroll':
    case 'paye':
    case 'pension':
    case 'nhf':
      return `/payroll/${id}/details`;
    case 'expense':
      return `/expense/${id}`;
    case 'invoice':
    case 'recurringInvoice':
      return `/inflows/invoices/${id}`;
    case 'cardLimits':
      return '/cards';
  }
}
