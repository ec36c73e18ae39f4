// Meter import (issue 26 §1): a CSV or xlsx file → every row checked with the meter form's rules and
// verified with the vending provider → a per-row summary; nothing is saved until the user confirms,
// and the confirmation verifies again and saves every meter or none.
import { and, eq, inArray } from 'drizzle-orm';
import {
  DISCOS,
  MARKETPLACE_MSG as MSG,
  METER_IMPORT_MAX_ROWS,
  METER_IMPORT_MSG,
  meterAddBody,
  type Meter,
  type MeterImportConfirmBody,
  type MeterImportPreview,
  type MeterImportRow,
} from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { AppError, fieldError } from '../../platform/errors';
import { parseSheet as parseSheetRows, sheetObjects } from '../../platform/spreadsheet';

const parseSheet = async (bytes: Buffer, name: string) => sheetObjects(await parseSheetRows(bytes, name));
import { vendingOf } from './provider/registry';
import { meterDto } from './meters';
import { meters } from './tables';

/** Header spellings a company's sheet may use, per field. */
const HEADERS: Record<string, string[]> = {
  meterNo: ['meterno', 'meter no', 'meter number', 'meter_number', 'meter', 'meter no.'],
  disco: ['disco', 'distribution company', 'provider'],
  vendType: ['vendtype', 'vend type', 'meter type', 'type'],
  phoneNo: ['phoneno', 'phone no', 'phone number', 'phone', 'phone_number'],
  state: ['state'],
  label: ['label', 'meter label', 'name'],
};
const pick = (r: Record<string, string>, field: string) => {
  for (const h of HEADERS[field]) if (r[h] !== undefined) return r[h];
  return '';
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
  state: string;
  label: string | null;
};

/** Checks and verifies candidate rows (the form's rules, duplicates in the file and saved, provider). */
async function check(deps: AppDeps, accountId: string, rows: Candidate[]): Promise<MeterImportRow[]> {
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
      state: candidate.state.trim(),
      label: candidate.label,
      name,
      address,
      ok: !errors.length,
      errors,
    };
  });
}

/** The summary of an uploaded file: every row checked and verified; nothing is saved. */
export async function previewMeterImport(
  deps: AppDeps,
  p: { accountId: string; file: { name: string; bytes: Buffer } },
): Promise<MeterImportPreview> {
  if (!/\.(csv|xlsx)$/i.test(p.file.name)) throw fieldError('file', METER_IMPORT_MSG.fileType);
  let sheet: Record<string, string>[];
  try {
    sheet = await parseSheet(p.file.bytes, p.file.name);
  } catch {
    throw fieldError('file', METER_IMPORT_MSG.fileType);
  }
  if (!sheet.length) throw fieldError('file', METER_IMPORT_MSG.empty);
  if (sheet.length > METER_IMPORT_MAX_ROWS) throw fieldError('file', METER_IMPORT_MSG.tooMany);
  const rows = await check(
    deps,
    p.accountId,
    sheet.map((r) => ({
      meterNo: pick(r, 'meterNo'),
      disco: pick(r, 'disco'),
      vendType: pick(r, 'vendType'),
      phoneNo: pick(r, 'phoneNo'),
      state: pick(r, 'state'),
      label: pick(r, 'label') || null,
    })),
  );
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
  const rows = await check(
    deps,
    p.accountId,
    p.body.meters.map((m) => ({ ...m, label: m.label ?? null })),
  );
  const bad = rows.filter((r) => !r.ok);
  if (bad.length) {
    const errors: Record<string, string[]> = {};
    for (const r of bad) errors[`meters.${r.row - 2}`] = r.errors;
    throw new AppError(422, 'unprocessable', METER_IMPORT_MSG.failed, errors);
  }
  const saved = await deps.db
    .insert(meters)
    .values(
      rows.map((r) => ({
        accountId: p.accountId,
        meterNo: r.meterNo,
        disco: r.disco as (typeof DISCOS)[number],
        vendType: r.vendType as 'prepaid' | 'postpaid',
        name: r.name!,
        address: r.address!,
        label: r.label,
        phoneNo: r.phoneNo,
        email: '',
        state: r.state,
        createdBy: p.userId,
      })),
    )
    .onConflictDoNothing()
    .returning();
  return saved.map(meterDto);
}
