import { describe, expect, it } from 'vitest';
import {
  formatChartMoney,
  formatDate,
  formatDateTime,
  formatDayMonth,
  formatLongDate,
  formatMoney,
  formatMoneyShort,
  formatRelative,
  formatMonthYear,
  maskBvn,
  titleCase,
} from './format';

const now = new Date('2026-03-10T12:00:00Z').getTime();
const ago = (ms: number) => new Date(now - ms);
const S = 1000,
  MIN = 60 * S,
  H = 60 * MIN,
  D = 24 * H;

describe('relative time thresholds (000 §9)', () => {
  it.each([
    [44 * S, 'a few seconds ago'],
    [45 * S, 'a minute ago'],
    [89 * S, 'a minute ago'],
    [90 * S, '2 minutes ago'],
    [44 * MIN, '44 minutes ago'],
    [45 * MIN, 'an hour ago'],
    [89 * MIN, 'an hour ago'],
    [90 * MIN, '2 hours ago'],
    [21 * H, '21 hours ago'],
    [22 * H, 'a day ago'],
    [35 * H, 'a day ago'],
    [36 * H, '2 days ago'],
    [25 * D, '25 days ago'],
    [26 * D, 'a month ago'],
    [45 * D, 'a month ago'],
    [46 * D, '2 months ago'],
    [300 * D, '10 months ago'],
    [320 * D, 'a year ago'],
    [500 * D, 'a year ago'],
    [550 * D, '2 years ago'],
  ])('%i ms ago reads "%s"', (ms, text) => {
    expect(formatRelative(ago(ms), now)).toBe(text);
  });
});

describe('money and dates', () => {
  it('formats naira en-NG with two decimals from minor units', () => {
    expect(formatMoney(123450)).toBe('₦1,234.50');
    expect(formatMoney(5, 'NGN')).toBe('₦0.05');
    expect(formatMoney(-250000, 'USD')).toBe('-$2,500.00');
  });
  it('compacts at 1,000 and above only in short form', () => {
    expect(formatMoneyShort(99999)).toBe('₦999.99');
    expect(formatMoneyShort(150000000)).toBe('₦1.5M');
    expect(formatMoneyShort(123456)).toBe('₦1.23K');
  });
  it('shows dates DD/MM/YYYY and empty for missing or invalid ones', () => {
    expect(formatDate('2026-03-05T10:00:00')).toBe('05/03/2026');
    expect(formatDateTime('2026-03-05T14:30:00')).toBe('05/03/2026, 2:30 PM');
    expect(formatLongDate('2026-03-05T10:00:00')).toBe('5 March 2026');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
  it('charts: whole units with separators, compact only above a million, dates DD MMM', () => {
    expect(formatChartMoney(123_456_789)).toBe('₦1,234,568');
    expect(formatChartMoney(123_456_789, 'NGN', { compact: true })).toBe('₦1.23M');
    expect(formatChartMoney(99_999_900, 'NGN', { compact: true })).toBe('₦999,999');
    expect(formatChartMoney(-250_000, 'USD')).toBe('-$2,500');
    expect(formatDayMonth('2026-03-05')).toBe('05 Mar');
    expect(formatMonthYear('2026-11-01')).toBe('Nov 2026');
  });
  it('title-cases names and keys', () => {
    expect(titleCase('JOURNEY FUNDER ltd')).toBe('Journey Funder Ltd');
    expect(titleCase('awaitingApproval')).toBe('Awaiting Approval');
    expect(titleCase('office (lagos)')).toBe('Office (Lagos)');
  });
  it('masks a BVN as *******8901', () => {
    expect(maskBvn('12345678901')).toBe('*******8901');
  });
});
