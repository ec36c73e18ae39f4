import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYROLL_MSG } from '@owo/contract';
import { memberWithRole, setKybTier, type TestApp, createTestApp } from '../../../test/helpers';
import { startJobs } from '../../platform/jobs';
import { vaultReads } from '../../platform/schema';
import { vaultFor } from '../../platform/vault';
import { lagosMonth } from '../../platform/dates';
import { SANDBOX_TEST_ACCOUNTS } from '../../rails/sandbox/test-accounts';
import { fundedOwner, ordinaryAccount, waitFor } from '../funding/test-support';
import { payrollEmployees, payrollImportEntries, payrollRows } from './tables';

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

let n = 0;
const employee = (over: Record<string, unknown> = {}) => ({
  name: `Remit ${String.fromCharCode(65 + (n % 26))}${++n}`,
  email: `remit${n}.${Date.now()}@example.ng`,
  salaryAmount: '150000',
  bankCode: '058',
  accountNumber: ordinaryAccount(),
  ...over,
});
const PIN_A = 'PEN100000000001';
const PIN_B = 'PEN200000000002';
/** The NIGERIA.md worked example: ₦500,000 a month, rent ₦1.2m a year. */
const worked = (over: Record<string, unknown> = {}) =>
  employee({
    name: 'Ada Worked',
    salaryAmount: '100000',
    annualRent: '1200000',
    components: [
      { description: 'Basic', type: 'addition', amount: '250000' },
      { description: 'Housing', type: 'addition', amount: '100000' },
      { description: 'Transport', type: 'addition', amount: '50000' },
    ],
    stateOfResidence: 'lagos',
    pfaName: 'Stanbic IBTC Pension',
    rsaPin: PIN_A.toLowerCase(),
    nhfNumber: 'NHF-12345',
    ...over,
  });
const lines = (csv: string) => csv.trim().split('\r\n');

async function company() {
  const o = await fundedOwner(t, 10_000_000_00);
  await setKybTier(t, o.account.id, 3);
  const admin = await memberWithRole(t, o.account.id, 'admin');
  const fm = await memberWithRole(t, o.account.id, 'finance-manager');
  return { o, admin, fm };
}

describe('employee remittance fields', () => {
  it('validates, vaults the RSA PIN, masks it in every answer and keeps it on an update without one', async () => {
    const { o, fm } = await company();
    const bad = await o.api.post('/api/payrolls/employees/add', {
      employees: [employee({ stateOfResidence: 'Gotham', rsaPin: 'PEN12', nhfNumber: 'a b' })],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      'employees.0.stateOfResidence': [PAYROLL_MSG.stateInvalid],
      'employees.0.rsaPin': [PAYROLL_MSG.rsaPinInvalid],
      'employees.0.nhfNumber': [PAYROLL_MSG.nhfNumberInvalid],
    });
    expect(
      await t.db.select().from(payrollEmployees).where(eq(payrollEmployees.accountId, o.account.id)),
    ).toEqual([]);
    const e = worked({ stateOfResidence: 'FCT' });
    const res = await o.api.post('/api/payrolls/employees/add', { employees: [e, employee()] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data[0]).toMatchObject({
      stateOfResidence: 'Federal Capital Territory',
      pfaName: 'Stanbic IBTC Pension',
      rsaPin: '******0001',
      nhfNumber: 'NHF-12345',
    });
    expect(res.body.data[1]).toMatchObject({
      stateOfResidence: null,
      pfaName: null,
      rsaPin: null,
      nhfNumber: null,
    });
    const id = res.body.data[0].id;
    const [row] = await t.db.select().from(payrollEmployees).where(eq(payrollEmployees.id, id));
    expect(row.rsaPin!.startsWith('vault:')).toBe(true);
    expect(row.rsaPin).not.toContain('100000000001');
    for (const api of [o.api, fm.api]) {
      const list = await api.get('/api/payrolls/employees');
      expect(JSON.stringify(list.body)).not.toContain('100000000001');
      const csv: string = ((await api.get('/api/payrolls/employees?format=csv')).body as any).raw;
      expect(csv).not.toContain('100000000001');
    }
    const put = await o.api.put(`/api/payrolls/employees/${id}`, {
      ...e,
      rsaPin: undefined,
      pfaName: 'ARM Pension',
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.data).toMatchObject({ pfaName: 'ARM Pension', rsaPin: '******0001' });
  });
});

describe('GET /payrolls/remittances/{yyyy-mm}/{paye|pension|nhf}.csv', () => {
  it("builds the month's PAYE, pension and NHF schedules from paid rows only, for the sensitive role only", async () => {
    const { o, admin, fm } = await company();
    const other = await company();
    const added = await o.api.post('/api/payrolls/employees/add', {
      employees: [
        worked(),
        employee({
          name: 'Bola Oyo',
          stateOfResidence: 'Oyo',
          pfaName: 'ARM Pension',
          rsaPin: PIN_B,
          nhfEnabled: false,
        }),
        employee({
          name: 'Zed Failed',
          stateOfResidence: 'Kano',
          accountNumber: SANDBOX_TEST_ACCOUNTS.fails,
        }),
      ],
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const ids = added.body.data.map((e: { id: string }) => e.id);
    const created = await o.api.post('/api/payrolls', {
      name: 'Remittance month',
      type: 'once',
      mode: 'instant',
      walletId: o.wallet.id,
      employees: ids,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const pid = created.body.data.id;
    const submitted = await o.api.post(`/api/payrolls/${pid}/approve`);
    const item = submitted.body.data.approvalWorkflowPendingApprovalItem;
    const decided = await admin.api.post(`/api/approval-workflows/pending-approvals/approve/${item.id}`, {
      approvalStatus: 'approved',
      comments: 'Checked',
    });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(
      await waitFor(
        'settled',
        async () => (await o.api.get(`/api/payrolls/${pid}`)).body.data.status !== 'paying',
      ),
    ).toBe(true);
    const month = lagosMonth();
    const file = async (api: typeof o.api, kind: string, m = month) => {
      const res = await api.get(`/api/payrolls/remittances/${m}/${kind}.csv`);
      return { status: res.status, text: (res.body as any).raw as string, res };
    };

    const paye = await file(o.api, 'paye');
    expect(paye.status).toBe(200);
    expect(paye.res.headers.get('content-type')).toContain('text/csv');
    expect(lines(paye.text)).toEqual([
      'State of residence,Employee name,Email,Payroll reference,Gross pay,PAYE',
      expect.stringMatching(/^Lagos,Ada Worked,remit\d+\.\d+@example\.ng,pyr_\w+,500000\.00,62015\.00$/),
      expect.stringMatching(/^Oyo,Bola Oyo,.*,150000\.00,\d+\.\d\d$/),
    ]);
    expect(paye.text).not.toContain('Zed Failed'); // its payment failed: not paid, not remitted

    const pension = await file(o.api, 'pension');
    expect(lines(pension.text)).toEqual([
      'PFA,RSA PIN,Employee name,Employee contribution (8%),Employer contribution (10%),Total',
      expect.stringMatching(/^ARM Pension,PEN200000000002,Bola Oyo,\d+\.\d\d,\d+\.\d\d,\d+\.\d\d$/),
      'Stanbic IBTC Pension,PEN100000000001,Ada Worked,32000.00,40000.00,72000.00',
    ]);
    const reads = await t.db.select().from(vaultReads).where(eq(vaultReads.recordId, o.account.id));
    expect(reads.map((r) => r.reason)).toContain(`pension remittance ${month}`);

    const nhf = await file(o.api, 'nhf');
    // Bola has NHF off: only Ada is remitted
    expect(lines(nhf.text)).toEqual([
      'NHF number,Employee name,Basic salary,NHF (2.5%)',
      'NHF-12345,Ada Worked,250000.00,6250.00',
    ]);

    // The rows snapshot the remittance fields: editing (or deleting) the employees afterwards
    // never rewrites a paid month's schedules.
    const ada = added.body.data[0];
    const edited = await o.api.put(`/api/payrolls/employees/${ada.id}`, {
      ...worked(),
      email: ada.email,
      stateOfResidence: 'Kano',
      pfaName: 'Leadway Pensure',
      rsaPin: 'PEN999999999999',
      nhfNumber: 'NHF-NEW',
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data).toMatchObject({ pfaName: 'Leadway Pensure', rsaPin: '******9999' });
    expect((await o.api.delete(`/api/payrolls/employees/${ids[1]}`)).status).toBe(200);
    expect(lines((await file(o.api, 'pension')).text)).toEqual(lines(pension.text));
    expect((await file(o.api, 'pension')).text).not.toMatch(/Leadway|PEN999999999999/);
    expect(lines((await file(o.api, 'paye')).text)).toEqual(lines(paye.text));
    expect(lines((await file(o.api, 'nhf')).text)).toEqual(lines(nhf.text));
    const rowPins = await t.db.select().from(payrollRows).where(eq(payrollRows.payrollId, pid));
    expect(rowPins.every((r) => r.rsaPin === null || r.rsaPin.startsWith('vault:'))).toBe(true);

    // another month: headers only
    expect(lines((await file(o.api, 'paye', '2001-01')).text)).toHaveLength(1);
    // another company sees none of these rows
    for (const kind of ['paye', 'pension', 'nhf']) {
      const theirs = await file(other.o.api, kind);
      expect(theirs.status).toBe(200);
      expect(lines(theirs.text)).toHaveLength(1);
    }
    // no canViewPayrollSensitiveData: 403 with the message, for every file
    for (const kind of ['paye', 'pension', 'nhf']) {
      const denied = await fm.api.get(`/api/payrolls/remittances/${month}/${kind}.csv`);
      expect(denied.status).toBe(403);
      expect(denied.body.message).toBe(PAYROLL_MSG.noPermission);
    }
    // bad input
    const badMonth = await o.api.get('/api/payrolls/remittances/2026-13/paye.csv');
    expect(badMonth.status).toBe(400);
    expect(badMonth.body.errors!.month).toEqual([PAYROLL_MSG.monthInvalid]);
    expect((await o.api.get(`/api/payrolls/remittances/${month}/nsitf.csv`)).status).toBe(400);
  });
});

describe('employee import: remittance columns (optional)', () => {
  it('checks them per row, vaults the RSA PIN and carries them to the employees on commit', async () => {
    const { o } = await company();
    const base = '/api/payrolls/employees/csv';
    const row = (over: Record<string, string> = {}) => {
      const e = employee();
      return {
        name: e.name,
        email: e.email,
        salaryAmount: '200000',
        bankCode: '058',
        accountNumber: e.accountNumber,
        ...over,
      };
    };
    const good = row({
      stateOfResidence: 'FCT',
      pfaName: 'ARM Pension',
      rsaPin: 'pen300000000003',
      nhfNumber: 'N-9',
    });
    const plain = row();
    const bad = row({ stateOfResidence: 'Atlantis', rsaPin: 'PEN1', nhfNumber: 'has space' });
    const v = await o.api.post(`${base}/validate`, { entries: [good, plain, bad] });
    expect(v.status, JSON.stringify(v.body)).toBe(201);
    const id = v.body.data.id;
    let b: any;
    await waitFor('validated', async () => {
      b = (await o.api.get(`${base}/${id}?limit=1000`)).body.data;
      return b.status === 'validated';
    });
    expect(b.entries[0]).toMatchObject({
      stateOfResidence: 'Federal Capital Territory',
      pfaName: 'ARM Pension',
      rsaPin: '******0003',
      nhfNumber: 'N-9',
      valid: true,
    });
    expect(b.entries[1]).toMatchObject({ stateOfResidence: null, rsaPin: null, valid: true });
    expect(b.entries[2].errors).toEqual({
      stateOfResidence: PAYROLL_MSG.stateInvalid,
      rsaPin: PAYROLL_MSG.rsaPinInvalid,
      nhfNumber: PAYROLL_MSG.nhfNumberInvalid,
    });
    expect(JSON.stringify(b)).not.toContain('300000000003');
    const stored = await t.db.select().from(payrollImportEntries).where(eq(payrollImportEntries.batchId, id));
    expect(stored.every((s) => s.rsaPin === null || s.rsaPin.startsWith('vault:'))).toBe(true);
    // a row with a problem blocks the commit; fixed, the batch commits with the columns
    expect((await o.api.post(`${base}/${id}/commit`)).status).toBe(409);
    const fixed = await o.api.put(`${base}/entries/${b.entries[2].id}`, {
      ...bad,
      stateOfResidence: 'Kano',
      rsaPin: '',
      nhfNumber: '',
    });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    expect(fixed.body.data).toMatchObject({ valid: true, stateOfResidence: 'Kano', rsaPin: null });
    const c = await o.api.post(`${base}/${id}/commit`);
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    const [emp] = await t.db.select().from(payrollEmployees).where(eq(payrollEmployees.email, good.email));
    expect(emp).toMatchObject({
      stateOfResidence: 'Federal Capital Territory',
      pfaName: 'ARM Pension',
      nhfNumber: 'N-9',
      rsaPinLast4: '0003',
    });
    expect(emp.rsaPin!.startsWith('vault:')).toBe(true);
    expect(vaultFor(t.app.deps.config).decrypt('payroll_employees.rsa_pin', emp.rsaPin!)).toBe(
      'PEN300000000003',
    );
  });
});
