// An employee import validated (issue 25 §2): entries become a batch, account names are resolved in
// the background, a row is fixed, failed lookups are retried.
import { and, asc, eq, sql } from 'drizzle-orm';
import { PAYROLL_IMPORT_MSG, type ImportEntryInput } from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { conflict, notFound } from '../../platform/errors';
import type { TenantContext } from '../../platform/guard';
import { defineQueue, sendJobSoon } from '../../platform/jobs';
import { vaultFor } from '../../platform/vault';
import { railsOf } from '../../rails';
import { visibleTo } from './shared';
import { importBatches } from '../../platform/tables';
import { payrollImportEntries } from './tables';
import {
  flagDuplicates,
  IMPORT_ENTRY_FIELD,
  IMPORT_RESOLVE_QUEUE,
  isOpen,
  lockBatch,
  PAYROLL_IMPORT,
} from './import-batch';
import { bankIndex, checkEntry, sealEntry, sealPin } from './import-check';
import { entryDto } from './import-read';

/** Name lookups in flight at once while resolving a batch. */
const RESOLVE_PARALLEL = 16;
const RESOLVE_CHUNK = 500;

export async function validateImport(
  deps: AppDeps,
  p: { tenant: TenantContext; userId: string; fileName?: string; entries: ImportEntryInput[] },
) {
  const banks = await bankIndex(deps);
  const vault = vaultFor(deps.config);
  const checked = p.entries.map((e) => checkEntry(e, banks));
  const pending = checked.some((c) => c.nameStatus === 'pending');
  const id = await deps.db.transaction(async (tx) => {
    const [b] = await tx
      .insert(importBatches)
      .values({
        accountId: p.tenant.accountId,
        kind: PAYROLL_IMPORT.kind,
        createdBy: p.userId,
        fileName: p.fileName || '',
        checking: pending,
        source: [],
        rows: [],
        rowCount: checked.length,
      })
      .returning({ id: importBatches.id });
    const values = checked.map((c, i) => ({
      batch_id: b.id,
      account_id: p.tenant.accountId,
      row_no: i + 1,
      name: c.name,
      email: c.email,
      salary_text: c.salaryText,
      salary_minor: c.salaryMinor,
      annual_rent_text: c.annualRentText,
      annual_rent_minor: c.annualRentMinor,
      bank_code: c.bankCode,
      bank_name: c.bankName,
      ...sealEntry(vault, c.accountDigits, c.validDigits),
      state_of_residence: c.stateOfResidence,
      pfa_name: c.pfaName,
      ...sealPin(vault, c.rsaPin),
      nhf_number: c.nhfNumber,
      name_status: c.nameStatus,
      errors: c.errors,
    }));
    for (let i = 0; i < values.length; i += 5000)
      await tx.execute(sql`
        insert into payroll_import_entries (batch_id, account_id, row_no, name, email, salary_text, salary_minor,
          annual_rent_text, annual_rent_minor, bank_code, bank_name, account_number, account_number_hmac,
          account_number_last4, state_of_residence, pfa_name, rsa_pin, rsa_pin_last4, nhf_number, name_status, errors)
        select * from json_to_recordset(${JSON.stringify(values.slice(i, i + 5000))}::json) as x(
          batch_id uuid, account_id uuid, row_no int, name text, email text, salary_text text, salary_minor bigint,
          annual_rent_text text, annual_rent_minor bigint, bank_code text, bank_name text, account_number text,
          account_number_hmac text, account_number_last4 text, state_of_residence text, pfa_name text, rsa_pin text,
          rsa_pin_last4 text, nhf_number text, name_status text, errors jsonb)`);
    await flagDuplicates(tx, p.tenant.accountId, b.id);
    return b.id;
  });
  if (pending) sendJobSoon(deps, IMPORT_RESOLVE_QUEUE, { batchId: id }, { singletonKey: id });
  return id;
}

/**
 * Resolves the account names of a batch's pending rows, 500 at a time (16 lookups in flight); each
 * chunk's results are written in one statement that only touches rows still pending, so a second
 * worker on the same batch (a retried job) never overwrites a result. Marks the batch validated.
 */
export async function resolveImportNames(deps: AppDeps, batchId: string) {
  const vault = vaultFor(deps.config);
  const rails = railsOf(deps);
  for (;;) {
    const rows = await deps.db
      .select({
        id: payrollImportEntries.id,
        bankCode: payrollImportEntries.bankCode,
        accountNumber: payrollImportEntries.accountNumber,
      })
      .from(payrollImportEntries)
      .where(and(eq(payrollImportEntries.batchId, batchId), eq(payrollImportEntries.nameStatus, 'pending')))
      .orderBy(asc(payrollImportEntries.rowNo))
      .limit(RESOLVE_CHUNK);
    if (!rows.length) break;
    const results: { id: string; name: string | null }[] = [];
    for (let i = 0; i < rows.length; i += RESOLVE_PARALLEL)
      results.push(
        ...(await Promise.all(
          rows.slice(i, i + RESOLVE_PARALLEL).map(async (r) => {
            const found = await rails.resolveAccount(
              vault.decrypt(IMPORT_ENTRY_FIELD, r.accountNumber),
              r.bankCode,
            );
            return { id: r.id, name: found?.accountName.trim() || null };
          }),
        )),
      );
    await deps.db.execute(sql`
      update payroll_import_entries e
         set account_name = x.name,
             name_status = case when x.name is null then 'failed' else 'resolved' end,
             errors = case when x.name is null
               then e.errors || jsonb_build_object('accountNumber', ${PAYROLL_IMPORT_MSG.accountNotVerified}::text)
               else e.errors end
        from json_to_recordset(${JSON.stringify(results)}::json) as x(id uuid, name text)
       where e.id = x.id and e.name_status = 'pending'`);
  }
  await deps.db
    .update(importBatches)
    .set({ checking: false, updatedAt: sql`now()` })
    .where(
      and(
        eq(importBatches.id, batchId),
        eq(importBatches.status, 'pending'),
        eq(importBatches.checking, true),
      ),
    );
}

export function registerImportJobs(deps: AppDeps) {
  defineQueue<{ batchId: string }>(
    deps,
    IMPORT_RESOLVE_QUEUE,
    async (data) => resolveImportNames(deps, data.batchId),
    { concurrency: 1, retryLimit: 5, expireInSeconds: 600 },
  );
}

/** PUT entries/{id}: the row as corrected, checked again (its name looked up now); duplicates recomputed. */
export async function fixEntry(
  deps: AppDeps,
  p: { tenant: TenantContext; id: string; body: ImportEntryInput },
) {
  const [e] = await deps.db
    .select()
    .from(payrollImportEntries)
    .where(and(eq(payrollImportEntries.id, p.id), eq(payrollImportEntries.accountId, p.tenant.accountId)));
  if (!e) throw notFound('Row');
  const c = checkEntry(p.body, await bankIndex(deps));
  let accountName: string | null = null;
  let nameStatus = c.nameStatus;
  if (nameStatus === 'pending') {
    const found = await railsOf(deps).resolveAccount(c.accountDigits, c.bankCode);
    accountName = found?.accountName.trim() || null;
    nameStatus = accountName ? 'resolved' : 'failed';
    if (!accountName) c.errors.accountNumber = PAYROLL_IMPORT_MSG.accountNotVerified;
  }
  const vault = vaultFor(deps.config);
  const s = sealEntry(vault, c.accountDigits, c.validDigits);
  const pin = sealPin(vault, c.rsaPin);
  return deps.db.transaction(async (tx) => {
    const b = await lockBatch(tx, p.tenant.accountId, e.batchId);
    if (!isOpen(b)) throw conflict(PAYROLL_IMPORT_MSG.notOpen);
    await tx
      .update(payrollImportEntries)
      .set({
        name: c.name,
        email: c.email,
        salaryText: c.salaryText,
        salaryMinor: c.salaryMinor,
        annualRentText: c.annualRentText,
        annualRentMinor: c.annualRentMinor,
        bankCode: c.bankCode,
        bankName: c.bankName,
        accountNumber: s.account_number,
        accountNumberHmac: s.account_number_hmac,
        accountNumberLast4: s.account_number_last4,
        stateOfResidence: c.stateOfResidence,
        pfaName: c.pfaName,
        rsaPin: pin.rsa_pin,
        rsaPinLast4: pin.rsa_pin_last4,
        nhfNumber: c.nhfNumber,
        accountName,
        nameStatus,
        errors: c.errors,
      })
      .where(eq(payrollImportEntries.id, e.id));
    await tx
      .update(importBatches)
      .set({ updatedAt: sql`now()` })
      .where(eq(importBatches.id, b.id));
    await flagDuplicates(tx, p.tenant.accountId, b.id);
    const [after] = await tx.select().from(payrollImportEntries).where(eq(payrollImportEntries.id, e.id));
    return entryDto(after, visibleTo(p.tenant));
  });
}

/** GET {id}/retry-validation: rows whose name lookup failed are looked up again; duplicates recomputed. */
export async function retryValidation(deps: AppDeps, p: { tenant: TenantContext; id: string }) {
  const again = await deps.db.transaction(async (tx) => {
    const b = await lockBatch(tx, p.tenant.accountId, p.id);
    if (!isOpen(b)) throw conflict(PAYROLL_IMPORT_MSG.notOpen);
    const r = await tx.execute(sql`
      update payroll_import_entries set name_status = 'pending', account_name = null,
             errors = errors - 'accountNumber'
       where batch_id = ${b.id} and name_status = 'failed'
         and errors - 'accountNumber' = '{}'::jsonb`);
    const n = r.rowCount ?? 0;
    const pending = await tx
      .select({ id: payrollImportEntries.id })
      .from(payrollImportEntries)
      .where(and(eq(payrollImportEntries.batchId, b.id), eq(payrollImportEntries.nameStatus, 'pending')))
      .limit(1);
    await tx
      .update(importBatches)
      .set({ checking: pending.length > 0, updatedAt: sql`now()` })
      .where(eq(importBatches.id, b.id));
    await flagDuplicates(tx, p.tenant.accountId, b.id);
    return n > 0 || pending.length > 0;
  });
  if (again) sendJobSoon(deps, IMPORT_RESOLVE_QUEUE, { batchId: p.id }, { singletonKey: p.id });
}
