// Receivables (issue 24): customers, partners, invoices with installments, collections (each a
// deposit the money core credited), partner settlements (payouts through the money core) and
// overage refund rows. Money is integer kobo.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts, users } from '../../platform/tenancy-tables';
import type { OutflowManifest } from '../money';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const kobo = (name: string) => bigint(name, { mode: 'number' });
const account = () =>
  uuid('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' });

export const inflowCustomers = pgTable(
  'inflow_customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: account(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('inflow_customers_account_created_idx').on(t.accountId, t.createdAt)],
);

export const inflowPartners = pgTable(
  'inflow_partners',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: account(),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email'),
    bankCode: text('bank_code').notNull(),
    bankName: text('bank_name').notNull(),
    accountNumber: text('account_number').notNull(),
    accountName: text('account_name').notNull(),
    /** Share in basis points (1% = 100), below 10,000. */
    percentageBp: integer('percentage_bp').notNull(),
    /** Most this partner receives per invoice, in kobo; 0 = no cap. */
    capMinor: kobo('cap_minor').notNull().default(0),
    deletedAt: ts('deleted_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('inflow_partners_account_created_idx').on(t.accountId, t.createdAt)],
);

export type InvoiceLine = { name: string; priceMinor: number; quantity: number; amountMinor: number };

export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: account(),
    reference: text('reference').notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => inflowCustomers.id),
    /** Copied at step 1 (002 §3 metadata.customerName/customerEmail), so lists need no join. */
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    makerUserId: uuid('maker_user_id')
      .notNull()
      .references(() => users.id),
    makerName: text('maker_name').notNull(),
    agentId: uuid('agent_id'),
    /** draft | pending | partlyPaid | fullyPaid (completed is read: fullyPaid and every settlement paid). */
    status: text('status').notNull().default('draft'),
    approvalStatus: text('approval_status').notNull().default('none'),
    deliveryStatus: text('delivery_status').notNull().default('pending'),
    products: jsonb('products').$type<InvoiceLine[]>().notNull(),
    initialAmountMinor: kobo('initial_amount_minor').notNull(),
    discountType: text('discount_type'),
    /** As entered: kobo for fixed, basis points for percentage. */
    discountValue: bigint('discount_value', { mode: 'number' }).notNull().default(0),
    discountMinor: kobo('discount_minor').notNull().default(0),
    amountMinor: kobo('amount_minor').notNull(),
    amountPaidMinor: kobo('amount_paid_minor').notNull().default(0),
    settlementStrategy: text('settlement_strategy').notNull().default('consolidated'),
    partnerIds: jsonb('partner_ids').$type<string[]>().notNull().default([]),
    paymentOption: text('payment_option'),
    vaNumber: text('va_number'),
    vaBankCode: text('va_bank_code'),
    vaBankName: text('va_bank_name'),
    vaAccountName: text('va_account_name'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_reference_key').on(t.reference),
    uniqueIndex('invoices_va_number_key').on(t.vaNumber),
    index('invoices_account_created_idx').on(t.accountId, t.createdAt),
    index('invoices_customer_idx').on(t.customerId),
  ],
);

export const invoiceInstallments = pgTable(
  'invoice_installments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: account(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    name: text('name').notNull(),
    percentageBp: integer('percentage_bp').notNull(),
    amountMinor: kobo('amount_minor').notNull(),
    amountPaidMinor: kobo('amount_paid_minor').notNull().default(0),
    dueDate: date('due_date'),
    /** pending | partlyPaid | paid | cancelled */
    status: text('status').notNull().default('pending'),
  },
  (t) => [index('invoice_installments_invoice_idx').on(t.invoiceId, t.seq)],
);

/** One row per deposit matched to an invoice (the money core's deposit transaction beside it). */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: account(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    transactionId: uuid('transaction_id').notNull(),
    amountMinor: kobo('amount_minor').notNull(),
    /** Applied to installments; the rest is overage (a refund row). */
    appliedMinor: kobo('applied_minor').notNull(),
    overageMinor: kobo('overage_minor').notNull().default(0),
    senderName: text('sender_name').notNull(),
    /** The sender's own account as the provider reported it (refunds with useSourceAccount pay it). */
    sourceAccountNumber: text('source_account_number'),
    sourceBankCode: text('source_bank_code'),
    sourceBankName: text('source_bank_name'),
    providerRef: text('provider_ref').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoice_payments_transaction_key').on(t.transactionId),
    index('invoice_payments_invoice_idx').on(t.invoiceId, t.createdAt),
  ],
);

/**
 * A partner's share of collected money. Status pending/failed/cancelled is stored; while a payout
 * transaction exists, paid/failed are read from it (the money core settles it).
 */
export const invoiceSettlements = pgTable(
  'invoice_settlements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: account(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => inflowPartners.id),
    /** What it settles: a collection (per-collection), an installment, or the whole invoice. */
    basis: text('basis').notNull(),
    basisId: uuid('basis_id'),
    percentageBp: integer('percentage_bp').notNull(),
    amountMinor: kobo('amount_minor').notNull(),
    capped: boolean('capped').notNull().default(false),
    attempt: integer('attempt').notNull().default(0),
    transactionId: uuid('transaction_id'),
    feeMinor: kobo('fee_minor').notNull().default(0),
    status: text('status').notNull().default('pending'),
    failureReason: text('failure_reason'),
    /**
     * What it pays, fixed when first started (issue 34 §1; money/outflow.ts OutflowManifest): its
     * retries pay exactly this, whatever the partner's bank account says later.
     */
    manifest: jsonb('manifest').$type<OutflowManifest>(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('invoice_settlements_invoice_idx').on(t.invoiceId, t.createdAt),
    index('invoice_settlements_partner_idx').on(t.partnerId, t.createdAt),
    uniqueIndex('invoice_settlements_basis_key')
      .on(t.invoiceId, t.partnerId, t.basis, t.basisId)
      .where(sql`${t.basisId} is not null`),
  ],
);

export const invoiceCollectionRefunds = pgTable(
  'invoice_collection_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: account(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => invoicePayments.id),
    accountName: text('account_name').notNull(),
    accountNumber: text('account_number'),
    bankName: text('bank_name'),
    refundableAmountMinor: kobo('refundable_amount_minor').notNull(),
    /** The refund payout (money core); success/failed are read from it. */
    transactionId: uuid('transaction_id'),
    attempt: integer('attempt').notNull().default(0),
    feeMinor: kobo('fee_minor').notNull().default(0),
    /** pending | success | cancelled */
    status: text('status').notNull().default('pending'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('invoice_collection_refunds_invoice_idx').on(t.invoiceId)],
);

/**
 * Customer portal (issue 24 §4): one-time sign-in codes mailed to a customer email (hash only,
 * 10 minutes, 5 tries) and the customer sessions they open. Keyed by email, not by company: one
 * email may be a customer of several companies (one profile each). Never joined to staff sessions.
 */
export const customerPortalCodes = pgTable(
  'customer_portal_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('customer_portal_codes_email_idx').on(t.email, t.createdAt)],
);

export const customerPortalSessions = pgTable(
  'customer_portal_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('customer_portal_sessions_token_key').on(t.tokenHash)],
);

/** Scheduled reminders sent (issue 24 §2): one row per installment and kind, so each goes once. */
export const invoiceReminders = pgTable(
  'invoice_reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: account(),
    installmentId: uuid('installment_id')
      .notNull()
      .references(() => invoiceInstallments.id, { onDelete: 'cascade' }),
    /** before: 3 days before the due date; missed: the day after it. */
    kind: text('kind').notNull(),
    sentAt: ts('sent_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('invoice_reminders_installment_kind_key').on(t.installmentId, t.kind)],
);
