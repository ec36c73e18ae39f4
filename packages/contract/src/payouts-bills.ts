// Payouts: bills, their import, the bill tiers and the bill inbox (001 §2 Bills, §7; issue 23 §2).
import { z } from 'zod';

import { listFormatQuery, listQuery } from './http';
import { amountSchema, majorAmount, minorAmount } from './money';
import { PAYOUT_MSG, payoutScheduledDate } from './payouts';

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
  /** Pay on this date (tomorrow or later) instead of once approved: a scheduled payout. */
  scheduledDate: payoutScheduledDate.optional().nullable(),
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
