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
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { COMMISSION_MSG } from '@owo/contract';
import type { DbOrTx, Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { AppError, conflict } from '../../platform/errors';
import { defineQueue, defineTicker, sendJobSoon } from '../../platform/jobs';
import { LAGOS_OFFSET_MS } from '../../platform/dates';
import {
  approvalOf,
  registerApprovable,
  resubmitForApproval,
  runAfterCommit,
  submitForApproval,
} from '../approvals';
import { dispatchSoon } from '../funding';
import { users, accountMembers } from '../../platform/tenancy-tables';
import {
  batchManifest,
  editedAfterApproval,
  getWalletByCurrency,
  manifestChange,
  payOutBatch,
  type OutflowBatchRow,
} from '../money';
import { effectiveSetting } from './settings';
import { agentCommissions, commissionBatches, commissionBatchItems } from './tables';
import { userBankAccounts, transactions } from '../../platform/schema';

type BatchRow = typeof commissionBatches.$inferSelect;
type ItemRow = typeof commissionBatchItems.$inferSelect;
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

async function defaultBank(db: DbOrTx, userId: string) {
  const [b] = await db
    .select()
    .from(userBankAccounts)
    .where(eq(userBankAccounts.userId, userId))
    .orderBy(desc(userBankAccounts.isDefault), desc(userBankAccounts.updatedAt))
    .limit(1);
  return b ?? null;
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
    // consolidated: one item; individual: one per invoice commission, carried clawbacks taken
    // off the items in order (an item never goes below zero, an emptied one is dropped).
    const groups: { amount: number; ids: string[] }[] = [];
    if (setting.payoutMode === 'individual') {
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
    for (const g of groups) {
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

// ---------------------------------------------------------------- paying

export const itemReference = (i: Pick<ItemRow, 'id' | 'attempt'>) =>
  `comm-${i.id.replace(/-/g, '')}-${i.attempt}`;
const NO_BANK = 'The agent has no bank account for commissions';

/** The batch's items in their one order (the manifest's rows). */
const orderedItems = (db: DbOrTx, batchId: string) =>
  db
    .select()
    .from(commissionBatchItems)
    .where(eq(commissionBatchItems.batchId, batchId))
    .orderBy(asc(commissionBatchItems.createdAt), asc(commissionBatchItems.id));

/**
 * Every item as the money core pays it (the manifest's rows: the SAME drafts the handler's manifest
 * is built from): the agent's bank account copied on the item, from the company's NGN wallet.
 */
async function batchRows(db: DbOrTx, batch: BatchRow, items: ItemRow[]): Promise<OutflowBatchRow[]> {
  const wallet = await getWalletByCurrency(db, batch.accountId, 'NGN');
  return items.map((i) => ({
    draft: {
      amountMinor: i.amountMinor,
      currency: 'NGN',
      walletId: wallet?.id ?? '',
      bankCode: i.bankCode ?? '',
      bankName: i.bankName,
      accountNumber: i.accountNumber ?? '',
      accountName: i.accountName ?? '',
      payee: batch.agentUserId,
      date: null,
    },
    reference: itemReference(i),
    narration: `Commission ${batch.reference}`,
    sourceId: i.id,
  }));
}

/**
 * Pays `toPay` (items of the batch with their new attempt), each on its own: one item refused (no
 * bank account, the wallet, the limit) fails alone with the reason. Every payment goes through
 * `payOutBatch` under the batch's approved manifest (409 when it differs: nothing moves).
 */
async function payItems(tx: Tx, deps: AppDeps, batch: BatchRow, toPay: ItemRow[], after: AfterCommit) {
  const items = await orderedItems(tx, batch.id);
  const attempts = new Map(toPay.map((i) => [i.id, i.attempt]));
  const rows = await batchRows(
    tx,
    batch,
    items.map((i) => ({ ...i, attempt: attempts.get(i.id) ?? i.attempt })),
  );
  const fail = (id: string, reason: string) =>
    tx
      .update(commissionBatchItems)
      .set({ status: 'failed', transactionId: null, feeMinor: 0, failureReason: reason })
      .where(eq(commissionBatchItems.id, id));
  for (const item of toPay) {
    const at = items.findIndex((i) => i.id === item.id);
    if (!item.accountNumber || !item.bankCode) {
      await fail(item.id, NO_BANK);
      continue;
    }
    if (!rows[at].draft.walletId) {
      await fail(item.id, 'The company has no NGN wallet');
      continue;
    }
    const r = await payOutBatch(tx, deps, {
      accountId: batch.accountId,
      authority: { approval: 'commission', resourceId: batch.id },
      initiatedBy: batch.makerUserId,
      sourceType: 'commission-disbursement',
      sourceId: item.id,
      rows,
      pay: [at],
    });
    if (!r.ok) {
      await fail(item.id, r.reason);
      continue;
    }
    const t = r.transactions[0];
    await tx
      .update(commissionBatchItems)
      .set({ transactionId: t.id, feeMinor: t.fee, status: 'started', failureReason: null })
      .where(eq(commissionBatchItems.id, item.id));
    after.push(() => dispatchSoon(deps, t.reference));
  }
}

async function lockBatch(tx: Tx, accountId: string, id: string) {
  const [b] = await tx
    .select()
    .from(commissionBatches)
    .where(and(eq(commissionBatches.id, id), eq(commissionBatches.accountId, accountId)))
    .for('update');
  if (!b) throw new AppError(404, 'not-found', COMMISSION_MSG.batchNotFound);
  return b;
}

/** Items with the status read from their payout (paid/failed once the money core settles it). */
export const itemStatusSql = sql<'pending' | 'processing' | 'paid' | 'failed'>`case
  when ${commissionBatchItems.status} = 'failed' then 'failed'
  when ${commissionBatchItems.transactionId} is null then 'pending'
  when ${transactions.status} = 'success' then 'paid'
  when ${transactions.status} in ('failed', 'reversed') then 'failed'
  else 'processing' end`;

export async function itemsOf(db: DbOrTx, batchId: string) {
  return db
    .select({ i: commissionBatchItems, paymentStatus: itemStatusSql, txFailure: transactions.failureReason })
    .from(commissionBatchItems)
    .leftJoin(transactions, eq(transactions.id, commissionBatchItems.transactionId))
    .where(eq(commissionBatchItems.batchId, batchId))
    .orderBy(asc(commissionBatchItems.createdAt), asc(commissionBatchItems.id));
}

/** POST …/{id}/retry-disbursement: a new attempt for each failed item of an approved batch. */
export async function retryDisbursement(deps: AppDeps, accountId: string, id: string) {
  const after: AfterCommit = [];
  await deps.db.transaction(async (tx) => {
    const b = await lockBatch(tx, accountId, id);
    if (b.approvalStatus !== 'approved') throw conflict(COMMISSION_MSG.nothingToRetry);
    await tx
      .select({ id: commissionBatchItems.id })
      .from(commissionBatchItems)
      .where(eq(commissionBatchItems.batchId, b.id))
      .for('update');
    const failed = (await itemsOf(tx, b.id)).filter((r) => r.paymentStatus === 'failed');
    if (!failed.length) throw conflict(COMMISSION_MSG.nothingToRetry);
    await payItems(
      tx,
      deps,
      b,
      await nextAttempts(
        tx,
        failed.map((r) => r.i),
      ),
      after,
    );
  });
  await runAfterCommit(after);
}

/**
 * POST …/{id}/refresh-bank-details: copies the agent's current bank account onto the items not
 * paid or in flight. Refused while the batch is pending approval (001 §4). After the approval, an
 * account that changes what was approved sends the batch back to approval (issue 34 §1): the trail
 * keeps the old decisions and shows the change; the items are paid at the new final approval.
 */
export async function refreshBankDetails(
  deps: AppDeps,
  p: { accountId: string; id: string; userId: string },
) {
  const after: AfterCommit = [];
  await deps.db.transaction(async (tx) => {
    const { accountId, id } = p;
    const b = await lockBatch(tx, accountId, id);
    if (b.approvalStatus === 'pending') throw conflict(COMMISSION_MSG.refreshWhilePending);
    const bank = await defaultBank(tx, b.agentUserId);
    const open = (await itemsOf(tx, b.id)).filter(
      (r) => r.paymentStatus === 'failed' || r.paymentStatus === 'pending',
    );
    if (!open.length) return;
    await tx
      .update(commissionBatchItems)
      .set({
        bankCode: bank?.bankCode ?? null,
        bankName: bank?.bankName ?? null,
        accountNumber: bank?.accountNumber ?? null,
        accountName: bank?.accountName ?? null,
      })
      .where(
        inArray(
          commissionBatchItems.id,
          open.map((r) => r.i.id),
        ),
      );
    if (b.approvalStatus !== 'approved') return; // a rejected batch is resolved back to level one
    const change = await manifestChange(tx, deps, { accountId, type: 'commission', resourceId: b.id });
    if (!change) return;
    await tx
      .update(commissionBatches)
      .set({ approvalStatus: 'pending', state: 'pending' })
      .where(eq(commissionBatches.id, b.id));
    await tx
      .update(agentCommissions)
      .set({ approvalStatus: 'pending' })
      .where(eq(agentCommissions.batchId, b.id));
    await resubmitForApproval(tx, deps, {
      accountId,
      type: 'commission',
      resourceId: b.id,
      userId: p.userId,
      comments: editedAfterApproval(change),
      afterCommit: (fn) => after.push(fn),
    });
  });
  await runAfterCommit(after);
}

/** The items with their next attempt written (each attempt pays under its own reference). */
async function nextAttempts(tx: Tx, items: ItemRow[]): Promise<ItemRow[]> {
  for (const i of items)
    await tx
      .update(commissionBatchItems)
      .set({ attempt: i.attempt + 1 })
      .where(eq(commissionBatchItems.id, i.id));
  return items.map((i) => ({ ...i, attempt: i.attempt + 1 }));
}

/**
 * DELETE …/{id}/items/{itemId} (001 §4): only while the batch's approval is rejected and the
 * caller may resolve it. Its commissions go back to matured (the next batch takes them).
 */
export async function removeItem(
  deps: AppDeps,
  p: { accountId: string; id: string; itemId: string; userId: string },
) {
  await deps.db.transaction(async (tx) => {
    const b = await lockBatch(tx, p.accountId, p.id);
    const a = await approvalOf(tx, {
      accountId: p.accountId,
      type: 'commission',
      resourceId: b.id,
      viewerId: p.userId,
    });
    if (!a || a.status !== 'rejected' || !a.canResolve) throw conflict(COMMISSION_MSG.removeNotAllowed);
    const items = await tx
      .select()
      .from(commissionBatchItems)
      .where(eq(commissionBatchItems.batchId, b.id))
      .for('update');
    const item = items.find((i) => i.id === p.itemId);
    if (!item) throw new AppError(404, 'not-found', COMMISSION_MSG.itemNotFound);
    if (items.length === 1) throw conflict(COMMISSION_MSG.lastItem);
    // A batch sent back to approval after a bank refresh may hold items already paid or in flight:
    // their commissions are paid; back to matured, the next batch would pay them again.
    const [state] = (await itemsOf(tx, b.id)).filter((r) => r.i.id === item.id);
    if (state.paymentStatus === 'paid' || state.paymentStatus === 'processing')
      throw conflict(COMMISSION_MSG.removePaid);
    await tx
      .update(agentCommissions)
      .set({ batchId: null, itemId: null, approvalStatus: 'matured' })
      .where(eq(agentCommissions.itemId, item.id));
    await tx.delete(commissionBatchItems).where(eq(commissionBatchItems.id, item.id));
    await tx
      .update(commissionBatches)
      .set({ totalMinor: sql`${commissionBatches.totalMinor} - ${item.amountMinor}` })
      .where(eq(commissionBatches.id, b.id));
  });
}

// ---------------------------------------------------------------- the approvable

async function ownersAndAdmins(db: DbOrTx, accountId: string) {
  const rows = await db
    .select({ userId: accountMembers.userId })
    .from(accountMembers)
    .where(
      and(
        eq(accountMembers.accountId, accountId),
        eq(accountMembers.active, true),
        inArray(accountMembers.roleSlug, ['owner', 'admin']),
      ),
    );
  return rows.map((r) => r.userId);
}

export function registerCommissionApprovals(deps: AppDeps) {
  registerApprovable(deps, {
    type: 'commission',
    path: (id) => `/commissions/disbursement/${id}`,
    load: async (db, accountId, id) => {
      const [r] = await db
        .select({ b: commissionBatches, first: users.firstName, last: users.lastName })
        .from(commissionBatches)
        .innerJoin(users, eq(users.id, commissionBatches.agentUserId))
        .where(and(eq(commissionBatches.id, id), eq(commissionBatches.accountId, accountId)));
      if (!r) return null;
      const name = `${r.first} ${r.last}`.trim();
      return {
        amountMinor: r.b.totalMinor,
        currency: 'NGN',
        payee: name,
        description: `Commission payout to ${name} (${r.b.period})`,
        categoryId: null,
        subsidiaryId: null,
        makerUserId: r.b.makerUserId,
        reference: r.b.reference,
        rejectionResolverIds: await ownersAndAdmins(db, accountId),
      };
    },
    manifest: async (db, accountId, id) => {
      const [b] = await db
        .select()
        .from(commissionBatches)
        .where(and(eq(commissionBatches.id, id), eq(commissionBatches.accountId, accountId)));
      if (!b) return null;
      const rows = await batchRows(db, b, await orderedItems(db, b.id));
      return batchManifest(
        db,
        accountId,
        rows.map((r) => r.draft),
      );
    },
    onFinalApproval: async ({ tx, deps: d, item, afterCommit }) => {
      const b = await lockBatch(tx, item.accountId, item.resourceId);
      await tx
        .update(commissionBatches)
        .set({ approvalStatus: 'approved', state: 'processing' })
        .where(eq(commissionBatches.id, b.id));
      await tx
        .update(agentCommissions)
        .set({ approvalStatus: 'approved' })
        .where(eq(agentCommissions.batchId, b.id));
      // Only what is not paid or in flight: a batch approved again after a bank refresh pays its
      // failed items, never a paid one twice.
      const open = (await itemsOf(tx, b.id))
        .filter((r) => r.paymentStatus === 'pending' || r.paymentStatus === 'failed')
        .map((r) => r.i);
      const after: AfterCommit = [];
      await payItems(tx, d, b, await nextAttempts(tx, open), after);
      for (const fn of after) afterCommit(fn);
    },
    onRejection: async ({ tx, item }) => {
      await tx
        .update(commissionBatches)
        .set({ approvalStatus: 'rejected', state: 'rejected' })
        .where(
          and(eq(commissionBatches.id, item.resourceId), eq(commissionBatches.accountId, item.accountId)),
        );
    },
    onResolve: async ({ tx, item }) => {
      await tx
        .update(commissionBatches)
        .set({ approvalStatus: 'pending', state: 'pending' })
        .where(
          and(eq(commissionBatches.id, item.resourceId), eq(commissionBatches.accountId, item.accountId)),
        );
    },
  });
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
