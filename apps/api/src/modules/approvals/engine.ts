// The approvals engine (issue 21 §1): one module every approvable area plugs into.
//
// The seam (docs/areas/approvals.md):
//   1. an area registers a handler for its type: `registerApprovable(deps, handler)`, which puts it
//      on the app's `approvable` seam (approvals/seams.ts) under its type;
//   2. it calls `submitForApproval(tx, deps, …)` in the transaction that creates its record;
//   3. the engine calls `handler.onFinalApproval(ctx)` / `onRejection(ctx)` inside the deciding
//      transaction (row-locked, so exactly once), and the area moves money there.
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import {
  APPROVAL_MSG,
  APPROVAL_TYPE_LABELS,
  SELF_APPROVAL_MSG,
  fromMinor,
  formatMoney,
  type ApprovalType,
  type ApproverOutlook,
  type PendingApprovalItem,
  type TrailStatus,
} from '@owo/contract';
import type { Db, DbOrTx, Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { conflict, forbidden, notFound } from '../../platform/errors';
import { accountMembers, memberSpendLimits, users } from '../../platform/schema';
import { sendMail } from '../mail';
import { createNotification, wantsEmail } from '../notifications';
import { getApPolicy } from './policy';
import { approvalDecisions, approvalItems, approvalWorkflows, type StoredLevel } from './tables';
import { decisionHash, genesisHash, manifestDigest, storedManifest, trailOf, verifyChain } from './trail';

export type ApprovalItemRow = typeof approvalItems.$inferSelect;

/** What the engine needs to know of an approvable record (read by the area's handler). */
export type ApprovalSubject = {
  amountMinor: number;
  currency: string;
  payee: string | null;
  description: string | null;
  categoryId: string | null;
  subsidiaryId: string | null;
  makerUserId: string;
  reference: string | null;
  /** The record's named approver: the single approver only when no workflow matches (issue 21 §0). */
  approverId?: string | null;
  /**
   * A workflow the record must go through, chosen by its area (bill tiers: the AP policy's band for
   * the amount). Used when it exists for this account and type; otherwise the usual matching applies.
   */
  workflowId?: string | null;
  /**
   * Who may resolve a rejection (default: the maker). A record made by the system for someone who
   * may not resolve (a commission batch, made for its agent) names the people who may.
   */
  rejectionResolverIds?: string[];
};

export type HandlerContext = {
  tx: Tx;
  deps: AppDeps;
  item: ApprovalItemRow;
  /** Runs after the deciding transaction commits (e.g. dispatching a payout to the rails). */
  afterCommit: (fn: () => Promise<void> | void) => void;
  /**
   * Before/after for the audit row of the request that made the decision (a bank change's old and
   * new account, masked): set when the decision comes over HTTP, absent otherwise.
   */
  auditChange?: (before: unknown, after: unknown) => void;
};

export type ApprovableHandler = {
  type: ApprovalType;
  /** The record's amount, payee, category, subsidiary and maker; null when it does not exist. */
  load: (db: DbOrTx, accountId: string, resourceId: string) => Promise<ApprovalSubject | null>;
  /**
   * Records that move money (issue 34 §1): what is to be paid, as money/outflow.ts builds it
   * (`outflowManifest`; a batch: `batchManifest`). Every approving decision writes its digest into
   * the trail; the final approval also onto the item, and money/outflow.ts pays nothing else.
   */
  manifest?: (db: DbOrTx, accountId: string, resourceId: string) => Promise<unknown>;
  /** Called once, inside the transaction that records the final approval. */
  onFinalApproval: (ctx: HandlerContext) => Promise<void>;
  onRejection?: (ctx: HandlerContext) => Promise<void>;
  /** Called when a rejected item is resolved back to level one. */
  onResolve?: (ctx: HandlerContext) => Promise<void>;
  /** The web path of the record (`/expense/{id}`), linked from approval emails. */
  path?: (resourceId: string) => string;
  /**
   * Controls (e.g. a vendor's bank change): four eyes always on and never auto-approved, whatever
   * the AP policy says, so a second person must decide.
   */
  alwaysFourEyes?: boolean;
  /**
   * The request comes from someone outside the account (an employee in the employee portal), who
   * can never approve: `makerUserId` is only the account's stand-in (told of decisions), so four eyes
   * does not exclude it, and the item is never auto-approved.
   */
  externalMaker?: boolean;
};

/** Four eyes for an item of this handler under the account's policy. */
const fourEyesOf = (h: ApprovableHandler, policyFourEyes: boolean) =>
  !h.externalMaker && (policyFourEyes || !!h.alwaysFourEyes);

/** Step 1 of the seam: an area registers its approvable type at module registration (keyed by its type). */
export function registerApprovable(deps: Pick<AppDeps, 'seams'>, handler: ApprovableHandler): void {
  deps.seams.on('approvable', handler.type, handler);
}

const maybeHandlerOf = (deps: Pick<AppDeps, 'seams'>, type: ApprovalType) =>
  deps.seams.hook('approvable', type);

function handlerOf(deps: Pick<AppDeps, 'seams'>, type: ApprovalType): ApprovableHandler {
  const h = maybeHandlerOf(deps, type);
  if (!h) throw new Error(`no approvable handler registered for type ${type}`);
  return h;
}

const AP_POLICY_NAME = 'AP policy';
const SYSTEM_NAME = 'AP policy (auto-approved)';

type AfterCommit = (fn: () => Promise<void> | void) => void;

/**
 * The team as the approvals engine sees it NOW (issue 34 §9): which of `named` are active members,
 * and the active owners and admins (oldest first). One query.
 */
type Team = { active: Set<string>; ownersAndAdmins: string[]; roleOf: Map<string, string> };
async function teamNow(db: DbOrTx, accountId: string, named: string[]): Promise<Team> {
  const rows = await db
    .select({ userId: accountMembers.userId, roleSlug: accountMembers.roleSlug })
    .from(accountMembers)
    .where(
      and(
        eq(accountMembers.accountId, accountId),
        eq(accountMembers.active, true),
        named.length
          ? or(inArray(accountMembers.userId, named), inArray(accountMembers.roleSlug, APPROVING_ROLES))
          : inArray(accountMembers.roleSlug, APPROVING_ROLES),
      ),
    )
    .orderBy(accountMembers.createdAt);
  return {
    active: new Set(rows.map((r) => r.userId)),
    ownersAndAdmins: rows.filter((r) => APPROVING_ROLES.includes(r.roleSlug)).map((r) => r.userId),
    roleOf: new Map(rows.map((r) => [r.userId, r.roleSlug])),
  };
}

/** The roles that approve when a level names nobody (or nobody it names can act): owner and admin. */
const APPROVING_ROLES: string[] = ['owner', 'admin'];

type Resolvable = Pick<ApprovalItemRow, 'currentApproverIds' | 'makerUserId' | 'fourEyes'>;
/** The level's named approvers who can act now: active members, less the maker when four eyes is on. */
const namedAble = (item: Resolvable, team: Team, named = item.currentApproverIds) =>
  named.filter((u) => team.active.has(u) && !(item.fourEyes && u === item.makerUserId));

/**
 * Who may act on a pending item at its current level, from the team of this moment: its named
 * approvers still active (less the maker when four eyes is on); when none is left (or the level
 * names nobody, as the AP policy's level), the active owners and admins (less the maker). Never
 * frozen at submission: an admin added today approves today; one removed or demoted cannot.
 */
function resolveApprovers(item: Resolvable, team: Team): string[] {
  const named = namedAble(item, team);
  if (named.length) return named;
  return team.ownersAndAdmins.filter((u) => !(item.fourEyes && u === item.makerUserId));
}

/** `resolveApprovers` with the team read now; nobody for an item that is not pending. */
async function approversNow(db: DbOrTx, item: ApprovalItemRow): Promise<string[]> {
  if (item.status !== 'pending') return [];
  return resolveApprovers(item, await teamNow(db, item.accountId, item.currentApproverIds));
}

type Plan =
  | { kind: 'workflow'; workflowId: string | null; name: string; levels: StoredLevel[] }
  | { kind: 'auto'; thresholdMinor: number };

/**
 * The most specific matching workflow (most conditions set; then the narrowest amount range; then
 * the newest). None: the AP policy — auto-approve below its threshold, else the named approver,
 * else one approval from an owner or admin.
 */
async function planFor(
  db: DbOrTx,
  p: {
    accountId: string;
    type: ApprovalType;
    subject: ApprovalSubject;
    approverId?: string | null;
    noAuto?: boolean;
  },
): Promise<Plan> {
  const { subject: s } = p;
  if (s.workflowId) {
    const [named] = await db
      .select()
      .from(approvalWorkflows)
      .where(
        and(
          eq(approvalWorkflows.id, s.workflowId),
          eq(approvalWorkflows.accountId, p.accountId),
          eq(approvalWorkflows.type, p.type),
        ),
      );
    if (named) return { kind: 'workflow', workflowId: named.id, name: named.name, levels: named.levels };
  }
  const rows = await db
    .select()
    .from(approvalWorkflows)
    .where(
      and(
        eq(approvalWorkflows.accountId, p.accountId),
        eq(approvalWorkflows.type, p.type),
        sql`(${approvalWorkflows.amountFromMinor} is null or ${approvalWorkflows.amountFromMinor} <= ${s.amountMinor})`,
        sql`(${approvalWorkflows.amountToMinor} is null or ${approvalWorkflows.amountToMinor} >= ${s.amountMinor})`,
        s.categoryId
          ? sql`(${approvalWorkflows.categoryId} is null or ${approvalWorkflows.categoryId} = ${s.categoryId}::uuid)`
          : sql`${approvalWorkflows.categoryId} is null`,
        s.subsidiaryId
          ? sql`(${approvalWorkflows.subsidiaryId} is null or ${approvalWorkflows.subsidiaryId} = ${s.subsidiaryId}::uuid)`
          : sql`${approvalWorkflows.subsidiaryId} is null`,
      ),
    );
  if (rows.length) {
    const score = (w: (typeof rows)[number]) =>
      [w.categoryId, w.subsidiaryId, w.amountFromMinor, w.amountToMinor].filter((v) => v !== null).length;
    const width = (w: (typeof rows)[number]) =>
      (w.amountToMinor ?? Number.MAX_SAFE_INTEGER) - (w.amountFromMinor ?? 0);
    rows.sort(
      (a, b) => score(b) - score(a) || width(a) - width(b) || b.updatedAt.getTime() - a.updatedAt.getTime(),
    );
    const w = rows[0];
    return { kind: 'workflow', workflowId: w.id, name: w.name, levels: w.levels };
  }
  const policy = await getApPolicy(db, p.accountId);
  if (!p.noAuto && s.amountMinor < policy.autoApproveBelowMinor)
    return { kind: 'auto', thresholdMinor: policy.autoApproveBelowMinor };
  if (p.approverId)
    return {
      kind: 'workflow',
      workflowId: null,
      name: 'Named approver',
      levels: [{ approverIds: [p.approverId], rule: 'any' }],
    };
  // The level names nobody: one approval from whoever is an owner or admin when it is decided.
  return {
    kind: 'workflow',
    workflowId: null,
    name: AP_POLICY_NAME,
    levels: [{ approverIds: [], rule: 'any' }],
  };
}

/** The record's manifest now and its digest; null for a handler without one (moves no money). */
async function manifestOf(
  db: DbOrTx,
  deps: Pick<AppDeps, 'seams'>,
  item: Pick<ApprovalItemRow, 'type' | 'accountId' | 'resourceId'>,
): Promise<{ manifest: unknown; digest: string } | null> {
  const h = handlerOf(deps, item.type);
  if (!h.manifest) return null;
  const manifest = await h.manifest(db, item.accountId, item.resourceId);
  return manifest == null ? null : { manifest, digest: manifestDigest(manifest) };
}

async function appendDecision(
  tx: Tx,
  item: ApprovalItemRow,
  d: {
    status: TrailStatus;
    userId: string | null;
    userName: string;
    comments: string;
    level: number;
    /** An approval of a record that moves money: the digest of the manifest approved. */
    manifestDigest?: string | null;
  },
): Promise<string> {
  const [{ n }] = await tx
    .select({ n: sql<number>`coalesce(max(${approvalDecisions.seq}), 0)::int` })
    .from(approvalDecisions)
    .where(eq(approvalDecisions.itemId, item.id));
  const seq = Number(n) + 1;
  const prevHash = item.lastHash ?? genesisHash(item.id);
  const decidedAt = new Date();
  const row = {
    itemId: item.id,
    accountId: item.accountId,
    seq,
    round: item.round,
    level: d.level,
    status: d.status,
    userId: d.userId,
    userName: d.userName,
    comments: d.comments,
    amountMinor: item.amountMinor,
    payee: item.payee,
    decidedAt,
    manifestDigest: d.manifestDigest ?? null,
  };
  const hash = decisionHash(prevHash, row);
  await tx.insert(approvalDecisions).values({ ...row, prevHash, hash });
  return hash;
}

async function userName(db: DbOrTx, userId: string): Promise<string> {
  const [u] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return u ? `${u.firstName} ${u.lastName}`.trim() : 'Unknown user';
}

export function describe(item: ApprovalItemRow): string {
  const label = APPROVAL_TYPE_LABELS[item.type];
  const ref = item.reference ? ` ${item.reference}` : '';
  return `${label}${ref} of ${formatMoney(item.amountMinor, item.currency)}${item.payee ? ` to ${item.payee}` : ''}`;
}

/**
 * Approval mail (issue 21 §1 "Notifications and mail"), written in the deciding transaction like the
 * in-app notice: each recipient who keeps email on for the `approvals` category gets one.
 */
export async function mailUsers(
  tx: Tx,
  deps: AppDeps,
  item: ApprovalItemRow,
  userIds: string[],
  mail: { subject: string; text: string },
) {
  if (!userIds.length) return;
  const path = maybeHandlerOf(deps, item.type)?.path?.(item.resourceId) ?? '/settings/approval';
  const link = `${deps.config.appUrl}${path}`;
  const rows = await tx
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(inArray(users.id, userIds));
  for (const u of rows) {
    if (!(await wantsEmail(tx, u.id, 'approvals'))) continue;
    await sendMail(
      deps,
      {
        to: u.email,
        subject: mail.subject,
        text: `Hello ${u.firstName},\n\n${mail.text}\n\nOpen it: ${link}\n\nOwo`,
      },
      tx,
    );
  }
}

async function notifyApprovers(tx: Tx, deps: AppDeps, item: ApprovalItemRow, userIds: string[]) {
  if (!userIds.length) return;
  const value = `${describe(item)} awaits your approval (level ${item.currentLevel + 1} of ${item.levels.length}).`;
  await createNotification(tx, {
    accountId: item.accountId,
    userIds,
    topic: 'Approval required',
    value,
    props: { approvalType: item.type, resourceId: item.resourceId, approvalId: item.id },
    category: 'approvals',
  });
  await mailUsers(tx, deps, item, userIds, { subject: `Approval required: ${describe(item)}`, text: value });
}

/** The maker is told of each decision (in-app and by mail). */
async function notifyMaker(tx: Tx, deps: AppDeps, item: ApprovalItemRow, what: string, comments?: string) {
  const value = `${describe(item)}: ${what}.${comments ? ` Comment: "${comments}"` : ''}`;
  await createNotification(tx, {
    accountId: item.accountId,
    userIds: [item.makerUserId],
    topic: `Approval ${what.split(' ')[0]}`,
    value,
    props: { approvalType: item.type, resourceId: item.resourceId, approvalId: item.id },
    category: 'approvals',
  });
  await mailUsers(tx, deps, item, [item.makerUserId], {
    subject: `${APPROVAL_TYPE_LABELS[item.type]} ${what}`,
    text: value,
  });
}

/**
 * Enters level `level` (or finishes when past the last): sets who may act, notifies them, or
 * records the final approval and calls the area's handler.
 */
async function enterLevel(
  tx: Tx,
  deps: AppDeps,
  item: ApprovalItemRow,
  level: number,
  afterCommit: AfterCommit,
  auditChange?: HandlerContext['auditChange'],
): Promise<ApprovalItemRow> {
  if (level >= item.levels.length) {
    // What money/outflow.ts may pay from now on (the approving decision's digest, same transaction).
    const m = await manifestOf(tx, deps, item);
    const [done] = await tx
      .update(approvalItems)
      .set({
        status: 'approved',
        currentApproverIds: [],
        manifest: m ? storedManifest(m.manifest) : null,
        manifestDigest: m?.digest ?? null,
        updatedAt: sql`now()`,
      })
      .where(eq(approvalItems.id, item.id))
      .returning();
    await handlerOf(deps, item.type).onFinalApproval({ tx, deps, item: done, afterCommit, auditChange });
    await notifyMaker(tx, deps, done, 'approved');
    return done;
  }
  // The level's named approvers are stored; who may act is resolved at each read and decision.
  const [next] = await tx
    .update(approvalItems)
    .set({
      status: 'pending',
      currentLevel: level,
      currentApproverIds: item.levels[level].approverIds,
      updatedAt: sql`now()`,
    })
    .where(eq(approvalItems.id, item.id))
    .returning();
  await notifyApprovers(tx, deps, next, await approversNow(tx, next));
  return next;
}

async function startRound(
  tx: Tx,
  deps: AppDeps,
  item: ApprovalItemRow,
  plan: Plan,
  afterCommit: AfterCommit,
): Promise<ApprovalItemRow> {
  if (plan.kind === 'auto') {
    const [row] = await tx
      .update(approvalItems)
      .set({ workflowId: null, workflowName: SYSTEM_NAME, levels: [], currentLevel: 0 })
      .where(eq(approvalItems.id, item.id))
      .returning();
    const hash = await appendDecision(tx, row, {
      status: 'Approved',
      userId: null,
      userName: SYSTEM_NAME,
      comments: `Below the auto-approve threshold of ${formatMoney(plan.thresholdMinor, 'NGN')}`,
      level: 0,
      manifestDigest: (await manifestOf(tx, deps, row))?.digest,
    });
    const [withHash] = await tx
      .update(approvalItems)
      .set({ lastHash: hash })
      .where(eq(approvalItems.id, item.id))
      .returning();
    return enterLevel(tx, deps, withHash, 0, afterCommit);
  }
  const [row] = await tx
    .update(approvalItems)
    .set({ workflowId: plan.workflowId, workflowName: plan.name, levels: plan.levels, currentLevel: 0 })
    .where(eq(approvalItems.id, item.id))
    .returning();
  return enterLevel(tx, deps, row, 0, afterCommit);
}

/**
 * Step 2 of the seam: called by an area in the transaction that creates (or re-submits) its record.
 * Creates the pending item for the most specific workflow, or applies the AP policy. `approverId`
 * is the record's named approver (expenses): the single approver only when no workflow matches.
 */
export async function submitForApproval(
  tx: Tx,
  deps: AppDeps,
  p: {
    accountId: string;
    type: ApprovalType;
    resourceId: string;
    approverId?: string | null;
    afterCommit: AfterCommit;
  },
): Promise<ApprovalItemRow> {
  const handler = handlerOf(deps, p.type);
  const subject = await handler.load(tx, p.accountId, p.resourceId);
  if (!subject) throw notFound(APPROVAL_TYPE_LABELS[p.type]);
  const policy = await getApPolicy(tx, p.accountId);
  const [item] = await tx
    .insert(approvalItems)
    .values({
      accountId: p.accountId,
      type: p.type,
      resourceId: p.resourceId,
      reference: subject.reference,
      workflowName: AP_POLICY_NAME,
      levels: [],
      makerUserId: subject.makerUserId,
      amountMinor: subject.amountMinor,
      currency: subject.currency,
      payee: subject.payee,
      description: subject.description,
      categoryId: subject.categoryId,
      subsidiaryId: subject.subsidiaryId,
      rejectionResolverIds: subject.rejectionResolverIds?.length
        ? subject.rejectionResolverIds
        : [subject.makerUserId],
      fourEyes: fourEyesOf(handler, policy.fourEyes),
    })
    .returning();
  const plan = await planFor(tx, {
    accountId: p.accountId,
    type: p.type,
    subject,
    approverId: p.approverId ?? subject.approverId,
    noAuto: handler.alwaysFourEyes || handler.externalMaker,
  });
  return startRound(tx, deps, item, plan, p.afterCommit);
}

async function lockItem(tx: Tx, accountId: string, id: string): Promise<ApprovalItemRow> {
  const [item] = await tx
    .select()
    .from(approvalItems)
    .where(and(eq(approvalItems.id, id), eq(approvalItems.accountId, accountId)))
    .for('update');
  if (!item) throw notFound('Approval item');
  return item;
}

/** The approver's own spend limit in kobo (null: none set, so no limit applies to approving). */
async function approverLimit(db: DbOrTx, accountId: string, userId: string): Promise<number | null> {
  const [row] = await db
    .select({ limitMinor: memberSpendLimits.limitMinor })
    .from(memberSpendLimits)
    .innerJoin(accountMembers, eq(accountMembers.id, memberSpendLimits.memberId))
    .where(and(eq(accountMembers.accountId, accountId), eq(accountMembers.userId, userId)));
  return row ? Number(row.limitMinor) : null;
}

/** Re-reads the record and refreshes the item's snapshot (amount, payee, …) before a new round. */
async function refreshSubject(tx: Tx, deps: AppDeps, item: ApprovalItemRow) {
  const subject = await handlerOf(deps, item.type).load(tx, item.accountId, item.resourceId);
  if (!subject) throw notFound(APPROVAL_TYPE_LABELS[item.type]);
  const policy = await getApPolicy(tx, item.accountId);
  const [row] = await tx
    .update(approvalItems)
    .set({
      amountMinor: subject.amountMinor,
      currency: subject.currency,
      payee: subject.payee,
      description: subject.description,
      categoryId: subject.categoryId,
      subsidiaryId: subject.subsidiaryId,
      reference: subject.reference,
      fourEyes: fourEyesOf(handlerOf(deps, item.type), policy.fourEyes),
    })
    .where(eq(approvalItems.id, item.id))
    .returning();
  return { row, subject };
}

/**
 * POST /approval-workflows/pending-approvals/approve/{approvalId}. The item row is locked for the
 * whole decision, so concurrent approvers are serialised: one transition, the rest answer 409.
 */
export async function decide(
  deps: AppDeps,
  p: {
    accountId: string;
    userId: string;
    approvalId: string;
    approvalStatus: 'approved' | 'rejected';
    comments: string;
    /**
     * Runs inside the decision's transaction, after the item is locked and the decision allowed,
     * before it is recorded: an area stores what the approver chose with the decision (fund
     * requests: pay, approve only, schedule), so both commit or neither does.
     */
    within?: (tx: Tx, item: ApprovalItemRow) => Promise<void>;
    /** Passed to the area's handler as `ctx.auditChange` (the route's `recordAuditChange`). */
    auditChange?: HandlerContext['auditChange'];
  },
): Promise<{ item: ApprovalItemRow; afterCommit: (() => Promise<void> | void)[] }> {
  const after: (() => Promise<void> | void)[] = [];
  const item = await deps.db.transaction(async (tx) => {
    const item = await lockItem(tx, p.accountId, p.approvalId);
    if (item.status !== 'pending') throw conflict(APPROVAL_MSG.notPending);
    const [already] = await tx
      .select({ id: approvalDecisions.id })
      .from(approvalDecisions)
      .where(
        and(
          eq(approvalDecisions.itemId, item.id),
          eq(approvalDecisions.round, item.round),
          eq(approvalDecisions.level, item.currentLevel),
          eq(approvalDecisions.userId, p.userId),
        ),
      )
      .limit(1);
    if (already) throw conflict(APPROVAL_MSG.alreadyDecided);
    if (item.fourEyes && item.makerUserId === p.userId) throw forbidden(APPROVAL_MSG.ownItem);
    const team = await teamNow(tx, item.accountId, item.currentApproverIds);
    if (!resolveApprovers(item, team).includes(p.userId)) throw forbidden(APPROVAL_MSG.notApprover);
    const limit = await approverLimit(tx, p.accountId, p.userId);
    if (limit !== null && item.amountMinor > limit) throw forbidden(APPROVAL_MSG.overLimit);
    if (p.within) await p.within(tx, item);

    const hash = await appendDecision(tx, item, {
      status: p.approvalStatus === 'approved' ? 'Approved' : 'Rejected',
      userId: p.userId,
      userName: await userName(tx, p.userId),
      comments: p.comments,
      level: item.currentLevel,
      manifestDigest: p.approvalStatus === 'approved' ? (await manifestOf(tx, deps, item))?.digest : null,
    });
    const afterCommit: AfterCommit = (fn) => after.push(fn);

    if (p.approvalStatus === 'rejected') {
      const [rejected] = await tx
        .update(approvalItems)
        .set({
          status: 'rejected',
          currentApproverIds: [],
          rejectionResolverIds: item.rejectionResolverIds.length
            ? item.rejectionResolverIds
            : [item.makerUserId],
          lastHash: hash,
          updatedAt: sql`now()`,
        })
        .where(eq(approvalItems.id, item.id))
        .returning();
      await handlerOf(deps, item.type).onRejection?.({
        tx,
        deps,
        item: rejected,
        afterCommit,
        auditChange: p.auditChange,
      });
      await notifyMaker(tx, deps, rejected, 'rejected', p.comments);
      return rejected;
    }

    // `all`: the level passes once no named approver who can act now is left to decide (one who
    // left the team no longer holds it up; an owner or admin standing in passes it).
    const level = item.levels[item.currentLevel];
    const remaining =
      level?.rule === 'all' ? item.currentApproverIds.filter((u) => u !== p.userId) : ([] as string[]);
    const [updated] = await tx
      .update(approvalItems)
      .set({ currentApproverIds: remaining, lastHash: hash, updatedAt: sql`now()` })
      .where(eq(approvalItems.id, item.id))
      .returning();
    if (namedAble(item, team, remaining).length) return updated;
    // A level passed that is not the last: the maker hears of this decision too.
    if (item.currentLevel + 1 < item.levels.length)
      await notifyMaker(
        tx,
        deps,
        updated,
        `approved at level ${item.currentLevel + 1} of ${item.levels.length}`,
        p.comments,
      );
    return enterLevel(tx, deps, updated, item.currentLevel + 1, afterCommit, p.auditChange);
  });
  return { item, afterCommit: after };
}

/**
 * Whether `userId` may self-approve `item` now (issue 34 §9): the item is pending, they made it, they
 * are the owner, nobody else can approve it at its current level, and the AP policy allows it.
 * Answers the refusal's message, or null when allowed.
 */
async function selfApprovalRefusal(
  db: DbOrTx,
  item: ApprovalItemRow,
  userId: string,
  /** Read with `userId` among the named (`teamNow(…, [...currentApproverIds, userId])`). */
  team?: Team,
): Promise<string | null> {
  if (item.status !== 'pending') return APPROVAL_MSG.notPending;
  if (item.makerUserId !== userId) return SELF_APPROVAL_MSG.notMaker;
  // The team read with the caller among the named, so their current role is in it.
  const now = team ?? (await teamNow(db, item.accountId, [...item.currentApproverIds, userId]));
  if (now.roleOf.get(userId) !== 'owner') return SELF_APPROVAL_MSG.ownerOnly;
  if (resolveApprovers(item, now).some((u) => u !== userId)) return SELF_APPROVAL_MSG.otherApprover;
  // Four eyes off: the maker is an approver like any other, so there is nothing to self-approve.
  if (resolveApprovers(item, now).includes(userId)) return SELF_APPROVAL_MSG.approveDirectly;
  if (!(await getApPolicy(db, item.accountId)).selfApproval) return SELF_APPROVAL_MSG.off;
  return null;
}

/**
 * POST /approval-workflows/pending-approvals/self-approve/{approvalId} (issue 34 §9): the owner
 * approves their own item at its current level because nobody else can. Its own action (never
 * `decide`), row-locked like a decision, recorded in the trail as `Self-approved` with the label
 * "Self-approved by the owner: no other approver" (both hashed into the chain) and in the audit log
 * by the route. The approver's spend limit still applies. The next level, if any, is entered as
 * after any approval (its approvers resolved from the team of the moment).
 */
export async function selfApprove(
  deps: AppDeps,
  p: {
    accountId: string;
    userId: string;
    approvalId: string;
    comments: string;
    auditChange?: HandlerContext['auditChange'];
  },
): Promise<{ item: ApprovalItemRow; afterCommit: (() => Promise<void> | void)[] }> {
  const after: (() => Promise<void> | void)[] = [];
  const item = await deps.db.transaction(async (tx) => {
    const item = await lockItem(tx, p.accountId, p.approvalId);
    if (item.status !== 'pending') throw conflict(APPROVAL_MSG.notPending);
    const refusal = await selfApprovalRefusal(tx, item, p.userId);
    if (refusal) throw forbidden(refusal);
    const limit = await approverLimit(tx, p.accountId, p.userId);
    if (limit !== null && item.amountMinor > limit) throw forbidden(APPROVAL_MSG.overLimit);
    const hash = await appendDecision(tx, item, {
      status: 'Self-approved',
      userId: p.userId,
      userName: await userName(tx, p.userId),
      comments: `${SELF_APPROVAL_MSG.label}. ${p.comments}`,
      level: item.currentLevel,
      manifestDigest: (await manifestOf(tx, deps, item))?.digest,
    });
    const [updated] = await tx
      .update(approvalItems)
      .set({ currentApproverIds: [], lastHash: hash, updatedAt: sql`now()` })
      .where(eq(approvalItems.id, item.id))
      .returning();
    return enterLevel(tx, deps, updated, item.currentLevel + 1, (fn) => after.push(fn), p.auditChange);
  });
  return { item, afterCommit: after };
}

/**
 * GET /approval-workflows/approvers/{type} (issue 34 §9): before submitting, whether anyone but the
 * maker could approve an item of `type`, so a form can say so ("Invite an approver") instead of
 * leaving the item waiting. With `amount` (and the record's category, subsidiary and named approver)
 * the plan the engine would pick is checked; without, every plan the type could get (its workflows,
 * and the AP policy's unless a workflow with no conditions catches everything). Another owner or
 * admin always can (they stand in for any level); else every level of each plan needs a named
 * approver, other than the maker, who is an active member.
 */
export async function approverOutlook(
  db: DbOrTx,
  deps: Pick<AppDeps, 'seams'>,
  p: {
    accountId: string;
    makerUserId: string;
    type: ApprovalType;
    amountMinor?: number;
    categoryId?: string | null;
    subsidiaryId?: string | null;
    approverId?: string | null;
  },
): Promise<ApproverOutlook> {
  const handler = maybeHandlerOf(deps, p.type);
  const policy = await getApPolicy(db, p.accountId);
  const fourEyes = handler ? fourEyesOf(handler, policy.fourEyes) : policy.fourEyes;
  const maker = { makerUserId: p.makerUserId, fourEyes: true };
  let plans: Plan[];
  if (p.amountMinor !== undefined) {
    const subject: ApprovalSubject = {
      amountMinor: p.amountMinor,
      currency: 'NGN',
      payee: null,
      description: null,
      categoryId: p.categoryId ?? null,
      subsidiaryId: p.subsidiaryId ?? null,
      makerUserId: p.makerUserId,
      reference: null,
    };
    const noAuto = !!handler && (!!handler.alwaysFourEyes || !!handler.externalMaker);
    plans = [
      await planFor(db, { accountId: p.accountId, type: p.type, subject, approverId: p.approverId, noAuto }),
    ];
  } else {
    const rows = await db
      .select()
      .from(approvalWorkflows)
      .where(and(eq(approvalWorkflows.accountId, p.accountId), eq(approvalWorkflows.type, p.type)));
    plans = rows.map((w) => ({ kind: 'workflow', workflowId: w.id, name: w.name, levels: w.levels }));
    const catchAll = rows.some(
      (w) =>
        w.categoryId === null &&
        w.subsidiaryId === null &&
        w.amountFromMinor === null &&
        w.amountToMinor === null,
    );
    if (!catchAll)
      plans.push({
        kind: 'workflow',
        workflowId: null,
        name: AP_POLICY_NAME,
        levels: [{ approverIds: p.approverId ? [p.approverId] : [], rule: 'any' }],
      });
  }
  const named = plans.flatMap((x) => (x.kind === 'workflow' ? x.levels.flatMap((l) => l.approverIds) : []));
  const team = await teamNow(db, p.accountId, [...new Set([...named, p.makerUserId])]);
  const levelStaffed = (approverIds: string[]) =>
    resolveApprovers({ ...maker, currentApproverIds: approverIds }, team).length > 0;
  const hasOtherApprover = plans.every(
    (x) => x.kind === 'auto' || x.levels.every((l) => levelStaffed(l.approverIds)),
  );
  return {
    type: p.type,
    fourEyes,
    hasOtherApprover,
    needsApprover: fourEyes && !hasOtherApprover,
    canSelfApprove: policy.selfApproval && team.roleOf.get(p.makerUserId) === 'owner',
  };
}

/** PUT /approval-workflows/rejected-approvals/{id}/resolve: back to level one, in a new round. */
export async function resolve(
  deps: AppDeps,
  p: { accountId: string; userId: string; approvalId: string; comments: string },
): Promise<{ item: ApprovalItemRow; afterCommit: (() => Promise<void> | void)[] }> {
  const after: (() => Promise<void> | void)[] = [];
  const item = await deps.db.transaction(async (tx) => {
    const item = await lockItem(tx, p.accountId, p.approvalId);
    if (item.status !== 'rejected') throw conflict(APPROVAL_MSG.notRejected);
    if (!item.rejectionResolverIds.includes(p.userId)) throw forbidden(APPROVAL_MSG.notResolver);
    return restart(tx, deps, item, {
      status: 'Resolved',
      userId: p.userId,
      comments: p.comments,
      afterCommit: (fn) => after.push(fn),
    });
  });
  return { item, afterCommit: after };
}

async function restart(
  tx: Tx,
  deps: AppDeps,
  item: ApprovalItemRow,
  d: { status: TrailStatus; userId: string; comments: string; afterCommit: AfterCommit },
): Promise<ApprovalItemRow> {
  const hash = await appendDecision(tx, item, {
    status: d.status,
    userId: d.userId,
    userName: await userName(tx, d.userId),
    comments: d.comments,
    level: item.currentLevel,
  });
  await tx
    .update(approvalItems)
    .set({ lastHash: hash, round: item.round + 1, currentApproverIds: [], updatedAt: sql`now()` })
    .where(eq(approvalItems.id, item.id));
  const { row, subject } = await refreshSubject(tx, deps, { ...item, lastHash: hash, round: item.round + 1 });
  if (d.status === 'Resolved')
    await handlerOf(deps, item.type).onResolve?.({ tx, deps, item: row, afterCommit: d.afterCommit });
  const plan = await planFor(tx, {
    accountId: item.accountId,
    type: item.type,
    subject,
    approverId: subject.approverId,
    noAuto: handlerOf(deps, item.type).alwaysFourEyes || handlerOf(deps, item.type).externalMaker,
  });
  return startRound(tx, deps, row, plan, d.afterCommit);
}

/**
 * Re-approval after an edit (e.g. PUT /expense/{id}/re-approve): an approved or rejected item goes
 * back to level one of its (re-matched) workflow; the trail records who re-submitted it.
 */
export async function resubmitForApproval(
  tx: Tx,
  deps: AppDeps,
  p: {
    accountId: string;
    type: ApprovalType;
    resourceId: string;
    userId: string;
    comments: string;
    afterCommit: AfterCommit;
    /**
     * Also restart an item still pending (decisions taken in its current round no longer count),
     * e.g. payouts to a vendor whose bank account is being changed.
     */
    restartPending?: boolean;
  },
): Promise<ApprovalItemRow> {
  const [found] = await tx
    .select({ id: approvalItems.id })
    .from(approvalItems)
    .where(
      and(
        eq(approvalItems.accountId, p.accountId),
        eq(approvalItems.type, p.type),
        eq(approvalItems.resourceId, p.resourceId),
      ),
    );
  if (!found) throw notFound('Approval item');
  const item = await lockItem(tx, p.accountId, found.id);
  if (item.status === 'pending' && !p.restartPending) throw conflict('This item is already pending approval');
  return restart(tx, deps, item, {
    status: 'Resubmitted',
    userId: p.userId,
    comments: p.comments,
    afterCommit: p.afterCommit,
  });
}

/**
 * The record behind an open item is going away (e.g. HR deletes an employee with a pending bank
 * change): in the caller's transaction, the item (pending or rejected) is locked, gets a
 * `Cancelled` trail entry and the status `cancelled`, so it leaves every pending and rejected list
 * and nobody can decide it. No handler is called. Returns the item, or null when there is none or
 * it was already closed (approved or cancelled).
 */
export async function cancelApproval(
  tx: Tx,
  p: { accountId: string; type: ApprovalType; resourceId: string; userId: string; comments: string },
): Promise<ApprovalItemRow | null> {
  const [found] = await tx
    .select({ id: approvalItems.id })
    .from(approvalItems)
    .where(
      and(
        eq(approvalItems.accountId, p.accountId),
        eq(approvalItems.type, p.type),
        eq(approvalItems.resourceId, p.resourceId),
      ),
    );
  if (!found) return null;
  const item = await lockItem(tx, p.accountId, found.id);
  if (item.status !== 'pending' && item.status !== 'rejected') return null;
  const hash = await appendDecision(tx, item, {
    status: 'Cancelled',
    userId: p.userId,
    userName: await userName(tx, p.userId),
    comments: p.comments,
    level: item.currentLevel,
  });
  const [row] = await tx
    .update(approvalItems)
    .set({
      status: 'cancelled',
      currentApproverIds: [],
      rejectionResolverIds: [],
      lastHash: hash,
      updatedAt: sql`now()`,
    })
    .where(eq(approvalItems.id, item.id))
    .returning();
  return row;
}

/** Runs what the handlers queued for after the commit; a failure there is logged, never surfaced. */
export async function runAfterCommit(fns: (() => Promise<void> | void)[]) {
  for (const fn of fns) {
    try {
      await fn();
    } catch {
      // The sweeps recover anything that was to happen here (e.g. a payout dispatch).
    }
  }
}

// ---- reading ----

/** `approvers`: who may act now (`resolveApprovers`). */
function canApproveFor(
  item: ApprovalItemRow,
  viewerId: string,
  limit: number | null,
  approvers: string[],
): boolean {
  return (
    item.status === 'pending' &&
    approvers.includes(viewerId) &&
    !(item.fourEyes && item.makerUserId === viewerId) &&
    (limit === null || item.amountMinor <= limit)
  );
}
const canResolveFor = (item: ApprovalItemRow, viewerId: string) =>
  item.status === 'rejected' && item.rejectionResolverIds.includes(viewerId);

async function namesOf(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  const uniq = [...new Set(ids)];
  if (!uniq.length) return new Map();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, uniq));
  return new Map(rows.map((r) => [r.id, `${r.firstName} ${r.lastName}`.trim()]));
}

/** `approvalWorkflowPendingApprovalItem` as the viewer sees it (canApprove/canResolve computed here). */
export async function presentItem(
  db: DbOrTx,
  item: ApprovalItemRow,
  viewerId: string,
): Promise<PendingApprovalItem> {
  const trail = await trailOf(db, item.id);
  // Who may act, from the team of this moment (with the viewer's own role, for self-approval).
  const team =
    item.status === 'pending'
      ? await teamNow(db, item.accountId, [...item.currentApproverIds, viewerId])
      : null;
  const approvers = team ? resolveApprovers(item, team) : [];
  const names = await namesOf(db, approvers);
  const limit = await approverLimit(db, item.accountId, viewerId);
  const canSelfApprove =
    !!team &&
    item.makerUserId === viewerId &&
    (await selfApprovalRefusal(db, item, viewerId, team)) === null &&
    (limit === null || item.amountMinor <= limit);
  return {
    id: item.id,
    type: item.type,
    status: item.status,
    canApprove: canApproveFor(item, viewerId, limit, approvers),
    canResolve: canResolveFor(item, viewerId),
    canSelfApprove,
    rejectionResolverIds: item.rejectionResolverIds,
    currentLevel: item.currentLevel,
    totalLevels: item.levels.length,
    workflowId: item.workflowId,
    workflowName: item.workflowName,
    currentApprovers: approvers.map((id) => ({ id, name: names.get(id) ?? 'Unknown user' })),
    approvals: trail.map((d) => ({
      status: d.status,
      comments: d.comments,
      dateApproved: d.decidedAt.toISOString(),
      level: d.level,
      userData: { id: d.userId, name: d.userName },
      uniqueHash: d.hash,
    })),
    trailVerified: verifyChain(item.id, trail, item.lastHash).length === 0,
  };
}

/** The item of one record (for the record's own detail answer); null before submission. */
export async function approvalOf(
  db: DbOrTx,
  p: { accountId: string; type: ApprovalType; resourceId: string; viewerId: string },
): Promise<PendingApprovalItem | null> {
  const [item] = await db
    .select()
    .from(approvalItems)
    .where(
      and(
        eq(approvalItems.accountId, p.accountId),
        eq(approvalItems.type, p.type),
        eq(approvalItems.resourceId, p.resourceId),
      ),
    );
  return item ? presentItem(db, item, p.viewerId) : null;
}

export async function getItem(db: DbOrTx, accountId: string, id: string): Promise<ApprovalItemRow> {
  const [item] = await db
    .select()
    .from(approvalItems)
    .where(and(eq(approvalItems.id, id), eq(approvalItems.accountId, accountId)));
  if (!item) throw notFound('Approval item');
  return item;
}

type ListRow = ApprovalItemRow & { makerFirst: string; makerLast: string };

/** `approver`: the list's query found the viewer among who may act now (pending list only). */
function listItem(r: ListRow, viewerId: string, limit: number | null, approver: boolean) {
  return {
    resourceItem: {
      id: r.resourceId,
      type: r.type,
      reference: r.reference,
      amount: fromMinor(r.amountMinor),
      amountMinor: r.amountMinor,
      currency: r.currency,
      payee: r.payee,
      description: r.description,
      maker: { id: r.makerUserId, name: `${r.makerFirst} ${r.makerLast}`.trim() },
      createdAt: r.createdAt.toISOString(),
    },
    pendingApprovalItem: {
      id: r.id,
      status: r.status,
      canApprove: canApproveFor(r, viewerId, limit, approver ? [viewerId] : []),
      canResolve: canResolveFor(r, viewerId),
      currentLevel: r.currentLevel,
      totalLevels: r.levels.length,
    },
  };
}

/**
 * What the caller can act on: pending items of `type` where they may act now (`resolveApprovers`,
 * in SQL), not the maker (four eyes) and within their limit (rejected: where they are a rejection
 * resolver). One query: a named approver's items through the GIN index over current_approver_ids;
 * an owner's or admin's also take the items whose named approvers can none act now (or that name
 * nobody, as the AP policy's), checked per row against account_members' unique index.
 */
export async function listForViewer(
  db: Db,
  p: {
    accountId: string;
    viewerId: string;
    type: ApprovalType;
    which: 'pending' | 'rejected';
    page: number;
    limit: number;
  },
) {
  const limit = await approverLimit(db, p.accountId, p.viewerId);
  const [viewer] = await db
    .select({ roleSlug: accountMembers.roleSlug })
    .from(accountMembers)
    .where(
      and(
        eq(accountMembers.accountId, p.accountId),
        eq(accountMembers.userId, p.viewerId),
        eq(accountMembers.active, true),
      ),
    );
  const standsIn = !!viewer && APPROVING_ROLES.includes(viewer.roleSlug);
  const nobodyNamedCanAct = sql`not exists (
    select 1 from ${accountMembers} m
    where m.account_id = ${approvalItems.accountId} and m.active
      and m.user_id = any(${approvalItems.currentApproverIds})
      and not (${approvalItems.fourEyes} and m.user_id = ${approvalItems.makerUserId}))`;
  const where =
    p.which === 'pending'
      ? and(
          eq(approvalItems.accountId, p.accountId),
          eq(approvalItems.type, p.type),
          eq(approvalItems.status, 'pending'),
          viewer
            ? or(
                sql`${approvalItems.currentApproverIds} @> array[${p.viewerId}::uuid]`,
                standsIn ? nobodyNamedCanAct : undefined,
              )
            : sql`false`,
          sql`not (${approvalItems.fourEyes} and ${approvalItems.makerUserId} = ${p.viewerId}::uuid)`,
          limit === null ? undefined : sql`${approvalItems.amountMinor} <= ${limit}`,
        )
      : and(
          eq(approvalItems.accountId, p.accountId),
          eq(approvalItems.type, p.type),
          eq(approvalItems.status, 'rejected'),
          sql`${approvalItems.rejectionResolverIds} @> array[${p.viewerId}::uuid]`,
        );
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(approvalItems)
    .where(where);
  const rows = await db
    .select({
      item: approvalItems,
      makerFirst: users.firstName,
      makerLast: users.lastName,
    })
    .from(approvalItems)
    .innerJoin(users, eq(users.id, approvalItems.makerUserId))
    .where(where)
    .orderBy(sql`${approvalItems.createdAt} desc`, sql`${approvalItems.id} desc`)
    .limit(p.limit)
    .offset((p.page - 1) * p.limit);
  return {
    items: rows.map((r) =>
      listItem(
        { ...r.item, makerFirst: r.makerFirst, makerLast: r.makerLast },
        p.viewerId,
        limit,
        p.which === 'pending',
      ),
    ),
    total: Number(n),
  };
}

// ---- the manifest (issue 34 §1; read by money/outflow.ts) ----

/**
 * The approval behind a payment: the item's status, and the manifest (with its digest) of its last
 * final approval. Null when the record was never submitted for approval.
 */
export async function approvedManifest(
  db: DbOrTx,
  p: { accountId: string; type: ApprovalType; resourceId: string },
): Promise<Pick<ApprovalItemRow, 'id' | 'status' | 'manifest' | 'manifestDigest'> | null> {
  const [item] = await db
    .select({
      id: approvalItems.id,
      status: approvalItems.status,
      manifest: approvalItems.manifest,
      manifestDigest: approvalItems.manifestDigest,
    })
    .from(approvalItems)
    .where(
      and(
        eq(approvalItems.accountId, p.accountId),
        eq(approvalItems.type, p.type),
        eq(approvalItems.resourceId, p.resourceId),
      ),
    );
  return item ?? null;
}

/** The record's manifest as its handler builds it now (null: its handler declares none). */
export async function currentManifest(
  db: DbOrTx,
  deps: Pick<AppDeps, 'seams'>,
  p: { accountId: string; type: ApprovalType; resourceId: string },
): Promise<unknown> {
  return (await manifestOf(db, deps, p))?.manifest ?? null;
}
