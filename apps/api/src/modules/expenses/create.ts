// Expenses: creating an expense and sending it for approval.
import { randomBytes } from 'node:crypto';
import type { ExpenseInput } from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import type { TenantContext } from '../../platform/guard';
import { submitForApproval } from '../approvals';
import { expenses } from './tables';
import { prepare } from './prepare';

const newReference = () => `exp_${Date.now().toString(36)}${randomBytes(6).toString('hex')}`;

export async function createExpense(
  deps: AppDeps,
  p: { tenant: TenantContext; userId: string; body: ExpenseInput },
): Promise<{ id: string; budgetWarning: string | null; afterCommit: (() => Promise<void> | void)[] }> {
  const { values, budgetWarning } = await prepare(deps, { ...p, isNew: true });
  const after: (() => Promise<void> | void)[] = [];
  const id = await deps.db.transaction(async (tx) => {
    const [e] = await tx
      .insert(expenses)
      .values({ ...values, accountId: p.tenant.accountId, reference: newReference(), makerUserId: p.userId })
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
