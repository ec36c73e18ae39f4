// The money ledger (docs/decisions/002-ledger.md). Amounts are signed integer minor units.
// postings and journal_entries are append-only (database triggers refuse UPDATE and DELETE).
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from '@owo/contract';
import { accounts } from '../../platform/tenancy-tables';

const money = (name: string) => bigint(name, { mode: 'number' });
const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * One ledger account per (owner, code, currency[, wallet]). `account_id` is null for system accounts
 * (clearing:<rail>, fees-revenue, suspense). The sum of its postings is cached where it is kept up to
 * date (migration 0022): a wallet's two accounts (`wallet_id` set) in their wallet's row (`balance`
 * for code `wallet`, `pending_balance` for `payouts-in-flight`), which the statement that posts
 * already moves, so `balance` stays 0 here; a system account in `ledger_balance_shards`; any other
 * company account (a card's) in `balance`, by the ledger trigger. `ledgerBalance()` reads the right one.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').references(() => accounts.id),
    walletId: uuid('wallet_id'),
    code: text('code').notNull(),
    currency: text('currency').notNull(),
    balance: money('balance').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('ledger_accounts_owner_code_key')
      .on(t.accountId, t.walletId, t.code, t.currency)
      .nullsNotDistinct(),
    check('ledger_accounts_wallet_balance_in_wallet', sql`${t.walletId} is null or ${t.balance} = 0`),
  ],
);

/**
 * Cached balances of system accounts (account_id null), split over shards so that concurrent
 * settlements across all companies do not queue on one hot row: balance = sum over its shards.
 */
export const ledgerBalanceShards = pgTable(
  'ledger_balance_shards',
  {
    ledgerAccountId: uuid('ledger_account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    shard: smallint('shard').notNull(),
    balance: money('balance').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.ledgerAccountId, t.shard] })],
);

/** A customer's wallet: `balance` is available money, `pending_balance` is held by payouts in flight. */
export const wallets = pgTable(
  'wallets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    currency: text('currency', { enum: ['NGN', 'USD', 'GBP'] }).notNull(),
    name: text('name').notNull(),
    balance: money('balance').notNull().default(0),
    pendingBalance: money('pending_balance').notNull().default(0),
    ledgerAccountId: uuid('ledger_account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    holdLedgerAccountId: uuid('hold_ledger_account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    virtualAccountNumber: text('virtual_account_number'),
    virtualBankCode: text('virtual_bank_code'),
    virtualBankName: text('virtual_bank_name'),
    virtualAccountName: text('virtual_account_name'),
    virtualProviderRef: text('virtual_provider_ref'),
    /** USD/GBP receiving details beyond the number (virtual_bank_code holds the SWIFT/BIC then). */
    virtualRoutingNumber: text('virtual_routing_number'),
    virtualSortCode: text('virtual_sort_code'),
    virtualIban: text('virtual_iban'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('wallets_account_currency_key').on(t.accountId, t.currency),
    uniqueIndex('wallets_virtual_account_key')
      .on(t.virtualAccountNumber)
      .where(sql`${t.virtualAccountNumber} is not null`),
    check('wallets_balance_non_negative', sql`${t.balance} >= 0`),
    check('wallets_pending_non_negative', sql`${t.pendingBalance} >= 0`),
  ],
);

export type Counterparty = {
  bankCode?: string;
  bankName?: string;
  accountNumber?: string;
  accountName?: string;
  name?: string;
};

/** The business record every movement of money points at (what users see as "a transaction"). */
export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // References checked by the ledger trigger when the transaction is booked (see journalEntries).
    accountId: uuid('account_id').notNull(),
    walletId: uuid('wallet_id').notNull(),
    type: text('type', { enum: TRANSACTION_TYPES }).notNull(),
    status: text('status', { enum: TRANSACTION_STATUSES }).notNull(),
    amount: money('amount').notNull(),
    fee: money('fee').notNull().default(0),
    currency: text('currency').notNull(),
    reference: text('reference').notNull().unique('transactions_reference_key'),
    provider: text('provider'),
    providerRef: text('provider_ref'),
    counterparty: jsonb('counterparty').$type<Counterparty>().notNull().default({}),
    narration: text('narration'),
    failureReason: text('failure_reason'),
    relatedTransactionId: uuid('related_transaction_id'),
    sourceType: text('source_type'),
    sourceId: text('source_id'),
    createdBy: uuid('created_by'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // A wallet's rows are found through its account's (an account has at most three wallets). The
    // list's own order, so a page past an offset is read from the index alone (decision 018).
    index('transactions_account_created_id_idx').on(t.accountId, t.createdAt.desc(), t.id.desc()),
    // Search: a trigram index on transaction_search_text(reference, narration, counterparty)
    // (migration 0033; an expression index drizzle does not describe).
    // Partial: most money rows have no source or related row, and need not pay for these entries.
    index('transactions_source_idx')
      .on(t.sourceType, t.sourceId)
      .where(sql`${t.sourceType} is not null`),
    index('transactions_related_idx')
      .on(t.relatedTransactionId)
      .where(sql`${t.relatedTransactionId} is not null`),
    check('transactions_amount_positive', sql`${t.amount} > 0 and ${t.fee} >= 0`),
  ],
);

/**
 * Each company's number of transactions in up to 8 shards (the writer's backend), kept by statement
 * triggers on `transactions` (migration 0033): the unfiltered list's total is their sum (decision 018).
 */
export const transactionCounts = pgTable(
  'transaction_counts',
  {
    accountId: uuid('account_id').notNull(),
    shard: smallint('shard').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'transaction_counts_pk', columns: [t.accountId, t.shard] })],
);

/**
 * One balanced movement. `transaction_id` is null only for money no customer owns yet (suspense).
 * The ledger's references (posting -> entry and ledger account, entry -> transaction, and the
 * transaction's wallet, account and creator) are checked by the `ledger_after_postings` statement
 * trigger once per statement, not by a foreign-key lookup and row lock per row; the referenced rows
 * cannot be deleted (migration 0020, docs/decisions/008-ledger-references.md).
 */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id'),
    transactionId: uuid('transaction_id'),
    kind: text('kind').notNull(),
    memo: text('memo'),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** The writing transaction (its xid8 as bigint; null before migration 0034): ledger:verify's checkpoint. */
    xid: bigint('xid', { mode: 'number' }).default(sql`(pg_current_xact_id()::text::bigint)`),
  },
  (t) => [
    index('journal_entries_transaction_idx').on(t.transactionId),
    index('journal_entries_xid_idx').on(t.xid),
  ],
);

/**
 * ledger:verify's checkpoint (migration 0034, decision 019): the snapshot of its last clean run and,
 * per ledger account, the sum of the postings that snapshot saw. One row.
 */
export const ledgerVerifyCheckpoints = pgTable('ledger_verify_checkpoints', {
  id: smallint('id').primaryKey().default(1),
  snapshot: text('snapshot').notNull(),
  entries: bigint('entries', { mode: 'number' }).notNull(),
  verifiedAt: ts('verified_at').notNull().defaultNow(),
});
export const ledgerVerifyTotals = pgTable('ledger_verify_totals', {
  ledgerAccountId: uuid('ledger_account_id').primaryKey(),
  currency: text('currency').notNull(),
  total: bigint('total', { mode: 'number' }).notNull(),
});

export const postings = pgTable(
  'postings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entryId: uuid('entry_id').notNull(),
    ledgerAccountId: uuid('ledger_account_id').notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
  },
  (t) => [
    index('postings_entry_idx').on(t.entryId),
    index('postings_ledger_account_idx').on(t.ledgerAccountId),
    check('postings_amount_non_zero', sql`${t.amount} <> 0`),
  ],
);

/** Every credit a rail reported to us, once per (provider, provider_ref): the deposit dedupe record. */
export const inboundCredits = pgTable(
  'inbound_credits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref').notNull(),
    accountNumber: text('account_number').notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    senderName: text('sender_name').notNull(),
    walletId: uuid('wallet_id').references(() => wallets.id),
    transactionId: uuid('transaction_id').references(() => transactions.id),
    status: text('status', { enum: ['credited', 'suspense'] }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [unique('inbound_credits_provider_ref_key').on(t.provider, t.providerRef)],
);
