// Payouts: pay someone, a payout to a new or existing recipient (000 §4.3, 001 §4; issue 23 §3).
import { z } from 'zod';

import { amountSchema, CURRENCIES, majorAmount, minorAmount } from './money';
import { PAYOUT_MSG, payoutScheduledDate as scheduledDate } from './payouts';

// ---- Pay someone (000 §4.3, 001 §4; issue 23 §3): a payout to a new or existing recipient ----

/** The wire purposes a payer chooses from (000 §4.3); `other` needs the narration to say what. */
export const WIRE_PURPOSES = [
  'goods',
  'services',
  'salary',
  'familySupport',
  'education',
  'medical',
  'rent',
  'investment',
  'loanRepayment',
  'travel',
  'other',
] as const;
export type WirePurpose = (typeof WIRE_PURPOSES)[number];
export const WIRE_PURPOSE_LABELS: Record<WirePurpose, string> = {
  goods: 'Payment for goods',
  services: 'Payment for services',
  salary: 'Salary or wages',
  familySupport: 'Family support',
  education: 'Education fees',
  medical: 'Medical expenses',
  rent: 'Rent or property',
  investment: 'Investment',
  loanRepayment: 'Loan repayment',
  travel: 'Travel',
  other: 'Other',
};

export const PAY_SOMEONE_MSG = {
  purposeRequired: 'Please select the purpose of this payment',
  purposeNarrationRequired: 'Please describe the purpose of this payment',
  wirePurposeRequired: 'A wire purpose is required for USD and GBP payments',
  recipientRequired: 'Choose a saved recipient or enter new recipient details',
  recipientCurrency: 'This recipient is paid in another currency',
  foreignDetailsRequired: 'Enter the recipient’s bank details for USD and GBP payments',
  ngnDetailsRequired: 'Enter the recipient’s Nigerian bank account',
  senderRequired: 'Sender details are required for reseller accounts',
  senderNotAllowed: 'Sender details apply to reseller accounts only',
  swiftInvalid: 'SWIFT/BIC must be 8 or 11 letters and digits',
  ibanInvalid: 'Enter a valid IBAN or account number',
  sortCodeInvalid: 'Sort code must be 6 digits',
  routingInvalid: 'Routing number must be 9 digits',
  countryInvalid: 'Select the bank’s country',
  nameRequired: 'Account name is required',
  bankNameRequired: 'Bank name is required',
  addressRequired: 'Recipient address is required',
  created: 'Payment sent for approval',
  scheduled: 'Payment scheduled and sent for approval',
} as const;

const text = (msg: string, max: number) => z.string({ error: msg }).trim().min(1, msg).max(max, msg);

/** The wire purpose step: a purpose from the list plus a narration. */
export const wirePurposeSchema = z.object({
  purpose: z.enum(WIRE_PURPOSES, { error: PAY_SOMEONE_MSG.purposeRequired }),
  narration: z
    .string({ error: PAY_SOMEONE_MSG.purposeNarrationRequired })
    .trim()
    .min(3, PAY_SOMEONE_MSG.purposeNarrationRequired)
    .max(140, 'Narration must be at most 140 characters'),
});
export type WirePurposeInput = z.input<typeof wirePurposeSchema>;

/**
 * A foreign (USD/GBP) recipient's bank: the account (IBAN or local number), SWIFT/BIC, the UK sort
 * code or US routing number where used, the bank's name and country, and the recipient's address.
 */
export const foreignBankSchema = z.object({
  accountName: text(PAY_SOMEONE_MSG.nameRequired, 100),
  accountNumber: z
    .string({ error: PAY_SOMEONE_MSG.ibanInvalid })
    .max(40, PAY_SOMEONE_MSG.ibanInvalid)
    .trim()
    .toUpperCase()
    .transform((s) => s.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^[A-Z0-9]{6,34}$/, PAY_SOMEONE_MSG.ibanInvalid)),
  swiftCode: z
    .string({ error: PAY_SOMEONE_MSG.swiftInvalid })
    .max(11, PAY_SOMEONE_MSG.swiftInvalid)
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, PAY_SOMEONE_MSG.swiftInvalid),
  sortCode: z
    .string()
    .max(10, PAY_SOMEONE_MSG.sortCodeInvalid)
    .trim()
    .transform((s) => s.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^(\d{6})?$/, PAY_SOMEONE_MSG.sortCodeInvalid))
    .optional()
    .nullable(),
  routingNumber: z
    .string()
    .max(9, PAY_SOMEONE_MSG.routingInvalid)
    .trim()
    .regex(/^(\d{9})?$/, PAY_SOMEONE_MSG.routingInvalid)
    .optional()
    .nullable(),
  bankName: text(PAY_SOMEONE_MSG.bankNameRequired, 100),
  country: z
    .string({ error: PAY_SOMEONE_MSG.countryInvalid })
    .max(2, PAY_SOMEONE_MSG.countryInvalid)
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, PAY_SOMEONE_MSG.countryInvalid),
  address: text(PAY_SOMEONE_MSG.addressRequired, 200),
});
export type ForeignBank = z.output<typeof foreignBankSchema>;

/** A new recipient: a Nigerian account (bankCode + NUBAN, name resolved) or a foreign bank. */
export const newRecipientSchema = z.object({
  name: text('Recipient name is required', 100),
  email: z.string().trim().toLowerCase().max(254).email('Enter a valid email address').optional().nullable(),
  bankCode: z.string().trim().min(1, 'Please select a bank').max(10).optional().nullable(),
  accountNumber: z
    .string()
    .max(10, 'Account number must be 10 digits')
    .trim()
    .regex(/^\d{10}$/, 'Account number must be 10 digits')
    .optional()
    .nullable(),
  foreign: foreignBankSchema.optional().nullable(),
});

/** Sender details (reseller accounts only): on whose behalf the reseller pays. */
export const senderDetailsSchema = z.object({
  name: text('Sender name is required', 100),
  address: text('Sender address is required', 200),
  country: z
    .string({ error: PAY_SOMEONE_MSG.countryInvalid })
    .max(2, PAY_SOMEONE_MSG.countryInvalid)
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, PAY_SOMEONE_MSG.countryInvalid),
  phone: z.string().trim().max(20).optional().nullable(),
});
export type SenderDetails = z.output<typeof senderDetailsSchema>;

/** POST /api/pay-someone (Idempotency-Key). `amount` is what the recipient gets, in `currency`. */
export const paySomeoneBody = z.object({
  walletId: z.string({ error: PAYOUT_MSG.selectWallet }).uuid(PAYOUT_MSG.selectWallet),
  amount: amountSchema,
  currency: z.enum(CURRENCIES, { error: PAYOUT_MSG.selectCurrency }),
  payeeId: z.string().uuid(PAYOUT_MSG.payeeRequired).optional().nullable(),
  recipient: newRecipientSchema.optional().nullable(),
  senderDetails: senderDetailsSchema.optional().nullable(),
  wirePurpose: wirePurposeSchema.optional().nullable(),
  scheduledDate: scheduledDate.optional().nullable(),
});
export type PaySomeoneInput = z.input<typeof paySomeoneBody>;

/** What a payout to another currency carries beside the wallet amount it holds. */
export const payoutForeignSchema = z.object({
  /** What the recipient receives, in `recipientCurrency`. */
  recipientAmount: majorAmount,
  recipientAmountMinor: minorAmount,
  recipientCurrency: z.string(),
  /** Wallet units per 1 unit of the recipient currency, fixed at creation (the exchange quote). */
  rate: z.string(),
});
