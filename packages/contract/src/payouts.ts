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

/** A payout's date (YYYY-MM-DD): scheduled payouts, a series' end date, pay someone. */
export const payoutScheduledDate = z
  .string({ error: PAYOUT_MSG.scheduledDateInvalid })
  .max(10, PAYOUT_MSG.scheduledDateInvalid)
  .regex(/^\d{4}-\d{2}-\d{2}$/, PAYOUT_MSG.scheduledDateInvalid)
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), PAYOUT_MSG.scheduledDateInvalid);
const scheduledDate = payoutScheduledDate;

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
  /** Payouts made for this asset (payoutOption asset): the asset payout details screen. */
  assetId: z.string().uuid('Asset must be an id').optional(),
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
  /** What the schedule pays: the amount, the fee and the payee (002 §7, the scheduled payout). */
  payout: payoutSchema.pick({
    reference: true,
    status: true,
    amount: true,
    amountMinor: true,
    fee: true,
    feeMinor: true,
    currency: true,
    narration: true,
    payee: true,
  }),
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
