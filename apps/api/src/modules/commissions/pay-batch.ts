// Paying an approved commission batch (issue 24 §5; issue 34 §1): each item pays through the one
// entry point of money/outflow.ts under the batch's approved manifest, one transfer reference per
// item and attempt (`comm-<item>-<attempt>`, the idempotency key); retrying failed items, a bank
// refresh (which sends a changed batch back to approval) and removing an item.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { COMMISSION_MSG } from '@owo/contract';
import type { DbOrTx, Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { AppError, conflict } from '../../platform/errors';
import { approvalOf, resubmitForApproval, runAfterCommit } from '../approvals';
import { dispatchSoon } from '../funding';
import {
  editedAfterApproval,
  getWalletByCurrency,
  manifestChange,
  payOutBatch,
  type OutflowBatchRow,
} from '../money';
import { defaultBank } from './batches';
import { agentCommissions, commissionBatches, commissionBatchItems } from './tables';
import { transactions } from '../../platform/schema';

export type BatchRow = typeof commissionBatches.$inferSelect;
export type ItemRow = typeof commissionBatchItems.$inferSelect;
export type AfterCommit = (() => Promise<void> | void)[];

export const itemReference = (i: Pick<ItemRow, 'id' | 'attempt'>) =>
  `comm-${i.id.replace(/-/g, '')}-${i.attempt}`;
const NO_BANK = 'The agent has no bank account for commissions';

/** The batch's items in their one order (the manifest's rows). */
export const orderedItems = (db: DbOrTx, batchId: string) =>
  db
    .select()
    .from(commissionBatchItems)
    .where(eq(commissionBatchItems.batchId, batchId))
    .orderBy(asc(commissionBatchItems.createdAt), asc(commissionBatchItems.id));

/**
 * Every item as the money core pays it (the manifest's rows: the SAME drafts the handler's manifest
 * is built from): the agent's bank account copied on the item, from the company's NGN wallet.
 */
export async function batchRows(db: DbOrTx, batch: BatchRow, items: ItemRow[]): Promise<OutflowBatchRow[]> {
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
export async function payItems(tx: Tx, deps: AppDeps, batch: BatchRow, toPay: ItemRow[], after: AfterCommit) {
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

export async function lockBatch(tx: Tx, accountId: string, id: string) {
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
export async function nextAttempts(tx: Tx, items: ItemRow[]): Promise<ItemRow[]> {
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
