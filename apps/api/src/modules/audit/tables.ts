import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The audit log: one row per successful change (POST/PUT/PATCH/DELETE answered 2xx/3xx) made in an
 * account by a member or an API key. Append-only: no route changes it, and a trigger
 * (drizzle/…_audit_log_append_only.sql) refuses UPDATE and DELETE.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull(),
    actorUserId: uuid('actor_user_id'),
    /** Who, as they were named then (an audit row is never rewritten). */
    actorName: text('actor_name'),
    actorEmail: text('actor_email'),
    apiKeyId: uuid('api_key_id'),
    action: text('action').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    resourceId: text('resource_id'),
    statusCode: integer('status_code').notNull(),
    ip: text('ip'),
    requestId: text('request_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_account_created_idx').on(t.accountId, t.createdAt),
    index('audit_log_account_action_idx').on(t.accountId, t.action, t.createdAt),
  ],
);
