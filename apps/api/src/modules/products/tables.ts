import { bigint, boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/tables';

/** Products and services (001 §3): price in kobo; category Inflow or Outflow. */
export const productsAndServices = pgTable(
  'products_and_services',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    category: text('category').$type<'Inflow' | 'Outflow'>().notNull().default('Outflow'),
    quantity: integer('quantity').notNull().default(1),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('products_and_services_account_idx').on(t.accountId, t.name)],
);
