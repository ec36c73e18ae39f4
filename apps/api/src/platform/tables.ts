import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Fixed-window counters for rate limits, shared by every API process. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/** Money-moving requests already seen, per account and Idempotency-Key (platform/idempotency.ts). */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    accountId: uuid('account_id').notNull(),
    key: text('key').notNull(),
    requestPath: text('request_path').notNull(),
    requestHash: text('request_hash').notNull(),
    state: text('state', { enum: ['in_progress', 'done'] }).notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

/**
 * Which accounts' list data a transaction changed, and which transaction (its top-level id as a
 * bigint `xid8`): a row per account and writing statement, written by the `list_changes_note` statement
 * triggers of the tables that cached lists read (migration 0021; `transactions` today). The guard's
 * list cache asks, in the request's own statement, whether any change not visible in the cached
 * page's snapshot has committed since (platform/list-cache.ts, docs/decisions/009-list-cache.md).
 * Append-only and lock-free for writers; pruned by `maintenance.list-changes` once no cached page
 * can predate a row. A TRUNCATE writes a row for every account.
 */
export const listChanges = pgTable(
  'list_changes',
  {
    accountId: uuid('account_id').notNull(),
    xid: bigint('xid', { mode: 'number' }).notNull(),
  },
  // Not unique: a transaction writing an account in several statements notes it once per statement;
  // a plain insert costs a writer far less than an ON CONFLICT check.
  (t) => [index('list_changes_account_xid_idx').on(t.accountId, t.xid)],
);

/**
 * The capability of every public link (platform/tokens.ts, migration 0025): only the SHA-256 of the
 * link's random token, the one object (`kind` + `object_id`) and the one action it allows, its
 * expiry, when its action completed (`spent_at`) and when it was revoked (object cancelled, or a
 * newer link for the same object and action). `account_id` cascades with the company (FK in SQL).
 */
export const linkTokens = pgTable(
  'link_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    kind: text('kind').notNull(),
    action: text('action').notNull(),
    objectId: uuid('object_id').notNull(),
    accountId: uuid('account_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    spentAt: timestamp('spent_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('link_tokens_hash_key').on(t.tokenHash),
    index('link_tokens_object_idx').on(t.kind, t.objectId),
  ],
);

/**
 * An uploaded import file of any kind (platform/imports): the sheet's records as read (`source`,
 * what a fixed row is checked again from) and every row as checked with its errors (`rows`).
 * Nothing reaches the area's tables until the batch is committed, all rows or none; `status`
 * pending → confirmed, or discarded. The payroll employee import keeps its rows in its own table
 * (`payroll_import_entries`: vault-sealed account numbers and PINs, checked in SQL) and here only the
 * batch (`source` and `rows` empty); `checking` is true while its rows' account names are being
 * looked up in the background. `account_id` (cascade) and `created_by` are FKs in SQL (migration 0030).
 */
export const importBatches = pgTable(
  'import_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull(),
    kind: text('kind').notNull(),
    fileName: text('file_name').notNull(),
    status: text('status').$type<'pending' | 'confirmed' | 'discarded'>().notNull().default('pending'),
    checking: boolean('checking').notNull().default(false),
    source: jsonb('source').$type<{ line: number; values: Record<string, string> }[]>().notNull(),
    rows: jsonb('rows').$type<{ row: number; errors: { field: string; message: string }[] }[]>().notNull(),
    /** The file's rows (kept when an area deletes its own rows on commit or discard). */
    rowCount: integer('row_count').notNull(),
    createdBy: uuid('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [index('import_batches_account_kind_idx').on(t.accountId, t.kind, t.createdAt)],
);
