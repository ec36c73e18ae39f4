// The sandbox provider's own books (docs/rails-sandbox.md). It behaves like an outside provider:
// its state lives in PostgreSQL so it survives restarts and is shared by every process.
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** Transfers the sandbox was asked to make, once per caller reference. */
export const sandboxTransfers = pgTable(
  'sandbox_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull().unique('sandbox_transfers_reference_key'),
    providerRef: text('provider_ref').notNull().unique('sandbox_transfers_provider_ref_key'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    bankCode: text('bank_code').notNull(),
    accountNumber: text('account_number').notNull(),
    accountName: text('account_name').notNull(),
    reason: text('reason'),
    /** pending -> success | failed; success -> reversed (the documented reversal account). */
    status: text('status', { enum: ['pending', 'success', 'failed', 'reversed'] })
      .notNull()
      .default('pending'),
    failureReason: text('failure_reason'),
    /** When the sandbox decides the next step (outcome, or the reversal after a success). */
    decideAt: ts('decide_at'),
    /** Fault-mode decisions made at creation (seeded): { timeout, duplicate, reorder }. */
    faults: jsonb('faults')
      .$type<{ timeout?: boolean; duplicate?: boolean; reorder?: boolean }>()
      .notNull()
      .default({}),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('sandbox_transfers_decide_idx').on(t.decideAt)],
);

/** Dedicated account numbers (NGN) and foreign receiving details (USD/GBP) the sandbox issued, one per customer reference. */
export const sandboxVirtualAccounts = pgTable('sandbox_virtual_accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  customerRef: text('customer_ref').notNull().unique('sandbox_virtual_accounts_customer_ref_key'),
  accountNumber: text('account_number').notNull().unique('sandbox_virtual_accounts_number_key'),
  bankCode: text('bank_code').notNull(),
  bankName: text('bank_name').notNull(),
  accountName: text('account_name').notNull(),
  providerRef: text('provider_ref').notNull(),
  /** NGN (a NUBAN) or USD/GBP receiving details (bank_code is then the SWIFT/BIC). */
  currency: text('currency', { enum: ['NGN', 'USD', 'GBP'] })
    .notNull()
    .default('NGN'),
  routingNumber: text('routing_number'),
  sortCode: text('sort_code'),
  iban: text('iban'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Signed webhooks the sandbox owes the receiver, retried with backoff until a 2xx. */
export const sandboxWebhookDeliveries = pgTable(
  'sandbox_webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: text('event_id').notNull().unique('sandbox_webhook_deliveries_event_key'),
    event: text('event').notNull(),
    reference: text('reference').notNull(),
    /** The exact body that is signed and sent. */
    payload: text('payload').notNull(),
    /** How many successful deliveries are owed (2 when fault mode duplicates it). */
    copies: integer('copies').notNull().default(1),
    deliveredCount: integer('delivered_count').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    deliveredAt: ts('delivered_at'),
    givenUpAt: ts('given_up_at'),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('sandbox_webhook_deliveries_due_idx').on(t.nextAttemptAt),
    // getCharges: the charges the sandbox issued, by reference (deposits are confirmed against them).
    index('sandbox_webhook_deliveries_reference_idx').on(t.reference),
  ],
);
