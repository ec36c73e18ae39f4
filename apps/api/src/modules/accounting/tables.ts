import { sql } from 'drizzle-orm';
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
import type { AccountingProvider, PostingDocument, PostingRecord, PostingStatus } from '@owo/contract';
import { accounts, users } from '../../platform/tenancy-tables';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The company's connection to its books (one per account). Tokens are kept through the vault
 * (`accounting_connections.access_token` / `.refresh_token`); `auth_valid` turns false when the
 * provider refuses the refresh token (the expired-authorisation modal).
 */
export const accountingConnections = pgTable('accounting_connections', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  provider: text('provider').$type<AccountingProvider>().notNull(),
  realmId: text('realm_id').notNull(),
  accessToken: text('access_token').notNull(),
  refreshToken: text('refresh_token').notNull(),
  accessExpiresAt: ts('access_expires_at').notNull(),
  refreshExpiresAt: ts('refresh_expires_at').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  authValid: boolean('auth_valid').notNull().default(true),
  bankAccountId: text('bank_account_id'),
  defaultExpenseAccountId: text('default_expense_account_id'),
  payrollAccountId: text('payroll_account_id'),
  // Payroll journal and fee accounts (contract JOURNAL_ACCOUNT_KEYS); defaults from the first sync.
  employerPensionAccountId: text('employer_pension_account_id'),
  nsitfExpenseAccountId: text('nsitf_expense_account_id'),
  payePayableAccountId: text('paye_payable_account_id'),
  pensionPayableAccountId: text('pension_payable_account_id'),
  nhfPayableAccountId: text('nhf_payable_account_id'),
  nsitfPayableAccountId: text('nsitf_payable_account_id'),
  otherDeductionsAccountId: text('other_deductions_account_id'),
  bankChargesAccountId: text('bank_charges_account_id'),
  connectedBy: uuid('connected_by').references(() => users.id, { onDelete: 'set null' }),
  connectedAt: ts('connected_at').notNull().defaultNow(),
  accountsSyncedAt: ts('accounts_synced_at'),
  locationsSyncedAt: ts('locations_synced_at'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * OAuth `state`: random, single-use (used_at), bound to the session and account that started the
 * connect, 10 minutes. Only its SHA-256 is stored.
 */
export const accountingOauthStates = pgTable('accounting_oauth_states', {
  stateHash: text('state_hash').primaryKey(),
  accountId: uuid('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  sessionId: uuid('session_id').notNull(),
  provider: text('provider').$type<AccountingProvider>().notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** The synced chart: accounts (`kind` account), classes and locations, as the provider holds them. */
export const accountingRefs = pgTable(
  'accounting_refs',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'account' | 'class' | 'location'>().notNull(),
    providerId: text('provider_id').notNull(),
    name: text('name').notNull(),
    type: text('type').notNull().default(''),
    active: boolean('active').notNull().default(true),
    syncedAt: ts('synced_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.kind, t.providerId] })],
);

/** Payment tags: our payout category → the provider's account and class. */
export const accountingCategoryMappings = pgTable(
  'accounting_category_mappings',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id').notNull(),
    providerAccountId: text('provider_account_id'),
    classId: text('class_id'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.categoryId] })],
);

/**
 * One paid record posted to the books. The row's id is the provider-side idempotency key (QBO
 * `requestid`): every attempt for a record sends the same id, so it is posted once.
 */
export const accountingPostings = pgTable(
  'accounting_postings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The money core's `transactions.source_type` (expense, payout, payroll). */
    sourceType: text('source_type').notNull(),
    sourceId: uuid('source_id').notNull(),
    record: text('record').$type<PostingRecord>().notNull(),
    document: text('document').$type<PostingDocument>().notNull(),
    reference: text('reference').notNull().default(''),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull().default(0),
    currency: text('currency').notNull().default('NGN'),
    provider: text('provider').$type<AccountingProvider>().notNull(),
    status: text('status').$type<PostingStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    providerDocumentId: text('provider_document_id'),
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    nextAttemptAt: ts('next_attempt_at').defaultNow(),
    createdAt: ts('created_at').notNull().defaultNow(),
    postedAt: ts('posted_at'),
  },
  (t) => [
    uniqueIndex('accounting_postings_source_key').on(t.accountId, t.sourceType, t.sourceId),
    index('accounting_postings_account_created_idx').on(t.accountId, t.createdAt),
    index('accounting_postings_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status = 'pending'`),
  ],
);

// ---- The sandbox provider's own books (a provider simulation, like the rails sandbox). ----

/** Authorisation codes and tokens the sandbox issued (hashes), with their expiry. */
export const accountingSandboxTokens = pgTable(
  'accounting_sandbox_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    realmId: text('realm_id').notNull(),
    kind: text('kind').$type<'code' | 'access' | 'refresh'>().notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('accounting_sandbox_tokens_realm_idx').on(t.realmId)],
);

/** Documents written to a sandbox company; (realm, request id) is unique: a retry answers the first. */
export const accountingSandboxDocuments = pgTable(
  'accounting_sandbox_documents',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    realmId: text('realm_id').notNull(),
    requestId: text('request_id').notNull(),
    kind: text('kind').notNull(),
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('accounting_sandbox_documents_request_key').on(t.realmId, t.requestId)],
);

/** A sandbox company: its fault switches (the next N writes fail; the whole API is down). */
export const accountingSandboxRealms = pgTable('accounting_sandbox_realms', {
  realmId: text('realm_id').primaryKey(),
  failNext: integer('fail_next').notNull().default(0),
  down: boolean('down').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
});
