// Recurring and scheduled payrolls (issue 25 §3), run by the payroll ticker (pg-boss's sweep lock:
// one process at a time; and the `payrolls_parent_period_key` unique index, so a month's run is made
// once even when two workers race past the lock, e.g. a killed worker's sweep and a new one).
// - A recurring payroll, once approved, gets one run per later month, created on
//   `daysBeforeMonthEndToCreatePayroll` days before month end (Lagos), named for its month, paid on
//   `daysBeforeMonthEndToProcessPayroll` days before month end, and submitted to the approvals engine.
// - An approved payroll whose scheduled pay date has come is paid (payRows: the whole net held).
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { AppDeps } from '../../platform/deps';
import type { TenantContext } from '../../platform/guard';
import { defineTicker } from '../../platform/jobs';
import { lagosToday } from '../../platform/dates';
import { runAfterCommit } from '../approvals';
import { createPayroll } from './create-run';
import { payRows } from './pay-run';
import { submitPayroll } from './review-run';
import { lockPayroll } from './shared';
import { payrollRows, payrolls } from './tables';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** The last day of `period`'s month minus `days` (never before the 1st), as YYYY-MM-DD. */
export function daysBeforeMonthEnd(period: string, days: number): string {
  const [y, m] = period.split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const d = Math.max(1, last - days);
  return `${period}-${String(d).padStart(2, '0')}`;
}

export const periodName = (period: string) => {
  const [y, m] = period.split('-').map(Number);
  return `${MONTHS[m - 1]} ${y}`;
};

const tenantFor = (accountId: string) =>
  ({ accountId, accountName: '', roleSlug: 'owner' }) as unknown as TenantContext;

/** Creates this month's run of every due recurring payroll; answers the ids it made. */
export async function createRecurringRuns(deps: AppDeps, today = lagosToday()): Promise<string[]> {
  const period = today.slice(0, 7);
  const templates = await deps.db
    .select()
    .from(payrolls)
    .where(
      and(
        eq(payrolls.type, 'recurring'),
        isNull(payrolls.parentId),
        inArray(payrolls.status, ['approved', 'paying']),
        sql`to_char(${payrolls.createdAt} at time zone 'Africa/Lagos', 'YYYY-MM') < ${period}`,
        sql`not exists (select 1 from payrolls c where c.parent_id = payrolls.id and c.period = ${period})`,
      ),
    )
    .orderBy(asc(payrolls.createdAt));
  const made: string[] = [];
  for (const tpl of templates) {
    const createDay = daysBeforeMonthEnd(period, tpl.daysBeforeMonthEndToCreatePayroll ?? 0);
    if (today < createDay) continue;
    const payDay = daysBeforeMonthEnd(period, tpl.daysBeforeMonthEndToProcessPayroll ?? 0);
    const employees = (
      await deps.db
        .select({ id: payrollRows.employeeId })
        .from(payrollRows)
        .where(and(eq(payrollRows.payrollId, tpl.id), sql`${payrollRows.employeeId} is not null`))
    ).map((r) => r.id!);
    if (!employees.length) continue;
    const tenant = tenantFor(tpl.accountId);
    try {
      const id = await createPayroll(deps, {
        tenant,
        userId: tpl.makerUserId,
        body: {
          name: `${tpl.name} — ${periodName(period)}`.slice(0, 120),
          description: tpl.description ?? undefined,
          type: 'recurring',
          mode: tpl.mode,
          walletId: tpl.walletId,
          employees,
          daysBeforeMonthEndToCreatePayroll: tpl.daysBeforeMonthEndToCreatePayroll,
          daysBeforeMonthEndToProcessPayroll: tpl.daysBeforeMonthEndToProcessPayroll,
          scheduledPayDate: payDay > today ? payDay : null,
        },
        child: { parentId: tpl.id, period },
      });
      if (!id) continue;
      await runAfterCommit(await submitPayroll(deps, { tenant, id }));
      made.push(id);
    } catch (err) {
      // one company's problem (a limit, a deleted wallet) must not stop the others
      if (deps.config.LOG_LEVEL !== 'silent')
        console.error(`[payroll] recurring ${tpl.reference} ${period}:`, (err as Error).message);
    }
  }
  return made;
}

/**
 * Pays every approved payroll whose scheduled date has come (each locked: paid once), oldest date
 * first. One run the money core refuses (e.g. its manifest no longer matches what was approved, after
 * a fee change) stays approved and is logged; it never stops the other companies' runs.
 */
export async function payDueScheduled(deps: AppDeps, today = lagosToday()): Promise<number> {
  const due = await deps.db
    .select({ id: payrolls.id, accountId: payrolls.accountId, reference: payrolls.reference })
    .from(payrolls)
    .where(and(eq(payrolls.status, 'approved'), lte(payrolls.scheduledPayDate, today)))
    .orderBy(asc(payrolls.scheduledPayDate), asc(payrolls.createdAt), asc(payrolls.id))
    .limit(100);
  let paid = 0;
  for (const d of due) {
    const after: (() => Promise<void> | void)[] = [];
    try {
      const started = await deps.db.transaction(async (tx) => {
        const pr = await lockPayroll(tx, d.accountId, d.id);
        if (pr.status !== 'approved') return false;
        const rows = await tx
          .select()
          .from(payrollRows)
          .where(eq(payrollRows.payrollId, pr.id))
          .orderBy(asc(payrollRows.rowNo));
        await payRows(tx, deps, pr, rows, (fn) => after.push(fn));
        return true;
      });
      if (started) paid++;
    } catch (err) {
      if (deps.config.LOG_LEVEL !== 'silent')
        console.error(`[payroll] scheduled ${d.reference}:`, (err as Error).message);
      continue;
    }
    await runAfterCommit(after);
  }
  return paid;
}

export function registerPayrollTicker(deps: AppDeps) {
  defineTicker(deps, 'payroll-schedule', 60_000, async (d) => {
    await createRecurringRuns(d);
    await payDueScheduled(d);
  });
}
