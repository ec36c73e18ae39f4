// The company context of net pay (issue 35 §5): the headcount and statutory settings every net pay
// depends on, locked for a change, and the account's open runs recomputed when it moves.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import {
  pensionApplies,
  RESERVED_LINES,
  type PayContext,
  type PayLine,
  type StatutorySettings,
} from './statutory';
import { payrollEmployees, payrollRows, payrolls } from './tables';
import { computeRunRow, headcount, statutorySettings, totals } from './run-figures';

/**
 * Why the employee list and a run disagreed on one employee's net pay (₦297,325 against
 * ₦274,365 for a ₦350,000 salary): the pension line depends on the COMPANY (its headcount against
 * the coverage threshold, and its statutory settings), not on the employee. The list recomputes it
 * on every read; a run froze it when its rows were written. Adding, importing or deleting an
 * employee across the threshold (or saving the settings) silently moved everyone's net on the list
 * while the open run kept the old figure, and that old figure is what was sent for approval and
 * paid. Now every change of that context recomputes the account's OPEN runs (draft, rejected:
 * not before an approver, nothing paid) from their own lines in the same transaction, with the
 * same function as the list (`employeeNetPay` / `computeEmployee`). A pending run keeps what its
 * approvers see (the approval manifest), a paid one what was paid.
 */
export async function lockPayContext(tx: Tx, accountId: string) {
  // one change of an account's headcount at a time (two adds never both miss the threshold)
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('payroll-context:' || ${accountId}))`);
  const settings = await statutorySettings(tx, accountId);
  return { settings, headcount: await headcount(tx, accountId) };
}

/** After employees were added or removed: open runs recomputed if the pension coverage flipped. */
export async function afterHeadcountChange(
  tx: Tx,
  accountId: string,
  before: { settings: StatutorySettings; headcount: number },
) {
  const now = await headcount(tx, accountId);
  if (pensionApplies(before) !== pensionApplies({ settings: before.settings, headcount: now }))
    await refreshOpenRuns(tx, accountId);
}

/** Lines as a map (description → kobo), duplicates summed: how a row's breakdown holds them. */
const lineMap = (lines: PayLine[]) => {
  const m = new Map<string, number>();
  for (const l of lines) m.set(l.description, (m.get(l.description) ?? 0) + l.amountMinor);
  return m;
};
const sameLines = (a: PayLine[], b: PayLine[]) => {
  const x = lineMap(a);
  const y = lineMap(b);
  return x.size === y.size && [...x].every(([k, v]) => y.get(k) === v);
};

/**
 * Recomputes every open (draft, rejected) run of the account with the company's context now.
 * `employee`: only that employee's rows, after their pay was edited: a row whose lines are still
 * the employee's former standing lines follows the edit (`after`); a row given its own lines for
 * this run (PUT /payrolls/{id}/employees) keeps them, with its statutory lines recomputed for the
 * employee's rent and NHF switch now.
 */
type EditedEmployee = { id: string; before: PayLine[]; after: PayLine[] };

export async function refreshOpenRuns(tx: Tx, accountId: string, employee?: EditedEmployee) {
  const open = await tx
    .select({ id: payrolls.id })
    .from(payrolls)
    .where(and(eq(payrolls.accountId, accountId), inArray(payrolls.status, ['draft', 'rejected'])))
    .orderBy(asc(payrolls.id))
    .for('update');
  if (!open.length) return;
  const settings = await statutorySettings(tx, accountId);
  const n = await headcount(tx, accountId);
  for (const pr of open) await refreshRun(tx, pr.id, { settings, headcount: n }, employee);
}

/** One open run recomputed (its rows, then its totals); nothing written when no row changed. */
async function refreshRun(tx: Tx, payrollId: string, ctx: PayContext, employee?: EditedEmployee) {
  const rows = await tx
    .select({
      id: payrollRows.id,
      grossMinor: payrollRows.grossMinor,
      netMinor: payrollRows.netMinor,
      breakdown: payrollRows.breakdown,
      employerCosts: payrollRows.employerCosts,
      employeeId: payrollRows.employeeId,
      annualRentMinor: payrollEmployees.annualRentMinor,
      nhfEnabled: payrollEmployees.nhfEnabled,
    })
    .from(payrollRows)
    .leftJoin(payrollEmployees, eq(payrollEmployees.id, payrollRows.employeeId))
    .where(eq(payrollRows.payrollId, payrollId));
  const computed = rows.map((r) => {
    // a deleted employee's row keeps its snapshot (there is no rent or NHF switch to read)
    if (r.nhfEnabled === null || r.annualRentMinor === null || (employee && r.employeeId !== employee.id))
      return { ...r, changed: false };
    const own = Object.entries(r.breakdown)
      .filter(([k]) => !RESERVED_LINES.includes(k))
      .map(([description, amountMinor]) => ({ description, amountMinor }));
    const lines = employee && sameLines(own, employee.before) ? employee.after : own;
    const c = computeRunRow(
      lines,
      { annualRentMinor: r.annualRentMinor, nhfEnabled: r.nhfEnabled },
      ctx.settings,
      ctx.headcount,
    );
    return { id: r.id, ...c, changed: true };
  });
  const changed = computed
    .filter((c) => c.changed)
    .map((c) => ({
      id: c.id,
      gross_minor: c.grossMinor,
      net_minor: c.netMinor,
      breakdown: c.breakdown,
      employer_costs: c.employerCosts,
    }));
  if (!changed.length) return;
  for (let i = 0; i < changed.length; i += 5000)
    await tx.execute(sql`
      update payroll_rows r set gross_minor = x.gross_minor, net_minor = x.net_minor,
        breakdown = x.breakdown, employer_costs = x.employer_costs
      from json_to_recordset(${JSON.stringify(changed.slice(i, i + 5000))}::json)
        as x(id uuid, gross_minor bigint, net_minor bigint, breakdown jsonb, employer_costs jsonb)
      where r.id = x.id`);
  const t = totals(computed);
  await tx
    .update(payrolls)
    .set({
      grossMinor: t.grossMinor,
      netMinor: t.netMinor,
      employerCostMinor: t.employerCostMinor,
      breakdown: t.breakdown,
      employerCosts: t.employerCosts,
      updatedAt: sql`now()`,
    })
    .where(eq(payrolls.id, payrollId));
}

/**
 * In the transaction that writes a run's rows, once they are written: if the company context
 * (`now`, locked by `lockPayContext` FIRST in that transaction, so no employee joins or leaves
 * meanwhile and the lock order is always context, then runs) moved since the rows were computed
 * (an employee added or deleted, the settings saved in between), the account's open runs, this
 * one included, are recomputed.
 */
export async function settleRunContext(tx: Tx, accountId: string, now: PayContext, used: PayContext) {
  if (now.headcount !== used.headcount || JSON.stringify(now.settings) !== JSON.stringify(used.settings))
    await refreshOpenRuns(tx, accountId);
}
