import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { DisbursementItemStatus, DisbursementStatus } from '@owo/contract';
import { accounts, users } from '../../platform/tenancy-tables';

/**
 * A bulk disbursement (issue 23 §4): one uploaded file, approved as a whole (type `disbursement`).
 * `status` is stored up to 'paying'; completed / partially_failed / failed are derived from the rows'
 * transfers, which the money core settles from the rails' webhooks.
 */
export const disbursements = pgTable(
  'disbursements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    subsidiaryId: uuid('subsidiary_id'),
    reference: text('reference').notNull(),
    name: text('name').notNull(),
    walletId: uuid('wallet_id').notNull(),
    currency: text('currency').notNull(),
    makerUserId: uuid('maker_user_id')
      .notNull()
      .references(() => users.id),
    makerName: text('maker_name').notNull(),
    status: text('status').$type<DisbursementStatus>().notNull().default('validating'),
    /** A batch-level refusal (the KYB-tier limit on the total). */
    error: text('error'),
    itemCount: integer('item_count').notNull(),
    /** Valid rows' amounts and stated fees, kept by the validation job and row fixes. */
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull().default(0),
    feeMinor: bigint('fee_minor', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('disbursements_reference_key').on(t.reference),
    index('disbursements_account_created_idx').on(t.accountId, t.createdAt),
  ],
);

/**
 * One row of the file. `status` is stored up to 'paying' (with the transaction of the current
 * attempt); paid/failed while paying are read from that transaction. A row that could not be held
 * (funds, limit) is stored 'failed' with the reason. Each attempt pays under the transfer reference
 * `<batch reference>-<row>-<attempt>`, the money core's unique key: a row is never paid twice.
 */
export const disbursementItems = pgTable(
  'disbursement_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    disbursementId: uuid('disbursement_id')
      .notNull()
      .references(() => disbursements.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').notNull(),
    rowNo: integer('row_no').notNull(),
    accountNumber: text('account_number').notNull(),
    bankCode: text('bank_code').notNull(),
    bankName: text('bank_name'),
    accountName: text('account_name'),
    /** Null when the file's amount could not be read (the row is invalid). */
    amountMinor: bigint('amount_minor', { mode: 'number' }),
    feeMinor: bigint('fee_minor', { mode: 'number' }),
    narration: text('narration').notNull(),
    status: text('status').$type<DisbursementItemStatus>().notNull().default('validating'),
    error: text('error'),
    attempt: integer('attempt').notNull().default(0),
    transactionId: uuid('transaction_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('disbursement_items_row_key').on(t.disbursementId, t.rowNo),
    index('disbursement_items_status_idx').on(t.disbursementId, t.status),
  ],
);
