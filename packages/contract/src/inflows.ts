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
