import { z } from 'zod';
import { FILE_NAME_PATTERN } from './accounts';
import { pendingApprovalItemSchema } from './approvals';
import { listFormatQuery, listQuery } from './http';
import { MSG } from './messages';
import { AMOUNT_TEXT_MAX, amountSchema } from './money';

// Expenses (001 §2 Expenses, §3 expense payload and read, beneficiary; §5; §7 Expenses; issue 21 §2).

/**
 * Lifecycle: pending (awaiting approval) -> rejected (resolve -> pending) | approved -> paying
 * (payout held and sent) -> completed (the rail paid) | failed (hold released; edit + re-approve,
 * or retry) ; completed -> retired (receipts recorded against the paid expense).
 */
export const EXPENSE_STATUSES = [
  'pending',
  'rejected',
  'approved',
  'scheduled',
  'paying',
  'completed',
  'failed',
  'retired',
] as const;
export type ExpenseStatus = (typeof EXPENSE_STATUSES)[number];
/**
 * A scheduled expense (issue 21 §2): approved now, paid on `scheduledDate` (Lagos) by a pg-boss job,
 * then again every week or month for a recurring one until `recurrenceEndDate`. Each later payment
 * is its own expense (`parentExpenseId`), covered by the approval of the first.
 */
export const EXPENSE_RECURRENCES = ['once', 'weekly', 'monthly'] as const;
export type ExpenseRecurrence = (typeof EXPENSE_RECURRENCES)[number];
/** List filters: the statuses, plus `active` (approved or paying). */
export const EXPENSE_LIST_FILTERS = [...EXPENSE_STATUSES, 'active'] as const;

export const EXPENSE_MSG = {
  selectWallet: 'Please select a wallet to send from',
  receiptNotYours: 'Only the maker or an expense manager can add receipts to this expense',
  selectCurrency: 'Please select a currency',
  amountMin: 'Amount must be at least 1',
  descriptionRequired: 'Description is required',
  bankRequired: 'Please select a bank',
  kycCap: 'amount exceeds limit for incomplete KYC.',
  insufficientFunds: 'Insufficient funds, top-up required',
  ngnWalletNotFound: 'NGN Wallet not found',
  approverRequired: 'Please select an approver: this amount is above your spend limit',
  approverInvalid: 'The approver must be a team member who may approve this amount',
  beneficiaryEmailRequired: 'Beneficiary email is required',
  productNotFound: 'Product not found',
  receiptRequired: (amount: string) => `A receipt is required for expenses above ${amount}`,
  notEditable: 'Only a rejected or failed expense can be edited',
  notFailed: 'Only a failed expense can be retried',
  notRetirable: 'Only a completed expense can be retired',
  retireNeedsReceipt: 'Attach at least one receipt to retire this expense',
  fileUnknown: 'This file was not uploaded to this account',
  scheduleInPast: 'The payment date must be after today',
  recurrenceNeedsDate: 'Choose the date of the first payment',
  recurrenceEndBeforeStart: 'The last payment date must not be before the first',
  created: 'Expense created successfully',
  updated: 'Expense updated successfully',
  reapproval: 'Expense sent for re-approval',
  retried: 'Expense payment is being retried',
  retired: 'Expense retired successfully',
  attachments: 'Attachments updated successfully',
  beneficiaryDeleted: 'Beneficiary deleted successfully',
} as const;

export const attachmentSchema = z.object({
  uploader: z.string().trim().max(200).optional().default(''),
  fileName: z.string().max(64, 'Invalid file name').regex(FILE_NAME_PATTERN, 'Invalid file name'),
});

export const expensePurposeSchema = z.object({
  /** A payout category id (issue 21 §0); its budget applies. */
  service: z.string().uuid('Category must be an id').optional().nullable(),
  serviceName: z.string().trim().max(120).optional().nullable(),
  description: z.string().trim().max(500, 'Description must be at most 500 characters').optional(),
});

export const expenseProductLineSchema = z.object({
  id: z.string({ error: EXPENSE_MSG.productNotFound }).uuid(EXPENSE_MSG.productNotFound),
  amount: z.union([z.number(), z.string().max(AMOUNT_TEXT_MAX)]),
  quantity: z
    .number()
    .int('Quantity must be a whole number')
    .min(0, 'Quantity must be at least 0')
    .max(1_000_000),
  attachment: z
    .string()
    .max(64, 'Invalid file name')
    .regex(FILE_NAME_PATTERN, 'Invalid file name')
    .optional()
    .nullable(),
});

const expenseFields = {
  amount: amountSchema,
  walletId: z.string({ error: EXPENSE_MSG.selectWallet }).uuid(EXPENSE_MSG.selectWallet),
  currency: z.enum(['NGN', 'USD', 'GBP'], { error: EXPENSE_MSG.selectCurrency }),
  bankCode: z.string({ error: EXPENSE_MSG.bankRequired }).trim().min(1, EXPENSE_MSG.bankRequired).max(10),
  bankAccountNumber: z
    .string({ error: MSG.accountNumberModal })
    .trim()
    .max(10, MSG.accountNumberModal)
    .regex(/^\d{10}$/, MSG.accountNumberModal),
  bankAccountName: z.string().trim().max(200).optional(),
  purpose: expensePurposeSchema.default({}),
  attachments: z.array(attachmentSchema).max(10, 'At most 10 attachments').default([]),
  approverId: z.string().uuid('Approver must be a user id').optional().nullable(),
  productsAndServices: z.array(expenseProductLineSchema).max(50).default([]),
  projectId: z.string().uuid().optional().nullable(),
  beneficiaryEmail: z
    .string()
    .trim()
    .max(254, 'Please enter a valid email address')
    .email('Please enter a valid email address')
    .optional()
    .nullable(),
  beneficiaryId: z.string().uuid().optional().nullable(),
  notifyBeneficiary: z.boolean().optional().default(false),
  /** Pay on this date (Lagos, YYYY-MM-DD, after today) instead of right after the final approval. */
  scheduledDate: z.string().max(10).date('Please enter a valid date').optional().nullable(),
  /** Repeat the payment every week or month from `scheduledDate` (needs it). */
  recurrence: z
    .enum(EXPENSE_RECURRENCES, { error: 'Recurrence must be once, weekly or monthly' })
    .optional()
    .nullable(),
  /** The last date a recurring payment may run (inclusive). */
  recurrenceEndDate: z.string().max(10).date('Please enter a valid date').optional().nullable(),
};

export const expenseBody = z.object(expenseFields);
export type ExpenseBody = z.input<typeof expenseBody>;
export type ExpenseInput = z.output<typeof expenseBody>;

export const reapproveBody = z.object({
  comments: z.string().trim().min(3, 'Comment must be between 3 and 1000 characters').max(1000).optional(),
});
export const attachmentsBody = z.object({
  attachments: z.array(attachmentSchema).min(1, 'Attach at least one file').max(10, 'At most 10 attachments'),
});

/** The `where` JSON of the expense list (the list kit's filter groups): a value or a list per key. */
export const expenseWhereSchema = z
  .object({
    currency: z
      .union([z.enum(['NGN', 'USD', 'GBP']), z.array(z.enum(['NGN', 'USD', 'GBP'])).max(3)])
      .optional(),
    walletId: z.union([z.string().uuid(), z.array(z.string().uuid()).max(20)]).optional(),
  })
  .strict();
export type ExpenseWhere = z.infer<typeof expenseWhereSchema>;
export const EXPENSE_LIST_MSG = {
  whereInvalid: 'Invalid filter',
  dateRange: 'The end date must not be before the start date',
} as const;

/**
 * GET /api/expense (the list kit's query, 000 §7): page, limit, search, `where` JSON (currency,
 * walletId), from/to and day presets, plus the sub-list's `status` and `mine`; `format=csv` exports
 * every row the same filters select.
 */
export const expenseListQuery = listQuery.extend({
  ...listFormatQuery.shape,
  search: z.string().trim().max(100).optional(),
  status: z.enum(EXPENSE_LIST_FILTERS, { error: 'Unknown expense status' }).optional(),
  mine: z.enum(['true', 'false']).optional(),
  period: z.enum(['24h', '7d', '30d'], { error: 'Period must be 24h, 7d or 30d' }).optional(),
});
export type ExpenseListQuery = z.infer<typeof expenseListQuery>;

export const productLineDto = z.object({
  id: z.string(),
  name: z.string(),
  amount: z.string(),
  amountMinor: z.number().int(),
  quantity: z.number().int(),
  total: z.string(),
  totalMinor: z.number().int(),
  attachment: z.string().nullable(),
});

export const expenseSchema = z.object({
  id: z.string().uuid(),
  reference: z.string(),
  status: z.enum(EXPENSE_STATUSES),
  amount: z.string(),
  amountMinor: z.number().int(),
  fee: z.string().nullable(),
  feeMinor: z.number().int().nullable(),
  currency: z.string(),
  walletId: z.string(),
  bankCode: z.string(),
  bankName: z.string(),
  bankAccountNumber: z.string(),
  bankAccountName: z.string(),
  purpose: z.object({
    service: z.string().nullable(),
    serviceName: z.string().nullable(),
    description: z.string().nullable(),
  }),
  attachments: z.array(z.object({ uploader: z.string(), fileName: z.string() })),
  productsAndServices: z.array(productLineDto),
  approverId: z.string().nullable(),
  projectId: z.string().nullable(),
  beneficiaryEmail: z.string().nullable(),
  maker: z.object({ id: z.string(), name: z.string() }),
  transactionId: z.string().nullable(),
  failureReason: z.string().nullable(),
  /** The schedule (null when paid right after approval); `nextRunOn` is the next payment date. */
  scheduledDate: z.string().nullable(),
  recurrence: z.enum(EXPENSE_RECURRENCES).nullable(),
  recurrenceEndDate: z.string().nullable(),
  nextRunOn: z.string().nullable(),
  /** The scheduled expense this payment is an occurrence of. */
  parentExpenseId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Expense = z.infer<typeof expenseSchema>;

export const expenseDetailSchema = expenseSchema.extend({
  expenseData: z.object({
    manifest: z.object({
      bankCode: z.string(),
      bankAccountNumber: z.string(),
      walletId: z.string(),
      amount: z.string(),
      paymentTag: z.string().nullable(),
      narration: z.string().nullable(),
      attachments: z.array(z.object({ uploader: z.string(), fileName: z.string() })),
      purpose: z.object({
        service: z.string().nullable(),
        serviceName: z.string().nullable(),
        description: z.string().nullable(),
      }),
      productsAndServices: z.array(productLineDto),
    }),
    project: z.object({ id: z.string(), name: z.string() }).nullable(),
  }),
  approvalWorkflowPendingApprovalItem: pendingApprovalItemSchema.nullable(),
});
export type ExpenseDetail = z.infer<typeof expenseDetailSchema>;

export const beneficiarySchema = z.object({
  id: z.string().uuid(),
  accountName: z.string(),
  bankName: z.string(),
  accountNumber: z.string(),
  bankCode: z.string(),
  email: z.string().nullable(),
});
export type Beneficiary = z.infer<typeof beneficiarySchema>;
export const beneficiaryQuery = z.object({
  search: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(15),
});
