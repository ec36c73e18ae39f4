import * as XLSX from 'xlsx';

// Spreadsheet uploads (CSV, xlsx, xls) read on the server into rows keyed by lower-cased header.
// One shared reader for every import (payroll employees, and any other area's bulk upload).

/** What a buffer holds, judged by its first bytes (never by the name alone). */
export function sheetKind(buffer: Buffer): 'xlsx' | 'xls' | 'csv' | null {
  if (buffer.length >= 4 && buffer.readUInt32BE(0) === 0x504b0304) return 'xlsx'; // zip (OOXML)
  if (buffer.length >= 8 && buffer.subarray(0, 8).equals(Buffer.from('d0cf11e0a1b11ae1', 'hex')))
    return 'xls'; // OLE2 compound file
  // CSV: text without NUL bytes (UTF-8 or Latin-1) in its first 4 KB.
  const head = buffer.subarray(0, 4096);
  if (head.includes(0)) return null;
  return 'csv';
}

/**
 * The first sheet's rows as objects keyed by the lower-cased, trimmed header; every value a trimmed
 * string (numbers as written, dates as text); blank rows are skipped. Rejects what is not a CSV,
 * xlsx or xls file (by content and name) with an Error whose `code` is 'SHEET_FORMAT'.
 */
export async function parseSheet(buffer: Buffer, filename: string): Promise<Record<string, string>[]> {
  const ext = filename.toLowerCase().split('.').pop() ?? '';
  const kind = sheetKind(buffer);
  const fits =
    (ext === 'csv' && kind === 'csv') ||
    (ext === 'xlsx' && kind === 'xlsx') ||
    (ext === 'xls' && (kind === 'xls' || kind === 'csv' || kind === 'xlsx'));
  if (!fits) throw Object.assign(new Error('not a CSV or Excel file'), { code: 'SHEET_FORMAT' });
  let wb: XLSX.WorkBook;
  try {
    wb =
      kind === 'csv'
        ? XLSX.read(buffer.toString('utf8').replace(/^\uFEFF/, ''), { type: 'string', raw: true })
        : XLSX.read(buffer, { type: 'buffer', cellDates: false, cellFormula: false, cellHTML: false });
  } catch {
    throw Object.assign(new Error('unreadable spreadsheet'), { code: 'SHEET_FORMAT' });
  }
  const first = wb.SheetNames[0];
  if (!first) return [];
  const grid = XLSX.utils.sheet_to_json<(string | number | boolean | null)[]>(wb.Sheets[first], {
    header: 1,
    raw: false,
    defval: '',
    blankrows: false,
  });
  if (!grid.length) return [];
  const headers = grid[0].map((h) =>
    String(h ?? '')
      .trim()
      .toLowerCase(),
  );
  const out: Record<string, string>[] = [];
  for (const line of grid.slice(1)) {
    const row: Record<string, string> = {};
    let any = false;
    headers.forEach((h, i) => {
      if (!h) return;
      const v = String(line[i] ?? '').trim();
      if (v) any = true;
      row[h] = v;
    });
    if (any) out.push(row);
  }
  return out;
}
