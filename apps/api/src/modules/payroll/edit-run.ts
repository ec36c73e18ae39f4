// A draft or rejected payroll run edited (issue 25): its body, its employees and their lines, or the
// draft deleted.
import { and, eq, sql } from 'drizzle-orm';
import { fromMinor, PAYROLL_MSG } from '@owo/contract';
import type { Db } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { conflict, fieldError, forbidden } from '../../platform/errors';
import type { TenantContext } from '../../platform/guard';
import { RESERVED_LINES } from './statutory';
import { payrollRows, payrolls } from './tables';
import { type PayrollBody, preparePayroll, writeRows } from './create-run';
import { lockPayContext, settleRunContext } from './pay-context';
import { lockPayroll, visibleTo } from './shared';

export async function updatePayroll(
  deps: AppDeps,
  p: { tenant: TenantContext; id: string; body: PayrollBody; fieldOf?: (id: string) => string },
) {
  const before = await lockPayroll(deps.db, p.tenant.accountId, p.id);
  if (before.status !== 'draft' && before.status !== 'rejected') throw conflict(PAYROLL_MSG.notEditable);
  const { rows, totals: t, ctx } = await preparePayroll(deps, p.tenant, p.body, p.fieldOf);
  await deps.db.transaction(async (tx) => {
    const now = await lockPayContext(tx, p.tenant.accountId);
    const r = await lockPayroll(tx, p.tenant.accountId, p.id);
    if (r.status !== 'draft' && r.status !== 'rejected') throw conflict(PAYROLL_MSG.notEditable);
    await tx
      .update(payrolls)
      .set({
        name: p.body.name,
        description: p.body.description || null,
        type: p.body.type,
        mode: p.body.mode,
        walletId: p.body.walletId,
        daysBeforeMonthEndToCreatePayroll: p.body.daysBeforeMonthEndToCreatePayroll ?? null,
        daysBeforeMonthEndToProcessPayroll: p.body.daysBeforeMonthEndToProcessPayroll ?? null,
        scheduledPayDate: p.body.scheduledPayDate ?? null,
        employeeCount: rows.length,
        grossMinor: t.grossMinor,
        netMinor: t.netMinor,
        employerCostMinor: t.employerCostMinor,
        breakdown: t.breakdown,
        employerCosts: t.employerCosts,
        updatedAt: sql`now()`,
      })
      .where(eq(payrolls.id, r.id));
    await tx.delete(payrollRows).where(eq(payrollRows.payrollId, r.id));
    await writeRows(tx, deps, p.tenant.accountId, r.id, rows);
    await settleRunContext(tx, p.tenant.accountId, now, ctx);
  });
}

/**
 * PUT /payrolls/{id}/employees: replaces the run's rows (draft or rejected only, as PUT /payrolls/{id}),
 * recomputed through the statutory engine. A row sent without `lines` keeps this run's own lines
 * (the stored breakdown without PAYE/pension/NHF), or takes the employee's for a new row. Only a
 * caller who may view payroll sensitive data may send figures. A rejected run stays rejected: the
 * approvals engine's resolve sends it back to the first level, as for any edited payroll.
 */
export async function updatePayrollEmployees(
  deps: AppDeps,
  p: {
    tenant: TenantContext;
    id: string;
    rows: { employeeId: string; lines?: Record<string, number | string> }[];
  },
) {
  const pr = await lockPayroll(deps.db, p.tenant.accountId, p.id);
  if (pr.status !== 'draft' && pr.status !== 'rejected') throw conflict(PAYROLL_MSG.notEditable);
  if (!visibleTo(p.tenant) && p.rows.some((r) => r.lines)) throw forbidden(PAYROLL_MSG.noPermission);
  const seen = new Map<string, number>();
  p.rows.forEach((r, i) => {
    if (seen.has(r.employeeId)) throw fieldError(`employees.${i}.employeeId`, PAYROLL_MSG.employeeTwice);
    seen.set(r.employeeId, i);
  });
  const current = await deps.db
    .select({ employeeId: payrollRows.employeeId, breakdown: payrollRows.breakdown })
    .from(payrollRows)
    .where(and(eq(payrollRows.accountId, p.tenant.accountId), eq(payrollRows.payrollId, pr.id)));
  const kept = new Map(current.filter((c) => c.employeeId).map((c) => [c.employeeId!, c.breakdown]));
  const overrides: Record<string, Record<string, number | string>> = {};
  for (const r of p.rows) {
    const own = kept.get(r.employeeId);
    if (r.lines) overrides[r.employeeId] = r.lines;
    else if (own)
      overrides[r.employeeId] = Object.fromEntries(
        Object.entries(own)
          .filter(([k]) => !RESERVED_LINES.includes(k))
          .map(([k, v]) => [k, fromMinor(v)]),
      );
  }
  await updatePayroll(deps, {
    tenant: p.tenant,
    id: pr.id,
    fieldOf: (id) => `employees.${seen.get(id)}.lines`,
    body: {
      name: pr.name,
      description: pr.description ?? undefined,
      type: pr.type,
      mode: pr.mode,
      walletId: pr.walletId,
      employees: p.rows.map((r) => r.employeeId),
      daysBeforeMonthEndToCreatePayroll: pr.daysBeforeMonthEndToCreatePayroll,
      daysBeforeMonthEndToProcessPayroll: pr.daysBeforeMonthEndToProcessPayroll,
      scheduledPayDate: pr.scheduledPayDate,
      payrollBreakdown: overrides,
    },
  });
}

export async function deletePayroll(db: Db, p: { tenant: TenantContext; id: string }) {
  await db.transaction(async (tx) => {
    const r = await lockPayroll(tx, p.tenant.accountId, p.id);
    if (r.status !== 'draft') throw conflict(PAYROLL_MSG.notEditable.replace('or rejected ', ''));
    await tx.delete(payrolls).where(eq(payrolls.id, r.id));
  });
}
