// One spreadsheet reader for every import (vendors, bills, bulk disbursements, payroll employees,
// meters): CSV (RFC 4180, a UTF-8 BOM, CRLF or LF, quoted fields with "" escapes) or xlsx (the first
// worksheet, via exceljs). A legacy .xls (OLE2) workbook is refused with a message asking for .xlsx
// or CSV: the only npm reader of that format (SheetJS `xlsx` 0.18.5) has published prototype-pollution
// and ReDoS advisories and no fixed release on npm.
// Cells come back as trimmed strings; blank rows are dropped but keep their row numbers.
import ExcelJS from 'exceljs';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IMPORT_MSG, MSG } from '@owo/contract';
import { badRequest, fieldError } from './errors';

export class SheetError extends Error {
  constructor(
    message: string,
    readonly reason: 'type' | 'parse' | 'legacy',
  ) {
    super(message);
  }
}

/** One row of a sheet: `line` is its row number in the file (the header is row 1). */
export type SheetRow = { line: number; cells: string[] };

const isZip = (b: Buffer) =>
  b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;
const isOle = (b: Buffer) =>
  b.length >= 4 && b[0] === 0xd0 && b[1] === 0xcf && b[2] === 0x11 && b[3] === 0xe0;

/** CSV text → rows of cells (RFC 4180). Throws SheetError on an unterminated quote. */
export function parseCsv(text: string): string[][] {
  const s = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let i = 0;
  while (i < s.length) {
    const c = s[i];
    if (quoted) {
      if (c === '"') {
        if (s[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        continue;
      }
      cell += c;
      i++;
      continue;
    }
    if (c === '"' && cell === '') {
      quoted = true;
      i++;
    } else if (c === ',') {
      row.push(cell);
      cell = '';
      i++;
    } else if (c === '\r' || c === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += c === '\r' && s[i + 1] === '\n' ? 2 : 1;
    } else {
      cell += c;
      i++;
    }
  }
  if (quoted) throw new SheetError('The CSV file has an unterminated quoted field', 'parse');
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('result' in v) return cellText((v as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
    if ('richText' in v) return (v as ExcelJS.CellRichTextValue).richText.map((r) => r.text).join('');
    if ('text' in v) return String((v as ExcelJS.CellHyperlinkValue).text);
    if ('error' in v) return '';
    return '';
  }
  return String(v);
}

async function parseXlsx(buffer: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw new SheetError('The xlsx file could not be read', 'parse');
  }
  const ws = wb.worksheets[0];
  if (!ws) return [];
  const rows: string[][] = [];
  ws.eachRow({ includeEmpty: true }, (r, n) => {
    const cells: string[] = [];
    for (let c = 1; c <= r.cellCount; c++) cells.push(cellText(r.getCell(c).value));
    rows[n - 1] = cells;
  });
  for (let i = 0; i < rows.length; i++) rows[i] ??= [];
  return rows;
}

/** A legacy .xls (OLE2) workbook: never parsed, refused with the way forward. */
const legacyXls = () => new SheetError(IMPORT_MSG.legacyXls, 'legacy');

/**
 * A CSV or xlsx file → its rows (header included, as the file's row 1), cells trimmed, blank rows
 * dropped. The type is read from the bytes (xlsx is a zip), the name only tells CSV from junk.
 */
export async function parseSheet(buffer: Buffer, filename: string): Promise<SheetRow[]> {
  let raw: string[][];
  if (isZip(buffer)) raw = await parseXlsx(buffer);
  else if (isOle(buffer) && /\.xls$/i.test(filename)) throw legacyXls();
  else if (isOle(buffer) || !/\.(csv|txt)$/i.test(filename))
    throw new SheetError('The file must be a CSV or an xlsx spreadsheet', 'type');
  else {
    const text = buffer.toString('utf8');
    if (text.includes('\u0000'))
      throw new SheetError('The file must be a CSV or an xlsx spreadsheet', 'type');
    raw = parseCsv(text);
  }
  const out: SheetRow[] = [];
  raw.forEach((cells, i) => {
    const trimmed = cells.map((c) => c.trim());
    if (trimmed.some((c) => c !== '')) out.push({ line: i + 1, cells: trimmed });
  });
  return out;
}

/**
 * A sheet judged by its bytes alone (xlsx or CSV text, whatever its name): its non-blank rows of
 * trimmed cells, header included, or null when it is none of these or cannot be read. A legacy
 * .xls workbook throws the SheetError asking for .xlsx or CSV.
 */
export async function readSheetRows(bytes: Buffer): Promise<string[][] | null> {
  let raw: string[][];
  if (isOle(bytes)) throw legacyXls();
  try {
    if (isZip(bytes)) raw = await parseXlsx(bytes);
    else {
      const text = bytes.toString('utf8');
      // Binary that is not a spreadsheet (an image, a PDF): NUL bytes or replacement characters.
      if (text.includes('\u0000') || text.includes('\ufffd')) return null;
      raw = parseCsv(text);
    }
  } catch (e) {
    if (e instanceof SheetError) return null;
    throw e;
  }
  return raw.map((cells) => cells.map((c) => c.trim())).filter((cells) => cells.some((c) => c !== ''));
}

/** Rows as objects keyed by the lower-cased, trimmed header (the first row); blank headers dropped. */
export function sheetObjects(rows: SheetRow[]): Record<string, string>[] {
  const header = (rows[0]?.cells ?? []).map((h) => h.trim().toLowerCase());
  return rows.slice(1).map((r) => {
    const o: Record<string, string> = {};
    header.forEach((h, i) => {
      if (h) o[h] = r.cells[i] ?? '';
    });
    return o;
  });
}

/**
 * Header-keyed records: the first row names the columns (matched case- and space-insensitively; a
 * column may have other spellings in `aliases`, tried in order after its own name).
 */
export function sheetRecords<K extends string>(
  rows: SheetRow[],
  columns: readonly K[],
  aliases: Partial<Record<K, readonly string[]>> = {},
): { missing: K[]; records: { line: number; values: Record<K, string> }[] } {
  const norm = (s: string) => s.toLowerCase().replace(/[\s_-]/g, '');
  const header = (rows[0]?.cells ?? []).map(norm);
  const find = (k: K) =>
    [k, ...(aliases[k] ?? [])].map((h) => header.indexOf(norm(h))).find((i) => i >= 0) ?? -1;
  const index = new Map(columns.map((k) => [k, find(k)]));
  const missing = columns.filter((k) => index.get(k) === -1);
  const records = rows.slice(1).map((r) => ({
    line: r.line,
    values: Object.fromEntries(columns.map((k) => [k, r.cells[index.get(k)!] ?? ''])) as Record<K, string>,
  }));
  return { missing, records };
}

/** A template (or any small sheet) as CSV or xlsx bytes. */
export async function buildSheet(
  header: readonly string[],
  rows: (string | number)[][],
  format: 'csv' | 'xlsx',
): Promise<Buffer> {
  if (format === 'csv') {
    const q = (v: string | number) => {
      const s = String(v);
      return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
    };
    return Buffer.from([header, ...rows].map((r) => r.map(q).join(',')).join('\r\n') + '\r\n', 'utf8');
  }
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  ws.addRow([...header]);
  // Account numbers keep their leading zeros as text.
  for (const r of rows) ws.addRow(r);
  ws.columns.forEach((c) => {
    c.numFmt = '@';
    c.width = 20;
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Answers a template built by `buildSheet` as a download named `<name>.<format>`. */
export async function sendSheet(
  reply: FastifyReply,
  name: string,
  header: readonly string[],
  rows: (string | number)[][],
  format: 'csv' | 'xlsx',
) {
  const bytes = await buildSheet(header, rows, format);
  return reply
    .header('content-type', format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename="${name}.${format}"`)
    .send(bytes);
}

/**
 * How an import reads its sheet where it differs from the default: other spellings of a header, the
 * file names read (default: any `parseSheet` takes), and the area's own messages (`unreadable`: one
 * answer for every file that cannot be read, in place of the type, parse and legacy .xls messages).
 */
export type SheetRules<K extends string> = {
  headers?: Partial<Record<K, readonly string[]>>;
  names?: RegExp;
  messages?: { fileRequired?: string; unreadable?: string; empty?: string; tooManyRows?: string };
};

/** Reads a file into rows or a 400 naming `file` (type, parse, empty, too many, columns). */
export async function readImportSheet<K extends string>(
  file: { name: string; bytes: Buffer } | null,
  columns: readonly K[],
  required: readonly K[],
  maxRows: number,
  rules: SheetRules<K> = {},
) {
  const m = rules.messages ?? {};
  if (!file || !file.bytes.length) throw fieldError('file', m.fileRequired ?? IMPORT_MSG.fileRequired);
  if (rules.names && !rules.names.test(file.name))
    throw fieldError('file', m.unreadable ?? IMPORT_MSG.fileType);
  let rows;
  try {
    rows = await parseSheet(file.bytes, file.name);
  } catch (e) {
    if (e instanceof SheetError)
      throw fieldError('file', m.unreadable ?? (e.reason === 'type' ? IMPORT_MSG.fileType : e.message));
    throw e;
  }
  const { missing, records } = sheetRecords(rows, columns, rules.headers);
  const lacking = missing.filter((m) => required.includes(m));
  if (lacking.length) throw fieldError('file', `${IMPORT_MSG.missingColumns}: ${lacking.join(', ')}`);
  if (!records.length) throw fieldError('file', m.empty ?? IMPORT_MSG.empty);
  if (records.length > maxRows)
    throw fieldError('file', m.tooManyRows ?? `${IMPORT_MSG.tooManyRows} (at most ${maxRows})`);
  return records;
}

/**
 * A file part's bytes, refused when over the scope's size limit. @fastify/multipart's toBuffer checks
 * the limit only as each chunk arrives: when the byte over the limit comes in a packet of its own,
 * the stream ends truncated at exactly the limit and nothing is thrown. This throws its error then
 * too (code FST_REQ_FILE_TOO_LARGE), so a file is never kept cut short.
 */
export async function filePartBytes(part: MultipartFile): Promise<Buffer> {
  const bytes = await part.toBuffer();
  if (part.file.truncated)
    throw Object.assign(new Error('request file too large'), { code: 'FST_REQ_FILE_TOO_LARGE' });
  return bytes;
}

/**
 * The `file` part of a multipart request (the route's scope registers @fastify/multipart with its
 * size limit); other parts are drained. Too large → 400 on `file`.
 */
export async function readUploadedFile(req: FastifyRequest): Promise<{ name: string; bytes: Buffer } | null> {
  if (!req.isMultipart()) return null;
  let file: { name: string; bytes: Buffer } | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const bytes = await filePartBytes(part);
        if (part.fieldname === 'file' && !file) file = { name: part.filename || 'upload', bytes };
      }
    }
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw fieldError('file', MSG.fileTooLarge);
    if (code?.startsWith('FST_')) throw badRequest('Invalid multipart body');
    throw e;
  }
  return file;
}
