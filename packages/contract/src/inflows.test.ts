import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { discountMinorOf, equalSplit, splitAmount } from './inflows-payments';

describe('invoice money rules never lose or create a kobo', () => {
  it('equal split: floor(100/n) each, remainder on the first, sums to 100', () => {
    expect(equalSplit(3)).toEqual([34, 33, 33]);
    expect(equalSplit(7)).toEqual([16, 14, 14, 14, 14, 14, 14]);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), (n) => {
        const s = equalSplit(n);
        expect(s.reduce((a, b) => a + b, 0)).toBe(100);
        expect(s.slice(1).every((p) => p === Math.floor(100 / n))).toBe(true);
      }),
    );
  });

  it('discount + installments: discounted total + discount = initial; installments sum to the total', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 10_000_000_000_000 }),
        fc.oneof(
          fc.record({ type: fc.constant('percentage' as const), value: fc.integer({ min: 0, max: 9_999 }) }),
          fc.record({
            type: fc.constant('fixed' as const),
            value: fc.integer({ min: 0, max: 10_000_000_000_000 }),
          }),
        ),
        fc.array(fc.integer({ min: 1, max: 10_000 }), { minLength: 1, maxLength: 24 }),
        (initial, d, weights) => {
          fc.pre(d.type === 'percentage' || d.value < initial);
          const discount = discountMinorOf(initial, d.type, d.value);
          const total = initial - discount;
          expect(discount).toBeGreaterThanOrEqual(0);
          expect(total + discount).toBe(initial);
          // Any percentages (basis points) that sum to 100%.
          const sum = weights.reduce((a, b) => a + b, 0);
          const bps = weights.map((w) => Math.floor((w * 10_000) / sum));
          bps[0] += 10_000 - bps.reduce((a, b) => a + b, 0);
          const parts = splitAmount(total, bps);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
          expect(parts.every((p) => Number.isSafeInteger(p) && p >= 0)).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});
