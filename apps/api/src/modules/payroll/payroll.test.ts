import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYROLL_MSG } from '@owo/contract';
import {
  lastMailTo,
  memberWithRole,
  ownerWithAccount,
  setKybTier,
  type TestApp,
  createTestApp,
} from '../../../test/helpers';
import { startJobs } from '../../platform/jobs';
import { lagosToday } from '../../platform/dates';
import { SANDBOX_TEST_ACCOUNTS } from '../../rails/sandbox/test-accounts';
import { fundedOwner, ordinaryAccount, waitFor } from '../funding/test-support';
import { transactions, wallets } from '../money/tables';
import { verifyLedger } from '../money/verify';
import { payrollEmployees, payrollRows } from './tables';

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
  name: `Employee ${++n}`,
  email: `staff${n}.${Date.now()}@example.ng`,
  salaryAmount: '150000',
  bankCode: '058',
  accountNumber: ordinaryAccount(),
  ...over,
});
/** The NIGERIA.md worked example as an employee: ₦500,000 a month, rent ₦1.2m a year. */
const worked = (over: Record<string, unknown> = {}) =>
  employee({
    salaryAmount: '100000',
    annualRent: '1200000',
    components: [
      { description: 'Basic', type: 'addition', amount: '250000' },
      { description: 'Housing', type: 'addition', amount: '100000' },
      { description: 'Transport', type: 'addition', amount: '50000' },
    ],
    ...over,
  });

async function company(balance = 10_000_000_00) {
  const o = await fundedOwner(t, balance);
  await setKybTier(t, o.account.id, 3);
  const admin = await memberWithRole(t, o.account.id, 'admin');
  const fm = await memberWithRole(t, o.account.id, 'finance-manager');
  return { o, admin, fm };
}

const payrollBody = (
  o: { wallet: { id: string } },
  employees: string[],
  over: Record<string, unknown> = {},
) => ({
  name: 'November 2026 salaries',
  type: 'once',
  mode: 'instant',
  walletId: o.wallet.id,
  employees,
  ...over,
});

const approve = (api: any, id: string) =>
  api.post(`/api/approval-workflows/pending-approvals/approve/${id}`, {
    approvalStatus: 'approved',
    comments: 'Checked the payroll',
  });

/** GET /payrolls/{id}/receipt/pdf as the given session (bytes, not the JSON client). */
const fetchPdf = (who: { token: string }, accountId: string, id: string) =>
  fetch(`${t.baseUrl}/api/payrolls/${id}/receipt/pdf`, {
    headers: { authorization: `Bearer ${who.token}`, 'x-account-id': accountId },
  });
/** The receipt PDF's text (unpdf), after checking it is a PDF. */
async function receiptPdf(who: { token: string }, accountId: string, id: string) {
  const res = await fetchPdf(who, accountId, id);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
  const { extractText, getDocumentProxy } = await import('unpdf');
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return text;
}
/** ₦1,234.50 as the money PDFs print it. */
const naira = (minor: number) =>
  `₦${Math.trunc(minor / 100).toLocaleString('en-NG')}.${String(minor % 100).padStart(2, '0')}`;

describe('payroll employees', () => {
  it('adds with the spec rules, vaults the account number, mails an invitation, changes nothing on bad input', async () => {
    const { o } = await company();
    const bad = async (e: Record<string, unknown>, field: string, message: string) => {
      const res = await o.api.post('/api/payrolls/employees/add', { employees: [employee(), e] });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.errors![field]).toEqual([message]);
    };
    await bad(employee({ salaryAmount: '0' }), 'employees.1.salaryAmount', PAYROLL_MSG.salaryMin);
    await bad(employee({ salaryAmount: -5 }), 'employees.1.salaryAmount', PAYROLL_MSG.salaryMin);
    await bad(employee({ salaryAmount: '100.123' }), 'employees.1.salaryAmount', PAYROLL_MSG.salaryDecimals);
    await bad(
      employee({ accountNumber: '0123456789' }),
      'employees.1.accountNumber',
      'We could not verify this account number at the selected bank',
    );
    await bad(employee({ email: 'nope' }), 'employees.1.email', PAYROLL_MSG.emailInvalid);
    const first = employee();
    const dup = await o.api.post('/api/payrolls/employees/add', {
      employees: [first, employee({ email: first.email })],
    });
    expect(dup.body.errors!['employees.1.email']).toEqual([PAYROLL_MSG.emailDuplicate]);
    expect(
      await t.db.select().from(payrollEmployees).where(eq(payrollEmployees.accountId, o.account.id)),
    ).toEqual([]);

    const e = worked();
    // three employees: the pension coverage threshold (a setting, default 3) is reached
    const res = await o.api.post('/api/payrolls/employees/add', { employees: [e, employee(), employee()] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.message).toBe('Payroll Employees Updated!');
    const got = res.body.data[0];
    expect(got).toMatchObject({
      email: e.email,
      salaryVisible: true,
      salaryAmount: '100000.00',
      finalAmount: '399735.00',
    });
    expect(got.salaryBreakdown).toMatchObject({
      PAYE: '-62015.00',
      'Pension (employee)': '-32000.00',
      NHF: '-6250.00',
    });
    expect(got.bankDetails.accountNumber).toBe(`******${e.accountNumber.slice(-4)}`);
    const [row] = await t.db.select().from(payrollEmployees).where(eq(payrollEmployees.id, got.id));
    expect(row.accountNumber.startsWith('vault:')).toBe(true);
    expect(row.accountNumber).not.toContain(e.accountNumber);
    const mail = await lastMailTo(t, e.email);
    expect(mail?.text).toContain('/employee-portal/join?token=');

    const again = await o.api.post('/api/payrolls/employees/add', {
      employees: [employee({ email: e.email })],
    });
    expect(again.body.errors!['employees.0.email']).toEqual([PAYROLL_MSG.emailTaken]);

    const put = await o.api.put(`/api/payrolls/employees/${got.id}`, { ...e, salaryAmount: '120000.50' });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.data.salaryAmount).toBe('120000.50');
    const list = await o.api.get('/api/payrolls/employees?limit=1000&search=' + encodeURIComponent(e.name));
    expect(list.body.data.map((x: any) => x.id)).toEqual([got.id]);
    expect((await o.api.delete(`/api/payrolls/employees/${got.id}`)).status).toBe(200);
    expect((await o.api.get(`/api/payrolls/employees/${got.id}`)).status).toBe(404);
  });

  it('masks every salary figure server-side for a role without canViewPayrollSensitiveData (JSON and CSV)', async () => {
    const { o, fm } = await company();
    const e = worked();
    const added = await o.api.post('/api/payrolls/employees/add', { employees: [e] });
    const id = added.body.data[0].id;
    const list = await fm.api.get('/api/payrolls/employees');
    expect(list.status).toBe(200);
    const item = list.body.data[0];
    expect(item).toMatchObject({
      salaryVisible: false,
      salaryAmount: null,
      salaryAmountMinor: null,
      finalAmount: null,
      salaryBreakdown: null,
    });
    expect(item.components.every((c: any) => c.amount === null && c.amountMinor === null)).toBe(true);
    expect(JSON.stringify(list.body)).not.toMatch(/100000|250000|399735/);
    const one = await fm.api.get(`/api/payrolls/employees/${id}`);
    expect(JSON.stringify(one.body)).not.toMatch(/100000|250000|399735/);
    const csv = await fm.api.get(`/api/payrolls/employees?format=csv`);
    const text: string = (csv.body as any).raw;
    expect(csv.status).toBe(200);
    expect(text).toContain(e.email);
    expect(text).not.toMatch(/Salary|100000|399735/);
    const ownerCsv: string = ((await o.api.get(`/api/payrolls/employees?format=csv`)).body as any).raw;
    const csv2: string = ((await fm.api.get('/api/payrolls/employees/csv')).body as any).raw;
    expect(csv2).toContain(e.email);
    expect(csv2).not.toMatch(/Salary|100000/);
    expect(ownerCsv).toContain('Salary');
    expect(ownerCsv).toContain('100000.00');

    const pr = await fm.api.post('/api/payrolls', payrollBody(o, [id]));
    expect(pr.status, JSON.stringify(pr.body)).toBe(201);
    expect(pr.body.data).toMatchObject({ salaryVisible: false, netAmount: null, payrollBreakdown: null });
    const rows = await fm.api.get(`/api/payrolls/${pr.body.data.id}/employees`);
    expect(JSON.stringify(rows.body)).not.toMatch(/100000|399735/);
    const ownerView = await o.api.get(`/api/payrolls/${pr.body.data.id}`);
    expect(ownerView.body.data.netAmount).toBe('425975.00'); // one employee: under the pension threshold
  });
});

describe('payroll runs', () => {
  it('checks the dialog rules and the zero-total block, writing nothing', async () => {
    const { o } = await company();
    const added = await o.api.post('/api/payrolls/employees/add', {
      employees: [
        employee({
          salaryAmount: '1000',
          components: [{ description: 'Loan', type: 'deduction', amount: '1000' }],
        }),
      ],
    });
    const id = added.body.data[0].id;
    const zero = await o.api.post('/api/payrolls', payrollBody(o, [id]));
    expect(zero.status).toBe(400);
    expect(zero.body.errors!.employees).toEqual([PAYROLL_MSG.zeroOrNegative]);
    const days = await o.api.post(
      '/api/payrolls',
      payrollBody(o, [id], {
        type: 'recurring',
        daysBeforeMonthEndToCreatePayroll: 3,
        daysBeforeMonthEndToProcessPayroll: 3,
      }),
    );
    expect(days.body.errors).toMatchObject({
      daysBeforeMonthEndToCreatePayroll: [PAYROLL_MSG.creationAfterProcessing],
      daysBeforeMonthEndToProcessPayroll: [PAYROLL_MSG.processingBeforeCreation],
    });
    const dayRange = await o.api.post(
      '/api/payrolls',
      payrollBody(o, [id], { daysBeforeMonthEndToProcessPayroll: 32 }),
    );
    expect(dayRange.status).toBe(400);
    const today = lagosToday();
    const sched = await o.api.post(
      '/api/payrolls',
      payrollBody(o, [id], { mode: 'scheduled', scheduledPayDate: today }),
    );
    expect(sched.body.errors!.scheduledPayDate).toEqual([PAYROLL_MSG.scheduledTomorrow]);
    expect((await o.api.get('/api/payrolls')).body.data).toEqual([]);
  });

  it('submit -> approval -> whole net pay held, each employee paid once; retry pays failed rows only; receipt PDF masked', async () => {
    const { o, admin, fm } = await company();
    const other = await ownerWithAccount(t);
    const added = await o.api.post('/api/payrolls/employees/add', {
      employees: [
        worked(),
        employee({ salaryAmount: '80000' }),
        employee({ accountNumber: SANDBOX_TEST_ACCOUNTS.fails }),
      ],
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const ids = added.body.data.map((e: any) => e.id);
    const created = await o.api.post('/api/payrolls', payrollBody(o, ids));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.message).toBe(PAYROLL_MSG.created);
    const p = created.body.data;
    expect(p.status).toBe('draft');
    expect(p.payrollBreakdown.PAYE).toMatch(/^-/);
    const rows0 = (await o.api.get(`/api/payrolls/${p.id}/employees`)).body.data;
    expect(rows0[0].salaryBreakdown).toMatchObject({
      PAYE: '-62015.00',
      NHF: '-6250.00',
      'Pension (employee)': '-32000.00',
    });
    expect(rows0[0].employerCosts).toEqual({ 'Pension (employer)': '40000.00', NSITF: '5000.00' });
    const net = rows0.reduce((a: number, r: any) => a + r.finalAmountMinor, 0);
    expect(p.netAmountMinor).toBe(net);

    const submitted = await o.api.post(`/api/payrolls/${p.id}/approve`);
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect(submitted.body.data.status).toBe('pending');
    expect((await o.api.post(`/api/payrolls/${p.id}/approve`)).status).toBe(409);
    const item = submitted.body.data.approvalWorkflowPendingApprovalItem;
    expect(item).toMatchObject({ type: 'payroll', status: 'pending' });
    const before = (await t.db.select().from(wallets).where(eq(wallets.id, o.wallet.id)))[0];
    const decided = await approve(admin.api, item.id);
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(decided.body.message).toBe('Payroll approved successfully');
    // the whole net pay (and fees) is held at once in the approving transaction
    const held = (await t.db.select().from(wallets).where(eq(wallets.id, o.wallet.id)))[0];
    const txs0 = await t.db.select().from(transactions).where(eq(transactions.sourceId, p.id));
    expect(txs0).toHaveLength(3);
    expect(before.balance - held.balance).toBe(txs0.reduce((a, x) => a + x.amount + x.fee, 0));

    const settled = await waitFor(
      'settled',
      async () => (await o.api.get(`/api/payrolls/${p.id}`)).body.data.status !== 'paying',
    );
    expect(settled).toBe(true);
    const done = (await o.api.get(`/api/payrolls/${p.id}`)).body.data;
    expect(done).toMatchObject({ status: 'partially_failed', paidCount: 2, failedCount: 1 });
    const rows = (await o.api.get(`/api/payrolls/${p.id}/employees?limit=1000`)).body.data;
    const failed = rows.find((r: any) => r.status === 'failed');
    expect(failed.failureReason).toBeTruthy();

    const retry = await o.api.post(`/api/payrolls/${p.id}/payment/retry`);
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    await waitFor(
      'retried',
      async () => (await o.api.get(`/api/payrolls/${p.id}`)).body.data.status !== 'paying',
    );
    const txs = await t.db.select().from(transactions).where(eq(transactions.sourceId, p.id));
    expect(txs).toHaveLength(4); // 2 paid once each + the failing row twice
    const refs = txs.map((x) => x.reference);
    expect(new Set(refs).size).toBe(4);
    expect(txs.filter((x) => x.status === 'success')).toHaveLength(2);
    const dbRows = await t.db.select().from(payrollRows).where(eq(payrollRows.payrollId, p.id));
    expect(dbRows.map((r) => r.attempt).sort()).toEqual([1, 1, 2]);
    const receipt = (await o.api.get(`/api/payrolls/${p.id}/receipt`)).body.data;
    expect(receipt).toMatchObject({ paidCount: 2, failedCount: 1 });
    expect(receipt.paidAmountMinor).toBe(
      rows.filter((r: any) => r.status === 'paid').reduce((a: number, r: any) => a + r.finalAmountMinor, 0),
    );
    // the receipt PDF: every figure for the owner, none for a role without the flag (server-side)
    const ownerPdf = await receiptPdf(o, o.account.id, p.id);
    expect(ownerPdf).toContain(p.reference);
    expect(ownerPdf).toContain(naira(receipt.paidAmountMinor));
    for (const r of rows) expect(ownerPdf).toContain(naira(r.finalAmountMinor));
    const fmPdf = await receiptPdf(fm, o.account.id, p.id);
    expect(fmPdf).toContain(p.reference);
    for (const r of rows) expect(fmPdf).toContain(r.name);
    expect(fmPdf).toContain('******');
    expect(fmPdf).toContain(PAYROLL_MSG.noPermission);
    expect(fmPdf).not.toMatch(/\d[\d,]*\.\d\d/); // no amount at all
    for (const r of rows) expect(fmPdf).not.toContain(naira(r.finalAmountMinor).slice(1));
    expect((await fetchPdf(other, other.account.id, p.id)).status).toBe(404);

    const slips = (await o.api.get('/api/payrolls/payslip')).body.data;
    expect(slips.map((x: any) => x.status)).toEqual(['paid', 'paid']);
    expect(slips.find((x: any) => x.salaryBreakdown.PAYE === '-62015.00')).toBeTruthy();
    // narrowed to one run and one payslip (the staff payslip screen's query); masked without the flag
    const paidRow = rows.find((r: any) => r.status === 'paid');
    const one = await o.api.get(`/api/payrolls/payslip?payrollId=${p.id}&id=${paidRow.id}`);
    expect(one.body.data).toHaveLength(1);
    expect(one.body.data[0]).toMatchObject({ id: paidRow.id, finalAmountMinor: paidRow.finalAmountMinor });
    expect((await o.api.get(`/api/payrolls/payslip?payrollId=${p.id}`)).body.data).toHaveLength(2);
    expect((await o.api.get(`/api/payrolls/payslip?id=${failed.id}`)).body.data).toEqual([]);
    const bad = await o.api.get('/api/payrolls/payslip?id=not-an-id');
    expect(bad.status).toBe(400);
    const masked = (await fm.api.get(`/api/payrolls/payslip?id=${paidRow.id}`)).body.data[0];
    expect(masked).toMatchObject({ salaryVisible: false, finalAmountMinor: null, salaryBreakdown: null });
    const w = (await t.db.select().from(wallets).where(eq(wallets.id, o.wallet.id)))[0];
    expect(w.pendingBalance).toBe(0);
    expect(await verifyLedger(t.db)).toEqual([]);
    expect((await o.api.delete(`/api/payrolls/${p.id}`)).status).toBe(409);
  });

  it('insufficient funds: the approval stands, every row fails with the reason and nothing is held', async () => {
    const { o, admin } = await company(1_000_00);
    const added = await o.api.post('/api/payrolls/employees/add', { employees: [employee(), employee()] });
    const p = (
      await o.api.post(
        '/api/payrolls',
        payrollBody(
          o,
          added.body.data.map((e: any) => e.id),
        ),
      )
    ).body.data;
    const item = (await o.api.post(`/api/payrolls/${p.id}/approve`)).body.data
      .approvalWorkflowPendingApprovalItem;
    expect((await approve(admin.api, item.id)).status).toBe(200);
    const d = (await o.api.get(`/api/payrolls/${p.id}`)).body.data;
    expect(d).toMatchObject({ status: 'failed', failedCount: 2 });
    const rows = (await o.api.get(`/api/payrolls/${p.id}/employees`)).body.data;
    expect(rows.every((r: any) => r.failureReason === PAYROLL_MSG.insufficientFunds)).toBe(true);
    expect(await t.db.select().from(transactions).where(eq(transactions.sourceId, p.id))).toEqual([]);
  });

  it('naira salaries are limited by the KYB tier', async () => {
    const o = await fundedOwner(t, 10_000_000_00);
    const added = await o.api.post('/api/payrolls/employees/add', {
      employees: [employee({ salaryAmount: '900000' })],
    });
    const res = await o.api.post('/api/payrolls', payrollBody(o, [added.body.data[0].id]));
    expect(res.status).toBe(400);
    expect(res.body.errors!.employees).toBeTruthy();
  });

  it('tenancy: another company sees none of it', async () => {
    const { o } = await company();
    const other = await ownerWithAccount(t);
    const added = await o.api.post('/api/payrolls/employees/add', { employees: [employee()] });
    const eid = added.body.data[0].id;
    const p = (await o.api.post('/api/payrolls', payrollBody(o, [eid]))).body.data;
    expect((await other.api.get(`/api/payrolls/employees/${eid}`)).status).toBe(404);
    expect((await other.api.get(`/api/payrolls/${p.id}`)).status).toBe(404);
    expect((await other.api.get(`/api/payrolls/${p.id}/employees`)).status).toBe(404);
    expect((await other.api.post(`/api/payrolls/${p.id}/approve`)).status).toBe(404);
    expect((await other.api.get('/api/payrolls')).body.data).toEqual([]);
    expect((await other.api.get('/api/payrolls/employees')).body.data).toEqual([]);
    const theirs = await other.api.post('/api/payrolls', payrollBody({ wallet: { id: o.wallet.id } }, [eid]));
    expect(theirs.status).toBe(400);
  });
});
