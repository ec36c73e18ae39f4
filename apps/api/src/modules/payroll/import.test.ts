import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MSG, PAYROLL_IMPORT_MSG, makeNuban, PAYROLL_MSG } from '@owo/contract';
import { memberWithRole, setKybTier, type TestApp, createTestApp } from '../../../test/helpers';
import { startJobs } from '../../platform/jobs';
import { buildSheet } from '../../platform/spreadsheet';
import { fundedOwner, ordinaryAccount, waitFor } from '../funding/test-support';
import { payrollEmployees, payrollImportEntries } from './tables';

let t: TestApp;
let stop: () => Promise<void>;
beforeAll(async () => {
  t = await createTestApp();
  stop = await startJobs(t.app.deps);
});
afterAll(async () => {
  await stop?.();
  await t?.close();
});

const base = '/api/payrolls/employees/csv';
let n = 0;
const row = (over: Record<string, string> = {}) => ({
  name: `Import Person ${++n}`,
  email: `import${n}.${Date.now()}@example.ng`,
  salaryAmount: '250000',
  bankCode: '058',
  accountNumber: ordinaryAccount(),
  accountName: '',
  annualRent: '',
  ...over,
});
/** Passes the NUBAN check but the bank knows no such account (sandbox). */
const unknownAccount = () => makeNuban('058', `99999${String(1000 + Math.floor(Math.random() * 8999))}`);

async function company() {
  const o = await fundedOwner(t, 1_000_000_00);
  await setKybTier(t, o.account.id, 3);
  const fm = await memberWithRole(t, o.account.id, 'finance-manager');
  return { o, fm };
}

function upload(api: any, bytes: Buffer, name: string, type = 'text/csv') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return api.post(`${base}/extract`, form);
}

async function settled(api: any, id: string) {
  let b: any;
  await waitFor('import validated', async () => {
    b = (await api.get(`${base}/${id}?limit=1000`)).body.data;
    return b.status === 'validated';
  });
  return b;
}

describe('employee import: extract', () => {
  it('reads CSV and xlsx with headers in any case; refuses other files and files over 1 MB with the messages', async () => {
    const { o } = await company();
    const r1 = row();
    const csv = `NAME,Email,SALARYAMOUNT,bankcode,AccountNumber,accountName,annualrent\n${r1.name},${r1.email},250000,058,${r1.accountNumber},,1200000\n\n`;
    const res = await upload(o.api, Buffer.from(csv), 'staff.csv');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.entries).toEqual([
      {
        ...r1,
        salaryAmount: '250000',
        annualRent: '1200000',
        accountName: '',
        stateOfResidence: '',
        pfaName: '',
        rsaPin: '',
        nhfNumber: '',
      },
    ]);

    const xlsx = await buildSheet(
      ['Name', 'email', 'salaryAmount', 'BankCode', 'accountNumber'],
      [['Ada Obi', 'ada@example.ng', '100000.50', '058', r1.accountNumber]],
      'xlsx',
    );
    const x = await upload(o.api, xlsx, 'staff.xlsx');
    expect(x.status, JSON.stringify(x.body)).toBe(200);
    expect(x.body.data.entries[0]).toMatchObject({
      name: 'Ada Obi',
      salaryAmount: '100000.50',
      bankCode: '058',
    });
    // A legacy .xls workbook is refused with the way forward (no maintained reader of the format).
    const xls = fs.readFileSync(path.join(__dirname, '../../../test/fixtures/legacy.xls'));
    const old = await upload(o.api, xls, 'staff.xls');
    expect(old.status).toBe(400);
    expect(old.body.errors.file).toEqual([IMPORT_MSG.legacyXls]);

    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    for (const [bytes, name] of [
      [png, 'photo.png'],
      [png, 'disguised.csv'],
      [Buffer.from(csv), 'staff.pdf'],
    ] as const) {
      const bad = await upload(o.api, bytes, name);
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual({ file: [PAYROLL_IMPORT_MSG.fileFormat] });
    }
    const big = await upload(o.api, Buffer.alloc(1024 * 1024 + 10, 'a'), 'big.csv');
    expect(big.status).toBe(400);
    expect(big.body.errors).toEqual({ file: ['File size is too large'] });
    const cols = await upload(o.api, Buffer.from('name,email\nA,a@b.ng\n'), 'x.csv');
    expect(cols.body.errors.file[0]).toBe(
      `${PAYROLL_IMPORT_MSG.missingColumns}salaryAmount, bankCode, accountNumber`,
    );
    const empty = await upload(
      o.api,
      Buffer.from('name,email,salaryAmount,bankCode,accountNumber\n'),
      'x.csv',
    );
    expect(empty.body.errors.file).toEqual([PAYROLL_IMPORT_MSG.empty]);

    const tpl = await o.api.get(`${base}/template`);
    expect(tpl.status).toBe(200);
    expect((tpl.body as any).raw.trim()).toBe(
      'name,email,salaryAmount,bankCode,accountNumber,accountName,annualRent,stateOfResidence,pfaName,rsaPin,nhfNumber',
    );
  });
});

describe('employee import: validation batches', () => {
  it('reports every problem per row and column, resolves names in the background, commits all or nothing', async () => {
    const { o, fm } = await company();
    const existing = row();
    const add = await o.api.post('/api/payrolls/employees/add', { employees: [existing] });
    expect(add.status, JSON.stringify(add.body)).toBe(201);
    const dupAcc = ordinaryAccount();
    const dupEmail = `dup.${Date.now()}@example.ng`;
    const entries = [
      row(), // 1 ok
      row({ name: '' }), // 2
      row({ salaryAmount: '100.123' }), // 3
      row({ salaryAmount: '0' }), // 4
      row({ email: 'not-an-email' }), // 5
      row({ email: dupEmail }), // 6
      row({ email: dupEmail.toUpperCase() }), // 7
      row({ email: existing.email }), // 8
      row({ accountNumber: dupAcc }), // 9
      row({ accountNumber: dupAcc }), // 10
      row({ accountNumber: existing.accountNumber }), // 11
      row({ accountNumber: '0123456789' }), // 12 NUBAN
      row({ bankCode: 'Nowhere Bank' }), // 13
      row({ accountNumber: unknownAccount() }), // 14 name lookup fails (background)
      row({ bankCode: 'GTBank', salaryAmount: '₦1,200,000.50' }), // 15 bank by name? (not in list → unknown)
      row({ accountNumber: '12345' }), // 16
    ];
    const v = await o.api.post(`${base}/validate`, { fileName: 'staff.csv', entries });
    expect(v.status, JSON.stringify(v.body)).toBe(201);
    expect(v.body.message).toBe(PAYROLL_IMPORT_MSG.validated);
    const id = v.body.data.id;
    expect(
      await t.db.select().from(payrollEmployees).where(eq(payrollEmployees.accountId, o.account.id)),
    ).toHaveLength(1);
    const b = await settled(o.api, id);
    expect(b.progress.done).toBe(b.progress.total);
    const errs = Object.fromEntries(b.entries.map((e: any) => [e.rowNo, e.errors]));
    expect(errs[1]).toEqual({});
    expect(b.entries[0]).toMatchObject({ valid: true, nameStatus: 'resolved', salaryAmount: '250000.00' });
    expect(b.entries[0].accountName).toBeTruthy();
    expect(errs[2]).toEqual({ name: PAYROLL_MSG.nameMissing });
    expect(errs[3]).toEqual({ salaryAmount: PAYROLL_MSG.salaryDecimals });
    expect(errs[4]).toEqual({ salaryAmount: PAYROLL_MSG.salaryMin });
    expect(errs[5]).toEqual({ email: PAYROLL_MSG.emailInvalid });
    expect(errs[6]).toEqual({ email: PAYROLL_IMPORT_MSG.emailDuplicate });
    expect(errs[7]).toEqual({ email: PAYROLL_IMPORT_MSG.emailDuplicate });
    expect(errs[8]).toEqual({ email: PAYROLL_IMPORT_MSG.emailTaken });
    expect(errs[9]).toEqual({ accountNumber: PAYROLL_IMPORT_MSG.accountDuplicate });
    expect(errs[10]).toEqual({ accountNumber: PAYROLL_IMPORT_MSG.accountDuplicate });
    expect(errs[11]).toEqual({ accountNumber: PAYROLL_IMPORT_MSG.accountTaken });
    expect(errs[12]).toEqual({ accountNumber: PAYROLL_IMPORT_MSG.nubanFailed });
    expect(errs[13]).toEqual({ bankCode: PAYROLL_IMPORT_MSG.bankUnknown });
    expect(errs[14]).toEqual({ accountNumber: PAYROLL_IMPORT_MSG.accountNotVerified });
    expect(errs[16]).toEqual({ accountNumber: PAYROLL_IMPORT_MSG.accountDigits });
    expect(b.invalidCount).toBeGreaterThanOrEqual(14);
    // bank numbers never leave unmasked, and rest in the vault
    expect(JSON.stringify(b)).not.toContain(dupAcc);
    const [stored] = await t.db
      .select()
      .from(payrollImportEntries)
      .where(eq(payrollImportEntries.batchId, id));
    expect(stored.accountNumber.startsWith('vault:')).toBe(true);

    // masking: a role without canViewPayrollSensitiveData sees no salary
    const masked = await fm.api.get(`${base}/${id}?limit=1000`);
    expect(masked.status).toBe(200);
    expect(masked.body.data.salaryVisible).toBe(false);
    expect(masked.body.data.entries.every((e: any) => e.salaryAmount === null && e.annualRent === null)).toBe(
      true,
    );
    expect(JSON.stringify(masked.body)).not.toMatch(/250000/);

    expect((await o.api.get(`${base}/active`)).body.data.id).toBe(id);
    const problems = await o.api.get(`${base}/${id}?problems=true&limit=1000`);
    expect(problems.body.data.entriesTotal).toBe(b.invalidCount);

    // a commit while any row has a problem: 409, nothing written
    const early = await o.api.post(`${base}/${id}/commit`);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(PAYROLL_IMPORT_MSG.hasProblems);
    expect(
      await t.db.select().from(payrollEmployees).where(eq(payrollEmployees.accountId, o.account.id)),
    ).toHaveLength(1);

    // fix every bad row; fixing one of two duplicates clears the other too
    const byRow = new Map(b.entries.map((e: any) => [e.rowNo, e]));
    for (const no of [2, 3, 4, 5, 6, 8, 9, 11, 12, 13, 14, 15, 16]) {
      const fixed = await o.api.put(`${base}/entries/${(byRow.get(no) as any).id}`, row());
      expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
      expect(fixed.body.data).toMatchObject({ valid: true, errors: {} });
    }
    const after = (await o.api.get(`${base}/${id}?limit=1000`)).body.data;
    expect(after.invalidCount).toBe(0);
    expect(after.validCount).toBe(entries.length);

    const commit = await o.api.post(`${base}/${id}/commit`);
    expect(commit.status, JSON.stringify(commit.body)).toBe(200);
    expect(commit.body).toMatchObject({
      message: PAYROLL_IMPORT_MSG.committed,
      data: { imported: entries.length },
    });
    const emps = await t.db
      .select()
      .from(payrollEmployees)
      .where(eq(payrollEmployees.accountId, o.account.id));
    expect(emps).toHaveLength(entries.length + 1);
    expect(emps.every((e) => e.accountNumber.startsWith('vault:'))).toBe(true);
    expect(
      await t.db.select().from(payrollImportEntries).where(eq(payrollImportEntries.batchId, id)),
    ).toEqual([]);
    expect((await o.api.post(`${base}/${id}/commit`)).status).toBe(409);
    expect((await o.api.get(`${base}/active`)).body.data).toBeNull();
  });

  it('retries failed name lookups, discards and deletes; bad actions and other companies answer 4xx', async () => {
    const { o } = await company();
    const other = await company();
    const v = await o.api.post(`${base}/validate`, {
      entries: [row(), row({ accountNumber: unknownAccount() })],
    });
    const id = v.body.data.id;
    const b = await settled(o.api, id);
    expect(b.invalidCount).toBe(1);
    const retry = await o.api.get(`${base}/${id}/retry-validation`);
    expect(retry.status).toBe(200);
    const again = await settled(o.api, id);
    expect(again.entries[1].errors).toEqual({ accountNumber: PAYROLL_IMPORT_MSG.accountNotVerified });

    // tenancy: another company's ids answer 404
    const entryId = b.entries[0].id;
    expect((await other.o.api.get(`${base}/${id}`)).status).toBe(404);
    expect((await other.o.api.put(`${base}/entries/${entryId}`, row())).status).toBe(404);
    expect((await other.o.api.post(`${base}/${id}/commit`)).status).toBe(404);
    expect((await other.o.api.post(`${base}/${id}/discard`)).status).toBe(404);
    expect((await other.o.api.get(`${base}/${id}/retry-validation`)).status).toBe(404);
    expect((await other.o.api.delete(`${base}/${id}`)).status).toBe(404);
    expect((await other.o.api.get(`${base}/active`)).body.data).toBeNull();

    expect((await o.api.post(`${base}/${id}/publish`)).status).toBe(400);
    expect((await o.api.post(`${base}/not-a-uuid/commit`)).status).toBe(400);
    const discard = await o.api.post(`${base}/${id}/discard`);
    expect(discard.status).toBe(200);
    expect((await o.api.put(`${base}/entries/${entryId}`, row())).status).toBe(404); // rows deleted
    expect((await o.api.post(`${base}/${id}/commit`)).status).toBe(409);
    expect((await o.api.delete(`${base}/${id}`)).status).toBe(200);
    expect((await o.api.get(`${base}/${id}`)).status).toBe(404);
  });

  it('fuzz: any validate or fix body answers 201/200/400/409, never 5xx', async () => {
    const { o } = await company();
    const text = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom('', '058', '0', '-1', '1e9', '12.345'),
    );
    const entry = fc.record(
      {
        name: text,
        email: text,
        salaryAmount: text,
        bankCode: text,
        accountNumber: fc.oneof(text, fc.constant(ordinaryAccount())),
        accountName: text,
        annualRent: text,
      },
      { requiredKeys: [] },
    );
    const v = await o.api.post(`${base}/validate`, { entries: [row()] });
    const entryId = (await settled(o.api, v.body.data.id)).entries[0].id;
    await fc.assert(
      fc.asyncProperty(fc.array(entry, { minLength: 0, maxLength: 5 }), fc.anything(), async (es, junk) => {
        const a = await o.api.post(`${base}/validate`, { entries: es });
        expect([201, 400]).toContain(a.status);
        const b = await o.api.put(`${base}/entries/${entryId}`, es[0] ?? junk);
        expect([200, 400]).toContain(b.status);
      }),
      { numRuns: 25 },
    );
  });
});
