import { z } from 'zod';
import { listFormatQuery, listQuery } from './http';
import { CURRENCIES } from './money';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES, transactionSchema } from './wallets';
import { TRANSACTION_PERIODS } from './transactions-periods';

// The transaction history a company reads (002 §4 Transactions, 000 §7 generic lists), receipts
// (002 §7 GET /transaction/reciept/{id}, sic) and statements (000 §6: transactions post prints them).

export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export const TRANSACTION_MSG = {
  receiptNotAvailable: 'A receipt is only available for successful transactions that are not reversals',
  receiptLinkInvalid: 'This receipt link is not valid',
  receiptLinkExpired: 'This receipt link has expired, please download the receipt again',
  whereInvalid: 'Filter must be a JSON object of type, status, walletId, currency or providerRef',
  dateRange: 'The start date must be on or before the end date',
  statementRange: 'A statement covers at most 366 days',
  selectWallet: 'Please select a wallet',
  fromRequired: 'Start date is required',
  toRequired: 'End date is required',
  cursorInvalid: 'Cursor must be the id of a transaction of this list',
} as const;

/**
 * A search of the transactions counts its matches up to this many (decision 019): past it the
 * answer's `totalItems` is this cap with `totalIsEstimate: true` ("1,000+"), so a common word never
 * costs a count of a hundred thousand rows.
 */
export const TRANSACTION_SEARCH_COUNT_CAP = 1000;

/** Types that put money back into the wallet: shown positive. 002 §4 names deposit; a reversal
 *  of a payout returns the money and the fee, so it is a credit as well. Everything else is a debit. */
export const CREDIT_TRANSACTION_TYPES: readonly TransactionType[] = [
  'deposit',
  'payout_fund_reversal',
  'card_unload',
  'card_refund',
];
/** 002 §4: no receipt for payout fund reversals or collection reversals. */
export const NO_RECEIPT_TYPES: readonly string[] = ['payout_fund_reversal', 'collection_reversal'];
/** 002 §4: a receipt only for success or completed. */
export const RECEIPT_STATUSES: readonly string[] = ['success', 'completed'];

export function isCreditTransaction(type: string): boolean {
  return (CREDIT_TRANSACTION_TYPES as readonly string[]).includes(type);
}
/** Minor units with the display sign of 002 §4 (credit positive, debit negative). */
export function signedTransactionMinor(type: string, amountMinor: number): number {
  return isCreditTransaction(type) ? Math.abs(amountMinor) : -Math.abs(amountMinor);
}
export function isReceiptAvailable(t: { type: string; status: string }): boolean {
  return RECEIPT_STATUSES.includes(t.status) && !NO_RECEIPT_TYPES.includes(t.type);
}

export * from './transactions-periods';

const oneOrMany = <T extends z.ZodTypeAny>(s: T) => z.union([s, z.array(s).min(1).max(20)]);
/** The `where` filter, sent as JSON text in the query string. A value or a list of values per key. */
export const transactionWhereSchema = z
  .object({
    type: oneOrMany(z.enum(TRANSACTION_TYPES)).optional(),
    status: oneOrMany(z.enum(TRANSACTION_STATUSES)).optional(),
    walletId: oneOrMany(z.string().uuid()).optional(),
    currency: oneOrMany(z.enum(CURRENCIES)).optional(),
    providerRef: z.string().trim().min(1).max(100).optional(),
  })
  .strict();
export type TransactionWhere = z.infer<typeof transactionWhereSchema>;

/** GET /api/transactions. Date-only from/to are days in Lagos time (WAT); `to` includes its day. */
export const transactionHistoryQuery = listQuery.extend({
  ...listFormatQuery.shape,
  period: z.enum(TRANSACTION_PERIODS, { error: 'Period must be 24h, 7d or 30d' }).optional(),
  type: z.enum(TRANSACTION_TYPES).optional(),
  status: z.enum(TRANSACTION_STATUSES).optional(),
  walletId: z.string().uuid().optional(),
  currency: z.enum(CURRENCIES).optional(),
  /**
   * Keyset paging for deep reads (decision 019): the id of the last item already read; the answer
   * is the `limit` items after it in the list's order (`page` is then not used).
   */
  cursor: z.string().uuid(TRANSACTION_MSG.cursorInvalid).optional(),
});
export type TransactionHistoryQuery = z.infer<typeof transactionHistoryQuery>;

export const transactionItemSchema = transactionSchema.extend({
  /** Decimal string with the display sign (002 §4). */
  signedAmount: z.string(),
  signedAmountMinor: z.number().int(),
  receiptAvailable: z.boolean(),
});
export type TransactionItem = z.infer<typeof transactionItemSchema>;

export const transactionDetailSchema = transactionItemSchema.extend({
  walletName: z.string(),
  /** The reversal of this payout, or the payout this reversal undoes. */
  related: transactionItemSchema.nullable(),
});
export type TransactionDetail = z.infer<typeof transactionDetailSchema>;

export const receiptLinkSchema = z.object({ pdf_url: z.string(), expiresAt: z.string() });
export type ReceiptLink = z.infer<typeof receiptLinkSchema>;

export const receiptFileQuery = z.object({
  exp: z.coerce.number().int().positive(),
  sig: z
    .string()
    .max(100, TRANSACTION_MSG.receiptLinkInvalid)
    .regex(/^[A-Za-z0-9_-]{20,100}$/, TRANSACTION_MSG.receiptLinkInvalid),
});

const day = (required: string) => z.string({ error: required }).date('Enter a valid date');
export const STATEMENT_MAX_DAYS = 366;
export const STATEMENT_FORMATS = ['pdf', 'csv'] as const;

/** POST /api/transactions/statement: dates are Lagos days, both included. */
export const statementBody = z
  .object({
    walletId: z.string({ error: TRANSACTION_MSG.selectWallet }).uuid(TRANSACTION_MSG.selectWallet),
    from: day(TRANSACTION_MSG.fromRequired),
    to: day(TRANSACTION_MSG.toRequired),
    format: z.enum(STATEMENT_FORMATS, { error: 'Format must be pdf or csv' }).default('pdf'),
  })
  .superRefine((v, ctx) => {
    if (v.from > v.to) ctx.addIssue({ code: 'custom', path: ['to'], message: TRANSACTION_MSG.dateRange });
    else if ((Date.parse(v.to) - Date.parse(v.from)) / 86_400_000 + 1 > STATEMENT_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['from'], message: TRANSACTION_MSG.statementRange });
  });
export type StatementBody = z.input<typeof statementBody>;
