import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { accounts } from '../accounts/tables';
import { users } from '../identity/tables';

/**
 * Vendors (the spec's payees, 001 §3). The bank fields are the APPROVED account: a change waits in
 * payee_bank_changes until a second person approves it (issue 23 §1 ★).
 */
export const payees = pgTable(
  'payees',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    billingAddress: text('billing_address'),
    bankCode: text('bank_code').notNull(),
    bankName: text('bank_name').notNull(),
    accountNumber: text('account_number').notNull(),
    accountName: text('account_name').notNull(),
    /**
     * The currency the recipient is paid in. NGN: bank_code/account_number are a NUBAN account.
     * USD/GBP (pay-someone): bank_code is the SWIFT/BIC, account_number the IBAN or local number,
     * and foreign_bank holds the rest (sort code, routing number, country, address).
     */
    currency: text('currency').notNull().default('NGN'),
    foreignBank: jsonb('foreign_bank').$type<{
      swiftCode: string;
      sortCode?: string | null;
      routingNumber?: string | null;
      country: string;
      address: string;
    }>(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payees_account_created_idx').on(t.accountId, t.createdAt),
    uniqueIndex('payees_account_bank_key').on(t.accountId, t.bankCode, t.accountNumber),
    index('payees_account_email_idx').on(t.accountId, t.email),
  ],
);

/** A requested bank change: pending until approved (applied) or rejected, by someone else. */
export const payeeBankChanges = pgTable(
  'payee_bank_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    payeeId: uuid('payee_id')
      .notNull()
      .references(() => payees.id, { onDelete: 'cascade' }),
    reference: text('reference').notNull(),
    bankCode: text('bank_code').notNull(),
    bankName: text('bank_name').notNull(),
    accountNumber: text('account_number').notNull(),
    accountName: text('account_name').notNull(),
    previousBankCode: text('previous_bank_code').notNull(),
    previousAccountNumber: text('previous_account_number').notNull(),
    status: text('status').$type<'pending' | 'approved' | 'rejected'>().notNull().default('pending'),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payee_bank_changes_one_pending_key')
      .on(t.payeeId)
      .where(sql`${t.status} = 'pending'`),
    index('payee_bank_changes_payee_idx').on(t.payeeId, t.createdAt),
  ],
);
