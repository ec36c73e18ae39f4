// Expenses: retrying a failed payment as approved.
import { eq, sql } from 'drizzle-orm';
import { EXPENSE_MSG } from '@owo/contract';
import type { DbOrTx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { conflict } from '../../platform/errors';
import type { TenantContext } from '../../platform/guard';
import { approvalOf } from '../approvals';
import { expenses } from './tables';
import { startPayment } from './pay';
import { effectiveStatus, lockExpense, type Row } from './shared';

/** Retry a failed payment as approved (same details): a new attempt with its own transfer reference. */
export async function retryExpense(
  deps: AppDeps,
  p: { tenant: TenantContext; id: string },
): Promise<(() => Promise<void> | void)[]> {
  const after: (() => Promise<void> | void)[] = [];
  await deps.db.transaction(async (tx) => {
    const e = await lockExpense(tx, p.tenant.accountId, p.id);
    const status = await effectiveStatus(tx, p.tenant.accountId, p.id);
    if (status !== 'failed' || !(await wasApproved(tx, e))) throw conflict(EXPENSE_MSG.notFailed);
    const next = { ...e, paymentAttempt: e.paymentAttempt + 1 };
    await tx
      .update(expenses)
      .set({ status: 'approved', paymentAttempt: next.paymentAttempt, updatedAt: sql`now()` })
      .where(eq(expenses.id, e.id));
    await startPayment(tx, deps, next, (fn) => after.push(fn), { refusal: 'throw' });
  });
  return after;
}

async function wasApproved(db: DbOrTx, e: Row): Promise<boolean> {
  const a = await approvalOf(db, {
    accountId: e.accountId,
    type: 'expense',
    // An occurrence of a schedule is covered by the approval of the scheduled expense.
    resourceId: e.parentExpenseId ?? e.id,
    viewerId: e.makerUserId,
  });
  return a?.status === 'approved';
}
