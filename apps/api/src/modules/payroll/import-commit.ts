// An employee import committed all or nothing (issue 25 §2), discarded or deleted.
import { and, asc, eq, sql } from 'drizzle-orm';
import { PAYROLL_IMPORT_MSG } from '@owo/contract';
import type { Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { conflict, notFound } from '../../platform/errors';
import type { TenantContext } from '../../platform/guard';
import { vaultFor } from '../../platform/vault';
import { vaultField } from '../../platform/vault/fields';
import { sealed } from '../../platform/vault/ops';
import { inviteEmployees } from './invite-employees';
import { afterHeadcountChange, lockPayContext } from './pay-context';
import { EMPLOYEE_ACCOUNT_FIELD, EMPLOYEE_RSA_PIN_FIELD } from './shared';
import { importBatches } from '../../platform/tables';
import { payrollImportEntries } from './tables';
import {
  type Entry,
  flagDuplicates,
  IMPORT_ENTRY_FIELD,
  IMPORT_RSA_PIN_FIELD,
  isOpen,
  lockBatch,
  PAYROLL_IMPORT,
  problemSql,
} from './import-batch';

/**
 * POST {batchId}/commit: every row must be valid (else 409, nothing written); the employees are
 * inserted and invited in one transaction with the batch locked, so it commits once.
 */
export async function commitImport(deps: AppDeps, p: { tenant: TenantContext; id: string }) {
  const vault = vaultFor(deps.config);
  try {
    return await deps.db.transaction(async (tx) => {
      const b = await lockBatch(tx, p.tenant.accountId, p.id);
      if (!isOpen(b)) throw conflict(PAYROLL_IMPORT_MSG.notOpen);
      if (b.checking) throw conflict(PAYROLL_IMPORT_MSG.stillChecking);
      await flagDuplicates(tx, p.tenant.accountId, b.id);
      const [{ bad }] = await tx
        .select({
          bad: sql<number>`count(*) filter (where ${problemSql} or ${payrollImportEntries.nameStatus} <> 'resolved')::int`,
        })
        .from(payrollImportEntries)
        .where(eq(payrollImportEntries.batchId, b.id));
      if (bad > 0) throw conflict(PAYROLL_IMPORT_MSG.hasProblems);
      const entries = await tx
        .select()
        .from(payrollImportEntries)
        .where(eq(payrollImportEntries.batchId, b.id))
        .orderBy(asc(payrollImportEntries.rowNo));
      const before = await lockPayContext(tx, p.tenant.accountId);
      const values = employeeValues(vault, p.tenant.accountId, entries, before.settings.nhfDefault);
      const created = await insertEmployees(tx, values);
      await afterHeadcountChange(tx, p.tenant.accountId, before);
      await inviteEmployees(deps, tx, p.tenant.accountId, created);
      await tx.delete(payrollImportEntries).where(eq(payrollImportEntries.batchId, b.id));
      await tx
        .update(importBatches)
        .set({ status: 'confirmed', confirmedAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(importBatches.id, b.id));
      return created.length;
    });
  } catch (e) {
    // a concurrent add took one of the emails between the check and the insert
    const code = (e as { code?: string }).code ?? (e as { cause?: { code?: string } }).cause?.code;
    if (code === '23505') throw conflict(PAYROLL_IMPORT_MSG.hasProblems);
    throw e;
  }
}

type Vault = ReturnType<typeof vaultFor>;

/** The employees' column values: the bank number and RSA PIN re-sealed under the employee's fields. */
function employeeValues(vault: Vault, accountId: string, entries: Entry[], nhfDefault: boolean) {
  const empField = vaultField(EMPLOYEE_ACCOUNT_FIELD);
  const pinField = vaultField(EMPLOYEE_RSA_PIN_FIELD);
  return entries.map((e) => {
    const plain = vault.decrypt(IMPORT_ENTRY_FIELD, e.accountNumber);
    const s = sealed(empField, vault, plain);
    // the RSA PIN is re-sealed under the employee's field (the field is bound into the ciphertext)
    const pin = e.rsaPin ? sealed(pinField, vault, vault.decrypt(IMPORT_RSA_PIN_FIELD, e.rsaPin)) : null;
    return {
      account_id: accountId,
      name: e.name,
      email: e.email,
      salary_minor: e.salaryMinor,
      annual_rent_minor: e.annualRentMinor ?? 0,
      nhf_enabled: nhfDefault,
      bank_code: e.bankCode,
      bank_name: e.bankName,
      account_name: e.accountName,
      account_number: s[empField.column],
      account_number_hmac: s[empField.hmac!],
      account_number_last4: s[empField.last4!],
      state_of_residence: e.stateOfResidence,
      pfa_name: e.pfaName,
      rsa_pin: pin ? pin[pinField.column] : null,
      rsa_pin_last4: pin ? pin[pinField.last4!] : null,
      nhf_number: e.nhfNumber,
    };
  });
}

/** One statement per 5,000 employees; their ids, names and emails in order. */
async function insertEmployees(tx: Tx, values: ReturnType<typeof employeeValues>) {
  const created: { id: string; name: string; email: string }[] = [];
  for (let i = 0; i < values.length; i += 5000) {
    const r = await tx.execute(sql`
      insert into payroll_employees (account_id, name, email, salary_minor, annual_rent_minor, nhf_enabled,
        bank_code, bank_name, account_name, account_number, account_number_hmac, account_number_last4,
        state_of_residence, pfa_name, rsa_pin, rsa_pin_last4, nhf_number)
      select * from json_to_recordset(${JSON.stringify(values.slice(i, i + 5000))}::json) as x(
        account_id uuid, name text, email text, salary_minor bigint, annual_rent_minor bigint, nhf_enabled boolean,
        bank_code text, bank_name text, account_name text, account_number text, account_number_hmac text,
        account_number_last4 text, state_of_residence text, pfa_name text, rsa_pin text, rsa_pin_last4 text,
        nhf_number text)
      returning id, name, email`);
    created.push(...(r.rows as typeof created));
  }
  return created;
}

export async function deleteImport(deps: AppDeps, p: { tenant: TenantContext; id: string }) {
  const [r] = await deps.db
    .delete(importBatches)
    .where(
      and(
        eq(importBatches.id, p.id),
        eq(importBatches.accountId, p.tenant.accountId),
        eq(importBatches.kind, PAYROLL_IMPORT.kind),
      ),
    )
    .returning({ id: importBatches.id });
  if (!r) throw notFound('Import');
}
