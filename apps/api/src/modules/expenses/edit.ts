// Expenses: editing a rejected or failed expense, and sending a failed one for re-approval.
import { eq, sql } from 'drizzle-orm';
import { EXPENSE_MSG, type ExpenseInput } from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { conflict } from '../../platform/errors';
import { checkObjectRule, type TenantContext } from '../../platform/guard';
import { editedAfterApproval, manifestChange } from '../money';
import { approvalOf, resubmitForApproval } from '../approvals';
import { expenses } from './tables';
import { prepare } from './prepare';
import { effectiveStatus, lockExpense } from './shared';

/**
 * PUT /expense/{id}: only a rejected (then resolve) or failed expense, by its maker. A failed
 * expense whose payment fields (amount, wallet, bank account, beneficiary, date) change goes back to
 * approval at once, the trail showing the change against what was approved: a retry can only pay
 * what was approved (money/outflow.ts). Other edits leave it failed, to retry as approved.
 */
export async function updateExpense(
  deps: AppDeps,
  p: { tenant: TenantContext; userId: string; id: string; body: ExpenseInput },
): Promise<(() => Promise<void> | void)[]> {
  const current = await effectiveStatus(deps.db, p.tenant.accountId, p.id);
  if (current !== 'rejected' && current !== 'failed') throw conflict(EXPENSE_MSG.notEditable);
  const { values } = await prepare(deps, { ...p, isNew: false, expenseId: p.id });
  const after: (() => Promise<void> | void)[] = [];
  await deps.db.transaction(async (tx) => {
    const e = await lockExpense(tx, p.tenant.accountId, p.id);
    const actor = { userId: p.userId, resources: p.tenant.resources };
    checkObjectRule(actor, 'expenseEdit', e.makerUserId, 'Only the maker can edit this expense');
    const status = await effectiveStatus(tx, p.tenant.accountId, p.id);
    if (status !== 'rejected' && status !== 'failed') throw conflict(EXPENSE_MSG.notEditable);
    await tx
      .update(expenses)
      .set({
        ...values,
        subsidiaryId: e.subsidiaryId,
        status,
        transactionId: status === 'failed' ? null : e.transactionId,
        updatedAt: sql`now()`,
      })
      .where(eq(expenses.id, e.id));
    if (status !== 'failed') return;
    const change = await manifestChange(tx, deps, {
      accountId: p.tenant.accountId,
      type: 'expense',
      resourceId: e.id,
    });
    if (!change) return;
    await tx
      .update(expenses)
      .set({ status: 'pending', updatedAt: sql`now()` })
      .where(eq(expenses.id, e.id));
    await resubmitForApproval(tx, deps, {
      accountId: p.tenant.accountId,
      type: 'expense',
      resourceId: e.id,
      userId: p.userId,
      comments: editedAfterApproval(change),
      afterCommit: (fn) => after.push(fn),
    });
  });
  return after;
}

/** PUT /expense/{id}/re-approve: an edited failed expense goes through approval again. */
export async function reapproveExpense(
  deps: AppDeps,
  p: { tenant: TenantContext; userId: string; id: string; comments?: string },
): Promise<(() => Promise<void> | void)[]> {
  const after: (() => Promise<void> | void)[] = [];
  await deps.db.transaction(async (tx) => {
    const e = await lockExpense(tx, p.tenant.accountId, p.id);
    const status = await effectiveStatus(tx, p.tenant.accountId, p.id);
    // Its edit already sent it back (the payment fields changed): nothing more to do.
    const item = await approvalOf(tx, {
      accountId: e.accountId,
      type: 'expense',
      resourceId: e.id,
      viewerId: p.userId,
    });
    if (status === 'pending' && item?.status === 'pending') return;
    if (status !== 'failed') throw conflict('Only a failed expense can be sent for re-approval');
    await tx
      .update(expenses)
      .set({ status: 'pending', transactionId: null, updatedAt: sql`now()` })
      .where(eq(expenses.id, e.id));
    await resubmitForApproval(tx, deps, {
      accountId: p.tenant.accountId,
      type: 'expense',
      resourceId: e.id,
      userId: p.userId,
      comments: p.comments ?? 'Edited and sent for re-approval',
      afterCommit: (fn) => after.push(fn),
    });
  });
  return after;
}
