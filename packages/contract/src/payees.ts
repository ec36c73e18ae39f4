import { z } from 'zod';
import { pendingApprovalItemSchema } from './approvals';
import { listFormatQuery, listQuery } from './http';
import { MSG } from './messages';
import { majorAmount, minorAmount } from './money';
import { billSchema } from './payouts-bills';

// Vendors (001 §2 Vendors, §3 Payee; issue 23 §1). The spec calls them payees: `/api/payee`.

export const PAYEE_MSG = {
  nameRequired: 'Name is required',
  emailInvalid: 'Enter a valid email address',
  bankRequired: 'Please select a bank',
  accountNumber: MSG.accountNumberModal,
  accountNotVerified: 'We could not verify this account number at the selected bank',
  duplicateAccount: 'A vendor with this bank account already exists',
  created: 'Vendor created successfully',
  updated: 'Vendor updated successfully',
  bankChangeRequested:
    'Vendor updated. The new bank account needs approval by another team member before it is used',
  bankChangePending: 'A bank change for this vendor is already awaiting approval',
  bankUnchanged: 'This is already the vendor’s bank account',
} as const;

const email = z
  .string({ error: PAYEE_MSG.emailInvalid })
  .trim()
  .toLowerCase()
  .max(254, PAYEE_MSG.emailInvalid)
  .email(PAYEE_MSG.emailInvalid);
const bankCode = z.string({ error: PAYEE_MSG.bankRequired }).trim().min(1, PAYEE_MSG.bankRequired).max(10);
const accountNumber = z
  .string({ error: PAYEE_MSG.accountNumber })
  .trim()
  .max(20, PAYEE_MSG.accountNumber)
  .regex(/^\d{10}$/, PAYEE_MSG.accountNumber);

/** POST /api/payee: bank fields flat (issue 23 §0); the resolved account name wins over `accountName`. */
export const payeeBody = z.object({
  name: z.string({ error: PAYEE_MSG.nameRequired }).trim().min(1, PAYEE_MSG.nameRequired).max(200),
  email,
  phone: z.string().trim().max(20).optional().nullable(),
  billingAddress: z.string().trim().max(500).optional().nullable(),
  bankCode,
  accountNumber,
  accountName: z.string().trim().max(200).optional(),
});
export type PayeeInput = z.input<typeof payeeBody>;

/** PUT /api/payee/{id}: the spec's name, phone, billingAddress, email; a bank change is guarded. */
export const payeeUpdateBody = z
  .object({
    name: z.string().trim().min(1, PAYEE_MSG.nameRequired).max(200).optional(),
    email: email.optional(),
    phone: z.string().trim().max(20).optional().nullable(),
    billingAddress: z.string().trim().max(500).optional().nullable(),
    bankCode: bankCode.optional(),
    accountNumber: accountNumber.optional(),
    accountName: z.string().trim().max(200).optional(),
  })
  .refine((b) => (b.bankCode === undefined) === (b.accountNumber === undefined), {
    message: 'A bank change needs both bankCode and accountNumber',
    path: ['accountNumber'],
  });

export type PayeeUpdate = z.output<typeof payeeUpdateBody>;

export const payeeListQuery = listQuery.extend({ ...listFormatQuery.shape });
export type PayeeListQuery = z.output<typeof payeeListQuery>;

const bankAccountOut = z.object({
  bankCode: z.string(),
  bankName: z.string(),
  accountNumber: z.string(),
  accountName: z.string(),
});

export const payeeSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** NGN (a NUBAN account) or USD/GBP (a foreign bank: bankCode is the SWIFT/BIC). */
  currency: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  billingAddress: z.string().nullable(),
  ...bankAccountOut.shape,
  /** The new account awaiting a second person's approval; the vendor is paid to the old one until then. */
  pendingBankChange: bankAccountOut
    .extend({ id: z.string(), requestedAt: z.string(), requestedBy: z.string() })
    .nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Payee = z.infer<typeof payeeSchema>;

export const payeePaymentSchema = z.object({
  id: z.string(),
  reference: z.string(),
  amount: majorAmount,
  amountMinor: minorAmount,
  currency: z.string(),
  status: z.string(),
  narration: z.string(),
  createdAt: z.string(),
});

export const payeeDetailSchema = payeeSchema.extend({
  payments: z.array(payeePaymentSchema),
  /**
   * The vendor's bills not yet sent for payment, newest first (at most 20): requested from the
   * vendor's email (no amount until the vendor sends the bill), drafts from the bill inbox, and bills
   * received and awaiting review.
   */
  openBills: z.array(
    billSchema.pick({
      id: true,
      reference: true,
      status: true,
      amount: true,
      amountMinor: true,
      invoiceNumber: true,
      dueDate: true,
      createdAt: true,
    }),
  ),
  /** The approval item of the pending bank change (shared approve/reject modals and trail). */
  bankChangeApproval: pendingApprovalItemSchema.nullable(),
});
export type PayeeDetail = z.infer<typeof payeeDetailSchema>;

// ---- Vendor invite and self-onboarding (issue 23 §1) ----

export const VENDOR_INVITE_MSG = {
  sent: 'Invitation sent',
  unknown: 'This invitation link is not valid',
  used: 'This invitation has already been used',
  expired: 'This invitation link has expired. Ask the company for a new one',
  personalFirst: 'Add your personal details first',
  completed: 'Your details have been submitted',
  completedPendingApproval:
    'Your details have been submitted. The company will check your new bank account before paying into it',
} as const;

/** POST /api/payee/invite: mail a single-use self-onboarding link (expires after 7 days). */
export const vendorInviteBody = z.object({
  email,
  name: z.string().trim().max(200).optional(),
  /** Invite an existing vendor to update their details: a new bank account needs approval. */
  payeeId: z.string().uuid('Vendor must be an id').optional().nullable(),
});

export const vendorInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  payeeId: z.string().nullable(),
  status: z.enum(['sent', 'completed']),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type VendorInvitation = z.infer<typeof vendorInvitationSchema>;

/** 128-bit hex reference of a public link (invitation, send-bill). */
export const publicRefParam = z.object({ ref: z.string().min(1).max(64) });

/** GET /api/public/vendor-onboarding/{ref}: all a visitor learns — the company's name, and what they typed. */
export const vendorOnboardingInfoSchema = z.object({
  companyName: z.string(),
  email: z.string(),
  personalDetails: z
    .object({
      name: z.string(),
      email: z.string(),
      phone: z.string().nullable(),
      billingAddress: z.string().nullable(),
    })
    .nullable(),
});
export type VendorOnboardingInfo = z.infer<typeof vendorOnboardingInfoSchema>;

export const vendorPersonalDetailsBody = z.object({
  name: payeeBody.shape.name,
  email,
  phone: z.string().trim().max(20).optional().nullable(),
  billingAddress: z.string().trim().max(500).optional().nullable(),
});

export const vendorBankDetailsBody = z.object({ bankCode, accountNumber });

export const vendorOnboardingDoneSchema = z.object({
  companyName: z.string(),
  bankName: z.string(),
  accountName: z.string(),
  /** True when the account changes an existing vendor's: it waits for the company's approval. */
  pendingApproval: z.boolean(),
});

// ---- Vendor import (issue 23 §1): CSV or xlsx → a stored batch → confirm (all or nothing) ----

export const IMPORT_MSG = {
  fileRequired: 'Upload a CSV or xlsx file',
  fileType: 'The file must be a CSV or an xlsx spreadsheet',
  /** Every import: the legacy .xls format is not read (no maintained reader without advisories). */
  legacyXls: 'Legacy .xls files are not supported: save the sheet as .xlsx or CSV and upload it again',
  empty: 'The file has no rows',
  tooManyRows: 'The file has too many rows',
  missingColumns: 'The file is missing required columns',
  hasErrors: 'Fix the rows with errors and upload the file again',
  alreadyConfirmed: 'This import has already been confirmed',
  discarded: 'This import has been discarded',
  rowNotFound: 'The file has no such row',
  changed: 'The import changed meanwhile: open it again',
  duplicateInFile: 'Duplicate bank account in this file (row {row})',
  duplicateExisting: 'A vendor with this bank account already exists',
} as const;

export const VENDOR_IMPORT_COLUMNS = [
  'name',
  'email',
  'phone',
  'billingAddress',
  'bankCode',
  'accountNumber',
] as const;
export const VENDOR_IMPORT_MAX_ROWS = 1000;

export const importRowError = z.object({ field: z.string(), message: z.string() });

export const vendorImportRowSchema = z.object({
  /** The row in the spreadsheet: the header is row 1, the first vendor row 2. */
  row: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  billingAddress: z.string().nullable(),
  bankCode: z.string(),
  bankName: z.string().nullable(),
  accountNumber: z.string(),
  accountName: z.string().nullable(),
  errors: z.array(importRowError),
});
export type VendorImportRow = z.infer<typeof vendorImportRowSchema>;

export const importBatchStatus = z.enum(['pending', 'confirmed']);

export const vendorImportSchema = z.object({
  id: z.string(),
  status: importBatchStatus,
  fileName: z.string(),
  rowCount: z.number().int(),
  validRows: z.number().int(),
  errorRows: z.number().int(),
  rows: z.array(vendorImportRowSchema),
  createdAt: z.string(),
});
export type VendorImport = z.infer<typeof vendorImportSchema>;

export const importTemplateQuery = z.object({ format: z.enum(['csv', 'xlsx']).default('csv') });
export const importConfirmSchema = z.object({ created: z.number().int() });
