// Bulk disbursements: fixing a failed row and submitting the batch for approval.
import { and, eq, sql } from 'drizzle-orm';
import { DISBURSEMENT_MSG as M } from '@owo/contract';
import type { DbOrTx, Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { AppError, conflict, fieldError, notFound } from '../../platform/errors';
import type { TenantContext } from '../../platform/guard';
import { runAfterCommit, submitForApproval } from '../approvals';
import { listBanks } from '../banks';
import { checkPayoutLimit } from '../money';
import {
  type AfterCommit,
  type Batch,
  checkAccount,
  counts,
  feeRuleOf,
  type ItemRow,
  lockBatch,
  setStatus,
  storeTotals,
} from './shared';
import { disbursementItems, disbursements } from './tables';

// ---- submission and approval ----

export async function sendForApproval(
  tx: Tx,
  deps: AppDeps,
  b: Batch,
  afterCommit: AfterCommit,
  strict: boolean,
) {
  const [t] = await tx
    .select({ a: disbursements.amountMinor })
    .from(disbursements)
    .where(eq(disbursements.id, b.id));
  try {
    // Limits by KYB tier apply to the batch total (the money core's one payout rule).
    await checkPayoutLimit(deps, tx, {
      accountId: b.accountId,
      amountMinor: t.a,
      currency: 'NGN',
      fields: ['file'],
    });
  } catch (err) {
    if (strict || !(err instanceof AppError) || err.statusCode >= 500) throw err;
    await setStatus(tx, b.id, 'invalid', err.message);
    return;
  }
  await setStatus(tx, b.id, 'pending');
  await submitForApproval(tx, deps, {
    accountId: b.accountId,
    type: 'disbursement',
    resourceId: b.id,
    afterCommit,
  });
}

/** POST /disbursements/{id}/submit: a batch whose failed rows were fixed goes to approval. */
export async function submitDisbursement(deps: AppDeps, p: { tenant: TenantContext; id: string }) {
  const after: (() => Promise<void> | void)[] = [];
  await deps.db.transaction(async (tx) => {
    const b = await lockBatch(tx, p.tenant.accountId, p.id);
    if (b.status === 'validating') throw conflict(M.stillValidating);
    if (b.status !== 'invalid') throw conflict(M.notSubmittable);
    const c = await counts(tx, b.id);
    if (c.validating) throw conflict(M.stillValidating);
    if (c.invalid) throw conflict(M.hasInvalidRows);
    await storeTotals(tx, b.id);
    await sendForApproval(tx, deps, b, (fn) => after.push(fn), true);
  });
  await runAfterCommit(after);
}

/** PATCH /disbursements/{id}/items/{itemId}: re-validates a failed row with new bank details. */
export async function fixItem(
  deps: AppDeps,
  p: { tenant: TenantContext; id: string; itemId: string; accountNumber: string; bankCode: string },
) {
  const { accountId } = p.tenant;
  const [b] = await deps.db
    .select({ status: disbursements.status })
    .from(disbursements)
    .where(and(eq(disbursements.id, p.id), eq(disbursements.accountId, accountId)));
  if (!b) throw notFound('Disbursement');
  const item = await itemOf(deps.db, p.id, p.itemId);
  if (b.status !== 'invalid') throw conflict(M.rowNotEditable);
  if (item.status !== 'invalid') throw conflict(M.rowNotInvalid);
  // The lookup runs before the transaction (no bank call holds a lock).
  const banks = new Map((await listBanks(deps)).map((x) => [x.code, x]));
  const v = await checkAccount(deps, banks, p.bankCode, p.accountNumber);
  if (v.error === M.unknownBank) throw fieldError('bankCode', M.unknownBank);
  if (v.error) throw fieldError('accountNumber', v.error);
  const fee = await feeRuleOf(deps.db, accountId);
  await deps.db.transaction(async (tx) => {
    const locked = await lockBatch(tx, accountId, p.id);
    if (locked.status !== 'invalid') throw conflict(M.rowNotEditable);
    const [cur] = await tx
      .select()
      .from(disbursementItems)
      .where(eq(disbursementItems.id, p.itemId))
      .for('update');
    if (cur.status !== 'invalid') throw conflict(M.rowNotInvalid);
    // A row whose amount could not be read stays failed with that reason until re-uploaded.
    const amountOk = cur.amountMinor !== null && cur.narration.length <= 100;
    await tx
      .update(disbursementItems)
      .set({
        accountNumber: p.accountNumber,
        bankCode: p.bankCode,
        bankName: v.bankName,
        accountName: v.accountName,
        status: amountOk ? 'valid' : 'invalid',
        error: amountOk ? null : M.amount,
        feeMinor: cur.amountMinor === null ? null : fee(cur.amountMinor),
        updatedAt: sql`now()`,
      })
      .where(eq(disbursementItems.id, p.itemId));
    await storeTotals(tx, p.id);
    if (locked.error) await setStatus(tx, p.id, 'invalid');
  });
}

async function itemOf(db: DbOrTx, id: string, itemId: string): Promise<ItemRow> {
  const [item] = await db
    .select()
    .from(disbursementItems)
    .where(and(eq(disbursementItems.id, itemId), eq(disbursementItems.disbursementId, id)));
  if (!item) throw notFound('Row');
  return item;
}
