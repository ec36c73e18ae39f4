import { z } from 'zod';
import { pendingApprovalItemSchema } from './approvals';
import { listFormatQuery, listQuery } from './http';
import { majorAmount, minorAmount } from './money';

// Bulk disbursements (001 §2 Bulk Disbursements; issue 23 §4): a CSV or xlsx file of bank transfers
// (template columns accountNumber, bankCode, amount, narration), validated row by row in a job
// (NUBAN, then name resolution), approved as a whole through the approvals engine (type
// `disbursement`) and paid through the money core, one transfer per row with its own reference.

/** The template's columns, in order (the header row of the file). */
export const DISBURSEMENT_COLUMNS = ['accountNumber', 'bankCode', 'amount', 'narration'] as const;
/** Rows per file; the bench runs the maximum. */
export const DISBURSEMENT_MAX_ROWS = 10_000;
/** Upload size (a 10,000-row CSV is about 450 KB). */
export const DISBURSEMENT_FILE_MAX_BYTES = 5 * 1024 * 1024;

/**
 * validating (the job checks rows) -> invalid (rows to fix, or over the limit; fix, then submit) |
 * pending (awaiting approval) -> rejected (resolve -> pending) | paying (held and sent) ->
 * completed | partially_failed | failed (derived from the rows' transfers).
 */
export const DISBURSEMENT_STATUSES = [
  'validating',
  'invalid',
  'pending',
  'rejected',
  'paying',
  'completed',
  'partially_failed',
  'failed',
] as const;
export type DisbursementStatus = (typeof DISBURSEMENT_STATUSES)[number];

/** The list's tabs (`/disbursements/pending|rejected|active`). */
export const DISBURSEMENT_TABS = ['pending', 'rejected', 'active'] as const;
export type DisbursementTab = (typeof DISBURSEMENT_TABS)[number];
export const DISBURSEMENT_TAB_STATUSES: Record<DisbursementTab, readonly DisbursementStatus[]> = {
  pending: ['validating', 'invalid', 'pending'],
  rejected: ['rejected'],
  active: ['paying', 'completed', 'partially_failed', 'failed'],
};

/** A row: validating -> valid | invalid (fix in place -> valid) ; valid -> paying -> paid | failed. */
export const DISBURSEMENT_ITEM_STATUSES = [
  'validating',
  'valid',
  'invalid',
  'paying',
  'paid',
  'failed',
] as const;
export type DisbursementItemStatus = (typeof DISBURSEMENT_ITEM_STATUSES)[number];

export const DISBURSEMENT_MSG = {
  created: 'Bulk disbursement uploaded, validating rows',
  nameRequired: 'Please enter a name for this disbursement',
  nameTooLong: 'Name must be at most 100 characters',
  selectWallet: 'Please select a wallet to pay from',
  ngnOnly: 'Bulk disbursements are paid from the NGN wallet',
  fileRequired: 'Please upload a CSV or xlsx file',
  fileTooLarge: 'File must be at most 5 MB',
  fileUnreadable: 'The file could not be read; use the CSV or xlsx template',
  badHeader: 'The first row must be the template columns: accountNumber, bankCode, amount, narration',
  noRows: 'The file has no payment rows',
  tooManyRows: 'A bulk disbursement can have at most 10,000 rows',
  accountNumber: 'Account number must be 10 digits',
  bankCode: 'Bank code is required',
  unknownBank: 'Unknown bank',
  nuban: 'Invalid account number for this bank',
  notVerified: 'We could not verify this account number at the selected bank',
  amount: 'Amount must be a positive number with at most 2 decimal places',
  narration: 'Narration must be at most 100 characters',
  submitted: 'Bulk disbursement sent for approval',
  notSubmittable: 'Only a validated batch awaiting submission can be submitted',
  hasInvalidRows: 'Fix the failed rows before submitting',
  stillValidating: 'The rows are still being validated',
  rowFixed: 'Row updated',
  rowNotEditable: 'Rows can only be fixed before the batch is sent for approval',
  rowNotInvalid: 'Only a failed row can be fixed',
  retried: 'Failed rows sent again',
  nothingToRetry: 'There are no failed rows to retry',
  insufficientFunds: 'Insufficient funds, top-up required',
} as const;

export const disbursementListQuery = listQuery.extend({
  ...listFormatQuery.shape,
  status: z.enum(DISBURSEMENT_TABS, { error: 'Status must be pending, rejected or active' }).optional(),
  period: z.enum(['24h', '7d', '30d'], { error: 'Period must be 24h, 7d or 30d' }).optional(),
});
export type DisbursementListQuery = z.input<typeof disbursementListQuery>;

/** GET /api/disbursements/{id}: which rows to answer (all by default; the validation screen asks for invalid). */
export const disbursementDetailQuery = z.object({
  itemStatus: z.enum(DISBURSEMENT_ITEM_STATUSES, { error: 'Unknown row status' }).optional(),
});

export const disbursementItemParams = z.object({ id: z.string().uuid(), itemId: z.string().uuid() });

/** PATCH /api/disbursements/{id}/items/{itemId}: fix a failed row's bank details in place. */
export const disbursementItemBody = z.object({
  accountNumber: z
    .string({ error: DISBURSEMENT_MSG.accountNumber })
    .trim()
    .max(10, DISBURSEMENT_MSG.accountNumber)
    .regex(/^\d{10}$/, DISBURSEMENT_MSG.accountNumber),
  bankCode: z
    .string({ error: DISBURSEMENT_MSG.bankCode })
    .trim()
    .min(1, DISBURSEMENT_MSG.bankCode)
    .max(10, DISBURSEMENT_MSG.unknownBank),
});
export type DisbursementItemInput = z.input<typeof disbursementItemBody>;

/** The upload's text fields (the file travels beside them). */
export const disbursementUploadFields = z.object({
  name: z
    .string({ error: DISBURSEMENT_MSG.nameRequired })
    .trim()
    .min(1, DISBURSEMENT_MSG.nameRequired)
    .max(100, DISBURSEMENT_MSG.nameTooLong),
  walletId: z.string({ error: DISBURSEMENT_MSG.selectWallet }).uuid(DISBURSEMENT_MSG.selectWallet),
});

export const disbursementItemSchema = z.object({
  id: z.string(),
  /** 1-based data row of the file (the header is row 0). */
  row: z.number().int(),
  accountNumber: z.string(),
  bankCode: z.string(),
  bankName: z.string().nullable(),
  accountName: z.string().nullable(),
  amount: majorAmount.nullable(),
  amountMinor: minorAmount.nullable(),
  fee: majorAmount.nullable(),
  feeMinor: minorAmount.nullable(),
  narration: z.string(),
  status: z.enum(DISBURSEMENT_ITEM_STATUSES),
  error: z.string().nullable(),
  attempt: z.number().int(),
  transactionId: z.string().nullable(),
});
export type DisbursementItem = z.infer<typeof disbursementItemSchema>;

const progressSchema = z.object({
  /** Rows in the batch. */
  rows: z.number().int(),
  validating: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  paying: z.number().int(),
  paid: z.number().int(),
  failed: z.number().int(),
});
export type DisbursementProgress = z.infer<typeof progressSchema>;

export const disbursementSchema = z.object({
  id: z.string(),
  reference: z.string(),
  name: z.string(),
  walletId: z.string(),
  currency: z.string(),
  status: z.enum(DISBURSEMENT_STATUSES),
  approvalStatus: z.string().nullable(),
  /** A batch-level refusal (the KYB-tier limit on the batch total), else null. */
  error: z.string().nullable(),
  itemCount: z.number().int(),
  /** Sum of the valid rows' amounts and fees. */
  total: majorAmount,
  totalMinor: minorAmount,
  fee: majorAmount,
  feeMinor: minorAmount,
  progress: progressSchema,
  maker: z.object({ id: z.string(), name: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Disbursement = z.infer<typeof disbursementSchema>;

export const disbursementDetailSchema = disbursementSchema.extend({
  items: z.array(disbursementItemSchema),
  approvalWorkflowPendingApprovalItem: pendingApprovalItemSchema.nullable(),
});
export type DisbursementDetail = z.infer<typeof disbursementDetailSchema>;
