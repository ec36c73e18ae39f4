import { z } from 'zod';
import { approvalNoteSchema, pendingApprovalItemSchema } from './approvals';
import { listFormatQuery, listQuery } from './http';
import { amountSchema, CURRENCIES, majorAmount, minorAmount } from './money';

// Fund requests (issue 23 §0 "Requests"; 000 §4.4 request-funds): a member asks the company to pay
// out money for a purpose, to a vendor or to themselves. Approved through the approvals engine as
// type `request`; the approver chooses Approve and pay, Approve only, Approve and schedule, or
// Request more info (a rejection the maker resolves).

/** A short list of wire purposes (000 §4.3/4.4); `other` needs the narration to say what. */
export const REQUEST_PURPOSES = [
  'vendorPayment',
  'reimbursement',
  'travel',
  'supplies',
  'salary',
  'other',
] as const;
export type RequestPurpose = (typeof REQUEST_PURPOSES)[number];

/**
 * pending (awaiting approval) -> moreInfo (rejected with a question; resolve -> pending) |
 * approved (Approve only) | scheduled (Approve and schedule; the payout waits for its date) |
 * paying (Approve and pay: payout held and sent) -> completed | failed (read from the payout).
 */
export const REQUEST_STATUSES = [
  'pending',
  'moreInfo',
  'approved',
  'scheduled',
  'paying',
  'completed',
  'failed',
] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** The approver's four choices (issue 23 §0). */
export const REQUEST_DECISIONS = ['pay', 'approve', 'schedule', 'moreInfo'] as const;
export type RequestDecision = (typeof REQUEST_DECISIONS)[number];

export const REQUEST_MSG = {
  created: 'Request submitted successfully',
  selectWallet: 'Please select a wallet to pay from',
  selectCurrency: 'Please select a currency',
  purposeRequired: 'Please select a purpose',
  narrationRequired: 'Narration is required',
  payeeRequired: 'Choose a vendor or enter your bank details',
  payeeNotFound: 'Vendor not found',
  paid: 'Request approved and payment sent',
  approved: 'Request approved',
  scheduled: 'Request approved and payment scheduled',
  moreInfo: 'More information requested',
  scheduledDateRequired: 'Please choose a date to schedule the payment',
  scheduledDatePast: 'Scheduled date must be tomorrow or later',
  scheduledDateInvalid: 'Scheduled date must be a date (YYYY-MM-DD)',
  notPending: 'This request is no longer pending approval',
  ngnOnly: 'Fund requests are paid from the NGN wallet',
  notApprovedOnly: 'Only a request approved without payment can be paid now',
} as const;

const scheduledDate = z
  .string({ error: REQUEST_MSG.scheduledDateInvalid })
  .max(10, REQUEST_MSG.scheduledDateInvalid)
  .regex(/^\d{4}-\d{2}-\d{2}$/, REQUEST_MSG.scheduledDateInvalid)
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), REQUEST_MSG.scheduledDateInvalid);

/** POST /api/requests. The payee is an existing vendor (`payeeId`) or the member's own bank details. */
export const fundRequestBody = z
  .object({
    walletId: z.string({ error: REQUEST_MSG.selectWallet }).uuid(REQUEST_MSG.selectWallet),
    amount: amountSchema,
    currency: z.enum(CURRENCIES, { error: REQUEST_MSG.selectCurrency }),
    purpose: z.enum(REQUEST_PURPOSES, { error: REQUEST_MSG.purposeRequired }),
    narration: z
      .string({ error: REQUEST_MSG.narrationRequired })
      .trim()
      .min(1, REQUEST_MSG.narrationRequired)
      .max(100, 'Narration must be at most 100 characters'),
    payeeId: z.string().uuid(REQUEST_MSG.payeeNotFound).optional().nullable(),
    bankCode: z.string().trim().max(10, 'Bank code is invalid').optional().nullable(),
    accountNumber: z
      .string()
      .trim()
      .max(10, 'Account number must be 10 digits')
      .regex(/^\d{10}$/, 'Account number must be 10 digits')
      .optional()
      .nullable(),
  })
  .superRefine((b, ctx) => {
    const own = !!(b.bankCode || b.accountNumber);
    if (!b.payeeId && !own)
      ctx.addIssue({ code: 'custom', path: ['payeeId'], message: REQUEST_MSG.payeeRequired });
    if (b.payeeId && own)
      ctx.addIssue({ code: 'custom', path: ['payeeId'], message: REQUEST_MSG.payeeRequired });
    if (!b.payeeId && own && !b.bankCode)
      ctx.addIssue({ code: 'custom', path: ['bankCode'], message: 'Please select a bank' });
    if (!b.payeeId && own && !b.accountNumber)
      ctx.addIssue({ code: 'custom', path: ['accountNumber'], message: 'Account number must be 10 digits' });
  });
export type FundRequestInput = z.input<typeof fundRequestBody>;

export const fundRequestListQuery = listQuery.extend({
  ...listFormatQuery.shape,
  status: z.enum(REQUEST_STATUSES, { error: 'Unknown status' }).optional(),
  /** The list kit's day presets (rolling). */
  period: z.enum(['24h', '7d', '30d'], { error: 'Period must be 24h, 7d or 30d' }).optional(),
});

export const fundRequestSchema = z.object({
  id: z.string(),
  reference: z.string(),
  status: z.enum(REQUEST_STATUSES),
  approvalStatus: z.string().nullable(),
  amount: majorAmount,
  amountMinor: minorAmount,
  currency: z.string(),
  walletId: z.string(),
  purpose: z.enum(REQUEST_PURPOSES),
  narration: z.string(),
  /** `vendor` (an existing vendor) or `self` (the member's own bank account). */
  payeeKind: z.enum(['vendor', 'self']),
  payee: z.object({
    id: z.string().nullable(),
    name: z.string(),
    bankName: z.string(),
    accountNumber: z.string(),
    accountName: z.string(),
  }),
  decision: z.enum(REQUEST_DECISIONS).nullable(),
  scheduledDate: z.string().nullable(),
  payoutId: z.string().nullable(),
  transactionId: z.string().nullable(),
  maker: z.object({ id: z.string(), name: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FundRequest = z.infer<typeof fundRequestSchema>;

export const fundRequestDetailSchema = fundRequestSchema.extend({
  approvalWorkflowPendingApprovalItem: pendingApprovalItemSchema.nullable(),
});
export type FundRequestDetail = z.infer<typeof fundRequestDetailSchema>;

/** POST /api/requests/{ref}/decision: the approver's choice, recorded by the approvals engine. */
export const fundRequestDecisionBody = z
  .object({
    decision: z.enum(REQUEST_DECISIONS, { error: 'Choose how to approve this request' }),
    comments: approvalNoteSchema,
    scheduledDate: scheduledDate.optional().nullable(),
  })
  .superRefine((b, ctx) => {
    if (b.decision === 'schedule' && !b.scheduledDate)
      ctx.addIssue({ code: 'custom', path: ['scheduledDate'], message: REQUEST_MSG.scheduledDateRequired });
  });
export type FundRequestDecisionInput = z.input<typeof fundRequestDecisionBody>;
