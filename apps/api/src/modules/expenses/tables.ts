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
import type { ExpenseRecurrence, ExpenseStatus } from '@owo/contract';
import { accounts, users } from '../../platform/tenancy-tables';

export type ExpensePurpose = {
  service: string | null;
  serviceName: string | null;
  description: string | null;
};
export type ExpenseAttachment = { uploader: string; fileName: string };
export type ExpenseLine = {
  id: string;
  name: string;
  amountMinor: number;
  quantity: number;
  totalMinor: number;
  attachment: string | null;
};

/**
 * An expense (001 §3). `status` is stored up to 'paying'; completed/failed while paying are read
 * from the payout transaction (transaction_id), which the money core settles.
 */
export const expenses = pgTable(
  'expenses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    subsidiaryId: uuid('subsidiary_id'),
    reference: text('reference').notNull(),
    makerUserId: uuid('maker_user_id')
      .notNull()
      .references(() => users.id),
    walletId: uuid('wallet_id').notNull(),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    feeMinor: bigint('fee_minor', { mode: 'number' }),
    bankCode: text('bank_code').notNull(),
    bankName: text('bank_name').notNull(),
    bankAccountNumber: text('bank_account_number').notNull(),
    bankAccountName: text('bank_account_name').notNull(),
    purpose: jsonb('purpose').$type<ExpensePurpose>().notNull(),
    attachments: jsonb('attachments').$type<ExpenseAttachment[]>().notNull().default([]),
    products: jsonb('products').$type<ExpenseLine[]>().notNull().default([]),
    approverId: uuid('approver_id'),
    projectId: uuid('project_id'),
    beneficiaryEmail: text('beneficiary_email'),
    /** Mail the beneficiary when the payment is sent (001 §5 'Notify beneficiary'). */
    notifyBeneficiary: boolean('notify_beneficiary').notNull().default(false),
    beneficiaryId: uuid('beneficiary_id'),
    status: text('status').$type<ExpenseStatus>().notNull().default('pending'),
    /** Each payment attempt has its own transfer reference `<reference>-<attempt>` (idempotency per item). */
    paymentAttempt: integer('payment_attempt').notNull().default(0),
    transactionId: uuid('transaction_id'),
    failureReason: text('failure_reason'),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    /** Scheduled payment (Lagos date); null = paid right after the final approval. */
    scheduledDate: date('scheduled_date', { mode: 'string' }),
    recurrence: text('recurrence').$type<ExpenseRecurrence>(),
    recurrenceEndDate: date('recurrence_end_date', { mode: 'string' }),
    /** The next run of the schedule (set at the final approval; null when none is left). */
    nextRunOn: date('next_run_on', { mode: 'string' }),
    /** The number of the schedule's next run (1 = this expense itself; later runs are children). */
    occurrence: integer('occurrence').notNull().default(1),
    /** The scheduled expense this one is an occurrence of (covered by its approval). */
    parentExpenseId: uuid('parent_expense_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('expenses_reference_key').on(t.reference),
    index('expenses_account_created_idx').on(t.accountId, t.createdAt),
    index('expenses_account_status_idx').on(t.accountId, t.status),
    index('expenses_next_run_idx').on(t.nextRunOn),
    uniqueIndex('expenses_occurrence_key').on(t.parentExpenseId, t.occurrence),
  ],
);

/** Beneficiaries saved from paid expenses (001 §3 Beneficiary); one per bank account per company. */
export const expenseBeneficiaries = pgTable(
  'expense_beneficiaries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    accountName: text('account_name').notNull(),
    bankName: text('bank_name').notNull(),
    accountNumber: text('account_number').notNull(),
    bankCode: text('bank_code').notNull(),
    email: text('email'),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('expense_beneficiaries_account_key').on(t.accountId, t.bankCode, t.accountNumber),
    index('expense_beneficiaries_recent_idx').on(t.accountId, t.lastUsedAt),
  ],
);
