import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accountMembers, accounts, users } from '../../platform/tenancy-tables';

/**
 * An invitation to join an account. Only the SHA-256 of the code is stored: the code itself
 * travels once, in the invitation mail. One pending invitation per account and email.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    roleSlug: text('role_slug').notNull(),
    /** Sub-access granted on acceptance; subsidiaries live in the accounts module. */
    subsidiaryId: uuid('subsidiary_id'),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['pending', 'accepted', 'cancelled'] })
      .notNull()
      .default('pending'),
    invitedBy: uuid('invited_by')
      .notNull()
      .references(() => users.id),
    acceptedBy: uuid('accepted_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invitations_code_key').on(t.codeHash),
    uniqueIndex('invitations_pending_email_key')
      .on(t.accountId, sql`lower(${t.email})`)
      .where(sql`${t.status} = 'pending'`),
    index('invitations_account_idx').on(t.accountId, t.status),
  ],
);

/** A member's spend limit, in minor units of NGN (002 §3 "limit{limit}", §5 a positive integer). */
export const memberSpendLimits = pgTable(
  'member_spend_limits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => accountMembers.id, { onDelete: 'cascade' }),
    limitMinor: bigint('limit_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('NGN'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('member_spend_limits_member_key').on(t.memberId),
    index('member_spend_limits_account_idx').on(t.accountId),
  ],
);
