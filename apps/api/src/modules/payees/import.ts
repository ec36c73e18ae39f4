// Vendor import (issue 23 §1): a CSV or xlsx file is read (platform/spreadsheet), each row checked
// (the vendor schema, NUBAN and name resolution — the resolved name wins), duplicates found by bank
// account within the file and against the company's vendors, and the result stored as a batch.
// Nothing reaches `payees` until the user confirms; the confirm writes every row or none.
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  IMPORT_MSG,
  PAYEE_MSG,
  payeeBody,
  VENDOR_IMPORT_COLUMNS,
  VENDOR_IMPORT_MAX_ROWS,
  type VendorImport,
  type VendorImportRow,
} from '@owo/contract';
import type { Db } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { conflict, notFound } from '../../platform/errors';
import type { TenantContext } from '../../platform/guard';
import { readImportSheet } from '../../platform/spreadsheet';
import { ACCOUNT_NOT_VERIFIED, resolveAccounts, UNKNOWN_BANK } from '../banks';
import { isUniqueViolation } from './service';
import { payeeImportBatches, payees } from './tables';

type Batch = typeof payeeImportBatches.$inferSelect;

export const VENDOR_TEMPLATE_EXAMPLE = [
  ['Adaeze Supplies Ltd', 'accounts@adaeze.ng', '08031234567', '12 Broad Street, Lagos', '058', '0123456785'],
];

export function batchDto(b: Batch): VendorImport {
  const errorRows = b.rows.filter((r) => r.errors.length).length;
  return {
    id: b.id,
    status: b.status,
    fileName: b.fileName,
    rowCount: b.rows.length,
    validRows: b.rows.length - errorRows,
    errorRows,
    rows: b.rows,
    createdAt: b.createdAt.toISOString(),
  };
}

/** POST /api/payee/import: validate every row and store the batch (no vendor is written). */
export async function uploadVendorImport(
  deps: AppDeps,
  p: { tenant: TenantContext; userId: string; file: { name: string; bytes: Buffer } | null },
): Promise<VendorImport> {
  const { accountId } = p.tenant;
  const records = await readImportSheet(
    p.file,
    VENDOR_IMPORT_COLUMNS,
    ['name', 'email', 'bankCode', 'accountNumber'],
    VENDOR_IMPORT_MAX_ROWS,
  );
  const rows: VendorImportRow[] = records.map(({ line, values: v }) => {
    const parsed = payeeBody.safeParse({
      name: v.name,
      email: v.email,
      phone: v.phone || null,
      billingAddress: v.billingAddress || null,
      bankCode: v.bankCode,
      accountNumber: v.accountNumber,
    });
    const errors = parsed.success
      ? []
      : parsed.error.issues.map((i) => ({ field: String(i.path[0] ?? 'row'), message: i.message }));
    const d = parsed.success ? parsed.data : null;
    return {
      row: line,
      name: (d?.name ?? v.name).slice(0, 200),
      email: (d?.email ?? v.email).slice(0, 254),
      phone: (d?.phone ?? v.phone) || null,
      billingAddress: (d?.billingAddress ?? v.billingAddress) || null,
      bankCode: v.bankCode.slice(0, 10),
      bankName: null,
      accountNumber: v.accountNumber.slice(0, 20),
      accountName: null,
      errors,
    };
  });
  // NUBAN + name resolution for the rows whose fields are well formed.
  const resolved = await resolveAccounts(
    deps,
    rows
      .filter((r) => !r.errors.length)
      .map((r) => ({ bankCode: r.bankCode, accountNumber: r.accountNumber })),
  );
  for (const r of rows) {
    if (r.errors.length) continue;
    const x = resolved.get(`${r.bankCode}:${r.accountNumber}`)!;
    if (!x.bank) r.errors.push({ field: 'bankCode', message: UNKNOWN_BANK });
    else {
      r.bankCode = x.bank.code;
      r.bankName = x.bank.name;
      if (!x.accountName) r.errors.push({ field: 'accountNumber', message: ACCOUNT_NOT_VERIFIED });
      else r.accountName = x.accountName;
    }
  }
  markDuplicates(rows);
  const keys = rows.filter((r) => r.accountName).map((r) => `${r.bankCode}:${r.accountNumber}`);
  if (keys.length) {
    const existing = await deps.db
      .select({ bankCode: payees.bankCode, accountNumber: payees.accountNumber })
      .from(payees)
      .where(
        and(
          eq(payees.accountId, accountId),
          inArray(sql`(${payees.bankCode} || ':' || ${payees.accountNumber})`, keys),
        ),
      );
    const taken = new Set(existing.map((e) => `${e.bankCode}:${e.accountNumber}`));
    for (const r of rows)
      if (taken.has(`${r.bankCode}:${r.accountNumber}`))
        r.errors.push({ field: 'accountNumber', message: IMPORT_MSG.duplicateExisting });
  }
  const [b] = await deps.db
    .insert(payeeImportBatches)
    .values({ accountId, fileName: p.file!.name.slice(0, 200), rows, createdBy: p.userId })
    .returning();
  return batchDto(b);
}

/** Within the file: the second and later rows with one bank account name the first one's row. */
function markDuplicates(rows: VendorImportRow[]) {
  const first = new Map<string, number>();
  for (const r of rows) {
    if (!r.accountName) continue;
    const k = `${r.bankCode}:${r.accountNumber}`;
    const f = first.get(k);
    if (f === undefined) first.set(k, r.row);
    else
      r.errors.push({
        field: 'accountNumber',
        message: IMPORT_MSG.duplicateInFile.replace('{row}', String(f)),
      });
  }
}

export async function getVendorImport(db: Db, accountId: string, id: string): Promise<VendorImport> {
  const [b] = await db
    .select()
    .from(payeeImportBatches)
    .where(and(eq(payeeImportBatches.id, id), eq(payeeImportBatches.accountId, accountId)));
  if (!b) throw notFound('Import');
  return batchDto(b);
}

/** POST /api/payee/import/{id}/confirm: every row becomes a vendor, or none does. Once. */
export async function confirmVendorImport(
  deps: AppDeps,
  p: { tenant: TenantContext; userId: string; id: string },
): Promise<number> {
  try {
    return await deps.db.transaction(async (tx) => {
      const [b] = await tx
        .select()
        .from(payeeImportBatches)
        .where(and(eq(payeeImportBatches.id, p.id), eq(payeeImportBatches.accountId, p.tenant.accountId)))
        .for('update');
      if (!b) throw notFound('Import');
      if (b.status !== 'pending') throw conflict(IMPORT_MSG.alreadyConfirmed);
      if (b.rows.some((r) => r.errors.length)) throw conflict(IMPORT_MSG.hasErrors);
      await tx.insert(payees).values(
        b.rows.map((r) => ({
          accountId: b.accountId,
          name: r.name,
          email: r.email,
          phone: r.phone,
          billingAddress: r.billingAddress,
          bankCode: r.bankCode,
          bankName: r.bankName!,
          accountNumber: r.accountNumber,
          accountName: r.accountName!,
          createdBy: p.userId,
        })),
      );
      await tx
        .update(payeeImportBatches)
        .set({ status: 'confirmed', confirmedAt: sql`now()` })
        .where(eq(payeeImportBatches.id, b.id));
      return b.rows.length;
    });
  } catch (err) {
    // A vendor with one of these accounts was added since the upload: nothing was written.
    if (isUniqueViolation(err)) throw conflict(PAYEE_MSG.duplicateAccount);
    throw err;
  }
}
