// Currencies and money amounts without a schema: the web app formats money on nearly every page,
// and zod has no place in those pages' chunks (issue 38 §3). money.ts re-exports all of it.

export const CURRENCIES = ['NGN', 'USD', 'GBP'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const CURRENCY_INFO: Record<Currency, { alpha2: string; name: string; symbol: string }> = {
  NGN: { alpha2: 'NG', name: 'Nigerian Naira', symbol: '₦' },
  USD: { alpha2: 'US', name: 'US Dollar', symbol: '$' },
  GBP: { alpha2: 'GB', name: 'British Pound', symbol: '£' },
};

/** '1234.5' -> 123450. Throws on anything but a plain non-negative decimal with <= 2 places. */
export function toMinor(decimal: string): number {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(decimal.trim());
  if (!m) throw new Error(`not a decimal amount: ${decimal}`);
  const whole = Number(m[1]);
  const frac = Number((m[2] ?? '').padEnd(2, '0'));
  const minor = whole * 100 + frac;
  if (!Number.isSafeInteger(minor)) throw new Error('amount too large');
  return minor;
}

/** 123450 -> '1234.50' (exact, sign kept). */
export function fromMinor(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const groupFmt = new Intl.NumberFormat('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const compactFmt = new Intl.NumberFormat('en-NG', { notation: 'compact', maximumFractionDigits: 2 });

/** en-NG display with two decimals: ₦1,234.50. `short` uses compact form at 1,000 and above (000 §9). */
export function formatMoney(
  minor: number,
  currency: Currency | (string & {}) = 'NGN',
  opts: { short?: boolean } = {},
): string {
  const symbol = CURRENCY_INFO[currency as Currency]?.symbol ?? `${currency} `;
  const sign = minor < 0 ? '-' : '';
  const major = Math.abs(minor) / 100;
  const body = opts.short && major >= 1000 ? compactFmt.format(major) : groupFmt.format(major);
  return `${sign}${symbol}${body}`;
}
