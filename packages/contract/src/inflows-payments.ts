// Receivables: inflow transactions, overage refunds, the public pay page, the money rules and the customer portal (002 §3, §5, §7; issue 24).
import { z } from 'zod';

import { listFormatQuery, listQuery } from './http';

import { INFLOW_MSG, INVOICE_STATUSES, invoiceProductSchema } from './inflows';

// ---- inflow transactions (002 §3 Inflow transaction) ----
export const INFLOW_TX_TYPES = ['INFLOW', 'REVERSAL', 'SETTLEMENT'] as const;
export const inflowTransactionSchema = z.object({
  id: z.string().uuid(),
  type: z.enum(INFLOW_TX_TYPES),
  amount: z.string(),
  amountMinor: z.number().int(),
  status: z.string(),
  reference: z.string(),
  updatedAt: z.string(),
  itemData: z.object({
    recipientName: z.string(),
    recipientEmail: z.string().nullable(),
    invoiceType: z.enum(INFLOW_TX_TYPES),
    invoiceId: z.string().uuid(),
    invoiceReference: z.string(),
    amountReceivable: z.string(),
    amountReceivableMinor: z.number().int(),
    amountToReverse: z.string(),
    amountToReverseMinor: z.number().int(),
    amountToDisburse: z.string(),
    amountToDisburseMinor: z.number().int(),
    transactionFee: z.string(),
    transactionFeeMinor: z.number().int(),
    feeBearer: z.literal('Account'),
  }),
});
export type InflowTransaction = z.infer<typeof inflowTransactionSchema>;
export const inflowTxQuery = listQuery.extend({ ...listFormatQuery.shape });

// ---- overage refunds ----
export const REFUND_MSG = {
  done: 'Refund successful',
  notRefundable: 'This overage has already been refunded',
  sourceUnknown: "The sender's account is not known for this deposit; give the account to refund",
  accountRequired: 'Give the account to refund, or use the source account',
} as const;
export const refundInitBody = z.object({
  useSourceAccount: z.boolean().optional().default(false),
  refundAccountDetails: z
    .object({
      accountNumber: z
        .string()
        .trim()
        .regex(/^\d{10}$/, 'Account number must be 10 digits')
        .max(10),
      bankCode: z.string().trim().min(1, 'Bank is required').max(10),
      bankName: z.string().trim().max(120).optional().nullable(),
      accountName: z.string().trim().max(120).optional().nullable(),
    })
    .optional()
    .nullable(),
});
export const refundParams = z.object({ id: z.string().uuid(), refundId: z.string().uuid() });

// ---- public pay page ----
export const publicInvoiceSchema = z.object({
  companyName: z.string(),
  reference: z.string(),
  customerName: z.string(),
  status: z.enum(INVOICE_STATUSES),
  products: z.array(invoiceProductSchema),
  amount: z.string(),
  amountMinor: z.number().int(),
  amountPaid: z.string(),
  amountPaidMinor: z.number().int(),
  amountDue: z.string(),
  amountDueMinor: z.number().int(),
  nextDueDate: z.string().nullable(),
  accountNumber: z.string(),
  bankName: z.string(),
  accountName: z.string(),
});
export type PublicInvoice = z.infer<typeof publicInvoiceSchema>;

// ---- pure money rules, shared by server and screens (exact kobo) ----

/** The discount in kobo for an invoice of `initialMinor` (fixed: kobo; percentage: basis points). */
export function discountMinorOf(initialMinor: number, type: 'fixed' | 'percentage' | null, value: number) {
  if (!type || !value) return 0;
  if (type === 'fixed') return value;
  return Math.floor((initialMinor * value) / 10_000);
}

/** Equal split (002 §5): floor(100 / n) each, the remainder on the first term. In whole percent. */
export function equalSplit(n: number): number[] {
  const each = Math.floor(100 / n);
  return Array.from({ length: n }, (_, i) => (i === 0 ? 100 - each * (n - 1) : each));
}

/**
 * Installment amounts for percentages in basis points summing to 10,000: each floor(total × bp),
 * the kobo left over on the first term, so the parts always sum to the total.
 */
export function splitAmount(totalMinor: number, bps: number[]): number[] {
  const parts = bps.map((bp) => Math.floor((totalMinor * bp) / 10_000));
  const rest = totalMinor - parts.reduce((a, b) => a + b, 0);
  if (parts.length) parts[0] += rest;
  return parts;
}

// ---- customer portal (000 §2.11, §3 customer session, §8; issue 24 §4) ----
// POST /customer/auth { email } mails a one-time code (the spec leaves the payload to us);
// POST /customer/auth/verify { email, code } opens a customer session, separate from staff ones.
export const CUSTOMER_PORTAL_MSG = {
  codeSent: 'If this email has invoices with us, a sign-in code is on its way.',
  codeInvalid: 'Invalid or expired code',
  codeFormat: 'Enter the 6-digit code from the email',
  signedIn: 'Signed in',
  loggedOut: 'Logged out',
  tokenRequired: 'Please sign in to view your invoices',
  tokenExpired: 'Your session has expired, please sign in again',
} as const;
/** Header a non-browser customer client sends its session token in (browsers use the cookie). */
export const CUSTOMER_TOKEN_HEADER = 'x-customer-token';

const portalEmail = z
  .string({ error: INFLOW_MSG.invalidEmail })
  .trim()
  .toLowerCase()
  .max(254, INFLOW_MSG.invalidEmail)
  .pipe(z.string().email(INFLOW_MSG.invalidEmail));
export const customerAuthBody = z.object({ email: portalEmail });
export const customerVerifyBody = z.object({
  email: portalEmail,
  code: z
    .string({ error: CUSTOMER_PORTAL_MSG.codeFormat })
    .trim()
    .max(6, CUSTOMER_PORTAL_MSG.codeFormat)
    .regex(/^\d{6}$/, CUSTOMER_PORTAL_MSG.codeFormat),
});
/** One profile per company that has the email as a customer (000 §3 allCustomerProfiles). */
export const customerProfileSchema = z.object({
  id: z.string().uuid(),
  accountId: z.string().uuid(),
  companyName: z.string(),
  customerName: z.string(),
  email: z.string(),
});
export type CustomerProfile = z.infer<typeof customerProfileSchema>;
export const customerSessionSchema = z.object({
  email: z.string(),
  /** Also set as an httpOnly cookie; non-browser clients send it in `x-customer-token`. */
  token: z.string().optional(),
  expiresAt: z.string(),
  allCustomerProfiles: z.array(customerProfileSchema),
  currentCustomerProfile: customerProfileSchema.nullable(),
});
export const customerInvoiceQuery = z.object({
  accountId: z.string().uuid().optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const customerInvoiceSchema = z.object({
  id: z.string().uuid(),
  accountId: z.string().uuid(),
  companyName: z.string(),
  reference: z.string(),
  status: z.enum(INVOICE_STATUSES),
  amount: z.string(),
  amountMinor: z.number().int(),
  amountPaid: z.string(),
  amountPaidMinor: z.number().int(),
  createdAt: z.string(),
});
export type CustomerInvoice = z.infer<typeof customerInvoiceSchema>;
export const customerInvoiceDetailSchema = publicInvoiceSchema.extend({
  id: z.string().uuid(),
  accountId: z.string().uuid(),
  payLink: z.string(),
});
export type CustomerInvoiceDetail = z.infer<typeof customerInvoiceDetailSchema>;
