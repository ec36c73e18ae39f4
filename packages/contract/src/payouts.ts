import { z } from 'zod';
import { approvalNoteSchema, pendingApprovalItemSchema } from './approvals';
import { listFormatQuery, listQuery } from './http';
import { amountSchema, CURRENCIES, majorAmount, minorAmount } from './money';

// Payouts (001 §2 Payouts; issue 23 §0 and §3): direct payouts to a vendor (payee), approved
// through the approvals engine as type `payout`, paid through the money core.

export const PAYOUT_OPTIONS = ['standard', 'asset', 'project'] as const;
export type PayoutOption = (typeof PAYOUT_OPTIONS)[number];

/**
 * pending (awaiting approval) -> rejected (resolve -> pending) | approved -> scheduled (approved,
 * waiting for its date; nothing held) -> paying (amount + fee held, sent) -> completed | failed;
 * a scheduled payout may be cancelled.
 */
export const PAYOUT_STATUSES = [
  'pending',
  'rejected',
  'approved',
  'scheduled',
  'paying',
  'completed',
  'failed',
  'cancelled',
] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

export const PAYOUT_MSG = {
  optionRequired: 'Payout option is required',
  selectWallet: 'Please select a wallet to send from',
  selectCurrency: 'Please select a currency',
  payeeRequired: 'Please select a vendor',
  payeeNotFound: 'Vendor not found',
  narrationRequired: 'Narration is required',
  insufficientFunds: 'Insufficient funds, top-up required',
  scheduledDatePast: 'Scheduled date must be tomorrow or later',
  scheduledDateInvalid: 'Scheduled date must be a date (YYYY-MM-DD)',
  projectRequired: 'Please select a project',
  assetsRequired: 'Please select at least one asset',
  created: 'Payout created successfully',
  scheduled: 'Payout scheduled successfully',
  rescheduled: 'Payout schedule updated successfully',
  scheduleCancelled: 'Scheduled payout cancelled successfully',
  notScheduled: 'This payout is not scheduled',
  massApproval: 'Mass approval completed',
  notPending: 'This payout is no longer pending approval',
} as const;

const scheduledDate = z
  .string({ error: PAYOUT_MSG.scheduledDateInvalid })
  .max(10, PAYOUT_MSG.scheduledDateInvalid)
  .regex(/^\d{4}-\d{2}-\d{2}$/, PAYOUT_MSG.scheduledDateInvalid)
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), PAYOUT_MSG.scheduledDateInvalid);

export const payoutAssetLineSchema = z.object({
  id: z.string().uuid('Asset must be an id'),
  quantity: z.number().int().min(1).max(1_000_000).optional(),
});

/** POST /api/payouts (with an Idempotency-Key header). */
export const payoutBody = z.object({
  payoutOption: z.enum(PAYOUT_OPTIONS, { error: PAYOUT_MSG.optionRequired }),
  walletId: z.string({ error: PAYOUT_MSG.selectWallet }).uuid(PAYOUT_MSG.selectWallet),
  payeeId: z.string({ error: PAYOUT_MSG.payeeRequired }).uuid(PAYOUT_MSG.payeeRequired),
  amount: amountSchema,
  currency: z.enum(CURRENCIES, { error: PAYOUT_MSG.selectCurrency }),
  narration: z
    .string({ error: PAYOUT_MSG.narrationRequired })
    .trim()
    .min(1, PAYOUT_MSG.narrationRequired)
    .max(100, 'Narration must be at most 100 characters'),
  scheduledDate: scheduledDate.optional().nullable(),
  categoryId: z.string().uuid('Category must be an id').optional().nullable(),
  projectId: z.string().uuid('Project must be an id').optional().nullable(),
  assets: z.array(payoutAssetLineSchema).max(100).optional(),
  recurrence: z
    .object({
      frequency: z.enum(['weekly', 'monthly'], { error: 'Frequency must be weekly or monthly' }),
      endDate: scheduledDate.optional().nullable(),
    })
    .optional()
    .nullable(),
});
export type PayoutInput = z.input<typeof payoutBody>;

export const PAYOUT_RECURRENCE_MSG = {
  endBeforeStart: 'End date must be after the first payment date',
  created: 'Recurring payout created successfully',
} as const;

export const payoutRecurrenceSchema = z.object({
  id: z.string(),
  frequency: z.enum(['weekly', 'monthly']),
  startDate: z.string(),
  nextDate: z.string(),
  endDate: z.string().nullable(),
  occurrences: z.number().int(),
  status: z.enum(['active', 'ended', 'cancelled']),
});

export const PAYOUT_LIST_FILTERS = [...PAYOUT_STATUSES, 'active'] as const;
export const payoutListQuery = listQuery.extend({
  ...listFormatQuery.shape,
  status: z.enum(PAYOUT_LIST_FILTERS, { error: 'Unknown status' }).optional(),
  payeeId: z.string().uuid().optional(),
  /** The list kit's day presets (rolling). */
  period: z.enum(['24h', '7d', '30d'], { error: 'Period must be 24h, 7d or 30d' }).optional(),
});

export const payoutSchema = z.object({
  id: z.string(),
  reference: z.string(),
  payoutOption: z.enum(PAYOUT_OPTIONS),
  status: z.enum(PAYOUT_STATUSES),
  /** The approval item's status (pending, approved, rejected). */
  approvalStatus: z.string().nullable(),
  amount: majorAmount,
  amountMinor: minorAmount,
  /** The money core's bank-transfer fee, held with the amount at the final approval. */
  fee: majorAmount,
  feeMinor: minorAmount,
  currency: z.string(),
  walletId: z.string(),
  narration: z.string(),
  payee: z.object({
    id: z.string(),
    name: z.string(),
    bankName: z.string(),
    accountNumber: z.string(),
    accountName: z.string(),
  }),
  scheduledDate: z.string().nullable(),
  scheduleId: z.string().nullable(),
  categoryId: z.string().nullable(),
  projectId: z.string().nullable(),
  assets: z.array(z.object({ id: z.string(), quantity: z.number().int().nullable() })),
  transactionId: z.string().nullable(),
  failureReason: z.string().nullable(),
  maker: z.object({ id: z.string(), name: z.string() }),
  /** A payout in another currency (pay-someone USD/GBP): what the recipient gets, at the quoted rate. */
  recipientCurrency: z.string().nullable(),
  recipientAmount: majorAmount.nullable(),
  recipientAmountMinor: minorAmount.nullable(),
  fxRate: z.string().nullable(),
  /** The wire purpose (required for USD and GBP) and its narration. */
  wirePurpose: z.string().nullable(),
  wireNarration: z.string().nullable(),
  /** Reseller accounts: on whose behalf. */
  senderDetails: z
    .object({
      name: z.string(),
      address: z.string(),
      country: z.string(),
      phone: z.string().nullable().optional(),
    })
    .nullable(),
  /** How it was made: a direct payout, pay-someone, a bill, a fund request. */
  channel: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Payout = z.infer<typeof payoutSchema>;

export const payoutDetailSchema = payoutSchema.extend({
  approvalWorkflowPendingApprovalItem: pendingApprovalItemSchema.nullable(),
  /** A recurring payout's series (on its first payout and on each occurrence). */
  recurrence: payoutRecurrenceSchema.nullable(),
});
export type PayoutDetail = z.infer<typeof payoutDetailSchema>;

/** PUT /api/payout/schedule/{id}. */
export const payoutScheduleBody = z.object({ scheduledDate });

export const payoutScheduleSchema = z.object({
  id: z.string(),
  payoutId: z.string(),
  scheduledDate: z.string(),
  status: z.enum(['scheduled', 'paid', 'cancelled']),
});

/** POST /api/payouts/mass-approval. */
export const massApprovalBody = z.object({
  ids: z
    .array(z.string().uuid('Each id must be a payout id'))
    .min(1, 'Select at least one payout')
    .max(100, 'At most 100 payouts at once'),
  approvalStatus: z.enum(['approved', 'rejected'], { error: 'approvalStatus must be approved or rejected' }),
  comments: approvalNoteSchema,
});

export const massApprovalResultSchema = z.object({
  id: z.string(),
  ok: z.boolean(),
  status: z.string().nullable(),
  message: z.string(),
});
export type MassApprovalResult = z.infer<typeof massApprovalResultSchema>;

/** GET /api/payouts/fee: the bank-transfer fee a payout of `amount` would pay (review step). */
export const payoutFeeQuery = z.object({
  amount: amountSchema,
  currency: z.enum(CURRENCIES, { error: PAYOUT_MSG.selectCurrency }).default('NGN'),
});
export const payoutFeeSchema = z.object({
  amount: majorAmount,
  amountMinor: minorAmount,
  fee: majorAmount,
  feeMinor: minorAmount,
  total: majorAmount,
  totalMinor: minorAmount,
});
export type PayoutFee = z.infer<typeof payoutFeeSchema>;

// ---- Bills (001 §2 Bills, §7 Quotes and bills; issue 23 §2) ----

/** draft: arrived in the bill inbox by email, still to be completed; submitted: received, ready for review. */
export const BILL_STATUSES = ['requested', 'draft', 'submitted', 'sent', 'cancelled'] as const;
export type BillStatus = (typeof BILL_STATUSES)[number];

export const BILL_MSG = {
  emailInvalid: 'Enter a valid email address',
  requested: 'Bill request sent',
  submitted: 'Payment Requested',
  unknown: 'This bill link is not valid',
  used: 'This bill link has already been used',
  expired: 'This bill link has expired. Ask the company for a new one',
  amountInvalid: 'Amount must be a positive number with at most 2 decimal places',
  descriptionRequired: 'Description is required',
  invoiceRequired: 'Invoice number is required',
  dueDateInvalid: 'Due date must be a date (YYYY-MM-DD)',
  fileRequired: 'Attach the bill as a PDF or an image',
  notSubmitted: 'This bill has not been filled in by the vendor yet',
  alreadySent: 'This bill has already been sent for payment',
  bankDiffers:
    'The bill’s bank account differs from the vendor’s. Change the vendor’s bank account (it needs approval) first',
  sent: 'Bill sent for approval',
} as const;

/** POST /api/payout/quote/request. */
export const billRequestBody = z.object({
  email: z
    .string({ error: BILL_MSG.emailInvalid })
    .trim()
    .toLowerCase()
    .max(254, BILL_MSG.emailInvalid)
    .email(BILL_MSG.emailInvalid),
  note: z.string().trim().max(500, 'Note must be at most 500 characters').optional(),
});

/** The text fields of PUT /api/verify/payout/quote/{ref} (multipart, with `file`). */
export const sendBillFields = z.object({
  amount: amountSchema,
  description: z
    .string({ error: BILL_MSG.descriptionRequired })
    .trim()
    .min(1, BILL_MSG.descriptionRequired)
    .max(500),
  invoiceNumber: z
    .string({ error: BILL_MSG.invoiceRequired })
    .trim()
    .min(1, BILL_MSG.invoiceRequired)
    .max(64),
  dueDate: z
    .string({ error: BILL_MSG.dueDateInvalid })
    .max(10, BILL_MSG.dueDateInvalid)
    .regex(/^\d{4}-\d{2}-\d{2}$/, BILL_MSG.dueDateInvalid)
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), BILL_MSG.dueDateInvalid),
  bankCode: z.string({ error: 'Please select a bank' }).trim().min(1, 'Please select a bank').max(10),
  accountNumber: z
    .string({ error: 'Account number must be 10 digits' })
    .trim()
    .regex(/^\d{10}$/, 'Account number must be 10 digits'),
});

/** GET /api/verify/payout/quote/{ref}: all a public visitor learns (the company name, the email). */
export const sendBillInfoSchema = z.object({ companyName: z.string(), email: z.string() });

export const refParam = z.object({ ref: z.string().min(1).max(64) });

export const billSchema = z.object({
  id: z.string(),
  reference: z.string(),
  status: z.enum(BILL_STATUSES),
  email: z.string(),
  note: z.string().nullable(),
  payeeId: z.string().nullable(),
  payeeName: z.string().nullable(),
  amount: majorAmount.nullable(),
  amountMinor: minorAmount.nullable(),
  description: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  dueDate: z.string().nullable(),
  bankName: z.string().nullable(),
  accountNumber: z.string().nullable(),
  accountName: z.string().nullable(),
  fileName: z.string().nullable(),
  payoutId: z.string().nullable(),
  createdAt: z.string(),
  submittedAt: z.string().nullable(),
});
export type Bill = z.infer<typeof billSchema>;

export const billListQuery = listQuery.extend({
  ...listFormatQuery.shape,
  status: z.enum(BILL_STATUSES, { error: 'Unknown status' }).optional(),
});

/** POST /api/payout/quote/{ref}/payout (Idempotency-Key): the reviewed bill becomes a payout. */
export const billPayoutBody = z.object({
  walletId: z.string({ error: PAYOUT_MSG.selectWallet }).uuid(PAYOUT_MSG.selectWallet),
  categoryId: z.string().uuid('Category must be an id').optional().nullable(),
});

// ---- Bill import (issue 23 §2): same rules as the vendor import ----

export const BILL_IMPORT_COLUMNS = [
  'vendorName',
  'vendorEmail',
  'bankCode',
  'accountNumber',
  'amount',
  'invoiceNumber',
  'description',
  'dueDate',
] as const;
export const BILL_IMPORT_MAX_ROWS = 1000;

export const BILL_IMPORT_MSG = {
  duplicateInFile: 'Duplicate invoice number for this bank account in this file (row {row})',
  duplicateExisting: 'A bill with this invoice number from this vendor already exists',
  bankDiffers:
    'This email belongs to a vendor with another bank account. Change the vendor’s bank account (it needs approval) first',
} as const;

export const billImportRowSchema = z.object({
  /** The row in the spreadsheet: the header is row 1, the first bill row 2. */
  row: z.number().int(),
  vendorName: z.string(),
  vendorEmail: z.string(),
  bankCode: z.string(),
  bankName: z.string().nullable(),
  accountNumber: z.string(),
  accountName: z.string().nullable(),
  amount: majorAmount.nullable(),
  amountMinor: minorAmount.nullable(),
  invoiceNumber: z.string(),
  description: z.string(),
  dueDate: z.string().nullable(),
  /** The existing vendor the bill goes to; null: a vendor is created on confirm. */
  payeeId: z.string().nullable(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
});
export type BillImportRow = z.infer<typeof billImportRowSchema>;

export const billImportSchema = z.object({
  id: z.string(),
  status: z.enum(['pending', 'confirmed']),
  fileName: z.string(),
  rowCount: z.number().int(),
  validRows: z.number().int(),
  errorRows: z.number().int(),
  totalAmount: majorAmount,
  totalAmountMinor: minorAmount,
  newVendors: z.number().int(),
  rows: z.array(billImportRowSchema),
  createdAt: z.string(),
});
export type BillImport = z.infer<typeof billImportSchema>;

// ---- Bill tiers (issue 23 §2): approval bands by amount in the AP policy — NOT the KYB tiers ----

export const BILL_TIERS = ['one', 'two', 'three'] as const;
export type BillTier = (typeof BILL_TIERS)[number];

export const BILL_TIER_MSG = {
  saved: 'Bill tier saved',
  workflowNotFound: 'Approval workflow not found',
  workflowType: 'Choose an approval workflow for payouts',
  overlap: 'Tier bands must not overlap: tier one is the lowest amounts, tier three the highest',
  range: 'The upper amount must be above the lower amount',
} as const;

export const billTierParams = z.object({
  tier: z.enum(BILL_TIERS, { error: 'Tier must be one, two or three' }),
  /** The approval workflow (type payout) that approves bills in this band. */
  id: z.string().uuid(),
});

/** Amounts in major units (naira); `toAmount` null = no upper bound (only for tier three). */
export const billTierBody = z.object({
  fromAmount: z.coerce.number().min(0).max(1_000_000_000_000),
  toAmount: z.coerce.number().min(0).max(1_000_000_000_000).nullable().optional(),
});

export const billTierSchema = z.object({
  tier: z.enum(BILL_TIERS),
  workflowId: z.string(),
  workflowName: z.string(),
  fromAmount: majorAmount,
  fromAmountMinor: minorAmount,
  toAmount: majorAmount.nullable(),
  toAmountMinor: minorAmount.nullable(),
});
export type BillTierBand = z.infer<typeof billTierSchema>;

// ---- Bill inbox by email (issue 23 §2 ★) ----

export const billInboxSchema = z.object({ email: z.string() });

/** PUT /api/payout/quote/{ref}/draft: a draft (inbox) bill completed for its vendor → received. */
export const billDraftBody = sendBillFields
  .pick({ amount: true, description: true, invoiceNumber: true, dueDate: true })
  .extend({ payeeId: z.string({ error: 'Choose the vendor' }).uuid('Choose the vendor') });
export const BILL_DRAFT_MSG = {
  notDraft: 'Only a draft bill can be completed here',
  completed: 'Bill ready for payment',
} as const;

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

// ---- Payout edit (issue 23 §3: /payouts/{ref}/edit, /edit/assets, /edit/review) ----

export const PAYOUT_EDIT_MSG = {
  updated: 'Payout updated and sent for approval again',
  paid: 'This payout has been paid and can no longer be edited',
  cancelled: 'This payout was cancelled and can no longer be edited',
  fromRequest: 'This payout was approved as a fund request; it cannot be edited here',
  fromSeries: 'This payout is one date of an approved recurring series; it cannot be edited on its own',
  nothing: 'Change at least one field',
} as const;

/** PUT /api/payouts/{id}: what an edit may change; any edit sends the payout back to approval. */
export const payoutEditBody = z.object({
  amount: amountSchema.optional(),
  narration: z
    .string({ error: PAYOUT_MSG.narrationRequired })
    .trim()
    .min(1, PAYOUT_MSG.narrationRequired)
    .max(100, 'Narration must be at most 100 characters')
    .optional(),
  scheduledDate: scheduledDate.optional().nullable(),
  categoryId: z.string().uuid('Category must be an id').optional().nullable(),
  projectId: z.string().uuid('Project must be an id').optional().nullable(),
  assets: z.array(payoutAssetLineSchema).max(100).optional(),
});
export type PayoutEditInput = z.input<typeof payoutEditBody>;
