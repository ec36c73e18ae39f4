import { bigint, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { FeeBand } from '@owo/contract';
import { accounts, users } from '../../platform/tenancy-tables';

/**
 * What moving money costs, per method and currency. account_id null = a platform default row
 * (an operator override of the built-in defaults in fees.ts). Amounts are minor units.
 * fee = (band flat for the amount, else flat) + amount x percent_bps / 10000 (half up),
 * then raised to min_minor and lowered to cap_minor when set.
 */
export const feePolicies = pgTable(
  'fee_policies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    currency: text('currency').notNull(),
    flatMinor: bigint('flat_minor', { mode: 'number' }).notNull().default(0),
    percentBps: integer('percent_bps').notNull().default(0),
    capMinor: bigint('cap_minor', { mode: 'number' }),
    minMinor: bigint('min_minor', { mode: 'number' }),
    /** Ascending flat-fee bands [{ upTo (minor, inclusive; null = no limit), flat (minor) }]. */
    bands: jsonb('bands').$type<FeeBand[]>(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('fee_policies_account_method_currency_key')
      .on(t.accountId, t.method, t.currency)
      .nullsNotDistinct(),
  ],
);
