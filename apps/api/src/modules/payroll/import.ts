// Employee import with validation batches (issue 25 §2, 002 §7 csv calls). A spreadsheet is read on
// the server (CSV, xlsx, xls), its rows become a batch of entries checked per column (required
// fields, salary, email, bank, NUBAN, duplicates within the file and against existing employees);
// account names are then resolved in the background (pg-boss) with progress. Nothing reaches
// `payroll_employees` until the batch is committed, and a commit is all or nothing.
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  checkNuban,
  fromMinor,
  PAYROLL_IMPORT_COLUMNS,
  PAYROLL_IMPORT_MAX_ROWS,
  PAYROLL_IMPORT_MSG,
  PAYROLL_IMPORT_REQUIRED_COLUMNS,
  PAYROLL_MSG,
  salarySchema,
  type ImportBatch,
  type ImportEntry,
  type ImportEntryInput,
  remittanceFields,
} from '@owo/contract';
import { z } from 'zod';
import type { DbOrTx, Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { conflict, fieldError, notFound } from '../../platform/errors';
import type { TenantContext } from '../../platform/guard';
import { defineQueue, sendJobSoon } from '../../platform/jobs';
import { parseSheet, SheetError, sheetObjects } from '../../platform/spreadsheet';
import { vaultFor } from '../../platform/vault';
import { vaultField } from '../../platform/vault/fields';
import { sealed } from '../../platform/vault/ops';
import { railsOf } from '../../rails';
import type { Bank } from '../../rails/port';
import { inviteEmployees } from './invite-employees';
import { afterHeadcountChange, lockPayContext } from './pay-context';
import { EMPLOYEE_ACCOUNT_FIELD, EMPLOYEE_RSA_PIN_FIELD, visibleTo } from './shared';
import { payrollImportBatches, payrollImportEntries } from './tables';

export const IMPORT_ENTRY_FIELD = 'payroll_import_entries.account_number';
export const IMPORT_RSA_PIN_FIELD = 'payroll_import_entries.rsa_pin';
export const IMPORT_RESOLVE_QUEUE = 'payroll-import-resolve';
/** Name lookups in flight at once while resolving a batch. */
const RESOLVE_PARALLEL = 16;
const RESOLVE_CHUNK = 500;

type Batch = typeof payrollImportBatches.$inferSelect;
type Entry = typeof payrollImportEntries.$inferSelect;
type Cells = Required<{ [K in keyof ImportEntryInput]: string }>;

// ---- extract ----

/** Rows of a spreadsheet mapped to the template's columns (headers in any case). */
export async function extractEmployees(buffer: Buffer, fileName: string) {
  let rows: Record<string, string>[];
  try {
    rows = sheetObjects(await parseSheet(buffer, fileName));
  } catch (e) {
    if (e instanceof SheetError)
      throw fieldError('file', e.reason === 'legacy' ? e.message : PAYROLL_IMPORT_MSG.fileFormat);
    throw e;
  }
  if (!rows.length) throw fieldError('file', PAYROLL_IMPORT_MSG.empty);
  if (rows.length > PAYROLL_IMPORT_MAX_ROWS) throw fieldError('file', PAYROLL_IMPORT_MSG.tooMany);
  const present = new Set(Object.keys(rows[0]));
  const missing = PAYROLL_IMPORT_REQUIRED_COLUMNS.filter((c) => !present.has(c.toLowerCase()));
  if (missing.length) throw fieldError('file', PAYROLL_IMPORT_MSG.missingColumns + missing.join(', '));
  const entries = rows.map(
    (r) =>
      Object.fromEntries(
        PAYROLL_IMPORT_COLUMNS.map((c) => [c, (r[c.toLowerCase()] ?? '').slice(0, 200)]),
      ) as Cells,
  );
  return { fileName, columns: [...PAYROLL_IMPORT_COLUMNS], entries };
}

// ---- checking one row ----

type BankIndex = { byCode: Map<string, Bank>; byName: Map<string, Bank> };

async function bankIndex(deps: AppDeps): Promise<BankIndex> {
  const banks = (await railsOf(deps).listBanks()).filter((b) => b.active);
  return {
    byCode: new Map(banks.map((b) => [b.code, b])),
    byName: new Map(banks.map((b) => [b.name.trim().toLowerCase(), b])),
  };
}

const emailSchema = z.string().email();
const moneyText = (s: string) => s.replace(/[₦,\s]/g, '').replace(/^NGN/i, '');

function parseRent(s: string): number | string {
  if (!s) return 0;
  const t = moneyText(s);
  if (!/^\d{1,13}(\.\d{1,2})?$/.test(t)) return PAYROLL_MSG.amountInvalid;
  const [w, f = ''] = t.split('.');
  return Number(w) * 100 + Number(f.padEnd(2, '0'));
}

/** A row's own problems and normalised values; duplicates are judged across the batch afterwards. */
function checkEntry(raw: ImportEntryInput, banks: BankIndex) {
  const c = Object.fromEntries(PAYROLL_IMPORT_COLUMNS.map((k) => [k, String(raw[k] ?? '').trim()])) as Cells;
  const errors: Record<string, string> = {};
  if (!c.name) errors.name = PAYROLL_MSG.nameMissing;
  else if (c.name.length > 120) errors.name = 'Name is too long';
  const email = c.email.toLowerCase();
  if (!email) errors.email = PAYROLL_IMPORT_MSG.required;
  else if (!emailSchema.safeParse(email).success) errors.email = PAYROLL_MSG.emailInvalid;
  let salaryMinor: number | null = null;
  if (!c.salaryAmount) errors.salaryAmount = PAYROLL_IMPORT_MSG.required;
  else {
    const s = salarySchema.safeParse(moneyText(c.salaryAmount));
    if (s.success) salaryMinor = s.data;
    else errors.salaryAmount = s.error.issues[0].message;
  }
  const rent = parseRent(c.annualRent);
  if (typeof rent === 'string') errors.annualRent = rent;
  const bank = banks.byCode.get(c.bankCode) ?? banks.byName.get(c.bankCode.toLowerCase()) ?? null;
  if (!c.bankCode) errors.bankCode = PAYROLL_IMPORT_MSG.required;
  else if (!bank) errors.bankCode = PAYROLL_IMPORT_MSG.bankUnknown;
  const digits = c.accountNumber.replace(/\s/g, '');
  if (!digits) errors.accountNumber = PAYROLL_IMPORT_MSG.required;
  else if (!/^\d{10}$/.test(digits)) errors.accountNumber = PAYROLL_IMPORT_MSG.accountDigits;
  else if (bank && !checkNuban(digits, bank).ok) errors.accountNumber = PAYROLL_IMPORT_MSG.nubanFailed;
  // the optional remittance columns: checked by the add body's own rules, kept as typed when wrong
  const remit: Record<'stateOfResidence' | 'pfaName' | 'rsaPin' | 'nhfNumber', string | null> = {
    stateOfResidence: null,
    pfaName: null,
    rsaPin: null,
    nhfNumber: null,
  };
  for (const k of Object.keys(remit) as (keyof typeof remit)[]) {
    const r = remittanceFields[k].safeParse(c[k]);
    if (r.success) remit[k] = (r.data as string | undefined) ?? null;
    else {
      errors[k] = r.error.issues[0].message;
      remit[k] = c[k];
    }
  }
  return {
    ...remit,
    name: c.name.slice(0, 200),
    email,
    salaryText: c.salaryAmount,
    salaryMinor,
    annualRentText: c.annualRent,
    annualRentMinor: typeof rent === 'number' ? rent : null,
    bankCode: bank?.code ?? c.bankCode,
    bankName: bank?.name ?? null,
    accountDigits: digits,
    validDigits: /^\d{10}$/.test(digits),
    errors,
    nameStatus: (Object.keys(errors).length ? 'skipped' : 'pending') as Entry['nameStatus'],
  };
}

function sealEntry(vault: ReturnType<typeof vaultFor>, digits: string, valid: boolean) {
  const f = vaultField(IMPORT_ENTRY_FIELD);
  const s = sealed(f, vault, digits);
  return {
    account_number: s[f.column],
    // only a well-formed number takes part in the duplicate checks
    account_number_hmac: valid ? s[f.hmac!] : null,
    account_number_last4: s[f.last4!],
  };
}

function sealPin(vault: ReturnType<typeof vaultFor>, pin: string | null) {
  if (!pin) return { rsa_pin: null, rsa_pin_last4: null };
  const s = sealed(vaultField(IMPORT_RSA_PIN_FIELD), vault, pin);
  return { rsa_pin: s.rsa_pin, rsa_pin_last4: s.rsa_pin_last4 };
}

/** Recomputes every row's duplicate flags (within the batch and against employees) in one statement. */
async function flagDuplicates(db: DbOrTx, accountId: string, batchId: string) {
  await db.execute(sql`
    update payroll_import_entries e
       set dup_email = x.de, email_taken = x.et, dup_account = x.da, account_taken = x.at
      from (
        select i.id,
          case when i.email = '' then false else count(*) over (partition by i.email) > 1 end as de,
          exists (select 1 from payroll_employees p where p.account_id = ${accountId} and p.email = i.email) as et,
          case when i.account_number_hmac is null then false
               else count(*) over (partition by i.bank_code, i.account_number_hmac) > 1 end as da,
          i.account_number_hmac is not null and exists (
            select 1 from payroll_employees p where p.account_id = ${accountId}
               and p.account_number_hmac = i.account_number_hmac and p.bank_code = i.bank_code) as at
          from payroll_import_entries i where i.batch_id = ${batchId}
      ) x
     where e.id = x.id
       and (e.dup_email, e.email_taken, e.dup_account, e.account_taken) is distinct from (x.de, x.et, x.da, x.at)`);
}

// ---- validate: entries → a batch ----

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
      .insert(payrollImportBatches)
      .values({
        accountId: p.tenant.accountId,
        userId: p.userId,
        fileName: p.fileName || null,
        status: pending ? 'validating' : 'validated',
        total: checked.length,
      })
      .returning({ id: payrollImportBatches.id });
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

// ---- background name resolution ----

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
    .update(payrollImportBatches)
    .set({ status: 'validated', updatedAt: sql`now()` })
    .where(and(eq(payrollImportBatches.id, batchId), eq(payrollImportBatches.status, 'validating')));
}

export function registerImportJobs(deps: AppDeps) {
  defineQueue<{ batchId: string }>(
    deps,
    IMPORT_RESOLVE_QUEUE,
    async (data) => resolveImportNames(deps, data.batchId),
    { concurrency: 1, retryLimit: 5, expireInSeconds: 600 },
  );
}

// ---- reading ----

const problemSql = sql`(${payrollImportEntries.errors} <> '{}'::jsonb or ${payrollImportEntries.dupEmail}
  or ${payrollImportEntries.emailTaken} or ${payrollImportEntries.dupAccount} or ${payrollImportEntries.accountTaken})`;

async function lockBatch(tx: DbOrTx, accountId: string, id: string, lock = true): Promise<Batch> {
  const q = tx
    .select()
    .from(payrollImportBatches)
    .where(and(eq(payrollImportBatches.id, id), eq(payrollImportBatches.accountId, accountId)));
  const [b] = lock ? await q.for('update') : await q;
  if (!b) throw notFound('Import');
  return b;
}

async function batchDto(db: DbOrTx, b: Batch, visible: boolean): Promise<ImportBatch> {
  const [c] = await db
    .select({
      invalid: sql<number>`count(*) filter (where ${problemSql})::int`,
      valid: sql<number>`count(*) filter (where not ${problemSql} and ${payrollImportEntries.nameStatus} = 'resolved')::int`,
      done: sql<number>`count(*) filter (where ${payrollImportEntries.nameStatus} in ('resolved', 'failed'))::int`,
      toCheck: sql<number>`count(*) filter (where ${payrollImportEntries.nameStatus} <> 'skipped')::int`,
    })
    .from(payrollImportEntries)
    .where(eq(payrollImportEntries.batchId, b.id));
  return {
    id: b.id,
    fileName: b.fileName,
    status: b.status,
    salaryVisible: visible,
    total: b.total,
    validCount: c.valid,
    invalidCount: c.invalid,
    progress: { done: c.done, total: c.toCheck },
    createdAt: b.createdAt.toISOString(),
    updatedAt: b.updatedAt.toISOString(),
  };
}

export function entryDto(e: Entry, visible: boolean): ImportEntry {
  const errors = { ...e.errors };
  if (e.dupEmail) errors.email ??= PAYROLL_IMPORT_MSG.emailDuplicate;
  if (e.emailTaken) errors.email ??= PAYROLL_IMPORT_MSG.emailTaken;
  if (e.dupAccount) errors.accountNumber ??= PAYROLL_IMPORT_MSG.accountDuplicate;
  if (e.accountTaken) errors.accountNumber ??= PAYROLL_IMPORT_MSG.accountTaken;
  const money = (minor: number | null, text: string) =>
    !visible ? null : minor !== null ? fromMinor(minor) : text;
  return {
    id: e.id,
    rowNo: e.rowNo,
    name: e.name,
    email: e.email,
    salaryAmount: money(e.salaryMinor, e.salaryText),
    annualRent: money(e.annualRentMinor, e.annualRentText),
    bankCode: e.bankCode,
    bankName: e.bankName,
    accountNumber: e.accountNumberLast4 ? `******${e.accountNumberLast4}` : '',
    accountName: e.accountName,
    stateOfResidence: e.stateOfResidence,
    pfaName: e.pfaName,
    rsaPin: e.rsaPinLast4 ? `******${e.rsaPinLast4}` : null,
    nhfNumber: e.nhfNumber,
    nameStatus: e.nameStatus,
    errors,
    valid: !Object.keys(errors).length && e.nameStatus === 'resolved',
  };
}

export async function getImport(
  deps: AppDeps,
  p: { tenant: TenantContext; id: string; q: { page: number; limit: number; problems: boolean } },
) {
  const b = await lockBatch(deps.db, p.tenant.accountId, p.id, false);
  const visible = visibleTo(p.tenant);
  const where = and(eq(payrollImportEntries.batchId, b.id), p.q.problems ? problemSql : undefined);
  const [{ n }] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(payrollImportEntries)
    .where(where);
  const rows = await deps.db
    .select()
    .from(payrollImportEntries)
    .where(where)
    .orderBy(asc(payrollImportEntries.rowNo))
    .limit(p.q.limit)
    .offset((p.q.page - 1) * p.q.limit);
  return {
    ...(await batchDto(deps.db, b, visible)),
    entries: rows.map((r) => entryDto(r, visible)),
    page: p.q.page,
    limit: p.q.limit,
    entriesTotal: n,
  };
}

/** The account's open import (validating or validated, newest), or null. */
export async function activeImport(deps: AppDeps, tenant: TenantContext) {
  const [b] = await deps.db
    .select()
    .from(payrollImportBatches)
    .where(
      and(
        eq(payrollImportBatches.accountId, tenant.accountId),
        inArray(payrollImportBatches.status, ['validating', 'validated']),
      ),
    )
    .orderBy(desc(payrollImportBatches.createdAt))
    .limit(1);
  return b ? batchDto(deps.db, b, visibleTo(tenant)) : null;
}

// ---- fixing, retrying, committing ----

const isOpen = (b: Batch) => b.status === 'validating' || b.status === 'validated';

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
      .update(payrollImportBatches)
      .set({ updatedAt: sql`now()` })
      .where(eq(payrollImportBatches.id, b.id));
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
      .update(payrollImportBatches)
      .set({ status: pending.length ? 'validating' : 'validated', updatedAt: sql`now()` })
      .where(eq(payrollImportBatches.id, b.id));
    await flagDuplicates(tx, p.tenant.accountId, b.id);
    return n > 0 || pending.length > 0;
  });
  if (again) sendJobSoon(deps, IMPORT_RESOLVE_QUEUE, { batchId: p.id }, { singletonKey: p.id });
}

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
      if (b.status === 'validating') throw conflict(PAYROLL_IMPORT_MSG.stillChecking);
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
      const settings = before.settings;
      const empField = vaultField(EMPLOYEE_ACCOUNT_FIELD);
      const pinField = vaultField(EMPLOYEE_RSA_PIN_FIELD);
      const values = entries.map((e) => {
        const plain = vault.decrypt(IMPORT_ENTRY_FIELD, e.accountNumber);
        const s = sealed(empField, vault, plain);
        // the RSA PIN is re-sealed under the employee's field (the field is bound into the ciphertext)
        const pin = e.rsaPin ? sealed(pinField, vault, vault.decrypt(IMPORT_RSA_PIN_FIELD, e.rsaPin)) : null;
        return {
          account_id: p.tenant.accountId,
          name: e.name,
          email: e.email,
          salary_minor: e.salaryMinor,
          annual_rent_minor: e.annualRentMinor ?? 0,
          nhf_enabled: settings.nhfDefault,
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
      await afterHeadcountChange(tx, p.tenant.accountId, before);
      await inviteEmployees(deps, tx, p.tenant.accountId, created);
      await tx.delete(payrollImportEntries).where(eq(payrollImportEntries.batchId, b.id));
      await tx
        .update(payrollImportBatches)
        .set({ status: 'committed', updatedAt: sql`now()` })
        .where(eq(payrollImportBatches.id, b.id));
      return created.length;
    });
  } catch (e) {
    // a concurrent add took one of the emails between the check and the insert
    const code = (e as { code?: string }).code ?? (e as { cause?: { code?: string } }).cause?.code;
    if (code === '23505') throw conflict(PAYROLL_IMPORT_MSG.hasProblems);
    throw e;
  }
}

/** POST {batchId}/discard: the batch is closed and its rows (salaries, vaulted numbers) deleted. */
export async function discardImport(deps: AppDeps, p: { tenant: TenantContext; id: string }) {
  await deps.db.transaction(async (tx: Tx) => {
    const b = await lockBatch(tx, p.tenant.accountId, p.id);
    if (!isOpen(b)) throw conflict(PAYROLL_IMPORT_MSG.notOpen);
    await tx.delete(payrollImportEntries).where(eq(payrollImportEntries.batchId, b.id));
    await tx
      .update(payrollImportBatches)
      .set({ status: 'discarded', updatedAt: sql`now()` })
      .where(eq(payrollImportBatches.id, b.id));
  });
}

export async function deleteImport(deps: AppDeps, p: { tenant: TenantContext; id: string }) {
  const [r] = await deps.db
    .delete(payrollImportBatches)
    .where(and(eq(payrollImportBatches.id, p.id), eq(payrollImportBatches.accountId, p.tenant.accountId)))
    .returning({ id: payrollImportBatches.id });
  if (!r) throw notFound('Import');
}

/** The template: the add body's column names. */
export const IMPORT_TEMPLATE_CSV = `${PAYROLL_IMPORT_COLUMNS.join(',')}\n`;
