// Employees added, edited, deleted and re-invited (issue 25); every change of the headcount or of an
// employee's pay recomputes the account's open runs in the same transaction (issue 35 §5).
import { and, eq, sql } from 'drizzle-orm';
import { PAYROLL_MSG } from '@owo/contract';
import { z } from 'zod';
import type { Db, DbOrTx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { forbidden, notFound } from '../../platform/errors';
import type { TenantContext } from '../../platform/guard';
import { cancelApproval } from '../approvals';
import { maskedBank } from '../audit';
import { employeeBankChanges, payrollEmployees } from './tables';
import type { employeeUpdateInput } from '@owo/contract';
import { prepareEmployees } from './employee-input';
import { companyName, invite } from './invite-employees';
import { afterHeadcountChange, lockPayContext, refreshOpenRuns } from './pay-context';
import { employeeLines } from './run-figures';
import { type EmployeeRow, type Parsed, visibleTo } from './shared';

export async function addEmployees(deps: AppDeps, p: { tenant: TenantContext; employees: Parsed[] }) {
  const values = await prepareEmployees(deps, p.tenant.accountId, p.employees);
  return deps.db.transaction(async (tx) => {
    const before = await lockPayContext(tx, p.tenant.accountId);
    const rows = await tx
      .insert(payrollEmployees)
      .values(values.map((v) => ({ ...v, accountId: p.tenant.accountId })))
      .returning();
    await afterHeadcountChange(tx, p.tenant.accountId, before);
    const company = await companyName(tx, p.tenant.accountId);
    for (const r of rows) await invite(deps, tx, r, company);
    return rows.map((r) => r.id);
  });
}

export async function resendInvitation(deps: AppDeps, p: { tenant: TenantContext; id: string }) {
  await deps.db.transaction(async (tx) => {
    const e = await lockEmployee(tx, p.tenant.accountId, p.id);
    await invite(deps, tx, e, await companyName(tx, p.tenant.accountId));
  });
}

async function lockEmployee(tx: DbOrTx, accountId: string, id: string): Promise<EmployeeRow> {
  const [e] = await tx
    .select()
    .from(payrollEmployees)
    .where(and(eq(payrollEmployees.id, id), eq(payrollEmployees.accountId, accountId)))
    .for('update');
  if (!e) throw notFound('Employee');
  return e;
}

/**
 * PUT /payrolls/employees/{id}: an omitted figure, account number or RSA PIN keeps the stored value;
 * a caller without canViewPayrollSensitiveData may change everything but the figures.
 */
export async function updateEmployee(
  deps: AppDeps,
  p: { tenant: TenantContext; id: string; body: z.output<typeof employeeUpdateInput> },
) {
  const b = p.body;
  const figures = b.salaryAmount !== undefined || b.annualRent !== undefined || b.components !== undefined;
  if (figures && !visibleTo(p.tenant)) throw forbidden(PAYROLL_MSG.noPermission);
  return deps.db.transaction(async (tx) => {
    await lockPayContext(tx, p.tenant.accountId); // lock order: context, employee, runs
    const stored = await lockEmployee(tx, p.tenant.accountId, p.id);
    const [prepared] = await prepareEmployees(
      deps,
      p.tenant.accountId,
      [
        {
          ...b,
          salaryAmount: b.salaryAmount ?? stored.salaryMinor,
          annualRent: b.annualRent ?? stored.annualRentMinor,
          nhfEnabled: b.nhfEnabled ?? stored.nhfEnabled,
        },
      ],
      p.id,
      { keepBank: stored, fieldOf: () => '' },
    );
    // the RSA PIN never leaves in full, so an update without one keeps the stored PIN
    const { rsaPin, rsaPinLast4, components, ...rest } = prepared;
    const v = {
      ...rest,
      ...(b.rsaPin ? { rsaPin, rsaPinLast4 } : {}),
      components: b.components === undefined ? stored.components : components,
    };
    const [after] = await tx
      .update(payrollEmployees)
      .set({ ...v, updatedAt: sql`now()` })
      .where(and(eq(payrollEmployees.id, p.id), eq(payrollEmployees.accountId, p.tenant.accountId)))
      .returning();
    // the employee's rows in open runs follow the edit of their pay (issue 35 §5)
    await refreshOpenRuns(tx, p.tenant.accountId, {
      id: p.id,
      before: employeeLines(stored),
      after: employeeLines(after),
    });
    // the salary account before and after, masked (the stored number is sealed: its last four)
    const before = employeeBank(stored);
    const now = employeeBank(after);
    return { bankChange: JSON.stringify(before) === JSON.stringify(now) ? null : { before, after: now } };
  });
}

/** An employee's salary account for the audit log: the number masked to its last four digits. */
export const employeeBank = (
  e: Pick<EmployeeRow, 'bankCode' | 'bankName' | 'accountName' | 'accountNumberLast4'>,
) => maskedBank({ ...e, accountNumber: e.accountNumberLast4 });

/**
 * DELETE /payrolls/employees/{id}. A bank change still open for approval goes with the employee
 * (its row cascades), so its approval item is closed through the engine (`cancelApproval`) in the
 * same transaction: nothing is left pending with no record to load.
 */
export async function deleteEmployee(db: Db, p: { tenant: TenantContext; id: string; userId: string }) {
  await db.transaction(async (tx) => {
    const before = await lockPayContext(tx, p.tenant.accountId);
    const open = await tx
      .select({ id: employeeBankChanges.id })
      .from(employeeBankChanges)
      .where(
        and(
          eq(employeeBankChanges.employeeId, p.id),
          eq(employeeBankChanges.accountId, p.tenant.accountId),
          eq(employeeBankChanges.status, 'pending'),
        ),
      );
    for (const c of open)
      await cancelApproval(tx, {
        accountId: p.tenant.accountId,
        type: 'employeeBankChange',
        resourceId: c.id,
        userId: p.userId,
        comments: 'The employee was deleted',
      });
    const [row] = await tx
      .delete(payrollEmployees)
      .where(and(eq(payrollEmployees.id, p.id), eq(payrollEmployees.accountId, p.tenant.accountId)))
      .returning({ id: payrollEmployees.id });
    if (!row) throw notFound('Employee');
    await afterHeadcountChange(tx, p.tenant.accountId, before);
  });
}
