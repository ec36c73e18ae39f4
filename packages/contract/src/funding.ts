import { z } from 'zod';
import { ACCOUNT_NUMBER_TEXT_MAX } from './banks';
import { amountSchema } from './money';

// Funding a wallet by bank transfer (001 §2 "Cards, wallets and add funds"; 000 §2.3 /wallet/add-funds).

/**
 * The dedicated account a company (or its payer) transfers into to fund a wallet. NGN: a NUBAN at the
 * provider's partner bank (bankCode is the NIP code). USD/GBP: foreign receiving details; bankCode is
 * the SWIFT/BIC (as in the rails port), USD adds the US routing (ABA) number, GBP the sort code and IBAN.
 */
export const fundingAccountSchema = z.object({
  currency: z.enum(['NGN', 'USD', 'GBP']),
  accountNumber: z.string(),
  bankName: z.string(),
  bankCode: z.string(),
  accountName: z.string(),
  swiftCode: z.string().nullable(),
  routingNumber: z.string().nullable(),
  sortCode: z.string().nullable(),
  iban: z.string().nullable(),
});
export type FundingAccount = z.infer<typeof fundingAccountSchema>;

export const FUNDING_MSG = {
  accountNumber: 'Account number must be 10 digits',
  foreignUnavailable: 'USD and GBP receiving details are not available from this payment provider',
  depositAccountNumber: 'Account number must be 8 (GBP), 10 (NGN) or 12 (USD) digits',
  depositSent: 'Deposit sent; the wallet is credited when the bank notifies us',
} as const;

/** Sandbox only (never in production): a bank customer pays into a virtual account. */
export const sandboxDepositBody = z.object({
  accountNumber: z
    .string()
    .max(ACCOUNT_NUMBER_TEXT_MAX, FUNDING_MSG.depositAccountNumber)
    .trim()
    .regex(/^(\d{8}|\d{10}|\d{12})$/, FUNDING_MSG.depositAccountNumber),
  amount: amountSchema,
  senderName: z.string().trim().min(1).max(100).optional(),
  /** The sender's own account (the provider reports it with the deposit; refunds can pay it back). */
  senderAccountNumber: z
    .string()
    .max(ACCOUNT_NUMBER_TEXT_MAX, FUNDING_MSG.accountNumber)
    .trim()
    .regex(/^\d{10}$/, FUNDING_MSG.accountNumber)
    .optional(),
  senderBankCode: z
    .string()
    .trim()
    .max(10)
    .regex(/^\d{3,6}$/, 'Bank code must be 3 to 6 digits')
    .optional(),
  /** The sender's transfer narration (a payment invitation's reference goes here). */
  narration: z.string().trim().max(200).optional(),
});
export type SandboxDepositBody = z.input<typeof sandboxDepositBody>;

/** GET /api/sandbox/status: whether this server plays the bank (outside production, sandbox rails). */
export const sandboxStatusSchema = z.object({ deposits: z.boolean() });
export type SandboxStatus = z.infer<typeof sandboxStatusSchema>;

export const sandboxDepositResult = z.object({
  reference: z.string(),
  accountNumber: z.string(),
  /** Decimal, as sent. */
  amount: z.string(),
});

/** 04-06-05 from 040605 (UK sort codes are shown in pairs). */
export const formatSortCode = (s: string) => s.replace(/^(\d{2})(\d{2})(\d{2})$/, '$1-$2-$3');
/** An IBAN in groups of four, as printed (copied without the spaces). */
export const formatIban = (s: string) => s.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * The lines a payer needs to transfer into a receiving account, in the order a bank form asks for
 * them: `value` is what is copied, `display` what is shown. One list for the add-funds screen and the
 * payment-invitation page.
 */
export function receivingDetailRows(d: FundingAccount): { label: string; value: string; display: string }[] {
  const row = (label: string, value: string, display = value) => ({ label, value, display });
  const rows = [row('Account number', d.accountNumber)];
  if (d.routingNumber) rows.push(row('Routing number (ABA)', d.routingNumber));
  if (d.sortCode) rows.push(row('Sort code', d.sortCode, formatSortCode(d.sortCode)));
  if (d.iban) rows.push(row('IBAN', d.iban, formatIban(d.iban)));
  if (d.swiftCode) rows.push(row('SWIFT/BIC', d.swiftCode));
  rows.push(row('Bank', d.bankName), row('Account name', d.accountName));
  return rows;
}
