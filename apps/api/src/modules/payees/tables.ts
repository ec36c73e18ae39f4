import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { accounts, users } from '../../platform/tenancy-tables';

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

/** The details a vendor typed on a public link. */
export type PayeeLinkDetails = {
  name: string;
  email: string;
  phone: string | null;
  billingAddress: string | null;
};

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
    /**
     * The vendor's other details sent from a public link (issue 34 §3), applied with the bank
     * account on approval; null for a change made by staff (their edits of details apply at once).
     */
    details: jsonb('details').$type<PayeeLinkDetails>(),
  },
  (t) => [
    uniqueIndex('payee_bank_changes_one_pending_key')
      .on(t.payeeId)
      .where(sql`${t.status} = 'pending'`),
    index('payee_bank_changes_payee_idx').on(t.payeeId, t.createdAt),
  ],
);

/**
 * A self-onboarding invitation (issue 23 §1): the mailed link is a link token (platform/tokens.ts,
 * kind `payee-invitation`), single use (status `completed`) and expiring (`expires_at`). `payee_id`: an existing vendor being
 * asked to update their details (a new bank account then goes through the guarded bank change).
 */
export const payeeInvitations = pgTable(
  'payee_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name'),
    payeeId: uuid('payee_id').references(() => payees.id, { onDelete: 'set null' }),
    status: text('status').$type<'sent' | 'completed'>().notNull().default('sent'),
    /** What the vendor typed on /add-personal-details, kept until the bank step completes. */
    personalDetails: jsonb('personal_details').$type<{
      name: string;
      email: string;
      phone: string | null;
      billingAddress: string | null;
    }>(),
    resultPayeeId: uuid('result_payee_id').references(() => payees.id, { onDelete: 'set null' }),
    invitedBy: uuid('invited_by')
      .notNull()
      .references(() => users.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payee_invitations_account_created_idx').on(t.accountId, t.createdAt)],
);
