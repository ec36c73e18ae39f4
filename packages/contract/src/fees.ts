import { z } from 'zod';
import {
  AMOUNT_TEXT_MAX,
  amountSchema,
  CURRENCIES,
  currencySchema,
  fromMinor,
  majorAmount,
  minorAmount,
} from './money';

// Fee policies (002 settings "fee-policy"). Inputs are decimal amounts (at most 2 places) and a
// decimal percentage; answers carry integer minor units and basis points.

export const FEE_METHODS = ['bank-transfer', 'exchange', 'deposit'] as const;
export type FeeMethod = (typeof FEE_METHODS)[number];

/** A non-negative decimal amount (0 allowed) with at most 2 places -> minor units. */
const feeAmount = z
  .union([
    z.number(),
    z.string().max(AMOUNT_TEXT_MAX, 'Must be a non-negative amount with at most 2 decimal places'),
  ])
  .transform((v, ctx) => {
    const s = typeof v === 'number' ? (Number.isFinite(v) ? v.toString() : '') : v.trim();
    const m = /^(\d{1,11})(?:\.(\d{1,2}))?$/.exec(s);
    if (!m) {
      ctx.addIssue({
        code: 'custom',
        message: 'Must be a non-negative amount with at most 2 decimal places',
      });
      return z.NEVER;
    }
    return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  });

/** A percentage 0..100 with at most 2 places -> basis points ('1.5' -> 150). */
const percentBps = z
  .union([z.number(), z.string().max(16, 'Percent must be between 0 and 100 with at most 2 decimal places')])
  .transform((v, ctx) => {
    const s = typeof v === 'number' ? (Number.isFinite(v) ? v.toString() : '') : v.trim();
    const m = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(s);
    const bps = m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : -1;
    if (bps < 0 || bps > 10000) {
      ctx.addIssue({
        code: 'custom',
        message: 'Percent must be between 0 and 100 with at most 2 decimal places',
      });
      return z.NEVER;
    }
    return bps;
  });

export const feeBandInput = z.object({ upTo: feeAmount.nullable(), flat: feeAmount });

export const feePolicyInput = z
  .object({
    method: z.enum(FEE_METHODS, { error: 'Choose a fee method' }),
    currency: currencySchema.default('NGN'),
    flat: feeAmount.default(0),
    percent: percentBps.default(0),
    cap: feeAmount.nullable().optional(),
    min: feeAmount.nullable().optional(),
    /** Flat fee by amount band, ascending; the last band has upTo null. Replaces `flat` when given. */
    bands: z.array(feeBandInput).max(10).nullable().optional(),
  })
  .superRefine((p, ctx) => {
    if (p.cap != null && p.min != null && p.min > p.cap) {
      ctx.addIssue({ code: 'custom', path: ['min'], message: 'Minimum fee cannot be above the cap' });
    }
    if (p.bands?.length) {
      const last = p.bands[p.bands.length - 1];
      if (last.upTo !== null)
        ctx.addIssue({ code: 'custom', path: ['bands'], message: 'The last band must have no upper limit' });
      for (let i = 1; i < p.bands.length; i++) {
        const prev = p.bands[i - 1].upTo;
        const cur = p.bands[i].upTo;
        if (prev === null || (cur !== null && cur <= prev)) {
          ctx.addIssue({ code: 'custom', path: ['bands'], message: 'Bands must be in ascending order' });
          break;
        }
      }
    }
  });
export type FeePolicyInput = z.input<typeof feePolicyInput>;

export const feeBand = z.object({ upTo: z.number().int().nullable(), flat: z.number().int() });
export type FeeBand = z.infer<typeof feeBand>;

export const feePolicySchema = z.object({
  method: z.string(),
  currency: z.string(),
  flat: z.number().int(),
  percentBps: z.number().int(),
  cap: z.number().int().nullable(),
  min: z.number().int().nullable(),
  bands: z.array(feeBand).nullable(),
  /** 'account' when the account set it, 'default' for the platform default. */
  source: z.enum(['account', 'default']),
});
export type FeePolicy = z.infer<typeof feePolicySchema>;

/** A fee policy as answered: amounts as decimal strings of major units with their `…Minor` integers. */
export const feePolicyAnswerSchema = z.object({
  method: z.string(),
  currency: z.string(),
  flat: majorAmount,
  flatMinor: minorAmount,
  percentBps: z.number().int().describe('Percentage in basis points (150 = 1.5%)'),
  cap: majorAmount.nullable(),
  capMinor: minorAmount.nullable(),
  min: majorAmount.nullable(),
  minMinor: minorAmount.nullable(),
  bands: z
    .array(
      z.object({
        upTo: majorAmount.nullable(),
        upToMinor: minorAmount.nullable(),
        flat: majorAmount,
        flatMinor: minorAmount,
      }),
    )
    .nullable(),
  source: z.enum(['account', 'default']),
});
export type FeePolicyAnswer = z.infer<typeof feePolicyAnswerSchema>;
const orNull = (v: number | null) => (v === null ? null : fromMinor(v));
export function toFeePolicyAnswer(p: FeePolicy): FeePolicyAnswer {
  return {
    method: p.method,
    currency: p.currency,
    flat: fromMinor(p.flat),
    flatMinor: p.flat,
    percentBps: p.percentBps,
    cap: orNull(p.cap),
    capMinor: p.cap,
    min: orNull(p.min),
    minMinor: p.min,
    bands:
      p.bands?.map((b) => ({
        upTo: orNull(b.upTo),
        upToMinor: b.upTo,
        flat: fromMinor(b.flat),
        flatMinor: b.flat,
      })) ?? null,
    source: p.source,
  };
}

/** GET /settings/fee-policy/quote: the fee the policy in force takes from an amount (the preview). */
export const feeQuoteQuery = z.object({
  method: z.enum(FEE_METHODS, { error: 'Choose a fee method' }).default('bank-transfer'),
  currency: z.enum(CURRENCIES, { error: 'Choose a currency' }).default('NGN'),
  amount: amountSchema,
});
export const feeQuoteSchema = z.object({
  method: z.string(),
  currency: z.string(),
  amount: majorAmount,
  amountMinor: minorAmount,
  fee: majorAmount,
  feeMinor: minorAmount,
  total: majorAmount,
  totalMinor: minorAmount,
  source: z.enum(['account', 'default']),
  /** The band the amount fell in (index into the policy's bands), or null without bands. */
  bandIndex: z.number().int().nullable(),
});
export type FeeQuote = z.infer<typeof feeQuoteSchema>;

/** GET /platform/fee-policy: the platform defaults; `editable` only for a platform admin. */
export const platformFeePoliciesSchema = z.object({
  editable: z.boolean(),
  policies: z.array(feePolicyAnswerSchema),
});
export type PlatformFeePolicies = z.infer<typeof platformFeePoliciesSchema>;

export const FEE_MSG = {
  saved: 'Fee policy saved successfully',
  reset: 'Fee policy reset to the default',
  defaultSaved: 'Platform default fee saved successfully',
  defaultReset: 'Platform default fee reset to the built-in default',
  platformAdminOnly: 'Only a platform administrator can change the platform default fees',
  /** A company's fee may add to the platform fee (a markup), never lower it (issue 34 §5). */
  belowPlatform: (platformFee: string, amount: string) =>
    `A company fee cannot be lower than the platform fee (${platformFee} on ${amount}); it may only add to it`,
} as const;
