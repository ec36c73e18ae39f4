import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Every unmasked read of a vault value (revealVaultValue): who, which value, when and why. */
export const vaultReads = pgTable(
  'vault_reads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    field: text('field').notNull(),
    recordId: text('record_id').notNull(),
    actorUserId: uuid('actor_user_id'),
    reason: text('reason').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('vault_reads_record_idx').on(t.field, t.recordId)],
);
