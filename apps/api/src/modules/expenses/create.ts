// Expenses: creating an expense and sending it for approval.
import type { ExpenseInput } from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import type { TenantContext } from '../../platform/guard';
import { newReference } from '../../platform/text';
import { submitForApproval } from '../approvals';
import { expenses } from './tables';
import { prepare } from './prepare';

export async function createExpense(
  deps: AppDeps,
  p: { tenant: TenantContext; userId: string; body: ExpenseInput },
): Promise<{ id: string; budgetWarning: string | null; afterCommit: (() => Promise<void> | void)[] }> {
  const { values, budgetWarning } = await prepare(deps, { ...p, isNew: true });
  const after: (() => Promise<void> | void)[] = [];
  const id = await deps.db.transaction(async (tx) => {
    const [e] = await tx
      .insert(expenses)
      .values({
        ...values,
        accountId: p.tenant.accountId,
        reference: newReference('exp'),
        makerUserId: p.userId,
      })
      .returning({ id: expenses.id });
    await submitForApproval(tx, deps, {
      accountId: p.tenant.accountId,
      type: 'expense',
      resourceId: e.id,
      approverId: values.approverId,
      afterCommit: (fn) => after.push(fn),
    });
    return e.id;
  });
  return { id, budgetWarning, afterCommit: after };
}
