// Vendor import (issue 23 §1): a CSV or xlsx file is read (platform/spreadsheet), each row checked
// (the vendor schema, NUBAN and name resolution — the resolved name wins), duplicates found by bank
// account within the file and against the company's vendors. The batch's lifecycle (store, fix,
// commit all or nothing, discard) is the import pipeline's (platform/imports); this file is the kind.
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
import type { AppDeps } from '../../platform/deps';
import { conflict } from '../../platform/errors';
import type { ImportBatch, ImportKind, ImportRecord } from '../../platform/imports';
import { resolveImportRows } from '../banks';
import { isUniqueViolation } from './shared';
import { payees } from './tables';

type Column = (typeof VENDOR_IMPORT_COLUMNS)[number];

export const VENDOR_TEMPLATE_EXAMPLE = [
  ['Adaeze Supplies Ltd', 'accounts@adaeze.ng', '08031234567', '12 Broad Street, Lagos', '058', '0123456785'],
];

export function batchDto(b: ImportBatch<VendorImportRow>): VendorImport {
  const errorRows = b.rows.filter((r) => r.errors.length).length;
  return {
    id: b.id,
    status: b.status === 'confirmed' ? 'confirmed' : 'pending', // no vendor route discards
    fileName: b.fileName,
    rowCount: b.rows.length,
    validRows: b.rows.length - errorRows,
    errorRows,
    rows: b.rows,
    createdAt: b.createdAt.toISOString(),
  };
}

/** Every row checked: the vendor schema, NUBAN and name resolution, duplicates in the file and saved. */
async function validateVendors(
  deps: AppDeps,
  accountId: string,
  records: ImportRecord<Column>[],
): Promise<VendorImportRow[]> {
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
  await resolveImportRows(deps, rows);
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
  return rows;
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

/**
 * The vendor import's kind for the pipeline (platform/imports): on commit every row becomes a
 * vendor, or none does; a vendor with one of these accounts added since the upload is 409.
 */
export const vendorImport: ImportKind<Column, VendorImportRow> = {
  kind: 'vendors',
  columns: VENDOR_IMPORT_COLUMNS,
  required: ['name', 'email', 'bankCode', 'accountNumber'],
  maxRows: VENDOR_IMPORT_MAX_ROWS,
  validate: validateVendors,
  async commit(tx, rows, ctx) {
    await tx.insert(payees).values(
      rows.map((r) => ({
        accountId: ctx.accountId,
        name: r.name,
        email: r.email,
        phone: r.phone,
        billingAddress: r.billingAddress,
        bankCode: r.bankCode,
        bankName: r.bankName!,
        accountNumber: r.accountNumber,
        accountName: r.accountName!,
        createdBy: ctx.userId,
      })),
    );
    return rows.length;
  },
  commitError: (err) => (isUniqueViolation(err) ? conflict(PAYEE_MSG.duplicateAccount) : null),
};
