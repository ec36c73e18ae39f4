import { z } from 'zod';
import { listQuery } from './http';
import { amountSchema, majorAmount, minorAmount } from './money';

// Company cards (issue 26 §0, §4; 001 §2 Cards: the spec shows no calls, these are designed here and
// documented in OpenAPI). Virtual cards from a sandbox issuer; the card's money is its own ledger account.

export const CARD_STATUSES = ['active', 'frozen', 'terminated'] as const;
export type CardStatus = (typeof CARD_STATUSES)[number];
export const CARD_CURRENCIES = ['NGN', 'USD'] as const;
/** Merchant categories a card may be limited to (the issuer sends one per authorisation). */
export const MERCHANT_CATEGORIES = [
  'advertising',
  'airlines',
  'fuel',
  'groceries',
  'hotels',
  'restaurants',
  'software',
  'telecoms',
  'transport',
  'utilities',
  'other',
] as const;

export const CARD_MSG = {
  holderRequired: 'Please select a card holder',
  holderInvalid: 'The card holder must be an active member of this company',
  currency: 'Currency must be NGN or USD',
  walletNotFound: (c: string) => `${c} Wallet not found`,
  created: 'Card created successfully',
  funded: 'Card funded successfully',
  frozen: 'Card frozen successfully',
  unfrozen: 'Card unfrozen successfully',
  terminated: 'Card terminated; its balance is back in your wallet',
  notActive: 'Only an active card can be funded or frozen',
  notFrozen: 'Only a frozen card can be unfrozen',
  alreadyTerminated: 'This card is terminated',
  limitOrder: 'The monthly limit must be at least the per-transaction limit',
  walletCurrency: 'The wallet must be in the card currency',
} as const;

export const cardCreateBody = z.object({
  holderId: z.string({ error: CARD_MSG.holderRequired }).uuid(CARD_MSG.holderRequired),
  currency: z.enum(CARD_CURRENCIES, { error: CARD_MSG.currency }),
  perTransactionLimit: amountSchema,
  monthlyLimit: amountSchema,
  allowedCategories: z.array(z.enum(MERCHANT_CATEGORIES)).max(MERCHANT_CATEGORIES.length).optional(),
  singleUse: z.boolean().optional().default(false),
  label: z.string().trim().max(60).optional(),
});
export type CardCreateBody = z.input<typeof cardCreateBody>;
export const cardFundBody = z.object({
  amount: amountSchema,
  walletId: z.string().uuid('Please select a wallet'),
});

export const cardSchema = z.object({
  id: z.string().uuid(),
  label: z.string().nullable(),
  holder: z.object({ id: z.string().uuid(), name: z.string() }),
  currency: z.enum(CARD_CURRENCIES),
  status: z.enum(CARD_STATUSES),
  brand: z.string(),
  last4: z.string(),
  expiryMonth: z.number().int(),
  expiryYear: z.number().int(),
  balance: majorAmount,
  balanceMinor: minorAmount,
  perTransactionLimit: majorAmount,
  perTransactionLimitMinor: minorAmount,
  monthlyLimit: majorAmount,
  monthlyLimitMinor: minorAmount,
  spentThisMonth: majorAmount,
  spentThisMonthMinor: minorAmount,
  allowedCategories: z.array(z.string()),
  singleUse: z.boolean(),
  createdAt: z.string(),
});
export type Card = z.infer<typeof cardSchema>;
/** The create answer alone carries the full number and CVV (never stored). */
export const cardCreatedSchema = cardSchema.extend({ number: z.string(), cvv: z.string() });
export const cardListQuery = listQuery.extend({ status: z.enum(CARD_STATUSES).optional() });

/** The issuer's signed authorisation webhook (HMAC-SHA512 of the raw body, hex, x-issuer-signature). */
export const cardIssuerEventSchema = z.object({
  event: z.enum([
    'authorization.request',
    'authorization.reversal',
    'transaction.settled',
    'transaction.refund',
  ]),
  id: z.string().max(100),
  data: z.object({
    authorizationId: z.string().max(100),
    cardToken: z.string().max(100),
    amount: z.number().int().positive().max(1e13),
    currency: z.string().max(3),
    merchant: z.object({ name: z.string().max(200), category: z.string().max(40) }),
  }),
});
export type CardIssuerEvent = z.infer<typeof cardIssuerEventSchema>;
export const cardDecisionSchema = z.object({
  authorizationId: z.string(),
  approved: z.boolean(),
  reason: z.string().nullable(),
});
export const CARD_TX_MSG = {
  receiptSaved: 'Receipt saved successfully',
  receiptRequired: 'Please upload a receipt',
  notCardSpend: 'Transaction not found',
  receiptNotYours: "Only the card's holder or a card manager can change this receipt",
} as const;
export const cardSpendSchema = z.object({
  transactionId: z.string().uuid(),
  cardId: z.string().uuid(),
  last4: z.string(),
  holderId: z.string().uuid(),
  merchant: z.string(),
  category: z.string(),
  amount: majorAmount,
  amountMinor: minorAmount,
  currency: z.string(),
  /** approved (authorised, not settled yet) | settled | reversed */
  status: z.string(),
  refunded: majorAmount,
  refundedMinor: minorAmount,
  receiptFile: z.string().nullable(),
  createdAt: z.string(),
});
export type CardSpend = z.infer<typeof cardSpendSchema>;
export const sandboxAuthorizationBody = z.object({
  amount: amountSchema,
  merchant: z.string().trim().min(1).max(200).default('Sandbox Merchant'),
  category: z.enum(MERCHANT_CATEGORIES).default('other'),
});
