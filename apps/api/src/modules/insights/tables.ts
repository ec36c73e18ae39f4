import { bigint, date, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../../platform/tenancy-tables';

/**
 * The insights' daily rollup of successful transactions, per account, currency, Lagos day, type and
 * payee (the counterparty's name). Written ONLY by the `transactions_insight_daily_*` row triggers
 * (migration 0011, per row since 0020), in the same transaction as the ledger's own rows, so it can never disagree with
 * `transactions`: an insert adds its successful rows, an update adds the new successful rows and
 * takes off the old ones (a status change either way, an amount settled differently), a delete
 * takes them off. The dashboard reads whole days from here and only the partial days at the window's
 * edges from `transactions` (docs/areas/insights.md).
 */
export const insightDaily = pgTable(
  'insight_daily',
  {
    accountId: uuid('account_id').notNull(),
    currency: text('currency').notNull(),
    day: date('day').notNull(),
    type: text('type').notNull(),
    payee: text('payee').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    feeMinor: bigint('fee_minor', { mode: 'number' }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.currency, t.day, t.type, t.payee] })],
);

/**
 * The cash forecast's overdraw alerts already made (issue 39 §2): a notification and an email per
 * account, forecast item (`key`) and Lagos day, inserted `on conflict do nothing` before sending.
 */
export const forecastAlerts = pgTable(
  'forecast_alerts',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    itemKey: text('item_key').notNull(),
    day: date('day').notNull(),
    shortfallMinor: bigint('shortfall_minor', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.itemKey, t.day] })],
);
