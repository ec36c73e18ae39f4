// The steps of an item's rounds, shared by submission, decisions and restarts: the locked read, the
// trail entry, entering a level (or the final approval, calling the area's handler), starting a
// round on a plan, and restarting after a rejection or an edit.
import { and, eq, sql } from 'drizzle-orm';
import { APPROVAL_TYPE_LABELS, formatMoney, type TrailStatus } from '@owo/contract';
import type { Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import {
  fourEyesOf,
  handlerOf,
  type AfterCommit,
  type ApprovalItemRow,
  type HandlerContext,
} from './handlers';
import { notifyApprovers, notifyMaker, userName } from './notify';
import { manifestOf, planFor, SYSTEM_NAME, type Plan } from './plan';
import { getApPolicy } from './policy';
import { approvalDecisions, approvalItems } from './tables';
import { approversNow } from './team';
import { decisionHash, genesisHash, storedManifest } from './trail';

export async function lockItem(tx: Tx, accountId: string, id: string): Promise<ApprovalItemRow> {
  const [item] = await tx
    .select()
    .from(approvalItems)
    .where(and(eq(approvalItems.id, id), eq(approvalItems.accountId, accountId)))
    .for('update');
  if (!item) throw notFound('Approval item');
  return item;
}

export async function appendDecision(
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

/**
 * Enters level `level` (or finishes when past the last): sets who may act, notifies them, or
 * records the final approval and calls the area's handler.
 */
export async function enterLevel(
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

export async function startRound(
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

export async function restart(
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
