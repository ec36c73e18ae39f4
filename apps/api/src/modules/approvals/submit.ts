// Submitting a record for approval and the ways an item starts over or ends without a decision:
// submission (step 2 of the seam), re-submission after an edit, resolving a rejection, cancelling.
import { and, eq, sql } from 'drizzle-orm';
import { APPROVAL_MSG, APPROVAL_TYPE_LABELS, type ApprovalType } from '@owo/contract';
import type { Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { conflict, forbidden, notFound } from '../../platform/errors';
import { fourEyesOf, handlerOf, type AfterCommit, type ApprovalItemRow } from './handlers';
import { userName } from './notify';
import { AP_POLICY_NAME, planFor } from './plan';
import { getApPolicy } from './policy';
import { appendDecision, lockItem, restart, startRound } from './rounds';
import { approvalItems } from './tables';

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
