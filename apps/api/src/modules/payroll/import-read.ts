// An employee import as the API shows it (issue 25 §2): counts, progress and rows, figures only for
// a caller who may view payroll sensitive data.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { fromMinor, PAYROLL_IMPORT_MSG, type ImportBatch, type ImportEntry } from '@owo/contract';
import type { DbOrTx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import type { TenantContext } from '../../platform/guard';
import { visibleTo } from './shared';
import { importBatches } from '../../platform/tables';
import { payrollImportEntries } from './tables';
import { type Batch, type Entry, lockBatch, PAYROLL_IMPORT, problemSql, statusOf } from './import-batch';

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
    fileName: b.fileName || null,
    status: statusOf(b),
    salaryVisible: visible,
    total: b.rowCount,
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
    .from(importBatches)
    .where(
      and(
        eq(importBatches.accountId, tenant.accountId),
        eq(importBatches.kind, PAYROLL_IMPORT.kind),
        eq(importBatches.status, 'pending'),
      ),
    )
    .orderBy(desc(importBatches.createdAt))
    .limit(1);
  return b ? batchDto(deps.db, b, visibleTo(tenant)) : null;
}
