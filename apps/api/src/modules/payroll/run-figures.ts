// A run's figures (issue 25): the account's statutory settings and headcount, an employee's standing
// lines, and each row computed through the statutory engine, with the run's totals.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { PAYROLL_MSG } from '@owo/contract';
import type { DbOrTx } from '../../platform/db';
import { fieldError } from '../../platform/errors';
import {
  computeEmployee,
  DEFAULT_STATUTORY,
  employeePayLines,
  RESERVED_LINES,
  type PayContext,
  type PayLine,
  type StatutorySettings,
} from './statutory';
import { payrollEmployees, payrollSettings } from './tables';
import type { EmployeeRow } from './shared';

export async function statutorySettings(db: DbOrTx, accountId: string): Promise<StatutorySettings> {
  const [s] = await db.select().from(payrollSettings).where(eq(payrollSettings.accountId, accountId));
  if (!s) return DEFAULT_STATUTORY;
  return {
    enabled: s.enabled,
    payeBands: s.payeBands ?? DEFAULT_STATUTORY.payeBands,
    rentReliefBp: s.rentReliefBp,
    rentReliefCapMinor: s.rentReliefCapMinor,
    pensionEmployeeBp: s.pensionEmployeeBp,
    pensionEmployerBp: s.pensionEmployerBp,
    pensionMinEmployees: s.pensionMinEmployees,
    nhfBp: s.nhfBp,
    nhfDefault: s.nhfDefault,
    nsitfBp: s.nsitfBp,
    nsitfBase: s.nsitfBase,
    minimumWageExempt: s.minimumWageExempt,
    minimumWageMonthlyMinor: s.minimumWageMonthlyMinor,
  };
}

export async function headcount(db: DbOrTx, accountId: string): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(payrollEmployees)
    .where(eq(payrollEmployees.accountId, accountId));
  return r.n;
}

/** An employee's standing lines: the salary, then each component (deductions negative). */
export function employeeLines(e: Pick<EmployeeRow, 'salaryMinor' | 'components'>): PayLine[] {
  return employeePayLines(e.salaryMinor, e.components);
}

export type ComputedRow = {
  employee: EmployeeRow;
  grossMinor: number;
  netMinor: number;
  breakdown: Record<string, number>;
  employerCosts: Record<string, number>;
};

function parseLines(raw: Record<string, number | string>, field: string): PayLine[] {
  return Object.entries(raw).map(([description, v]) => {
    const s = String(v).trim();
    if (!/^-?\d{1,13}(\.\d{1,2})?$/.test(s)) throw fieldError(field, PAYROLL_MSG.salaryDecimals);
    if (RESERVED_LINES.includes(description)) throw fieldError(field, PAYROLL_MSG.reservedLine);
    const neg = s.startsWith('-');
    const [w, f = ''] = s.replace('-', '').split('.');
    const minor = Number(w) * 100 + Number(f.padEnd(2, '0'));
    return { description, amountMinor: neg ? -minor : minor };
  });
}

/** Computes every employee's month with the account's statutory settings (pure after two reads). */
export async function computeRun(
  db: DbOrTx,
  accountId: string,
  employeeIds: string[],
  overrides?: Record<string, Record<string, number | string>>,
  fieldOf: (id: string) => string = (id) => `payrollBreakdown.${id}`,
  /** Filled with the company context the rows were computed with. */
  used?: Partial<PayContext>,
): Promise<ComputedRow[]> {
  const ids = [...new Set(employeeIds)];
  const found: EmployeeRow[] = [];
  for (let i = 0; i < ids.length; i += 5000)
    found.push(
      ...(await db
        .select()
        .from(payrollEmployees)
        .where(
          and(
            eq(payrollEmployees.accountId, accountId),
            inArray(payrollEmployees.id, ids.slice(i, i + 5000)),
          ),
        )),
    );
  if (found.length !== ids.length) throw fieldError('employees', PAYROLL_MSG.employeeNotFound);
  const byId = new Map(found.map((e) => [e.id, e]));
  const settings = await statutorySettings(db, accountId);
  const n = await headcount(db, accountId);
  if (used) Object.assign(used, { settings, headcount: n });
  return ids.map((id) => {
    const e = byId.get(id)!;
    const lines = overrides?.[id] ? parseLines(overrides[id], fieldOf(id)) : employeeLines(e);
    return { employee: e, ...computeRunRow(lines, e, settings, n) };
  });
}

export function computeRunRow(
  lines: PayLine[],
  e: Pick<EmployeeRow, 'annualRentMinor' | 'nhfEnabled'>,
  settings: StatutorySettings,
  headcountN: number,
) {
  const r = computeEmployee(
    { lines, annualRentMinor: e.annualRentMinor, nhfEnabled: e.nhfEnabled },
    settings,
    { headcount: headcountN },
  );
  return {
    grossMinor: r.grossMinor,
    netMinor: r.netMinor,
    breakdown: r.breakdown,
    employerCosts: r.employerCosts,
  };
}

export function totals(rows: Pick<ComputedRow, 'grossMinor' | 'netMinor' | 'breakdown' | 'employerCosts'>[]) {
  const breakdown: Record<string, number> = {};
  const employerCosts: Record<string, number> = {};
  let grossMinor = 0;
  let netMinor = 0;
  for (const r of rows) {
    grossMinor += r.grossMinor;
    netMinor += r.netMinor;
    for (const [k, v] of Object.entries(r.breakdown)) breakdown[k] = (breakdown[k] ?? 0) + v;
    for (const [k, v] of Object.entries(r.employerCosts)) employerCosts[k] = (employerCosts[k] ?? 0) + v;
  }
  const employerCostMinor = Object.values(employerCosts).reduce((a, v) => a + v, 0);
  return { grossMinor, netMinor, breakdown, employerCosts, employerCostMinor };
}
