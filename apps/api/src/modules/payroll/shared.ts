// Payroll and people (issue 25): what the payroll module's use-case files share: the row types,
// the vault field names of bank numbers and RSA PINs, the masking and money helpers, the run lock,
// and the effective status of a row (its transfer's outcome read through).
import { and, eq, sql } from 'drizzle-orm';
import { canViewPayrollSensitiveData, fromMinor, type PayrollRowStatus } from '@owo/contract';
import { z } from 'zod';
import type { DbOrTx } from '../../platform/db';
import { notFound } from '../../platform/errors';
import type { TenantContext } from '../../platform/guard';
import { transactions } from '../../platform/schema';
import { payrollEmployees, payrollRows, payrolls } from './tables';
import type { employeeInput } from '@owo/contract';

export type EmployeeRow = typeof payrollEmployees.$inferSelect;
export type PayrollRec = typeof payrolls.$inferSelect;
export type AfterCommit = (fn: () => Promise<void> | void) => void;
export type Parsed = z.output<typeof employeeInput>;

export const EMPLOYEE_ACCOUNT_FIELD = 'payroll_employees.account_number';
export const EMPLOYEE_RSA_PIN_FIELD = 'payroll_employees.rsa_pin';
export const ROW_ACCOUNT_FIELD = 'payroll_rows.account_number';
/** A row's RSA PIN is the employee's ciphertext copied as it is (sealed under the employee's field
 *  name, as a pending bank change is), so the snapshot needs no decryption and old rows could be
 *  back-filled in SQL; `platform/vault/fields.ts` lists `payroll_rows.rsa_pin` under that name. */
export const ROW_RSA_PIN_FIELD = EMPLOYEE_RSA_PIN_FIELD;

export const mapMoney = (r: Record<string, number>) =>
  Object.fromEntries(Object.entries(r).map(([k, v]) => [k, fromMinor(v)]));
export const maskNumber = (last4: string) => `******${last4}`;
/** What a figure shows in a PDF to a role without canViewPayrollSensitiveData (the screens' asterisks). */
export const MASKED_FIGURE = '******';
export const visibleTo = (tenant: TenantContext) => canViewPayrollSensitiveData(tenant.roleSlug);

export async function lockPayroll(tx: DbOrTx, accountId: string, id: string): Promise<PayrollRec> {
  const [r] = await tx
    .select()
    .from(payrolls)
    .where(and(eq(payrolls.id, id), eq(payrolls.accountId, accountId)))
    .for('update');
  if (!r) throw notFound('Payroll');
  return r;
}

export const rowStatusSql = sql<PayrollRowStatus>`case
  when ${payrollRows.status} = 'paying' and ${transactions.status} = 'success' then 'paid'
  when ${payrollRows.status} = 'paying' and ${transactions.status} in ('failed', 'reversed') then 'failed'
  else ${payrollRows.status} end`;
