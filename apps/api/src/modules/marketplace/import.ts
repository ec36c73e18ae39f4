// Meter import (issue 26 §1): a CSV or xlsx file → every row checked with the meter form's rules and
// verified with the vending provider → a per-row summary; nothing is saved until the user confirms,
// and the confirmation verifies again and saves every meter or none.
import { and, eq, inArray } from 'drizzle-orm';
import {
  DISCOS,
  MARKETPLACE_MSG as MSG,
  METER_IMPORT_COLUMNS,
  METER_IMPORT_MAX_ROWS,
  METER_IMPORT_MSG,
  meterAddBody,
  type Meter,
  type MeterImportConfirmBody,
  type MeterImportPreview,
  type MeterImportRow,
} from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import {
  checkImportFile,
  commitImportRows,
  type ImportKind,
  type ImportRecord,
} from '../../platform/imports';
import { vendingOf } from './provider/registry';
import { meterDto } from './meters';
import { meters } from './tables';

type Column = (typeof METER_IMPORT_COLUMNS)[number];

/** Header spellings a company's sheet may use, per column (besides the column's own name). */
const HEADERS: Partial<Record<Column, readonly string[]>> = {
  meterNo: ['meter number', 'meter', 'meter no.'],
  disco: ['distribution company', 'provider'],
  vendType: ['meter type', 'type'],
  phoneNo: ['phone number', 'phone'],
  label: ['meter label', 'name'],
};

/** Runs `fn` over `items` with at most `n` at once, keeping the order of the answers. */
async function mapLimit<T, R>(items: T[], n: number, fn: (x: T, i: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i], i);
      }
    }),
  );
  return out;
}

type Candidate = {
  meterNo: string;
  disco: string;
  vendType: string;
  phoneNo: string;
  /** Optional, as on `…/meters/add` (001 §7 sends none). */
  state?: string;
  label: string | null;
};

/**
 * Checks and verifies every record (the form's rules, duplicates in the file and saved, provider).
 * A row's number is its place among the records + 2 (the header is row 1), so the confirmation's
 * errors name `meters.<row - 2>`.
 */
async function check(
  deps: AppDeps,
  accountId: string,
  records: ImportRecord<Column>[],
): Promise<MeterImportRow[]> {
  const rows: Candidate[] = records.map(({ values: v }) => ({ ...v, label: v.label || null }));
  const saved = new Set(
    (
      await deps.db
        .select({ disco: meters.disco, meterNo: meters.meterNo })
        .from(meters)
        .where(
          and(
            eq(meters.accountId, accountId),
            inArray(meters.meterNo, [...new Set(rows.map((r) => r.meterNo.trim()))]),
          ),
        )
    ).map((m) => `${m.disco}|${m.meterNo}`),
  );
  const seen = new Map<string, number>();
  for (const r of rows) {
    const k = `${r.disco.trim().toUpperCase()}|${r.meterNo.trim()}`;
    seen.set(k, (seen.get(k) ?? 0) + 1);
  }
  const provider = vendingOf(deps);
  return mapLimit(rows, 8, async (r, i) => {
    const candidate = {
      ...r,
      disco: r.disco.trim().toUpperCase(),
      vendType: r.vendType.trim().toLowerCase(),
      label: r.label?.trim() || null,
    };
    const parsed = meterAddBody.safeParse(candidate);
    const errors = parsed.success ? [] : [...new Set(parsed.error.issues.map((x) => x.message))];
    const key = `${candidate.disco}|${candidate.meterNo.trim()}`;
    if ((seen.get(key) ?? 0) > 1) errors.push(METER_IMPORT_MSG.duplicateInFile);
    if (saved.has(key)) errors.push(MSG.meterDuplicate);
    let name: string | null = null;
    let address: string | null = null;
    if (parsed.success && !errors.length) {
      const found = await provider
        .verifyMeter({
          disco: parsed.data.disco,
          meterNo: parsed.data.meterNo,
          vendType: parsed.data.vendType,
        })
        .catch(() => null);
      if (found) ({ name, address } = found);
      else errors.push(MSG.verificationFailed);
    }
    return {
      row: i + 2, // the sheet's row number (row 1 is the header)
      meterNo: candidate.meterNo.trim(),
      disco: candidate.disco,
      vendType: candidate.vendType,
      phoneNo: candidate.phoneNo.trim(),
      state: (candidate.state ?? '').trim(),
      label: candidate.label,
      name,
      address,
      ok: !errors.length,
      errors,
    };
  });
}

/** The meter import as a kind of the one import pipeline; no batch is stored (the client keeps the rows). */
export const meterImport: ImportKind<Column, MeterImportRow, Meter[]> = {
  kind: 'meters',
  columns: METER_IMPORT_COLUMNS,
  required: [],
  maxRows: METER_IMPORT_MAX_ROWS,
  sheet: {
    headers: HEADERS,
    names: /\.(csv|xlsx)$/i,
    messages: {
      fileRequired: METER_IMPORT_MSG.fileRequired,
      unreadable: METER_IMPORT_MSG.fileType,
      empty: METER_IMPORT_MSG.empty,
      tooManyRows: METER_IMPORT_MSG.tooMany,
    },
  },
  validate: check,
  rowsError(rows) {
    const errors: Record<string, string[]> = {};
    for (const r of rows) if (r.errors.length) errors[`meters.${r.row - 2}`] = r.errors;
    return new AppError(422, 'unprocessable', METER_IMPORT_MSG.failed, errors);
  },
  /** Every meter with the provider's name and address, in one statement. */
  async commit(tx, rows, ctx) {
    const saved = await tx
      .insert(meters)
      .values(
        rows.map((r) => ({
          accountId: ctx.accountId,
          meterNo: r.meterNo,
          disco: r.disco as (typeof DISCOS)[number],
          vendType: r.vendType as 'prepaid' | 'postpaid',
          name: r.name!,
          address: r.address!,
          label: r.label,
          phoneNo: r.phoneNo,
          email: '',
          state: r.state,
          createdBy: ctx.userId,
        })),
      )
      .onConflictDoNothing()
      .returning();
    return saved.map(meterDto);
  },
};

/** The summary of an uploaded file: every row checked and verified; nothing is saved. */
export async function previewMeterImport(
  deps: AppDeps,
  p: { accountId: string; file: { name: string; bytes: Buffer } | null },
): Promise<MeterImportPreview> {
  const rows = await checkImportFile(deps, meterImport, p);
  const valid = rows.filter((r) => r.ok).length;
  return { rows, valid, failed: rows.length - valid };
}

/**
 * The user's confirmation: the rows are checked and verified again (the file may be stale); any
 * failure saves nothing and answers each row's errors; else every meter is saved with the
 * provider's name and address, in one statement.
 */
export async function confirmMeterImport(
  deps: AppDeps,
  p: { accountId: string; userId: string; body: MeterImportConfirmBody },
): Promise<Meter[]> {
  return commitImportRows(deps, meterImport, {
    accountId: p.accountId,
    userId: p.userId,
    records: p.body.meters.map((m, i) => ({
      line: i + 2,
      values: { ...m, label: m.label ?? '', state: m.state ?? '' },
    })),
  });
}
