// The one reader of uploaded spreadsheets (bulk disbursements today; vendor and bill imports next):
// CSV (RFC 4180: quoted fields, "" escapes, CRLF or LF, a UTF-8 BOM ignored) or xlsx (the first
// worksheet, through exceljs), judged by content, never by the file name. Every cell comes back as
// trimmed text; blank lines are dropped. A file that is neither answers null.
import ExcelJS from 'exceljs';

export type Sheet = { rows: string[][]; kind: 'csv' | 'xlsx' };

const isZip = (b: Buffer) => b.length > 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

/** Reads at most `maxRows` rows (header included) plus one, so the caller can tell "too many". */
export async function readSheet(bytes: Buffer, maxRows: number): Promise<Sheet | null> {
  if (isZip(bytes)) {
    const rows = await readXlsx(bytes, maxRows + 1);
    return rows ? { rows, kind: 'xlsx' } : null;
  }
  const text = bytes.toString('utf8');
  // Binary that is not a spreadsheet (an image, a PDF, an old .xls): NUL bytes or replacement characters.
  if (text.includes('\u0000') || text.includes('\ufffd')) return null;
  return { rows: parseCsv(text, maxRows + 1), kind: 'csv' };
}

/** RFC 4180 CSV to rows of trimmed cells (blank lines dropped), stopping after `maxRows`. */
export function parseCsv(input: string, maxRows = Number.MAX_SAFE_INTEGER): string[][] {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endRow = () => {
    row.push(cell.trim());
    cell = '';
    if (row.some((c) => c !== '')) rows.push(row);
    row = [];
  };
  for (let i = 0; i < text.length && rows.length < maxRows; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell.trim());
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endRow();
    } else cell += ch;
  }
  if (rows.length < maxRows && (cell !== '' || row.length)) endRow();
  return rows;
}

function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return Number.isInteger(v) ? v.toFixed(0) : String(v);
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'boolean') return String(v);
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('richText' in v)
      return v.richText
        .map((r) => r.text)
        .join('')
        .trim();
    if ('text' in v && typeof v.text === 'string') return v.text.trim();
    if ('result' in v) return cellText(v.result as ExcelJS.CellValue);
  }
  return '';
}

async function readXlsx(bytes: Buffer, maxRows: number): Promise<string[][] | null> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    return null;
  }
  const ws = wb.worksheets[0];
  if (!ws) return [];
  const rows: string[][] = [];
  ws.eachRow({ includeEmpty: false }, (r) => {
    if (rows.length >= maxRows) return;
    const cells: string[] = [];
    for (let c = 1; c <= r.cellCount; c++) cells.push(cellText(r.getCell(c).value));
    if (cells.some((c) => c !== '')) rows.push(cells);
  });
  return rows;
}

/** Builds an xlsx (first sheet) from rows of text: the templates and the tests. */
export async function writeXlsx(rows: (string | number)[][], sheetName = 'Sheet1'): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheetName);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
