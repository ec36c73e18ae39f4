// A payroll run through the approvals engine (issue 25, type `payroll`): submitted, and the engine's
// hooks (load, manifest, final approval pays it, rejection, resolve).
import { and, asc, eq, sql } from 'drizzle-orm';
import { PAYROLL_MSG } from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { conflict } from '../../platform/errors';
import type { TenantContext } from '../../platform/guard';
import { lagosToday } from '../../platform/dates';
import { registerApprovable, submitForApproval, type HandlerContext } from '../approvals';
import { batchManifest } from '../money';
import { payrollRows, payrolls } from './tables';
import { payrollEvent, payRows, runLines, runRows } from './pay-run';
import { lockPayroll } from './shared';

/** POST /payrolls/{id}/approve: SUBMITS the draft to the approvals engine (decisions go through it). */
export async function submitPayroll(deps: AppDeps, p: { tenant: TenantContext; id: string }) {
  const after: (() => Promise<void> | void)[] = [];
  await deps.db.transaction(async (tx) => {
    const r = await lockPayroll(tx, p.tenant.accountId, p.id);
    if (r.status !== 'draft') throw conflict(PAYROLL_MSG.notSubmittable);
    await tx
      .update(payrolls)
      .set({ status: 'pending', updatedAt: sql`now()` })
      .where(eq(payrolls.id, r.id));
    await submitForApproval(tx, deps, {
      accountId: r.accountId,
      type: 'payroll',
      resourceId: r.id,
      afterCommit: (fn) => after.push(fn),
    });
  });
  return after;
}

export function registerPayrollApprovals(deps: AppDeps) {
  registerApprovable(deps, {
    type: 'payroll',
    path: (id) => `/payroll/${id}/details`,
    load: async (db, accountId, id) => {
      const [r] = await db
        .select()
        .from(payrolls)
        .where(and(eq(payrolls.id, id), eq(payrolls.accountId, accountId)));
      if (!r) return null;
      return {
        amountMinor: r.netMinor,
        currency: 'NGN',
        payee: `${r.employeeCount} employee${r.employeeCount === 1 ? '' : 's'}`,
        description: r.name,
        categoryId: null,
        subsidiaryId: null,
        makerUserId: r.makerUserId,
        reference: r.reference,
        approverId: null,
      };
    },
    manifest: async (db, accountId, id) => {
      const [r] = await db
        .select()
        .from(payrolls)
        .where(and(eq(payrolls.id, id), eq(payrolls.accountId, accountId)));
      if (!r) return null;
      const rows = runRows(deps, r, await runLines(db, r.id));
      return batchManifest(
        db,
        accountId,
        rows.map((x) => x.draft),
      );
    },
    onFinalApproval: async ({ tx, deps: d, item, afterCommit }: HandlerContext) => {
      const pr = await lockPayroll(tx, item.accountId, item.resourceId);
      if (pr.status !== 'pending') return; // paid once: a repeated final approval changes nothing
      await tx.update(payrolls).set({ status: 'approved' }).where(eq(payrolls.id, pr.id));
      await payrollEvent(tx, pr, 'approved');
      // a scheduled payroll waits for its date (the payroll ticker pays it then)
      if (pr.scheduledPayDate && pr.scheduledPayDate > lagosToday()) return;
      const rows = await tx
        .select()
        .from(payrollRows)
        .where(eq(payrollRows.payrollId, pr.id))
        .orderBy(asc(payrollRows.rowNo));
      await payRows(tx, d, pr, rows, afterCommit);
    },
    onRejection: async ({ tx, item }) => {
      const [pr] = await tx
        .update(payrolls)
        .set({ status: 'rejected', updatedAt: sql`now()` })
        .where(and(eq(payrolls.id, item.resourceId), eq(payrolls.accountId, item.accountId)))
        .returning();
      if (pr) await payrollEvent(tx, pr, 'rejected');
    },
    onResolve: async ({ tx, item }) => {
      await tx
        .update(payrolls)
        .set({ status: 'pending', updatedAt: sql`now()` })
        .where(and(eq(payrolls.id, item.resourceId), eq(payrolls.accountId, item.accountId)));
    },
  });
}
