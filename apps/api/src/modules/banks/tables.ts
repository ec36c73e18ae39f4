import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../platform/tenancy-tables';

/** A user's own payout bank accounts (agents' commissions, employees): verified by name lookup. */
export const userBankAccounts = pgTable(
  'user_bank_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bankCode: text('bank_code').notNull(),
    bankName: text('bank_name').notNull(),
    accountNumber: text('account_number').notNull(),
    /** The name the bank answered (wins over what the user typed). */
    accountName: text('account_name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_bank_accounts_user_bank_number_key').on(t.userId, t.bankCode, t.accountNumber),
    index('user_bank_accounts_user_idx').on(t.userId),
  ],
);
