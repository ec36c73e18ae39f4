import { z } from 'zod';
import { ACCOUNT_NAME_MAX, ACCOUNT_NUMBER_TEXT_MAX, BANK_CODE_REQUIRED } from './banks';
import { MSG } from './messages';
import { amountSchema, CURRENCIES } from './money';

// Wallets, transfers and the transaction record (000 §3 Wallet and Currency, 001 §2 and §7 Wallets,
// 002 §4 Transactions). Amounts leave the API twice: `balance` as an exact decimal string of major
// units ("1234.50") for display, and `balanceMinor` as integer minor units for arithmetic.

export const WALLET_MSG = {
  selectWallet: 'Please select a wallet to send from',
  selectCurrency: 'Please select a currency',
  ngnWalletNotFound: 'NGN Wallet not found',
  insufficientFunds: 'Insufficient wallet balance',
  idempotencyKeyRequired: 'Idempotency-Key header is required',
} as const;

export const walletSchema = z.object({
  id: z.string().uuid(),
  currency: z.enum(CURRENCIES),
  name: z.string(),
  balance: z.string(),
  balanceMinor: z.number().int(),
  pendingBalance: z.string(),
  pendingBalanceMinor: z.number().int(),
  virtualAccount: z
    .object({ accountNumber: z.string(), bankCode: z.string().nullable(), bankName: z.string().nullable() })
    .nullable(),
  createdAt: z.string(),
});
export type WalletDto = z.infer<typeof walletSchema>;

/** POST /api/wallet: every account starts with NGN; USD and GBP may be added, one each. */
export const createWalletBody = z.object({
  currency: z.enum(['USD', 'GBP'], { error: WALLET_MSG.selectCurrency }),
  name: z.string().trim().max(60).optional(),
});

/** GET /api/content/payout/currency items (000 §3 Currency). */
export const payoutCurrencySchema = z.object({ alpha2: z.string(), currency: z.enum(CURRENCIES) });

/**
 * POST /api/transfers: wallet to a Nigerian bank account. Requires an Idempotency-Key header. It is a
 * payout (approval type payout): nothing moves until its final approval (or the AP policy's auto-approval).
 */
export const transferBody = z.object({
  walletId: z.string({ error: WALLET_MSG.selectWallet }).uuid(WALLET_MSG.selectWallet),
  amount: amountSchema,
  bankCode: z.string({ error: BANK_CODE_REQUIRED }).trim().min(1, BANK_CODE_REQUIRED).max(10, 'Unknown bank'),
  accountNumber: z
    .string({ error: MSG.accountNumberModal })
    .max(ACCOUNT_NUMBER_TEXT_MAX, MSG.accountNumberModal)
    .trim()
    .regex(/^\d{10}$/, MSG.accountNumberModal),
  accountName: z
    .string()
    .trim()
    .max(ACCOUNT_NAME_MAX, `Account name must be at most ${ACCOUNT_NAME_MAX} characters`)
    .optional(),
  narration: z.string().trim().max(100, 'Narration must be at most 100 characters').optional(),
});
export type TransferBody = z.input<typeof transferBody>;

export const TRANSFER_MSG = {
  ngnWalletOnly: 'Bank transfers are sent from the NGN wallet',
  pending: 'Transfer sent for approval',
  sent: 'Transfer initiated',
} as const;

export const TRANSACTION_TYPES = [
  'deposit',
  'payout',
  'payout_fund_reversal',
  'fee',
  'exchange',
  'collection_reversal',
  'adjustment',
  'card_funding',
  'card_unload',
  'card_spend',
  'card_refund',
] as const;
export const TRANSACTION_STATUSES = ['pending', 'processing', 'success', 'failed', 'reversed'] as const;

export const transactionSchema = z.object({
  id: z.string().uuid(),
  walletId: z.string().uuid(),
  type: z.enum(TRANSACTION_TYPES),
  status: z.enum(TRANSACTION_STATUSES),
  /** Decimal string of major units; `amountMinor` is the same in minor units. Deposits add, others subtract (002 §4). */
  amount: z.string(),
  amountMinor: z.number().int(),
  fee: z.string(),
  feeMinor: z.number().int(),
  currency: z.string(),
  reference: z.string(),
  counterparty: z.object({
    bankCode: z.string().optional(),
    bankName: z.string().optional(),
    accountNumber: z.string().optional(),
    accountName: z.string().optional(),
    name: z.string().optional(),
  }),
  narration: z.string().nullable(),
  failureReason: z.string().nullable(),
  relatedTransactionId: z.string().uuid().nullable(),
  sourceType: z.string().nullable(),
  sourceId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TransactionDto = z.infer<typeof transactionSchema>;
