// Disbursement batches (issue 24 §5; 001 §3, §4, §7, §8). By the agent's payout frequency, matured
// commissions whose net total is above the threshold become ONE batch per agent per period (daily:
// the Lagos day, weekly: the ISO week, monthly: the month), made by a pg-boss job as soon as they
// qualify; the unique key (account, agent, frequency, period) makes it once for any number of
// workers or duplicate jobs. The batch is approved through the engine (type `commission`, maker:
// the agent, so four eyes keeps an agent from approving their own pay; rejections are resolved by
// owners and admins), then each item pays through the one entry point of money/outflow.ts under the
// batch's approved manifest (every item's amount, fee, the agent's bank account on it, the wallet),
// one transfer reference per item and attempt (`comm-<item>-<attempt>`, the idempotency key). A bank
// refresh after approval that changes an item sends the batch back to approval (issue 34 §1).
// This file makes the batches (the ticker, its job, one batch per agent and period); pay-batch.ts
// pays them, batch-approval.ts is their handler on the approvals engine.
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { defineQueue, defineTicker, sendJobSoon } from '../../platform/jobs';
import { LAGOS_OFFSET_MS } from '../../platform/dates';
import { runAfterCommit, submitForApproval } from '../approvals';
import { accountMembers } from '../../platform/tenancy-tables';
import { effectiveSetting } from './settings';
import { agentCommissions, commissionBatches, commissionBatchItems } from './tables';
import { userBankAccounts } from '../../platform/schema';

type AfterCommit = (() => Promise<void> | void)[];

export const BATCH_QUEUE = 'commissions.batch';

/** The Lagos period a moment falls in, for a payout frequency. */
export function periodOf(frequency: string, at: Date): string {
  const l = new Date(at.getTime() + LAGOS_OFFSET_MS);
  const y = l.getUTCFullYear();
  const m = String(l.getUTCMonth() + 1).padStart(2, '0');
  const d = String(l.getUTCDate()).padStart(2, '0');
  if (frequency === 'daily') return `${y}-${m}-${d}`;
  if (frequency === 'monthly') return `${y}-${m}`;
  // ISO week: the Thursday of this week decides the year.
  const day = new Date(Date.UTC(y, l.getUTCMonth(), l.getUTCDate()));
  const dow = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - dow);
  const yearStart = new Date(Date.UTC(day.getUTCFullYear(), 0, 1));
  const week = Math.ceil(((day.getTime() - yearStart.getTime()) / 86_400_000 + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/** Agents with matured, unbatched commissions (the ticker's candidates). */
export async function batchCandidates(db: DbOrTx) {
  return db
    .selectDistinct({ accountId: agentCommissions.accountId, agentUserId: agentCommissions.agentUserId })
    .from(agentCommissions)
    .where(and(eq(agentCommissions.approvalStatus, 'matured'), isNull(agentCommissions.batchId)))
    .limit(500);
}

export async function defaultBank(db: DbOrTx, userId: string) {
  const [b] = await db
    .select()
    .from(userBankAccounts)
    .where(eq(userBankAccounts.userId, userId))
    .orderBy(desc(userBankAccounts.isDefault), desc(userBankAccounts.updatedAt))
    .limit(1);
  return b ?? null;
}

/**
 * The batch's items: consolidated, one item; individual, one per invoice commission, carried
 * clawbacks taken off the items in order (an item never goes below zero, an emptied one is dropped).
 */
function itemGroups(
  payoutMode: string,
  rows: { id: string; amountMinor: number }[],
  total: number,
): { amount: number; ids: string[] }[] {
  const groups: { amount: number; ids: string[] }[] = [];
  if (payoutMode === 'individual') {
    let debt = -rows.filter((r) => r.amountMinor < 0).reduce((a, r) => a + r.amountMinor, 0);
    const neg = rows.filter((r) => r.amountMinor <= 0).map((r) => r.id);
    for (const r of rows.filter((x) => x.amountMinor > 0)) {
      const take = Math.min(debt, r.amountMinor);
      debt -= take;
      groups.push({ amount: r.amountMinor - take, ids: [r.id] });
    }
    const live = groups.filter((g) => g.amount > 0);
    const dropped = groups.filter((g) => g.amount <= 0).flatMap((g) => g.ids);
    live[0].ids.push(...neg, ...dropped);
    groups.splice(0, groups.length, ...live);
  } else groups.push({ amount: total, ids: rows.map((r) => r.id) });
  return groups;
}

/**
 * Makes the agent's batch for the period of `now`, if their matured commissions are above the
 * threshold and no batch exists for that period. Returns the batch id, or null.
 */
export async function createBatchFor(
  deps: AppDeps,
  p: { accountId: string; agentUserId: string; now?: Date },
): Promise<string | null> {
  const now = p.now ?? new Date();
  const after: AfterCommit = [];
  const id = await deps.db.transaction(async (tx) => {
    const setting = await effectiveSetting(tx, p.accountId, p.agentUserId);
    const period = periodOf(setting.payoutFrequency, now);
    const rows = await tx
      .select()
      .from(agentCommissions)
      .where(
        and(
          eq(agentCommissions.accountId, p.accountId),
          eq(agentCommissions.agentUserId, p.agentUserId),
          eq(agentCommissions.approvalStatus, 'matured'),
          isNull(agentCommissions.batchId),
        ),
      )
      .orderBy(asc(agentCommissions.maturedAt), asc(agentCommissions.id))
      .for('update');
    const total = rows.reduce((a, r) => a + r.amountMinor, 0);
    if (total <= 0 || (setting.thresholdMinor !== null && total <= setting.thresholdMinor)) return null;
    const [member] = await tx
      .select({ active: accountMembers.active })
      .from(accountMembers)
      .where(and(eq(accountMembers.accountId, p.accountId), eq(accountMembers.userId, p.agentUserId)));
    if (!member) return null;
    const [batch] = await tx
      .insert(commissionBatches)
      .values({
        accountId: p.accountId,
        agentUserId: p.agentUserId,
        reference: `COMM-${randomBytes(6).toString('hex').toUpperCase()}`,
        payoutFrequency: setting.payoutFrequency,
        period,
        totalMinor: total,
        makerUserId: p.agentUserId,
      })
      .onConflictDoNothing()
      .returning();
    if (!batch) return null; // this period's batch exists (another worker, or earlier today)
    const bank = await defaultBank(tx, p.agentUserId);
    const bankCols = {
      bankCode: bank?.bankCode ?? null,
      bankName: bank?.bankName ?? null,
      accountNumber: bank?.accountNumber ?? null,
      accountName: bank?.accountName ?? null,
    };
    for (const g of itemGroups(setting.payoutMode, rows, total)) {
      const [item] = await tx
        .insert(commissionBatchItems)
        .values({ accountId: p.accountId, batchId: batch.id, amountMinor: g.amount, ...bankCols })
        .returning({ id: commissionBatchItems.id });
      await tx
        .update(agentCommissions)
        .set({ batchId: batch.id, itemId: item.id, approvalStatus: 'pending' })
        .where(inArray(agentCommissions.id, g.ids));
    }
    await submitForApproval(tx, deps, {
      accountId: p.accountId,
      type: 'commission',
      resourceId: batch.id,
      afterCommit: (fn) => after.push(fn),
    });
    return batch.id;
  });
  await runAfterCommit(after);
  return id;
}

/** The ticker's sweep: one pg-boss job per agent and period (singleton key), each run once. */
export async function sweepBatches(deps: AppDeps) {
  const now = new Date();
  for (const c of await batchCandidates(deps.db)) {
    const s = await effectiveSetting(deps.db, c.accountId, c.agentUserId);
    sendJobSoon(
      deps,
      BATCH_QUEUE,
      { accountId: c.accountId, agentUserId: c.agentUserId },
      {
        singletonKey: `${c.accountId}:${c.agentUserId}:${periodOf(s.payoutFrequency, now)}`,
        singletonSeconds: 60,
      },
    );
  }
}

export function registerBatchJobs(deps: AppDeps) {
  defineQueue<{ accountId: string; agentUserId: string }>(
    deps,
    BATCH_QUEUE,
    async (data) => {
      await createBatchFor(deps, data);
    },
    { retryLimit: 3 },
  );
  defineTicker(deps, 'commission-batches', 10_000, sweepBatches);
}
