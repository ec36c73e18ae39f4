import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKETPLACE_MSG as MSG, METER_IMPORT_MSG } from '@owo/contract';
import { ownerWithAccount, type TestApp, createTestApp } from '../../../test/helpers';
import { parseSheet as parseSheetRows, sheetObjects } from '../../platform/spreadsheet';

const parseSheet = async (bytes: Buffer, name: string) => sheetObjects(await parseSheetRows(bytes, name));
import { SANDBOX_TEST_METERS as TM } from './provider/test-meters';
import { meters } from './tables';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

let seq = 0;
const randomMeter = () => `5${String(Date.now()).slice(-8)}${String(seq++).padStart(3, '0')}`;
type Api = Awaited<ReturnType<typeof ownerWithAccount>>['api'];
const send = (api: Api, bytes: Buffer, name: string) => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  return api.post('/api/marketplace/assets/meters/import/preview', form);
};
const savedCount = async (accountId: string) =>
  (await t.db.select().from(meters).where(eq(meters.accountId, accountId))).length;

describe('meter import', () => {
  it('CSV: every row checked and verified, failures per row, nothing saved until confirmed', async () => {
    const o = await ownerWithAccount(t);
    const good1 = randomMeter();
    const good2 = randomMeter();
    const already = randomMeter();
    const added = await o.api.post('/api/marketplace/assets/meters/add', {
      meterNo: already,
      disco: 'IKEDC',
      vendType: 'prepaid',
      phoneNo: '08031234567',
      state: 'Lagos',
    });
    expect(added.status).toBe(201);
    const csv = [
      'Meter Number,Disco,Meter Type,Phone,State,Label',
      `${good1},ikedc,Prepaid,08030000001,Lagos,"Head office, Ikeja"`,
      `${good2},AEDC,postpaid,08030000002,FCT,`,
      `${TM.unverifiable},IKEDC,prepaid,08030000003,Lagos,Bad`,
      `123,IKEDC,prepaid,08030000004,Lagos,Short`,
      `${good1},IKEDC,prepaid,08030000001,Lagos,Twice`,
      `${already},IKEDC,prepaid,08030000005,Lagos,Saved`,
      `${randomMeter()},NOPE,prepaid,,Lagos,`,
      '',
    ].join('\r\n');
    const res = await send(o.api, Buffer.from(csv), 'meters.csv');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = res.body.data.rows as { row: number; ok: boolean; errors: string[]; name: string }[];
    expect(rows.map((r) => r.row)).toEqual([2, 3, 4, 5, 6, 7, 8]);
    expect(rows.map((r) => r.ok)).toEqual([false, true, false, false, false, false, false]);
    expect(rows[0].errors).toEqual([METER_IMPORT_MSG.duplicateInFile]);
    expect(rows[1].name).toBeTruthy();
    expect(rows[2].errors).toEqual([MSG.verificationFailed]);
    expect(rows[3].errors).toEqual([MSG.meterMin]);
    expect(rows[5].errors).toEqual([MSG.meterDuplicate]);
    expect(rows[6].errors).toEqual(expect.arrayContaining([MSG.discoRequired, MSG.phoneRequired]));
    expect([res.body.data.valid, res.body.data.failed]).toEqual([1, 6]);
    expect(await savedCount(o.account.id)).toBe(1); // nothing saved by the summary

    // confirming a failing row saves nothing
    const bad = await o.api.post('/api/marketplace/assets/meters/import', {
      meters: [
        { meterNo: good2, disco: 'AEDC', vendType: 'postpaid', phoneNo: '08030000002', state: 'FCT' },
        {
          meterNo: TM.unverifiable,
          disco: 'IKEDC',
          vendType: 'prepaid',
          phoneNo: '0803',
          state: 'Lagos',
        },
      ],
    });
    expect([bad.status, bad.body.message]).toEqual([422, METER_IMPORT_MSG.failed]);
    expect(bad.body.errors!['meters.1']).toEqual([MSG.verificationFailed]);
    expect(await savedCount(o.account.id)).toBe(1);

    const okRes = await o.api.post('/api/marketplace/assets/meters/import', {
      meters: [
        { meterNo: good2, disco: 'AEDC', vendType: 'postpaid', phoneNo: '08030000002', state: 'FCT' },
        {
          meterNo: good1,
          disco: 'IKEDC',
          vendType: 'prepaid',
          phoneNo: '08030000001',
          state: 'Lagos',
          label: 'HQ',
        },
      ],
    });
    expect([okRes.status, okRes.body.message]).toEqual([201, METER_IMPORT_MSG.imported(2)]);
    expect(okRes.body.data[0].name).not.toBe('');
    expect(await savedCount(o.account.id)).toBe(3);
    // imported twice: refused, nothing more saved
    const again = await o.api.post('/api/marketplace/assets/meters/import', {
      meters: [
        { meterNo: good1, disco: 'IKEDC', vendType: 'prepaid', phoneNo: '08030000001', state: 'Lagos' },
      ],
    });
    expect(again.status).toBe(422);
    expect(again.body.errors!['meters.0']).toEqual([MSG.meterDuplicate]);

    // tenancy: another company's saved meters do not count as duplicates, and it sees none of these
    const other = await ownerWithAccount(t);
    const theirs = await send(other.api, Buffer.from(csv), 'meters.csv');
    expect(theirs.body.data.rows[5].ok).toBe(true);
    expect(await savedCount(other.account.id)).toBe(0);
  });

  it('xlsx: the first sheet, headers in any case', async () => {
    const o = await ownerWithAccount(t);
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Meters');
    ws.addRow(['METER NO', 'DISCO', 'VEND TYPE', 'PHONE NO', 'STATE', 'LABEL']);
    const m = randomMeter();
    ws.addRow([Number(m), 'EKEDC', 'prepaid', '08031112222', 'Lagos', 'Lekki branch']);
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    const parsed = await parseSheet(bytes, 'm.xlsx');
    expect(parsed).toEqual([
      {
        'meter no': m,
        disco: 'EKEDC',
        'vend type': 'prepaid',
        'phone no': '08031112222',
        state: 'Lagos',
        label: 'Lekki branch',
      },
    ]);
    const res = await send(o.api, bytes, 'meters.xlsx');
    expect(res.status).toBe(200);
    expect(res.body.data.rows[0]).toMatchObject({
      ok: true,
      meterNo: m,
      disco: 'EKEDC',
      label: 'Lekki branch',
    });
  });

  it('bad input: no file, wrong type, garbage xlsx, empty, too many rows, bad confirm body → 400, nothing saved', async () => {
    const o = await ownerWithAccount(t);
    const noFile = await o.api.post('/api/marketplace/assets/meters/import/preview', {});
    expect(noFile.status).toBe(400);
    expect((await send(o.api, Buffer.from('x'), 'meters.pdf')).body.errors!.file).toEqual([
      METER_IMPORT_MSG.fileType,
    ]);
    expect((await send(o.api, Buffer.from('not a zip'), 'meters.xlsx')).body.errors!.file).toEqual([
      METER_IMPORT_MSG.fileType,
    ]);
    expect((await send(o.api, Buffer.from('meter no,disco\n'), 'meters.csv')).body.errors!.file).toEqual([
      METER_IMPORT_MSG.empty,
    ]);
    const big = ['meter no', ...Array.from({ length: 501 }, (_, i) => String(10000000100 + i))].join('\n');
    expect((await send(o.api, Buffer.from(big), 'meters.csv')).body.errors!.file).toEqual([
      METER_IMPORT_MSG.tooMany,
    ]);
    for (const body of [{}, { meters: [] }, { meters: [{ meterNo: 1 }] }, { meters: 'x' }]) {
      const r = await o.api.post('/api/marketplace/assets/meters/import', body);
      expect(r.status).toBe(400);
    }
    expect(await savedCount(o.account.id)).toBe(0);
  });
});
