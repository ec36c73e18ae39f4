import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { sandboxFxRate } from '../rails/sandbox/resolve';
import {
  convertMinor,
  divHalfUp,
  invertDecimal,
  mulDecimal,
  parseFxTable,
  rateFromTable,
} from './exchange-math';

describe('FX arithmetic', () => {
  it('rounds half up to the minor unit', () => {
    expect(divHalfUp(5n, 10n)).toBe(1n);
    expect(divHalfUp(4n, 10n)).toBe(0n);
    expect(divHalfUp(15n, 10n)).toBe(2n);
    expect(convertMinor(100, '1550')).toBe(155000); // $1.00 -> ₦1,550.00
    expect(convertMinor(1, '0.5')).toBe(1); // 0.5 kobo rounds up
    expect(convertMinor(1, '0.49')).toBe(0);
    expect(convertMinor(12345, '1.26')).toBe(15555); // £123.45 x 1.26 = $155.547 -> 155.55
  });

  it('converts exactly, never through floats', () => {
    // 0.1 + 0.2 style traps: 3 x 1.1 = 3.3 exactly
    expect(convertMinor(300, '1.1')).toBe(330);
    expect(convertMinor(9_007_199_254_740, '1')).toBe(9_007_199_254_740);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 ** 9 }),
        fc.integer({ min: 1, max: 10 ** 6 }),
        (amount, whole) => convertMinor(amount, String(whole)) === amount * whole,
      ),
    );
    // x rate then x 1/rate comes back within one minor unit per 10^12 of precision
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 ** 10 }),
        (amount) => Math.abs(convertMinor(convertMinor(amount, '1550'), invertDecimal('1550')) - amount) <= 1,
      ),
    );
    expect(() => convertMinor(Number.MAX_SAFE_INTEGER, '2')).toThrow(/too large/);
  });

  it('inverts and multiplies rates to 18 places', () => {
    expect(invertDecimal('1550')).toBe('0.000645161290322581');
    expect(invertDecimal('2')).toBe('0.5');
    expect(mulDecimal('1.26', '1550')).toBe('1953');
  });

  it('finds direct, inverse and cross rates from the configured table', () => {
    const t = parseFxTable('USD:NGN=1550,GBP:NGN=1950,GBP:USD=1.26');
    expect(rateFromTable(t, 'USD', 'NGN')).toBe('1550');
    expect(rateFromTable(t, 'NGN', 'USD')).toBe('0.000645161290322581');
    expect(rateFromTable(t, 'USD', 'GBP')).toBe(invertDecimal('1.26'));
    expect(rateFromTable(t, 'NGN', 'NGN')).toBe('1');
    const t2 = parseFxTable('USD:NGN=1500,EUR:USD=1.1');
    expect(rateFromTable(t2, 'EUR', 'NGN')).toBe('1650');
    expect(rateFromTable(t2, 'JPY', 'NGN')).toBeNull();
    expect(() => parseFxTable('USD-NGN=1')).toThrow();
  });

  it('the sandbox answers configured rates and refuses unknown pairs', () => {
    const config = loadConfig({}, { NODE_ENV: 'test', FX_RATES: 'USD:NGN=1600' });
    expect(sandboxFxRate(config, 'USD', 'NGN')).toBe('1600');
    expect(sandboxFxRate(config, 'NGN', 'USD')).toBe('0.000625');
    expect(() => sandboxFxRate(config, 'GBP', 'NGN')).toThrow(/No exchange rate/);
  });
});
