import { z } from 'zod';
import { amountSchema, currencySchema } from './money';

// Exchange quote (001 §7 "Exchange quote"): POST /api/exchange/disbursement/{resource}/{walletId}.

export const EXCHANGE_RESOURCES = ['payouts', 'expenses', 'payrolls', 'disbursement', 'inflows'] as const;
export type ExchangeResource = (typeof EXCHANGE_RESOURCES)[number];

export const exchangeQuoteInput = z.object({
  amount: amountSchema,
  currency: currencySchema,
  /** How the money leaves (fee policy method); 'bank-transfer' by default. */
  method: z.string().trim().min(1).max(40).default('bank-transfer'),
});
export type ExchangeQuoteInput = z.input<typeof exchangeQuoteInput>;

/** Amounts are integer minor units of the wallet currency (`sourceCurrency`); `rate` is wallet units per 1 unit of `currency`. */
export const exchangeQuoteSchema = z.object({
  isPaymentRequired: z.boolean(),
  /** All fees of the payment in the wallet currency: fxFee + transferFee. */
  exchangeFee: z.number().int(),
  /** The conversion fee (fee policy 'exchange'); 0 when no conversion. */
  fxFee: z.number().int(),
  /** The method's fee (e.g. bank-transfer), converted into the wallet currency. */
  transferFee: z.number().int(),
  total: z.number().int(),
  rate: z.string(),
  sourceCurrency: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  requestedAmount: z.number().int(),
  availableBalance: z.number().int(),
});
export type ExchangeQuote = z.infer<typeof exchangeQuoteSchema>;

export const PER_TRANSACTION_LIMIT_NOTE = "our limit, not the central bank's";

/**
 * Payout limits by KYB tier (decision 005). The USD per-transaction maximum
 * (PER_TRANSACTION_MAX_USD, default $10,000) applies to payouts in these currencies, measured in USD.
 */
export const PER_TRANSACTION_CAPPED_CURRENCIES = ['USD', 'GBP'] as const;
/** The KYB tier at which naira payouts have no platform cap beyond the account's own policy. */
export const FULL_KYB_TIER = 3;
/** Default per-transaction cap on naira payouts below FULL_KYB_TIER, in kobo (₦100,000). */
export const KYC_INCOMPLETE_CAP_MINOR = 10_000_000;
