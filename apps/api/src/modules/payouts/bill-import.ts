// Bill import (issue 23 §2): the same rules as the vendor import. Each row is checked (fields,
// NUBAN and name resolution), matched to the company's vendor by bank account (a vendor whose email
// matches but whose account differs is an error: that change is the guarded bank change), and
// duplicates (same bank account and invoice number) are found within the file and against existing
// bills. Nothing is written until the user confirms; the confirm creates the new vendors and the
// received bills (status submitted, source import) all together, or nothing. The batch's lifecycle
// is the import pipeline's (platform/imports); this file is the kind.
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  amountSchema,
  BILL_IMPORT_COLUMNS,
  BILL_IMPORT_MAX_ROWS,
  BILL_IMPORT_MSG,
  BILL_MSG,
  fromMinor,
  PAYEE_MSG,
  type BillImport,
  type BillImportRow,
} from '@owo/contract';
import type { Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { conflict } from '../../platform/errors';
import type { ImportBatch, ImportCtx, ImportKind, ImportRecord } from '../../platform/imports';
import { payees } from '../../platform/schema';
import { resolveImportRows } from '../banks';
import { addPayees } from '../payees';
import { payoutQuotes } from './tables';

type Column = (typeof BILL_IMPORT_COLUMNS)[number];

export const BILL_TEMPLATE_EXAMPLE = [
  [
    'Lekki Cleaning Services',
    'billing@lekkicleaning.ng',
    '058',
    '0123456785',
    '45000.00',
    'INV-2031',
    'Office cleaning, March',
    '2026-12-31',
  ],
];

/** DD/MM/YYYY (as Nigerian sheets write it) or YYYY-MM-DD → YYYY-MM-DD; anything else fails. */
const dueDate = z
  .string()
  .trim()
  .transform((s, ctx) => {
    if (!s) return null;
    const dmy = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s);
    const iso = dmy ? `${dmy[3]}-${dmy[2].padStart(2, '0')}-${dmy[1].padStart(2, '0')}` : s;
    const d = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? new Date(`${iso}T00:00:00Z`) : null;
    if (!d || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso) {
      ctx.addIssue({ code: 'custom', message: 'Due date must be a date (DD/MM/YYYY or YYYY-MM-DD)' });
      return z.NEVER;
    }
    return iso;
  });

const rowSchema = z.object({
  vendorName: z.string().trim().min(1, PAYEE_MSG.nameRequired).max(200),
  vendorEmail: z.string().trim().toLowerCase().max(254, PAYEE_MSG.emailInvalid).email(PAYEE_MSG.emailInvalid),
  bankCode: z.string().trim().min(1, PAYEE_MSG.bankRequired).max(10),
  accountNumber: z
    .string()
    .trim()
    .regex(/^\d{10}$/, PAYEE_MSG.accountNumber),
  amount: amountSchema,
  invoiceNumber: z.string().trim().min(1, BILL_MSG.invoiceRequired).max(64),
  description: z.string().trim().min(1, BILL_MSG.descriptionRequired).max(500),
  dueDate,
});

export function billBatchDto(b: ImportBatch<BillImportRow>): BillImport {
  const errorRows = b.rows.filter((r) => r.errors.length).length;
  const total = b.rows.reduce((s, r) => s + (r.errors.length ? 0 : (r.amountMinor ?? 0)), 0);
  const newAccounts = new Set(
    b.rows.filter((r) => !r.errors.length && !r.payeeId).map((r) => `${r.bankCode}:${r.accountNumber}`),
  );
  return {
    id: b.id,
    status: b.status === 'confirmed' ? 'confirmed' : 'pending', // no bill route discards
    fileName: b.fileName,
    rowCount: b.rows.length,
    validRows: b.rows.length - errorRows,
    errorRows,
    totalAmount: fromMinor(total),
    totalAmountMinor: total,
    newVendors: newAccounts.size,
    rows: b.rows,
    createdAt: b.createdAt.toISOString(),
  };
}

/** Every row checked: fields, NUBAN and name resolution, the vendor match, duplicates in the file and billed. */
async function validateBills(
  deps: AppDeps,
  accountId: string,
  records: ImportRecord<Column>[],
): Promise<BillImportRow[]> {
  const rows: BillImportRow[] = records.map(({ line, values: v }) => {
    // Sheets write amounts as 1,200.50 or ₦1,200.50.
    const parsed = rowSchema.safeParse({
      ...v,
      amount: v.amount.replace(/[,\s₦]/g, '').replace(/^NGN/i, ''),
    });
    const d = parsed.success ? parsed.data : null;
    return {
      row: line,
      vendorName: (d?.vendorName ?? v.vendorName).slice(0, 200),
      vendorEmail: (d?.vendorEmail ?? v.vendorEmail).slice(0, 254),
      bankCode: v.bankCode.slice(0, 10),
      bankName: null,
      accountNumber: v.accountNumber.slice(0, 20),
      accountName: null,
      amount: d ? fromMinor(d.amount) : null,
      amountMinor: d?.amount ?? null,
      invoiceNumber: (d?.invoiceNumber ?? v.invoiceNumber).slice(0, 64),
      description: (d?.description ?? v.description).slice(0, 500),
      dueDate: d?.dueDate ?? null,
      payeeId: null,
      errors: parsed.success
        ? []
        : parsed.error.issues.map((i) => ({ field: String(i.path[0] ?? 'row'), message: i.message })),
    };
  });
  await resolveImportRows(deps, rows);
  const ok = rows.filter((r) => r.accountName);
  // Within the file: one bank account + invoice number once.
  const first = new Map<string, number>();
  for (const r of ok) {
    const k = `${r.bankCode}:${r.accountNumber}:${r.invoiceNumber}`;
    const f = first.get(k);
    if (f === undefined) first.set(k, r.row);
    else
      r.errors.push({
        field: 'invoiceNumber',
        message: BILL_IMPORT_MSG.duplicateInFile.replace('{row}', String(f)),
      });
  }
  if (ok.length) await matchSaved(deps, accountId, ok);
  return rows;
}

/** Rows against the company's data: its vendor by bank account (an email match with another account is an error), its bills. */
async function matchSaved(deps: AppDeps, accountId: string, ok: BillImportRow[]) {
  const accountKeys = [...new Set(ok.map((r) => `${r.bankCode}:${r.accountNumber}`))];
  const emails = [...new Set(ok.map((r) => r.vendorEmail))];
  const vendors = await deps.db
    .select({
      id: payees.id,
      email: payees.email,
      bankCode: payees.bankCode,
      accountNumber: payees.accountNumber,
    })
    .from(payees)
    .where(
      and(
        eq(payees.accountId, accountId),
        sql`((${payees.bankCode} || ':' || ${payees.accountNumber}) in ${accountKeys} or lower(${payees.email}) in ${emails})`,
      ),
    );
  const byAccount = new Map(vendors.map((v) => [`${v.bankCode}:${v.accountNumber}`, v]));
  const byEmail = new Map(vendors.map((v) => [v.email.toLowerCase(), v]));
  const billKeys = ok.map((r) => `${r.bankCode}:${r.accountNumber}:${r.invoiceNumber}`);
  const existingBills = await deps.db
    .select({
      bankCode: payoutQuotes.bankCode,
      accountNumber: payoutQuotes.accountNumber,
      invoiceNumber: payoutQuotes.invoiceNumber,
    })
    .from(payoutQuotes)
    .where(
      and(
        eq(payoutQuotes.accountId, accountId),
        inArray(
          sql`(${payoutQuotes.bankCode} || ':' || ${payoutQuotes.accountNumber} || ':' || ${payoutQuotes.invoiceNumber})`,
          billKeys,
        ),
      ),
    );
  const taken = new Set(existingBills.map((b) => `${b.bankCode}:${b.accountNumber}:${b.invoiceNumber}`));
  for (const r of ok) {
    const v = byAccount.get(`${r.bankCode}:${r.accountNumber}`);
    if (v) r.payeeId = v.id;
    else if (byEmail.has(r.vendorEmail))
      r.errors.push({ field: 'accountNumber', message: BILL_IMPORT_MSG.bankDiffers });
    if (taken.has(`${r.bankCode}:${r.accountNumber}:${r.invoiceNumber}`))
      r.errors.push({ field: 'invoiceNumber', message: BILL_IMPORT_MSG.duplicateExisting });
  }
}

const isUniqueViolation = (err: unknown) =>
  (err as { code?: string }).code === '23505' ||
  (err as { cause?: { code?: string } }).cause?.code === '23505';

/** New vendors + received bills, all or nothing: the vendors matched at upload must be unchanged. */
async function commitBills(tx: Tx, rows: BillImportRow[], ctx: ImportCtx): Promise<number> {
  // The vendors matched at upload must still exist with the same account.
  const matched = [...new Set(rows.map((r) => r.payeeId).filter((x): x is string => !!x))];
  if (matched.length) {
    const still = await tx
      .select({ id: payees.id, bankCode: payees.bankCode, accountNumber: payees.accountNumber })
      .from(payees)
      .where(and(eq(payees.accountId, ctx.accountId), inArray(payees.id, matched)));
    const byId = new Map(still.map((v) => [v.id, v]));
    for (const r of rows)
      if (r.payeeId) {
        const v = byId.get(r.payeeId);
        if (!v || v.bankCode !== r.bankCode || v.accountNumber !== r.accountNumber)
          throw conflict(BILL_IMPORT_MSG.bankDiffers);
      }
  }
  // One new vendor per new bank account (a vendor added since the upload: unique violation → 409).
  const fresh = new Map<string, BillImportRow>();
  for (const r of rows)
    if (!r.payeeId)
      fresh.set(`${r.bankCode}:${r.accountNumber}`, fresh.get(`${r.bankCode}:${r.accountNumber}`) ?? r);
  const created = await addPayees(
    tx,
    [...fresh.values()].map((r) => ({
      accountId: ctx.accountId,
      name: r.vendorName,
      email: r.vendorEmail,
      bankCode: r.bankCode,
      bankName: r.bankName!,
      accountNumber: r.accountNumber,
      accountName: r.accountName!,
      createdBy: ctx.userId,
    })),
    'fail',
  );
  const newIds = new Map(created.map((v) => [`${v.bankCode}:${v.accountNumber}`, v.id]));
  await tx.insert(payoutQuotes).values(
    rows.map((r) => ({
      accountId: ctx.accountId,
      reference: randomBytes(16).toString('hex'),
      email: r.vendorEmail,
      payeeId: r.payeeId ?? newIds.get(`${r.bankCode}:${r.accountNumber}`)!,
      status: 'submitted' as const,
      source: 'import' as const,
      amountMinor: r.amountMinor!,
      description: r.description,
      invoiceNumber: r.invoiceNumber,
      dueDate: r.dueDate,
      bankCode: r.bankCode,
      bankName: r.bankName,
      accountNumber: r.accountNumber,
      accountName: r.accountName,
      requestedBy: ctx.userId,
      submittedAt: sql`now()`,
    })),
  );
  return rows.length;
}

/** The bill import's kind for the pipeline (platform/imports). */
export const billImport: ImportKind<Column, BillImportRow> = {
  kind: 'bills',
  columns: BILL_IMPORT_COLUMNS,
  required: [
    'vendorName',
    'vendorEmail',
    'bankCode',
    'accountNumber',
    'amount',
    'invoiceNumber',
    'description',
  ],
  maxRows: BILL_IMPORT_MAX_ROWS,
  validate: validateBills,
  commit: commitBills,
  commitError: (err) => (isUniqueViolation(err) ? conflict(PAYEE_MSG.duplicateAccount) : null),
};
