import {
  bigint,
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
import { sql } from 'drizzle-orm';
import type { BillStatus, PayoutOption, PayoutStatus } from '@owo/contract';
import { accounts, users } from '../../platform/tenancy-tables';
import { payees } from '../payees/tables';

/**
 * A payout to a vendor (issue 23 §3). `status` is stored up to 'paying'; completed/failed while
 * paying are read from the payout transaction (transaction_id) the money core settles. The bank
 * details are read from the vendor's APPROVED account when the money is held.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    subsidiaryId: uuid('subsidiary_id'),
    reference: text('reference').notNull(),
    payoutOption: text('payout_option').$type<PayoutOption>().notNull(),
    makerUserId: uuid('maker_user_id')
      .notNull()
      .references(() => users.id),
    payeeId: uuid('payee_id')
      .notNull()
      .references(() => payees.id),
    walletId: uuid('wallet_id').notNull(),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    /** The fee stated at creation; the fee actually held is the transaction's. */
    feeMinor: bigint('fee_minor', { mode: 'number' }).notNull(),
    narration: text('narration').notNull(),
    categoryId: uuid('category_id'),
    projectId: uuid('project_id'),
    assets: jsonb('assets').$type<{ id: string; quantity: number | null }[]>().notNull().default([]),
    scheduledDate: date('scheduled_date'),
    status: text('status').$type<PayoutStatus>().notNull().default('pending'),
    /** Each payment attempt has its own transfer reference `<reference>-<attempt>`. */
    paymentAttempt: integer('payment_attempt').notNull().default(0),
    transactionId: uuid('transaction_id'),
    failureReason: text('failure_reason'),
    /** direct | paySomeone | bill | request: the flow that made it (all paid by this one path). */
    channel: text('channel').notNull().default('direct'),
    /**
     * A payout in another currency than its wallet's (pay-someone USD/GBP): the recipient gets
     * recipient_amount_minor of recipient_currency; amount_minor (wallet currency) = that x fx_rate,
     * fixed at creation by the exchange quote, and fee_minor is the quote's fee (held as stated).
     */
    recipientCurrency: text('recipient_currency'),
    recipientAmountMinor: bigint('recipient_amount_minor', { mode: 'number' }),
    fxRate: text('fx_rate'),
    wirePurpose: text('wire_purpose'),
    wireNarration: text('wire_narration'),
    senderDetails: jsonb('sender_details').$type<{
      name: string;
      address: string;
      country: string;
      phone?: string | null;
    }>(),
    /** An occurrence of a recurring payout: its series and the date it stands for (unique together). */
    recurrenceId: uuid('recurrence_id'),
    occurrenceDate: date('occurrence_date'),
    /**
     * A payout approved elsewhere (a fund request's): the approval it is paid under and the draft of
     * the manifest that approval digested (money/outflow.ts). Null: the payout's own approval.
     */
    authority: jsonb('authority').$type<{
      approval: 'request';
      resourceId: string;
      draft: Record<string, unknown>;
    }>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payouts_reference_key').on(t.reference),
    uniqueIndex('payouts_recurrence_occurrence_key').on(t.recurrenceId, t.occurrenceDate),
    index('payouts_account_created_idx').on(t.accountId, t.createdAt),
    index('payouts_payee_idx').on(t.payeeId, t.status),
    // the payouts still to pay, read by the cash forecast (insights)
    index('payouts_account_open_idx')
      .on(t.accountId, t.status)
      .where(sql`${t.status} in ('pending', 'approved', 'scheduled')`),
  ],
);

/** A scheduled payout's run (`scheduleId`): paid once by a pg-boss job at its date. */
export const payoutSchedules = pgTable(
  'payout_schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    payoutId: uuid('payout_id')
      .notNull()
      .references(() => payouts.id, { onDelete: 'cascade' }),
    scheduledDate: date('scheduled_date').notNull(),
    status: text('status').$type<'scheduled' | 'paid' | 'cancelled'>().notNull().default('scheduled'),
    ranAt: timestamp('ran_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payout_schedules_payout_key').on(t.payoutId),
    index('payout_schedules_due_idx').on(t.status, t.scheduledDate),
  ],
);

/**
 * A bill: requested from a vendor's email (a single-use 128-bit `reference` in the mailed link),
 * filled in by the vendor on the public send-bill pages, then sent for payment as a payout.
 */
export const payoutQuotes = pgTable(
  'payout_quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    reference: text('reference').notNull(),
    email: text('email').notNull(),
    note: text('note'),
    payeeId: uuid('payee_id').references(() => payees.id),
    status: text('status').$type<BillStatus>().notNull().default('requested'),
    /** How the bill arrived: a request's send-bill link, an import, or the email inbox. */
    source: text('source').$type<'request' | 'import' | 'email'>().notNull().default('request'),
    amountMinor: bigint('amount_minor', { mode: 'number' }),
    description: text('description'),
    invoiceNumber: text('invoice_number'),
    dueDate: date('due_date'),
    bankCode: text('bank_code'),
    bankName: text('bank_name'),
    accountNumber: text('account_number'),
    accountName: text('account_name'),
    fileName: text('file_name'),
    payoutId: uuid('payout_id').references(() => payouts.id),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payout_quotes_reference_key').on(t.reference),
    index('payout_quotes_payout_idx').on(t.payoutId),
    index('payout_quotes_account_created_idx').on(t.accountId, t.createdAt),
    // the bills not yet sent for payment, read by the cash forecast (insights)
    index('payout_quotes_account_unsent_idx')
      .on(t.accountId, t.dueDate)
      .where(sql`${t.status} in ('draft', 'submitted')`),
  ],
);

/** The account's own bill address (`bills-<local>@<domain>`): mail to it becomes a draft bill. */
export const billInboxes = pgTable(
  'bill_inboxes',
  {
    accountId: uuid('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** Random, so the address cannot be guessed from the company. */
    localPart: text('local_part').notNull(),
    /** Who first asked for the address: the maker of the drafts that arrive (and their files' uploader). */
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('bill_inboxes_local_part_key').on(t.localPart)],
);

/**
 * A recurring payout (issue 23 §3): the first payout is approved like any other; once it is, each
 * later occurrence (weekly or monthly from its date, until end_date) is created by a pg-boss job as
 * an already-approved payout, once per date whatever the number of workers (row lock + the unique
 * (recurrence_id, occurrence_date) on payouts).
 */
export const payoutRecurrences = pgTable(
  'payout_recurrences',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The first payout: its approval approves the series; each occurrence copies it. */
    payoutId: uuid('payout_id')
      .notNull()
      .references(() => payouts.id, { onDelete: 'cascade' }),
    frequency: text('frequency').$type<'weekly' | 'monthly'>().notNull(),
    /** The first date (the day of month a monthly series keeps, clamped to short months). */
    startDate: date('start_date').notNull(),
    nextDate: date('next_date').notNull(),
    endDate: date('end_date'),
    occurrences: integer('occurrences').notNull().default(0),
    status: text('status').$type<'active' | 'ended' | 'cancelled'>().notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payout_recurrences_payout_key').on(t.payoutId),
    index('payout_recurrences_due_idx').on(t.status, t.nextDate),
  ],
);
