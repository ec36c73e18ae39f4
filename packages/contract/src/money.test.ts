import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountSchema, formatMoney, fromMinor, toMinor } from './money';

describe('money', () => {
  it('converts decimals to minor units exactly', () => {
    expect(toMinor('0.1')).toBe(10);
    expect(toMinor('1234.56')).toBe(123456);
    expect(toMinor('19.99')).toBe(1999);
    expect(() => toMinor('1.234')).toThrow();
  });
  it('round-trips every minor amount', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 10 ** 13 }), (n) => toMinor(fromMinor(n)) === n));
  });
  it('accepts numbers and strings with at most two places', () => {
    expect(amountSchema.parse(1000)).toBe(100000);
    expect(amountSchema.parse('0.29')).toBe(29);
    expect(amountSchema.safeParse('1.001').success).toBe(false);
    expect(amountSchema.safeParse(-5).success).toBe(false);
    expect(amountSchema.safeParse(0).success).toBe(false);
    expect(amountSchema.safeParse('1e5').success).toBe(false);
  });
  it('formats en-NG, compact at 1,000 and above when short', () => {
    expect(formatMoney(99999, 'NGN')).toBe('₦999.99');
    expect(formatMoney(150000000, 'NGN')).toBe('₦1,500,000.00');
    expect(formatMoney(150000000, 'NGN', { short: true })).toBe('₦1.5M');
    expect(formatMoney(-500, 'USD')).toBe('-$5.00');
  });
});
