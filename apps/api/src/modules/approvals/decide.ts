// Deciding an item (issue 21 §1; issue 34 §9): an approver approves or rejects at the current
// level, or the owner self-approves when nobody else can. The item row is locked for the whole
// decision, so concurrent deciders are serialised.
import { and, eq, sql } from 'drizzle-orm';
import { APPROVAL_MSG, SELF_APPROVAL_MSG } from '@owo/contract';
import type { Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { conflict, forbidden } from '../../platform/errors';
import { handlerOf, type AfterCommit, type ApprovalItemRow, type HandlerContext } from './handlers';
import { notifyMaker, userName } from './notify';
import { manifestOf } from './plan';
import { appendDecision, enterLevel, lockItem } from './rounds';
import { approvalDecisions, approvalItems } from './tables';
import { approverLimit, namedAble, resolveApprovers, selfApprovalRefusal, teamNow, type Team } from './team';

type Decision = {
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
};

/**
 * POST /approval-workflows/pending-approvals/approve/{approvalId}. The item row is locked for the
 * whole decision, so concurrent approvers are serialised: one transition, the rest answer 409.
 */
export async function decide(
  deps: AppDeps,
  p: Decision,
): Promise<{ item: ApprovalItemRow; afterCommit: (() => Promise<void> | void)[] }> {
  const after: (() => Promise<void> | void)[] = [];
  const item = await deps.db.transaction(async (tx) => {
    const { item, team } = await lockDecidable(tx, p);
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

    if (p.approvalStatus === 'rejected') return reject(tx, deps, item, hash, afterCommit, p);
    return approveAtLevel(tx, deps, { item, team, hash, afterCommit }, p);
  });
  return { item, afterCommit: after };
}

/**
 * The item locked, and the decision allowed: pending, not yet decided by this user at this level,
 * not their own (four eyes), theirs to decide now (the team of this moment), within their limit.
 */
async function lockDecidable(tx: Tx, p: Decision): Promise<{ item: ApprovalItemRow; team: Team }> {
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
  return { item, team };
}

/** A rejection: the item closes for its resolvers, the area is told, and the maker. */
async function reject(
  tx: Tx,
  deps: AppDeps,
  item: ApprovalItemRow,
  hash: string,
  afterCommit: AfterCommit,
  p: Decision,
): Promise<ApprovalItemRow> {
  const [rejected] = await tx
    .update(approvalItems)
    .set({
      status: 'rejected',
      currentApproverIds: [],
      rejectionResolverIds: item.rejectionResolverIds.length ? item.rejectionResolverIds : [item.makerUserId],
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

/** The decision as recorded: the locked item, the team it was checked against, the trail's hash. */
type Recorded = { item: ApprovalItemRow; team: Team; hash: string; afterCommit: AfterCommit };

/** An approval at the current level: the level passes (or waits for the rest of an `all` level). */
async function approveAtLevel(
  tx: Tx,
  deps: AppDeps,
  { item, team, hash, afterCommit }: Recorded,
  p: Decision,
): Promise<ApprovalItemRow> {
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
