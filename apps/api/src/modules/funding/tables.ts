// Webhooks received from the rails provider (docs/rails-sandbox.md): stored once per event id,
// acknowledged at once, processed by a job.
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const railsWebhookEvents = pgTable(
  'rails_webhook_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    event: text('event').notNull(),
    reference: text('reference').notNull(),
    /** The parsed event (never secrets: the provider's body carries none). */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
    processedAt: ts('processed_at'),
    /** What processing did: settled, unchanged, credited, duplicate-credit, not-final, unknown-reference... */
    result: text('result'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [
    unique('rails_webhook_events_provider_event_key').on(t.provider, t.eventId),
    index('rails_webhook_events_unprocessed_idx')
      .on(t.receivedAt)
      .where(sql`${t.processedAt} is null`),
    index('rails_webhook_events_reference_idx').on(t.reference),
  ],
);
