// Company cards (issue 26 §4). The full card number is never stored: only its last 4 digits and the
// issuer's token. Each card's money is its own ledger account (money core, `card:<id>`).
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CardStatus } from '@owo/contract';
import { accounts, users } from '../../platform/tenancy-tables';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const cards = pgTable(
  'cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    holderUserId: uuid('holder_user_id')
      .notNull()
      .references(() => users.id),
    label: text('label'),
    currency: text('currency').$type<'NGN' | 'USD'>().notNull(),
    status: text('status').$type<CardStatus>().notNull().default('active'),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    issuerToken: text('issuer_token').notNull(),
    expiryMonth: integer('expiry_month').notNull(),
    expiryYear: integer('expiry_year').notNull(),
    ledgerAccountId: uuid('ledger_account_id').notNull(),
    perTransactionLimitMinor: bigint('per_transaction_limit_minor', { mode: 'number' }).notNull(),
    monthlyLimitMinor: bigint('monthly_limit_minor', { mode: 'number' }).notNull(),
    allowedCategories: text('allowed_categories').array().notNull().default([]),
    singleUse: boolean('single_use').notNull().default(false),
    used: boolean('used').notNull().default(false),
    /** This month's approved spend ('YYYY-MM' in Lagos time, and its total): kept with each decision. */
    spentMonth: text('spent_month'),
    spentMonthMinor: bigint('spent_month_minor', { mode: 'number' }).notNull().default(0),
    /** The wallet the balance returns to on termination (the last funding wallet). */
    walletId: uuid('wallet_id'),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cards_issuer_token_key').on(t.issuerToken),
    index('cards_account_created_idx').on(t.accountId, t.createdAt),
  ],
);

/** Each authorisation the issuer asked about, once per issuer authorisation id, and its decision. */
export const cardAuthorizations = pgTable(
  'card_authorizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull(),
    cardId: uuid('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    issuerAuthorizationId: text('issuer_authorization_id').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    merchantName: text('merchant_name').notNull(),
    category: text('category').notNull(),
    /** approved | declined | settled | reversed */
    status: text('status').notNull(),
    declineReason: text('decline_reason'),
    /** The company's `transactions` row of an approved spend (type card_spend: pending → success/reversed). */
    transactionId: uuid('transaction_id'),
    /** What the issuer settled (≤ the authorised amount; the rest went back to the card). */
    settledMinor: bigint('settled_minor', { mode: 'number' }),
    /** Refunded so far (each refund is its own card_refund transaction). */
    refundedMinor: bigint('refunded_minor', { mode: 'number' }).notNull().default(0),
    /** The holder's receipt (a files-module file name of the company), asked for at settlement. */
    receiptFile: text('receipt_file'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('card_authorizations_issuer_id_key').on(t.issuerAuthorizationId),
    index('card_authorizations_card_created_idx').on(t.cardId, t.createdAt),
    index('card_authorizations_transaction_idx').on(t.transactionId),
  ],
);

/**
 * The issuer's settlement, reversal and refund events, once each: the issuer's event id is the key,
 * so a redelivered event moves no money twice and answers what the first delivery did.
 */
export const cardIssuerEvents = pgTable(
  'card_issuer_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    issuerEventId: text('issuer_event_id').notNull(),
    /** transaction.settled | authorization.reversal | transaction.refund */
    event: text('event').notNull(),
    authorizationId: uuid('authorization_id')
      .notNull()
      .references(() => cardAuthorizations.id, { onDelete: 'cascade' }),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    /** applied | ignored (e.g. a reversal after settlement, a refund over what was settled) */
    outcome: text('outcome').notNull(),
    reason: text('reason'),
    transactionId: uuid('transaction_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('card_issuer_events_issuer_event_id_key').on(t.issuerEventId)],
);
