// Expenses: the approvals engine's hooks for an expense (type `expense`), and the schedule's job.
import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../platform/deps';
import { enqueueRun, registerScheduleJobs } from './schedule';
import { outflowManifest } from '../money';
import { registerApprovable, type HandlerContext } from '../approvals';
import { expenses } from './tables';
import { lockExpense } from './shared';
import { expenseDraft, startPayment } from './pay';
import { runScheduledExpense } from './scheduled-run';

export function registerExpenseApprovals(deps: AppDeps) {
  registerScheduleJobs(deps, async (d, data) => {
    await runScheduledExpense(d, data);
  });
  registerApprovable(deps, {
    type: 'expense',
    path: (id) => `/expense/${id}`,
    // What the final approval digests and money/outflow.ts pays.
    manifest: async (db, accountId, id) => {
      const [e] = await db
        .select()
        .from(expenses)
        .where(and(eq(expenses.id, id), eq(expenses.accountId, accountId)));
      return e ? outflowManifest(db, accountId, await expenseDraft(db, e)) : null;
    },
    load: async (db, accountId, id) => {
      const [e] = await db
        .select()
        .from(expenses)
        .where(and(eq(expenses.id, id), eq(expenses.accountId, accountId)));
      if (!e) return null;
      return {
        amountMinor: e.amountMinor,
        currency: e.currency,
        payee: `${e.bankAccountName} (${e.bankName} ${e.bankAccountNumber})`,
        description: e.purpose.description,
        categoryId: e.purpose.service,
        subsidiaryId: e.subsidiaryId,
        makerUserId: e.makerUserId,
        reference: e.reference,
        approverId: e.approverId,
      };
    },
    onFinalApproval: async ({ tx, deps: d, item, afterCommit }: HandlerContext) => {
      const e = await lockExpense(tx, item.accountId, item.resourceId);
      if (e.status === 'paying' || e.status === 'completed' || e.status === 'retired') return;
      if (e.scheduledDate && e.transactionId === null && e.occurrence === 1) {
        // Scheduled: approved now, paid by the schedule's job on its date.
        await tx
          .update(expenses)
          .set({ status: 'scheduled', nextRunOn: e.scheduledDate, updatedAt: sql`now()` })
          .where(eq(expenses.id, e.id));
        afterCommit(() => enqueueRun(d, e.id, e.scheduledDate!));
        return;
      }
      await tx
        .update(expenses)
        .set({ status: 'approved', paymentAttempt: e.paymentAttempt + 1, updatedAt: sql`now()` })
        .where(eq(expenses.id, e.id));
      await startPayment(tx, d, { ...e, paymentAttempt: e.paymentAttempt + 1 }, afterCommit);
    },
    onRejection: async ({ tx, item }) => {
      await tx
        .update(expenses)
        .set({ status: 'rejected', updatedAt: sql`now()` })
        .where(and(eq(expenses.id, item.resourceId), eq(expenses.accountId, item.accountId)));
    },
    onResolve: async ({ tx, item }) => {
      await tx
        .update(expenses)
        .set({ status: 'pending', updatedAt: sql`now()` })
        .where(and(eq(expenses.id, item.resourceId), eq(expenses.accountId, item.accountId)));
    },
  });
}
