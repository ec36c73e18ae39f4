import { z } from 'zod';
import { pendingApprovalItemSchema } from './approvals';
import { listFormatQuery, listQuery } from './http';
import { AMOUNT_TEXT_MAX } from './money';

// Receivables (002 §2 Inflows, §3 Invoice/Customer/Partner/Payment term, §5, §7, §8; issue 24).

export const INFLOW_MSG = {
  customerCreated: 'Customer created.',
  customerUpdated: 'Customer updated.',
  customerNotFound: 'Customer not found',
  nameRequired: 'Name is required',
  invalidEmail: 'Invalid email address',
  invalidPhone: 'Invalid phone number',
  invoiceSaved: 'Invoice saved.',
  invoiceSubmitted: 'Invoice saved successfully',
  invoiceNotFound: 'Invoice not found',
  invoiceLinkCancelled: 'This invoice was cancelled. Contact the company',
  invoiceNotEditable: 'Only a draft or rejected invoice can be changed',
  amountMin: 'Invoice amount must be at least 1',
  productsRequired: 'Add at least one product',
  productName: 'Product name is required',
  priceMin: 'Price must be at least 0',
  quantity: 'Quantity must be a number',
  discountAmount: 'Kindly enter an amount',
  discountType: 'Kindly select a discount type',
  discountPercent: 'Invalid input. Discount must be less than 100',
  discountFixed: 'Invalid input. Discount must be less than amount',
  termsRequired: 'Add at least one payment term',
  termName: 'Name is required',
  termDueDate: 'Due date is required',
  termPastDate: 'Due date cannot be in the past',
  termsTotal: 'Total percentage must equal 100',
  termsOver: 'Total percentage cannot be more than 100',
  termsMissing: 'Complete the payment terms first',
  partnerUnknown: 'Partner not found',
  partnerCreated: 'Partner created',
  partnerUpdated: 'Partner has been updated successfully',
  partnerDeleted: 'Partner deleted successfully',
  partnerNameRequired: 'Partner name is required',
  bankRequired: 'Bank is required',
  accountNumberRequired: 'Account number is required',
  splitBelow100: 'Should be less than 100',
  capMin: 'Cap must be a non-negative number',
  invoiceCancelled: 'Invoice cancelled successfully',
  cannotCancel: 'Only an invoice that is not yet fully paid can be cancelled',
} as const;

const email = z.string().trim().toLowerCase().max(254).email(INFLOW_MSG.invalidEmail);

/** A decimal naira amount as text or number -> kobo (at most 2 decimals). */
export const nairaToKobo = (message: string) =>
  z.union([z.number(), z.string().max(AMOUNT_TEXT_MAX)]).transform((v, ctx) => {
    const s = typeof v === 'number' ? (Number.isFinite(v) ? v.toString() : '') : v.trim();
    if (!/^\d{1,13}(\.\d{1,2})?$/.test(s)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    const [w, f = ''] = s.split('.');
    return Number(w) * 100 + Number(f.padEnd(2, '0'));
  });

/** A percentage (number or numeric string, at most 2 decimals) -> basis points (1% = 100). */
export const percentToBp = (message: string) =>
  z.union([z.number(), z.string().max(12)]).transform((v, ctx) => {
    const s = typeof v === 'number' ? (Number.isFinite(v) ? v.toString() : '') : v.trim();
    if (!/^\d{1,3}(\.\d{1,2})?$/.test(s)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    const [w, f = ''] = s.split('.');
    return Number(w) * 100 + Number(f.padEnd(2, '0'));
  });

export const bpToPercent = (bp: number) => (bp % 100 === 0 ? String(bp / 100) : (bp / 100).toFixed(2));

// ---- customers ----
export const customerBody = z.object({
  name: z.string({ error: INFLOW_MSG.nameRequired }).trim().min(1, INFLOW_MSG.nameRequired).max(120),
  email: z.string({ error: INFLOW_MSG.invalidEmail }).max(254, INFLOW_MSG.invalidEmail).pipe(email),
  phoneNumber: z
    .string()
    .trim()
    .max(20)
    .optional()
    .nullable()
    .refine((v) => !v || /^\d{11}$/.test(v), INFLOW_MSG.invalidPhone),
});
export type CustomerInput = z.infer<typeof customerBody>;
export const customerSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  createdAt: z.string(),
});
export type Customer = z.infer<typeof customerSchema>;
export const customerListQuery = listQuery.extend({ ...listFormatQuery.shape });

// ---- partners ----
export const partnerBody = z.object({
  customerName: z
    .string({ error: INFLOW_MSG.partnerNameRequired })
    .trim()
    .min(1, INFLOW_MSG.partnerNameRequired)
    .max(120),
  customerEmail: z
    .string()
    .max(254)
    .optional()
    .nullable()
    .transform((v) => (v ? v.trim().toLowerCase() : null))
    .refine((v) => !v || z.string().email().safeParse(v).success, INFLOW_MSG.invalidEmail),
  bankCode: z.string({ error: INFLOW_MSG.bankRequired }).trim().min(1, INFLOW_MSG.bankRequired).max(10),
  bankName: z.string().trim().max(120).optional().nullable(),
  accountNumber: z
    .string({ error: INFLOW_MSG.accountNumberRequired })
    .trim()
    .min(1, INFLOW_MSG.accountNumberRequired)
    .regex(/^\d{10}$/, 'Account number must be 10 digits')
    .max(10),
  accountName: z.string().trim().max(120).optional().nullable(),
  percentage: percentToBp(INFLOW_MSG.splitBelow100).refine(
    (bp) => bp > 0 && bp < 10_000,
    INFLOW_MSG.splitBelow100,
  ),
  cap: nairaToKobo(INFLOW_MSG.capMin).optional().default(0),
});
export type PartnerInput = z.infer<typeof partnerBody>;
export const partnerSchema = z.object({
  id: z.string().uuid(),
  customerName: z.string(),
  customerEmail: z.string().nullable(),
  bankCode: z.string(),
  bankName: z.string(),
  accountNumber: z.string(),
  accountName: z.string(),
  percentage: z.string(),
  cap: z.string(),
  capMinor: z.number().int(),
  createdAt: z.string(),
});
export type Partner = z.infer<typeof partnerSchema>;
export const partnerListQuery = listQuery.extend({ ...listFormatQuery.shape });
export const PARTNER_TX_PAGE_SIZE = 10;
export const partnerTxQuery = listQuery.extend({
  limit: listQuery.shape.limit.removeDefault().default(PARTNER_TX_PAGE_SIZE),
});
export const partnerTransactionSchema = z.object({
  id: z.string().uuid(),
  invoiceId: z.string().uuid(),
  invoiceReference: z.string(),
  accountNumber: z.string(),
  amount: z.string(),
  amountMinor: z.number().int(),
  percentage: z.string(),
  status: z.string(),
  createdAt: z.string(),
});

// ---- invoice wizard ----
export const DISCOUNT_TYPES = ['fixed', 'percentage'] as const;
export const SETTLEMENT_STRATEGIES = ['consolidated', 'per-collection', 'per-installment'] as const;
export type SettlementStrategy = (typeof SETTLEMENT_STRATEGIES)[number];
export const PAYMENT_OPTIONS = ['one-time', 'installments'] as const;
export const INVOICE_STATUSES = [
  'draft',
  'pending',
  'partlyPaid',
  'fullyPaid',
  'completed',
  'cancelled',
] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_APPROVAL_STATUSES = ['none', 'pending', 'approved', 'rejected'] as const;
export type InvoiceApprovalStatus = (typeof INVOICE_APPROVAL_STATUSES)[number];

export const invoiceProductInput = z.object({
  name: z.string({ error: INFLOW_MSG.productName }).trim().min(1, INFLOW_MSG.productName).max(120),
  price: nairaToKobo(INFLOW_MSG.priceMin),
  quantity: z.coerce
    .number({ error: INFLOW_MSG.quantity })
    .int(INFLOW_MSG.quantity)
    .min(1, INFLOW_MSG.quantity)
    .max(1_000_000),
});

export const invoiceStep1 = z.object({
  invoiceId: z.string().uuid().optional(),
  customerId: z.string({ error: 'Select a customer' }).uuid('Select a customer'),
  products: z.array(invoiceProductInput).min(1, INFLOW_MSG.productsRequired).max(100),
  discount: z
    .union([z.number(), z.string().max(AMOUNT_TEXT_MAX)])
    .optional()
    .nullable(),
  discountType: z.enum(DISCOUNT_TYPES, { error: INFLOW_MSG.discountType }).optional().nullable(),
  settlementStrategy: z.enum(SETTLEMENT_STRATEGIES).optional().default('consolidated'),
  partners: z.array(z.string().uuid()).max(20).optional().default([]),
  agentId: z.string().uuid().optional().nullable(),
});
export type InvoiceStep1 = z.infer<typeof invoiceStep1>;

export const paymentTermInput = z.object({
  name: z.string({ error: INFLOW_MSG.termName }).trim().min(1, INFLOW_MSG.termName).max(120),
  percentage: z
    .union([z.number(), z.string().max(12)])
    .optional()
    .nullable(),
  dueDate: z.string({ error: INFLOW_MSG.termDueDate }).min(1, INFLOW_MSG.termDueDate).max(40),
});
export const invoiceStep2 = z.object({
  invoiceId: z.string().uuid(),
  paymentOption: z.enum(PAYMENT_OPTIONS, { error: 'Select a payment option' }),
  terms: z.array(paymentTermInput).max(60).optional(),
});
export type InvoiceStep2 = z.infer<typeof invoiceStep2>;
export const invoiceStep3 = z.object({ invoiceId: z.string().uuid() });

/** `POST /inflows/invoice`: `step` is the number 1, 2 or 3 (issue 24 §0); the payload is checked per step. */
export const invoiceWizardBody = z.object({
  step: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: 'Step must be 1, 2 or 3' }),
  payload: z.record(z.string(), z.unknown()),
});

export const invoiceProductSchema = z.object({
  name: z.string(),
  price: z.string(),
  priceMinor: z.number().int(),
  quantity: z.number().int(),
  amount: z.string(),
  amountMinor: z.number().int(),
});
export const installmentSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  percentage: z.string(),
  amount: z.string(),
  amountMinor: z.number().int(),
  amountPaid: z.string(),
  amountPaidMinor: z.number().int(),
  dueDate: z.string().nullable(),
  status: z.enum(['pending', 'partlyPaid', 'paid', 'cancelled']),
});
export const settlementSchema = z.object({
  id: z.string().uuid(),
  partnerId: z.string().uuid(),
  customerName: z.string(),
  accountNumber: z.string(),
  percentage: z.string(),
  amount: z.string(),
  amountMinor: z.number().int(),
  capped: z.boolean(),
  fee: z.string(),
  feeMinor: z.number().int(),
  status: z.enum(['pending', 'paid', 'failed', 'cancelled']),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
});
export const collectionRefundSchema = z.object({
  id: z.string().uuid(),
  invoiceId: z.string().uuid(),
  accountName: z.string(),
  accountNumber: z.string().nullable(),
  bankName: z.string().nullable(),
  refundableAmount: z.string(),
  refundableAmountMinor: z.number().int(),
  status: z.enum(['pending', 'success', 'cancelled']),
  /** A refund payout is on its way (status stays pending until it is paid). */
  processing: z.boolean(),
  createdAt: z.string(),
});

export const invoiceSchema = z.object({
  id: z.string().uuid(),
  reference: z.string(),
  status: z.enum(INVOICE_STATUSES),
  approvalStatus: z.enum(INVOICE_APPROVAL_STATUSES),
  deliveryStatus: z.enum(['pending', 'delivered']),
  customer: z.object({ id: z.string().uuid(), name: z.string(), email: z.string() }),
  initialAmount: z.string(),
  initialAmountMinor: z.number().int(),
  discount: z.string().nullable(),
  discountType: z.enum(DISCOUNT_TYPES).nullable(),
  discountAmount: z.string(),
  discountAmountMinor: z.number().int(),
  amount: z.string(),
  amountMinor: z.number().int(),
  amountPaid: z.string(),
  amountPaidMinor: z.number().int(),
  settlementStrategy: z.enum(SETTLEMENT_STRATEGIES),
  paymentOption: z.enum(PAYMENT_OPTIONS).nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceDetailSchema = invoiceSchema.extend({
  products: z.array(invoiceProductSchema),
  partners: z.array(z.object({ id: z.string().uuid(), customerName: z.string(), percentage: z.string() })),
  invoiceInstallments: z.array(installmentSchema),
  invoiceSettlements: z.array(settlementSchema),
  invoiceCollectionRefunds: z.array(collectionRefundSchema),
  collectionAccount: z
    .object({ accountNumber: z.string(), bankName: z.string(), accountName: z.string() })
    .nullable(),
  payLink: z.string().nullable(),
  approvalWorkflowPendingApprovalItem: pendingApprovalItemSchema.nullable(),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

export const invoiceListQuery = listQuery.extend({
  ...listFormatQuery.shape,
  /** One customer's invoices (the customer detail, 002 §2). */
  customerId: z.string().uuid('Select a customer').optional(),
  period: z.enum(['24h', '7d', '30d']).optional(),
  status: z.enum(INVOICE_STATUSES).optional(),
  approvalStatus: z.enum(INVOICE_APPROVAL_STATUSES).optional(),
});
export const invoiceGetQuery = z.object({ edit: z.enum(['true', 'false']).optional() });

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
