import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ApprovalItemStatus, ApprovalType, LevelRule, TrailStatus } from '@owo/contract';
import { accounts, users } from '../../platform/tenancy-tables';

export type StoredLevel = { approverIds: string[]; rule: LevelRule };

/** A workflow: who approves which items of one type, in ordered levels (issue 21 §1). */
export const approvalWorkflows = pgTable(
  'approval_workflows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').$type<ApprovalType>().notNull(),
    amountFromMinor: bigint('amount_from_minor', { mode: 'number' }),
    amountToMinor: bigint('amount_to_minor', { mode: 'number' }),
    categoryId: uuid('category_id'),
    subsidiaryId: uuid('subsidiary_id'),
    levels: jsonb('levels').$type<StoredLevel[]>().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('approval_workflows_account_type_idx').on(t.accountId, t.type)],
);

/**
 * One approvable record's approval state. `levels` is the matched workflow's levels copied at
 * submission (editing the workflow later does not move items in flight); `currentApproverIds` are
 * the current level's NAMED approvers still to decide (empty: the owners and admins). Who may act is
 * resolved from the current team at every read and decision (team.ts `resolveApprovers`), so the
 * pending list stays one indexed query.
 */
export const approvalItems = pgTable(
  'approval_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    type: text('type').$type<ApprovalType>().notNull(),
    resourceId: uuid('resource_id').notNull(),
    reference: text('reference'),
    workflowId: uuid('workflow_id').references(() => approvalWorkflows.id, { onDelete: 'set null' }),
    workflowName: text('workflow_name').notNull(),
    levels: jsonb('levels').$type<StoredLevel[]>().notNull(),
    currentLevel: integer('current_level').notNull().default(0),
    currentApproverIds: uuid('current_approver_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** Resolve sends the item back to level one in a new round; decisions are per round. */
    round: integer('round').notNull().default(1),
    status: text('status').$type<ApprovalItemStatus>().notNull().default('pending'),
    makerUserId: uuid('maker_user_id')
      .notNull()
      .references(() => users.id),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('NGN'),
    payee: text('payee'),
    description: text('description'),
    categoryId: uuid('category_id'),
    subsidiaryId: uuid('subsidiary_id'),
    rejectionResolverIds: uuid('rejection_resolver_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    fourEyes: boolean('four_eyes').notNull().default(true),
    lastHash: text('last_hash'),
    /**
     * The payment manifest at the last final approval and its digest (issue 34 §1): what
     * money/outflow.ts may pay for this record, and what an edit after approval is compared with.
     */
    manifest: jsonb('manifest'),
    manifestDigest: text('manifest_digest'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('approval_items_resource_key').on(t.accountId, t.type, t.resourceId),
    index('approval_items_pending_idx')
      .using('gin', t.currentApproverIds)
      .where(sql`${t.status} = 'pending'`),
    index('approval_items_account_status_idx').on(t.accountId, t.type, t.status, t.createdAt),
  ],
);

/**
 * The trail: append-only, one row per decision, each hashed over the previous one (a chain per item).
 * `hash` = SHA-256(prevHash | canonical decision), see approvals/trail.ts; `npm run approvals:verify`.
 */
export const approvalDecisions = pgTable(
  'approval_decisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => approvalItems.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').notNull(),
    seq: integer('seq').notNull(),
    round: integer('round').notNull(),
    level: integer('level').notNull(),
    status: text('status').$type<TrailStatus>().notNull(),
    userId: uuid('user_id'),
    userName: text('user_name').notNull(),
    comments: text('comments').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    payee: text('payee'),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull(),
    /** An approving decision's manifest digest (records that move money): in the hash when set. */
    manifestDigest: text('manifest_digest'),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [uniqueIndex('approval_decisions_item_seq_key').on(t.itemId, t.seq)],
);

/**
 * Free comments on an approval item (002 §2 "link to a comment thread"; issue 24 §0). The thread an
 * item shows is these rows and the decisions' comments, in time order (approvals/comments.ts). Not
 * part of the hashed trail: a comment decides nothing.
 */
export const approvalComments = pgTable(
  'approval_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => approvalItems.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('approval_comments_item_idx').on(t.accountId, t.itemId, t.createdAt)],
);

/**
 * Platform rules above every company's settings (issue 34 §5), changed only by platform
 * administrators: one row (id 1), none means the built-in defaults. The KYC cap is the most a
 * company without complete KYB may pay in one transaction; its own AP policy may only lower it.
 */
export const platformLimits = pgTable('platform_limits', {
  id: smallint('id').primaryKey().default(1),
  kycIncompleteCapMinor: bigint('kyc_incomplete_cap_minor', { mode: 'number' }).notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The account's AP policy (issue 21 §3). No row means the defaults below. */
export const apPolicies = pgTable('ap_policies', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  autoApproveBelowMinor: bigint('auto_approve_below_minor', { mode: 'number' }).notNull().default(0),
  fourEyes: boolean('four_eyes').notNull().default(true),
  /** The owner may self-approve an item nobody else can approve (issue 34 §9); off: it waits. */
  selfApproval: boolean('self_approval').notNull().default(true),
  overBudget: text('over_budget').$type<'block' | 'warn'>().notNull().default('block'),
  receiptsRequiredAboveMinor: bigint('receipts_required_above_minor', { mode: 'number' }),
  kycIncompleteCapMinor: bigint('kyc_incomplete_cap_minor', { mode: 'number' }).notNull().default(10000000),
  /**
   * Bill tiers (issue 23 §2; NOT the KYB tiers): three bands by amount, each naming the payout
   * workflow that approves bills in it. `toMinor` null = no upper bound.
   */
  billTiers: jsonb('bill_tiers')
    .$type<
      Partial<
        Record<'one' | 'two' | 'three', { workflowId: string; fromMinor: number; toMinor: number | null }>
      >
    >()
    .notNull()
    .default({}),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
