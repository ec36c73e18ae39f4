// The 13-week cash forecast (issue 39 §2): the wallet's available balance, then each source's own
// schedule for `weeks` weeks from this week's Monday (Lagos), recurring series expanded in the window.
import {
  addDays,
  type Forecast,
  type ForecastItem,
  type ForecastKind,
  forecastWeeks,
  fromMinor,
  mondayOf,
} from '@owo/contract';
import type { DbOrTx } from '../../platform/db';
import { lagosToday } from '../../platform/dates';
import { getWalletByCurrency } from '../money';
import {
  billRows,
  cardLimitRow,
  expenseRows,
  type ForecastScope,
  instalmentRows,
  payoutRows,
  type PayrollRow,
  payrollRows,
  recurrenceRows,
} from './forecast-sources';
import { pair } from './window';

export type ForecastFilters = {
  accountId: string;
  currency: 'NGN' | 'USD' | 'GBP';
  weeks: number;
  subsidiaryId: string | null;
};

/** The n-th date of a series from `start`: weekly, or monthly on the same day (clamped to short months). */
export function nthDate(start: string, frequency: 'weekly' | 'monthly', n: number): string {
  const [y, mo, d] = start.split('-').map(Number);
  if (frequency === 'weekly') return addDays(start, 7 * n);
  const last = new Date(Date.UTC(y, mo - 1 + n + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, mo - 1 + n, Math.min(d, last))).toISOString().slice(0, 10);
}

/** The last day of `period`'s month minus `days` (never before the 1st), as payroll pays recurring runs. */
const daysBeforeMonthEnd = (period: string, days: number) => {
  const [y, mo] = period.split('-').map(Number);
  const last = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  return `${period}-${String(Math.max(1, last - days)).padStart(2, '0')}`;
};
const nextMonth = (period: string) => nthDate(`${period}-01`, 'monthly', 1).slice(0, 7);

type Make = (
  kind: ForecastKind,
  id: string,
  reference: string,
  date: string,
  amount: number,
  label: string,
) => ForecastItem;

/** An item; an outflow due before today is dated today (it is owed now). */
const maker =
  (today: string): Make =>
  (kind, id, reference, date, amount, label) => {
    const direction = kind === 'invoice' || kind === 'recurringInvoice' ? 'in' : 'out';
    const d = direction === 'out' && date < today ? today : date;
    return {
      key: `${kind}:${id}:${date}`,
      kind,
      id,
      reference,
      date: d,
      direction,
      amount: fromMinor(amount),
      amountMinor: amount,
      label,
    };
  };

/**
 * Statutory remittances of a payroll paid on `payDate` (docs/areas/insights.md): PAYE by the 10th of
 * the next month (state IRS), pension within 7 days of salary (PRA 2014, NIGERIA.md), NHF within a
 * month of the deduction (the same day next month, clamped).
 */
export function remittanceDates(payDate: string) {
  return {
    paye: `${nextMonth(payDate.slice(0, 7))}-10`,
    pension: addDays(payDate, 7),
    nhf: nthDate(payDate, 'monthly', 1),
  };
}

function payrollItems(r: PayrollRow, s: ForecastScope, make: Make): ForecastItem[] {
  const out: ForecastItem[] = [];
  // A run still to pay is paid today at the earliest; a paid run's remittances already past are done.
  const run = (id: string, date: string, name: string, net: boolean) => {
    const payDate = net && date < s.today ? s.today : date;
    if (net) out.push(make('payroll', id, r.reference, payDate, r.net, name));
    const due = remittanceDates(payDate);
    const remit = (kind: 'paye' | 'pension' | 'nhf', label: string) => {
      if (r[kind] && due[kind] >= s.today)
        out.push(make(kind, id, r.reference, due[kind], r[kind], `${label} for ${name}`));
    };
    remit('paye', 'PAYE');
    remit('pension', 'Pension');
    remit('nhf', 'NHF');
  };
  if (r.status === 'pending' || r.status === 'approved') run(r.id, r.payDate ?? s.today, r.name, true);
  else if (r.paidOn) run(r.id, r.paidOn, r.name, false);
  if (r.recurring && (r.status === 'approved' || r.status === 'paying'))
    for (let p = s.today.slice(0, 7); p <= s.end.slice(0, 7); p = nextMonth(p)) {
      if (p <= r.createdMonth || r.children.includes(p)) continue;
      const payDay = daysBeforeMonthEnd(p, r.daysProcess ?? 0);
      run(r.id, payDay, `${r.name} (${p})`, true);
    }
  return out;
}

/** Every item of the account's sources in the window (before the weeks are made). */
async function forecastItems(db: DbOrTx, s: ForecastScope) {
  const make = maker(s.today);
  const [payouts, series, bills, runs, exps, inst, cards] = await Promise.all([
    payoutRows(db, s),
    recurrenceRows(db, s),
    billRows(db, s),
    payrollRows(db, s),
    expenseRows(db, s),
    instalmentRows(db, s),
    cardLimitRow(db, s),
  ]);
  const items: ForecastItem[] = [];
  for (const p of payouts)
    items.push(
      p.status === 'scheduled'
        ? make('payout', p.id, p.reference, p.date ?? s.today, p.amount, `Scheduled payout to ${p.payee}`)
        : make(
            'approvedPayout',
            p.id,
            p.reference,
            p.date ?? s.today,
            p.amount,
            `Approved payout to ${p.payee}`,
          ),
    );
  for (const r of series)
    for (let k = r.occurrences + 1; ; k++) {
      const d = nthDate(r.startDate, r.frequency, k);
      if (d >= s.end || (r.endDate && d > r.endDate)) break;
      if (d >= s.today)
        items.push(
          make('recurringPayout', r.payoutId, r.reference, d, r.amount, `Recurring payout to ${r.payee}`),
        );
    }
  for (const b of bills)
    items.push(make('bill', b.id, b.invoice || 'Bill', b.date, b.amount, `Bill from ${b.vendor}`));
  for (const r of runs) items.push(...payrollItems(r, s, make));
  for (const e of exps) {
    const step = e.recurrence === 'weekly' || e.recurrence === 'monthly' ? e.recurrence : null;
    for (let k = e.occurrence; ; k++) {
      const d = step ? nthDate(e.scheduledDate, step, k - 1) : e.scheduledDate;
      if (d >= s.end || (e.endDate && d > e.endDate)) break;
      items.push(
        make('expense', e.id, e.reference, d, e.amount, e.description || `Expense to ${e.beneficiary}`),
      );
      if (!step) break;
    }
  }
  const overdue: ForecastItem[] = [];
  for (const i of inst) {
    const it = make('invoice', i.invoiceId, i.reference, i.date, i.amount, `${i.customer}: ${i.name}`);
    it.key = `invoice:${i.invoiceId}:${i.seq}`;
    (i.date < s.today ? overdue : items).push(it);
  }
  return { items, overdue, cards };
}

/** GET /api/insights/forecast. */
export async function forecast(db: DbOrTx, f: ForecastFilters, now: Date = new Date()): Promise<Forecast> {
  const today = lagosToday(now);
  const end = addDays(mondayOf(today), 7 * f.weeks);
  const scope: ForecastScope = { ...f, today, end };
  const [wallet, { items, overdue, cards }] = await Promise.all([
    getWalletByCurrency(db, f.accountId, f.currency),
    forecastItems(db, scope),
  ]);
  const openingMinor = wallet?.balance ?? 0;
  const built = forecastWeeks({ asOf: today, weeks: f.weeks, openingMinor, items });
  return {
    currency: f.currency,
    asOf: today,
    ...pair('opening', openingMinor),
    ...built,
    overdue: overdue.sort((a, b) => a.date.localeCompare(b.date) || a.key.localeCompare(b.key)),
    ...pair(
      'overdueTotal',
      overdue.reduce((t, i) => t + i.amountMinor, 0),
    ),
    cardLimits: { amount: fromMinor(cards.amount), amountMinor: cards.amount, cards: cards.cards },
  };
}
