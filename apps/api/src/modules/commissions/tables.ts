// Agent commissions (issue 24 §5): settings (general or per agent), one commission per agent
// invoice (its accruals and clawbacks in entries, idempotent per collection and refund), and the
// disbursement batches (approval type `commission`) whose items pay agents through the money core.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts, users } from '../../platform/tenancy-tables';
import { invoices } from '../inflows/tables';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const kobo = (name: string) => bigint(name, { mode: 'number' });
const account = () =>
  uuid('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' });

/** user_id null: the account's general setting; else that agent's own. */
export const commissionSettings = pgTable(
  'commission_settings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: account(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    isActive: boolean('is_active').notNull().default(false),
    /** percentage | fixed */
    commissionType: text('commission_type').notNull().default('percentage'),
    /** Basis points (percentage) or kobo (fixed). */
    commissionValue: bigint('commission_value', { mode: 'number' }).notNull(),
    payoutMode: text('payout_mode').notNull().default('consolidated'),
    payoutFrequency: text('payout_frequency').notNull().default('monthly'),
    thresholdMinor: kobo('threshold_minor'),
    updatedBy: uuid('updated_by').references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('commission_settings_general_key')
      .on(t.accountId)
      .where(sql`${t.userId} is null`),
    uniqueIndex('commission_settings_agent_key')
      .on(t.accountId, t.userId)
      .where(sql`${t.userId} is not null`),
  ],
);

/**
 * One row per agent invoice (kind `invoice`), or a clawback carried to the agent's next batch
 * (kind `clawback`, negative) when the refund came after the commission was batched, or an accrual
 * carried there (kind `carried`) when a collection (an overpayment) came after it was batched.
 * approval_status: initialized (accruing) → matured (invoice approved and fully paid) → pending
 * (in a batch awaiting approval) → approved (batch approved).
 */
export const agentCommissions = pgTable(
  'agent_commissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: account(),
    agentUserId: uuid('agent_user_id')
      .notNull()
      .references(() => users.id),
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull().default('invoice'),
    commissionType: text('commission_type').notNull(),
    commissionValue: bigint('commission_value', { mode: 'number' }).notNull(),
    amountMinor: kobo('amount_minor').notNull().default(0),
    approvalStatus: text('approval_status').notNull().default('initialized'),
    batchId: uuid('batch_id'),
    itemId: uuid('item_id'),
    maturedAt: ts('matured_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('agent_commissions_invoice_key')
      .on(t.invoiceId)
      .where(sql`${t.kind} = 'invoice'`),
    index('agent_commissions_agent_idx').on(t.accountId, t.agentUserId, t.createdAt),
    index('agent_commissions_matured_idx')
      .on(t.accountId, t.approvalStatus)
      .where(sql`${t.batchId} is null`),
    index('agent_commissions_batch_idx').on(t.batchId),
  ],
);

/** The commission's movements: an accrual per collection, a clawback per refund (signed kobo). */
export const agentCommissionEntries = pgTable(
  'agent_commission_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: account(),
    commissionId: uuid('commission_id')
      .notNull()
      .references(() => agentCommissions.id, { onDelete: 'cascade' }),
    /** accrual (source: invoice payment) | clawback (source: refund row) */
    kind: text('kind').notNull(),
    sourceId: uuid('source_id').notNull(),
    amountMinor: kobo('amount_minor').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('agent_commission_entries_source_key').on(t.kind, t.sourceId),
    index('agent_commission_entries_commission_idx').on(t.commissionId),
  ],
);

/** One batch per agent per payout period (the unique key makes "once" hold for any number of workers). */
export const commissionBatches = pgTable(
  'commission_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: account(),
    agentUserId: uuid('agent_user_id')
      .notNull()
      .references(() => users.id),
    reference: text('reference').notNull(),
    payoutFrequency: text('payout_frequency').notNull(),
    period: text('period').notNull(),
    totalMinor: kobo('total_minor').notNull(),
    /** pending (approval) | rejected | processing | success | failed | partial (read with the items) */
    state: text('state').notNull().default('pending'),
    approvalStatus: text('approval_status').notNull().default('pending'),
    makerUserId: uuid('maker_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('commission_batches_period_key').on(t.accountId, t.agentUserId, t.payoutFrequency, t.period),
    uniqueIndex('commission_batches_reference_key').on(t.reference),
    index('commission_batches_account_created_idx').on(t.accountId, t.createdAt),
  ],
);

/** A payment of a batch: one per batch (consolidated) or per commission (individual). */
export const commissionBatchItems = pgTable(
  'commission_batch_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: account(),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => commissionBatches.id, { onDelete: 'cascade' }),
    amountMinor: kobo('amount_minor').notNull(),
    bankCode: text('bank_code'),
    bankName: text('bank_name'),
    accountNumber: text('account_number'),
    accountName: text('account_name'),
    attempt: integer('attempt').notNull().default(0),
    transactionId: uuid('transaction_id'),
    feeMinor: kobo('fee_minor').notNull().default(0),
    /** pending (not started) | started (see the transaction) | failed (refused before the rails) */
    status: text('status').notNull().default('pending'),
    failureReason: text('failure_reason'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('commission_batch_items_batch_idx').on(t.batchId, t.createdAt)],
);
