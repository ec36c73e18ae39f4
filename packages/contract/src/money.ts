import { z } from 'zod';
import { CURRENCIES, toMinor } from './money-units';

export * from './money-units';

export const currencySchema = z.enum(CURRENCIES);

/**
 * Decimal amount as the API accepts it: a positive number or numeric string with at most 2 places.
 * Converted to integer minor units exactly (string arithmetic, never float multiplication).
 */
/** Longest amount text accepted (13 digits, a point, 2 decimals, surrounding spaces). */
export const AMOUNT_TEXT_MAX = 32;
const AMOUNT_INVALID = 'Amount must be a positive number with at most 2 decimal places';
export const amountSchema = z
  .union([z.number(), z.string().max(AMOUNT_TEXT_MAX, AMOUNT_INVALID)])
  .transform((v, ctx) => {
    const s = typeof v === 'number' ? (Number.isFinite(v) ? v.toString() : '') : v.trim();
    if (!/^\d{1,13}(\.\d{1,2})?$/.test(s)) {
      ctx.addIssue({
        code: 'custom',
        message: 'Amount must be a positive number with at most 2 decimal places',
      });
      return z.NEVER;
    }
    const minor = toMinor(s);
    if (minor <= 0) {
      ctx.addIssue({ code: 'custom', message: 'Amount must be greater than zero' });
      return z.NEVER;
    }
    return minor;
  });

/** An answered amount: a decimal string of major units ('1234.50'), beside its `…Minor` integer. */
export const majorAmount = z.string().max(32).describe('Decimal string of major units, e.g. "1234.50"');
/** An answered amount in integer minor units (kobo, cents, pence). */
export const minorAmount = z.number().int().describe('Integer minor units (kobo, cents, pence)');
