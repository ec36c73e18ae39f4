// Payouts and the approvals engine (issue 23 §0): the `payout` approvable (what its final approval
// digests, pays or schedules), the module's jobs, sending payouts back to approval when a vendor's
// bank changes, and mass approval.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { APPROVAL_MSG, PAYOUT_MSG, type MassApprovalResult } from '@owo/contract';
import type { DbOrTx, Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { defineQueue, defineTicker, sendJobSoon } from '../../platform/jobs';
import { lagosToday } from '../../platform/dates';
import {
  decide,
  billTierWorkflow,
  registerApprovable,
  resubmitForApproval,
  type ApprovableHandler,
  type HandlerContext,
} from '../approvals';
import { outflowManifest } from '../money';
import { payoutDraft, payoutEvent, startPayment } from './payment';
import { runRecurrence, sweepDueRecurrences } from './recurring';
import { runSchedule, sweepDueSchedules } from './schedule';
import { type AfterCommit, lockPayout, Q_RECURRING_PAYOUT, Q_SCHEDULED_PAYOUT, secondsUntil } from './shared';
import { payoutQuotes, payoutSchedules, payouts } from './tables';
import { approvalItems, payees } from '../../platform/schema';

/** The approval subject of a payout: amount, payee, maker, and the workflow that approves it. */
async function loadPayout(db: DbOrTx, accountId: string, id: string) {
  const [r] = await db
    .select({ p: payouts, v: payees })
    .from(payouts)
    .innerJoin(payees, eq(payees.id, payouts.payeeId))
    .where(and(eq(payouts.id, id), eq(payouts.accountId, accountId)));
  if (!r) return null;
  return {
    amountMinor: r.p.amountMinor,
    currency: r.p.currency,
    payee: `${r.v.accountName} (${r.v.bankName} ${r.v.accountNumber})`,
    description: r.p.narration,
    categoryId: r.p.categoryId,
    subsidiaryId: r.p.subsidiaryId,
    makerUserId: r.p.makerUserId,
    reference: r.p.reference,
    // A bill's payout is approved by the workflow of its amount's bill tier (AP policy), if any.
    workflowId: (
      await db
        .select({ id: payoutQuotes.id })
        .from(payoutQuotes)
        .where(and(eq(payoutQuotes.payoutId, id), eq(payoutQuotes.accountId, accountId)))
        .limit(1)
    ).length
      ? await billTierWorkflow(db, accountId, r.p.amountMinor)
      : null,
  };
}

/** The final approval: a payout dated in the future is scheduled, any other is paid now. */
async function onPayoutFinalApproval({ tx, deps: d, item, afterCommit }: HandlerContext) {
  const p = await lockPayout(tx, item.accountId, item.resourceId);
  if (p.status !== 'pending') return;
  await payoutEvent(tx, p, 'approved');
  if (p.scheduledDate && p.scheduledDate > lagosToday()) {
    await tx
      .update(payouts)
      .set({ status: 'scheduled', updatedAt: sql`now()` })
      .where(eq(payouts.id, p.id));
    const [s] = await tx
      .update(payoutSchedules)
      .set({ status: 'scheduled' })
      .where(eq(payoutSchedules.payoutId, p.id))
      .returning();
    if (s)
      afterCommit(() =>
        sendJobSoon(
          d,
          Q_SCHEDULED_PAYOUT,
          { scheduleId: s.id },
          { startAfterSeconds: secondsUntil(s.scheduledDate) },
        ),
      );
    return;
  }
  // Approved on or after its date: paid now, and its schedule is spent.
  await tx
    .update(payoutSchedules)
    .set({ status: 'paid', ranAt: sql`now()` })
    .where(and(eq(payoutSchedules.payoutId, p.id), eq(payoutSchedules.status, 'scheduled')));
  await startPayment(tx, d, p, afterCommit);
}

const payoutApprovable: ApprovableHandler = {
  type: 'payout',
  path: (id) => `/payouts/${id}`,
  // What the final approval digests and money/outflow.ts pays (the vendor's bank at that moment).
  manifest: async (db, accountId, id) => {
    const [p] = await db
      .select()
      .from(payouts)
      .where(and(eq(payouts.id, id), eq(payouts.accountId, accountId)));
    return p ? outflowManifest(db, accountId, await payoutDraft(db, p)) : null;
  },
  load: loadPayout,
  onFinalApproval: onPayoutFinalApproval,
  onRejection: async ({ tx, item }) => {
    const [p] = await tx
      .update(payouts)
      .set({ status: 'rejected', updatedAt: sql`now()` })
      .where(and(eq(payouts.id, item.resourceId), eq(payouts.accountId, item.accountId)))
      .returning();
    if (p) await payoutEvent(tx, p, 'rejected');
  },
  onResolve: async ({ tx, item }) => {
    await tx
      .update(payouts)
      .set({ status: 'pending', updatedAt: sql`now()` })
      .where(and(eq(payouts.id, item.resourceId), eq(payouts.accountId, item.accountId)));
  },
};

export function registerPayoutApprovals(deps: AppDeps) {
  defineQueue<{ scheduleId: string }>(deps, Q_SCHEDULED_PAYOUT, async (data) => {
    await runSchedule(deps, data.scheduleId);
  });
  defineTicker(deps, 'payouts.scheduled-sweep', 60_000, sweepDueSchedules);
  defineQueue<{ recurrenceId: string }>(deps, Q_RECURRING_PAYOUT, async (data) => {
    await runRecurrence(deps, data.recurrenceId);
  });
  defineTicker(deps, 'payouts.recurring-sweep', 60_000, sweepDueRecurrences);
  registerApprovable(deps, payoutApprovable);
}

/**
 * A vendor's bank account is changing (or changed): every pending or scheduled payout to it goes
 * back to level one of approval at once (issue 23 §1 ★).
 */
export async function returnPayoutsToApproval(
  tx: Tx,
  deps: AppDeps,
  p: { accountId: string; payeeId: string; userId: string; comments: string; afterCommit: AfterCommit },
): Promise<number> {
  const open = await tx
    .select()
    .from(payouts)
    .where(
      and(
        eq(payouts.accountId, p.accountId),
        eq(payouts.payeeId, p.payeeId),
        inArray(payouts.status, ['pending', 'scheduled']),
      ),
    )
    .for('update');
  for (const o of open) {
    if (o.status === 'scheduled')
      await tx
        .update(payouts)
        .set({ status: 'pending', updatedAt: sql`now()` })
        .where(eq(payouts.id, o.id));
    await resubmitForApproval(tx, deps, {
      accountId: p.accountId,
      type: 'payout',
      resourceId: o.id,
      userId: p.userId,
      comments: p.comments,
      afterCommit: p.afterCommit,
      restartPending: true,
    });
  }
  return open.length;
}

/** POST /api/payouts/mass-approval: one engine decision per id; answers one entry per id. */
export async function massApprove(
  deps: AppDeps,
  p: {
    accountId: string;
    userId: string;
    ids: string[];
    approvalStatus: 'approved' | 'rejected';
    comments: string;
  },
): Promise<{ results: MassApprovalResult[]; afterCommit: (() => Promise<void> | void)[] }> {
  const after: (() => Promise<void> | void)[] = [];
  const ids = [...new Set(p.ids)];
  const items = await deps.db
    .select({ id: approvalItems.id, resourceId: approvalItems.resourceId, status: approvalItems.status })
    .from(approvalItems)
    .where(
      and(
        eq(approvalItems.accountId, p.accountId),
        eq(approvalItems.type, 'payout'),
        inArray(approvalItems.resourceId, ids),
      ),
    );
  const byPayout = new Map(items.map((i) => [i.resourceId, i]));
  const results: MassApprovalResult[] = [];
  for (const id of ids) {
    const item = byPayout.get(id);
    if (!item) {
      results.push({ id, ok: false, status: null, message: 'Payout not found' });
      continue;
    }
    if (item.status !== 'pending') {
      results.push({ id, ok: false, status: item.status, message: PAYOUT_MSG.notPending });
      continue;
    }
    try {
      const r = await decide(deps, {
        accountId: p.accountId,
        userId: p.userId,
        approvalId: item.id,
        approvalStatus: p.approvalStatus,
        comments: p.comments,
      });
      after.push(...r.afterCommit);
      results.push({
        id,
        ok: true,
        status: r.item.status,
        message:
          p.approvalStatus === 'approved' ? APPROVAL_MSG.approved('payout') : APPROVAL_MSG.rejected('payout'),
      });
    } catch (err) {
      if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
      results.push({ id, ok: false, status: item.status, message: err.message });
    }
  }
  return { results, afterCommit: after };
}
