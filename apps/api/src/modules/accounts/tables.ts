import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ACCOUNT_TYPES, type KybContact, type KybDocuments, type KybInfo } from '@owo/contract';
import { accountMembers, accounts, users } from '../../platform/tenancy-tables';

export { ACCOUNT_TYPES };

/** A division of an account (branch, business unit); names are unique per account, case-insensitively. */
export const subsidiaries = pgTable(
  'subsidiaries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    active: boolean('active').notNull().default(true),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subsidiaries_account_name_key').on(t.accountId, sql`lower(${t.name})`),
    index('subsidiaries_account_idx').on(t.accountId),
  ],
);

/**
 * Know-your-business data, one row per account (000 §3 "account-fill data").
 * `bvn` is a vault ciphertext (platform/vault), `bvnHmac` its keyed hash for equality and
 * `bvnLast4` what the masked display shows; it is never returned unmasked nor logged. `completedSteps` remembers which steps were
 * already completed once, so the "step completed" notification is sent only the first time.
 */
export const accountKyb = pgTable('account_kyb', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  info: jsonb('info').$type<KybInfo>(),
  bvn: text('bvn'),
  bvnHmac: text('bvn_hmac'),
  bvnLast4: text('bvn_last4'),
  contact: jsonb('contact').$type<KybContact>(),
  documents: jsonb('documents').$type<KybDocuments>(),
  completedSteps: text('completed_steps')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Beneficial owners (KYB step 4). Shares are basis points (100 = 1%) so sums stay exact. */
export const accountOwners = pgTable(
  'account_owners',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Vault ciphertext; `bvnHmac` (equality) and `bvnLast4` (masked display) beside it. */
    bvn: text('bvn').notNull(),
    bvnHmac: text('bvn_hmac'),
    bvnLast4: text('bvn_last4'),
    shareBps: integer('share_bps').notNull(),
    email: text('email'),
    phone: text('phone'),
    position: text('position'),
    isDirector: boolean('is_director').notNull().default(false),
    /** Order as the user listed them. */
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_owners_account_idx').on(t.accountId)],
);

/**
 * A member's access to one subsidiary ("subaccess", 000 §3). Owners and admins need none.
 */
export const subsidiaryAccess = pgTable(
  'subsidiary_access',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => accountMembers.id, { onDelete: 'cascade' }),
    subsidiaryId: uuid('subsidiary_id')
      .notNull()
      .references(() => subsidiaries.id, { onDelete: 'cascade' }),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subsidiary_access_member_subsidiary_key').on(t.memberId, t.subsidiaryId),
    index('subsidiary_access_subsidiary_idx').on(t.subsidiaryId),
  ],
);
