import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../../platform/tenancy-tables';

/** Payout categories (and subcategories, parent_id set) with an optional monthly budget in kobo. */
export const payoutCategories = pgTable(
  'payout_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id'),
    name: text('name').notNull(),
    budgetMinor: bigint('budget_minor', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payout_categories_account_idx').on(t.accountId, t.parentId)],
);
