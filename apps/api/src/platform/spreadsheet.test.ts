import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IMPORT_MSG } from '@owo/contract';
import type { MultipartFile } from '@fastify/multipart';
import {
  buildSheet,
  filePartBytes,
  parseCsv,
  parseSheet,
  readSheetRows,
  SheetError,
  sheetRecords,
} from './spreadsheet';

describe('spreadsheet', () => {
  it('parses RFC 4180 CSV: BOM, CRLF/LF, quotes, escaped quotes, newlines in quotes', () => {
    expect(parseCsv('\ufeffa,b\r\n"x, y","say ""hi"""\n"multi\nline",\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"'],
      ['multi\nline', ''],
    ]);
    expect(() => parseCsv('a,"b')).toThrow(SheetError);
  });

  it('round-trips any cells through buildSheet(csv) and parseCsv', async () => {
    const cell = fc.string({ maxLength: 12 }).filter((s) => !s.includes('\r') && s.trim() === s);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(cell, { minLength: 2, maxLength: 2 }), { maxLength: 5 }),
        async (rows) => {
          const bytes = await buildSheet(['a', 'b'], rows, 'csv');
          expect(parseCsv(bytes.toString('utf8').replace(/\r\n$/, ''))).toEqual([['a', 'b'], ...rows]);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('reads xlsx (first sheet, numbers, dates, formulas) and keeps row numbers across blank rows', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('S');
    ws.addRow(['Name', 'Amount', 'Due']);
    ws.addRow(['Ada', 1200.5, new Date(Date.UTC(2026, 11, 31))]);
    ws.addRow([]);
    ws.addRow(['Bayo', { formula: '1+1', result: 2 }, '']);
    const rows = await parseSheet(Buffer.from(await wb.xlsx.writeBuffer()), 'x.xlsx');
    expect(rows).toEqual([
      { line: 1, cells: ['Name', 'Amount', 'Due'] },
      { line: 2, cells: ['Ada', '1200.5', '2026-12-31'] },
      { line: 4, cells: ['Bayo', '2', ''] },
    ]);
    const { missing, records } = sheetRecords(rows, ['name', 'due', 'email'] as const);
    expect(missing).toEqual(['email']);
    expect(records[0]).toEqual({ line: 2, values: { name: 'Ada', due: '2026-12-31', email: '' } });
  });

  it('refuses a legacy .xls workbook, asking for .xlsx or CSV (its only npm reader has open advisories)', async () => {
    const xls = fs.readFileSync(path.join(__dirname, '../../test/fixtures/legacy.xls'));
    for (const name of ['staff.xls', 'STAFF.XLS'])
      await expect(parseSheet(xls, name)).rejects.toMatchObject({
        reason: 'legacy',
        message: IMPORT_MSG.legacyXls,
      });
    await expect(readSheetRows(xls)).rejects.toMatchObject({ reason: 'legacy' });
    expect(IMPORT_MSG.legacyXls).toMatch(/\.xlsx or CSV/);
  });

  it('refuses what is neither CSV nor xlsx', async () => {
    await expect(parseSheet(Buffer.from('%PDF-1.4'), 'a.pdf')).rejects.toMatchObject({ reason: 'type' });
    await expect(parseSheet(Buffer.from([0xd0, 0xcf, 0x11, 0xe0]), 'a.csv')).rejects.toMatchObject({
      reason: 'type',
    });
    await expect(parseSheet(Buffer.from('PK\u0003\u0004junk'), 'a.xlsx')).rejects.toMatchObject({
      reason: 'parse',
    });
  });
});

describe('filePartBytes', () => {
  // The byte over the limit alone in the last packet: busboy ends the stream truncated at exactly
  // the limit, and @fastify/multipart's toBuffer (which checks per chunk) throws nothing.
  const part = (truncated: boolean) =>
    ({ toBuffer: async () => Buffer.alloc(8), file: { truncated } }) as unknown as MultipartFile;

  it('refuses a file the size limit cut short, with the too-large code every upload route maps', async () => {
    await expect(filePartBytes(part(true))).rejects.toMatchObject({ code: 'FST_REQ_FILE_TOO_LARGE' });
  });

  it('answers the bytes of a whole file', async () => {
    expect((await filePartBytes(part(false))).length).toBe(8);
  });
});
