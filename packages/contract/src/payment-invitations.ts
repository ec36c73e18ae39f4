import { z } from 'zod';
import { emailSchema } from './identity-login';
import { listFormatQuery, listQuery } from './http';
import { amountSchema, CURRENCIES, majorAmount, minorAmount } from './money';
import { fundingAccountSchema } from './funding';
import { PAY_SOMEONE_MSG, WIRE_PURPOSES } from './payouts-pay-someone';

// Payment invitations (issue 23 §0; 001 §2 Payouts `/payment-invitation/*`): a company asks someone
// who owes it money to pay. The payer opens a public single-use link, chooses how to pay, states the
// wire purpose for USD/GBP, and confirms "I have sent the money"; a matching deposit (NGN, USD or GBP) marks it paid.

/**
 * pending (link live) -> payerConfirmed (the payer says they sent it) -> paid (a deposit matched);
 * pending | payerConfirmed -> cancelled (by the company). `expired` is a pending invitation past
 * `expiresAt` (computed, never stored). A payer-confirmed invitation does not expire: it waits for
 * the money.
 */
export const PAYMENT_INVITATION_STATUSES = [
  'pending',
  'payerConfirmed',
  'paid',
  'expired',
  'cancelled',
] as const;
export type PaymentInvitationStatus = (typeof PAYMENT_INVITATION_STATUSES)[number];
export const PAYMENT_INVITATION_STATUS_LABELS: Record<PaymentInvitationStatus, string> = {
  pending: 'Pending',
  payerConfirmed: 'Payer confirmed',
  paid: 'Paid',
  expired: 'Expired',
  cancelled: 'Cancelled',
};

/** How the payer pays: a bank transfer to the company's NGN virtual account, or its USD/GBP account. */
export const PAYMENT_INVITATION_METHODS = ['bankTransfer', 'usdAccount', 'gbpAccount'] as const;
export type PaymentInvitationMethod = (typeof PAYMENT_INVITATION_METHODS)[number];
export const PAYMENT_INVITATION_METHOD_CURRENCY: Record<PaymentInvitationMethod, 'NGN' | 'USD' | 'GBP'> = {
  bankTransfer: 'NGN',
  usdAccount: 'USD',
  gbpAccount: 'GBP',
};

export const PAYMENT_INVITATION_TTL_DAYS = 14;
export const PAYMENT_INVITATION_MAX_DAYS = 90;

export const PAYMENT_INVITATION_MSG = {
  created: 'Payment invitation sent',
  resent: 'Payment invitation sent again',
  cancelled: 'Payment invitation cancelled',
  confirmed: 'Thank you. We have told the company that you sent the money',
  payerNameRequired: 'Enter the payer’s name',
  payerEmailRequired: 'Enter a valid email address',
  selectCurrency: 'Please select a currency',
  foreignUnavailable: 'Receiving details for this currency are not available yet; invite in NGN',
  foreignWalletMissing: 'Open a wallet in this currency first: the payer pays into its receiving details',
  expiresAtInvalid: 'Expiry must be a date (YYYY-MM-DD)',
  expiresAtPast: 'Expiry must be tomorrow or later',
  expiresAtTooFar: `Expiry must be within ${PAYMENT_INVITATION_MAX_DAYS} days`,
  selectMethod: 'Please choose how you will pay',
  methodUnavailable: 'This payment method is not available for this invitation',
  unknown: 'This payment link is not valid. Check the link in your email.',
  expired: 'This payment link has expired. Ask the company to send a new one.',
  cancelledLink: 'This payment invitation was cancelled by the company.',
  alreadyConfirmed: 'This payment has already been confirmed.',
  notCancellable: 'Only a pending or payer-confirmed invitation can be cancelled',
  notResendable: 'Only a pending invitation can be sent again',
  paidTopic: 'Payment Invitation Paid',
  payWithReference: 'Put this reference in your transfer’s narration: the payment is matched by it',
} as const;

const expiresAt = z
  .string({ error: PAYMENT_INVITATION_MSG.expiresAtInvalid })
  .max(10, PAYMENT_INVITATION_MSG.expiresAtInvalid)
  .regex(/^(\d{4}-\d{2}-\d{2})?$/, PAYMENT_INVITATION_MSG.expiresAtInvalid)
  .refine(
    (s) => s === '' || !Number.isNaN(Date.parse(`${s}T00:00:00Z`)),
    PAYMENT_INVITATION_MSG.expiresAtInvalid,
  );

/** POST /api/payment-invitations. `expiresAt` (a Lagos date, end of day; empty = default) defaults to 14 days. */
export const paymentInvitationBody = z.object({
  payerName: z
    .string({ error: PAYMENT_INVITATION_MSG.payerNameRequired })
    .trim()
    .min(1, PAYMENT_INVITATION_MSG.payerNameRequired)
    .max(100, 'Name must be at most 100 characters'),
  payerEmail: emailSchema,
  amount: amountSchema,
  currency: z.enum(CURRENCIES, { error: PAYMENT_INVITATION_MSG.selectCurrency }),
  note: z.string().trim().max(200, 'Note must be at most 200 characters').optional().nullable(),
  expiresAt: expiresAt.optional().nullable(),
});
export type PaymentInvitationInput = z.input<typeof paymentInvitationBody>;

export const paymentInvitationListQuery = listQuery.extend({
  ...listFormatQuery.shape,
  status: z.enum(PAYMENT_INVITATION_STATUSES, { error: 'Unknown status' }).optional(),
  period: z.enum(['24h', '7d', '30d'], { error: 'Period must be 24h, 7d or 30d' }).optional(),
});

export const paymentInvitationSchema = z.object({
  id: z.string(),
  payerName: z.string(),
  payerEmail: z.string(),
  amount: majorAmount,
  amountMinor: minorAmount,
  currency: z.string(),
  note: z.string().nullable(),
  status: z.enum(PAYMENT_INVITATION_STATUSES),
  method: z.enum(PAYMENT_INVITATION_METHODS).nullable(),
  wirePurpose: z.string().nullable(),
  narration: z.string().nullable(),
  /** The payment reference the payer puts in the transfer's narration: a deposit pays this invitation only when it carries it. */
  paymentReference: z.string(),
  transactionId: z.string().nullable(),
  expiresAt: z.string(),
  confirmedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
});
export type PaymentInvitation = z.infer<typeof paymentInvitationSchema>;

/** Where the payer sends the money for one method; null details when the method is not available. */
export const payInMethodSchema = z.object({
  method: z.enum(PAYMENT_INVITATION_METHODS),
  currency: z.enum(CURRENCIES),
  available: z.boolean(),
  /** The receiving account (NGN virtual account, or the USD/GBP receiving details). */
  details: fundingAccountSchema.nullable(),
});
export type PayInMethod = z.infer<typeof payInMethodSchema>;

/** GET /api/public/payment-invitations/{ref}: all a payer learns. */
export const publicPaymentInvitationSchema = z.object({
  companyName: z.string(),
  payerName: z.string(),
  amount: majorAmount,
  amountMinor: minorAmount,
  currency: z.string(),
  status: z.enum(['pending', 'payerConfirmed', 'paid']),
  expiresAt: z.string(),
  method: z.enum(PAYMENT_INVITATION_METHODS).nullable(),
  /** What the payer puts in the transfer's narration (matching is by it, never by amount alone). */
  paymentReference: z.string(),
  methods: z.array(payInMethodSchema).max(3),
});
export type PublicPaymentInvitation = z.infer<typeof publicPaymentInvitationSchema>;

/** POST /api/public/payment-invitations/{ref}/confirm: the wire purpose is required for USD and GBP. */
export const paymentInvitationConfirmBody = z
  .object({
    method: z.enum(PAYMENT_INVITATION_METHODS, { error: PAYMENT_INVITATION_MSG.selectMethod }),
    wirePurpose: z.enum(WIRE_PURPOSES, { error: PAY_SOMEONE_MSG.purposeRequired }).optional().nullable(),
    narration: z.string().trim().max(140, 'Narration must be at most 140 characters').optional().nullable(),
  })
  .superRefine((b, ctx) => {
    if (b.method === 'bankTransfer') return;
    if (!b.wirePurpose)
      ctx.addIssue({ code: 'custom', path: ['wirePurpose'], message: PAY_SOMEONE_MSG.wirePurposeRequired });
    if (!b.narration || b.narration.length < 3)
      ctx.addIssue({
        code: 'custom',
        path: ['narration'],
        message: PAY_SOMEONE_MSG.purposeNarrationRequired,
      });
  });
export type PaymentInvitationConfirmInput = z.input<typeof paymentInvitationConfirmBody>;
