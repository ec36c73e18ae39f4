// Issue 35 §5: one employee's net pay is the same on every screen, export and payslip, and the
// doubled entry (Basic + Housing + Transport = the salary itself) is flagged for review.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyInitials, PAY_REVIEW_FLAGS } from '@owo/contract';
import { lastMailTo, memberWithRole, setKybTier, type TestApp, createTestApp } from '../../../test/helpers';
import { startJobs } from '../../platform/jobs';
import { fundedOwner, ordinaryAccount, waitFor } from '../funding/test-support';

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
  name: `Net Employee ${++n}`,
  email: `net${n}.${Date.now()}@example.ng`,
  salaryAmount: '150000',
  bankCode: '058',
  accountNumber: ordinaryAccount(),
  ...over,
});

async function company() {
  const o = await fundedOwner(t, 10_000_000_00);
  await setKybTier(t, o.account.id, 3);
  const admin = await memberWithRole(t, o.account.id, 'admin');
  return { o, admin };
}

/** Raw HTTP for the employee portal (its own Bearer token, never a staff session). */
async function portal(path: string, token?: string, body?: unknown) {
  const res = await fetch(`${t.baseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

/** ₦1,234.50 as the money PDFs print it. */
const naira = (minor: number) =>
  `₦${Math.trunc(minor / 100).toLocaleString('en-NG')}.${String(minor % 100).padStart(2, '0')}`;
async function pdfText(res: Response) {
  expect(res.status).toBe(200);
  const { extractText, getDocumentProxy } = await import('unpdf');
  const bytes = new Uint8Array(await res.arrayBuffer());
  return (await extractText(await getDocumentProxy(bytes), { mergePages: true })).text;
}

describe('payroll net pay (issue 35 §5)', () => {
  it('payroll net: the list, the run, the payslip, the portal and the export show the same net, whoever joins or leaves the company after the run was drafted', async () => {
    const { o, admin } = await company();
    const ada = employee({ salaryAmount: '350000' });
    const added = await o.api.post('/api/payrolls/employees/add', { employees: [ada, employee()] });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const adaId = added.body.data[0].id as string;
    const listNet = async () =>
      (await o.api.get('/api/payrolls/employees?limit=1000')).body.data.find((e: any) => e.id === adaId)
        .finalAmountMinor as number;
    const run = async (id: string) => {
      const rows = (await o.api.get(`/api/payrolls/${id}/employees?limit=1000`)).body.data;
      const p = (await o.api.get(`/api/payrolls/${id}`)).body.data;
      // the run's totals are the sum of its rows
      expect(p.netAmountMinor).toBe(rows.reduce((a: number, r: any) => a + r.finalAmountMinor, 0));
      expect(p.grossAmountMinor).toBe(
        rows.reduce((a: number, r: any) => a + r.salaryBreakdownMinor.Salary, 0),
      );
      return rows.find((r: any) => r.employeeId === adaId).finalAmountMinor as number;
    };

    // two employees: under the pension coverage threshold (3), no pension line
    expect(await listNet()).toBe(29_732_500);
    const created = await o.api.post('/api/payrolls', {
      name: 'November 2026 salaries',
      type: 'once',
      mode: 'instant',
      walletId: o.wallet.id,
      employees: [adaId],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id as string;
    expect(await run(id)).toBe(29_732_500);

    // a third employee joins: pension now applies to everyone, on the list AND on the open run
    // (before the fix the run kept ₦297,325 while the list showed ₦274,365)
    const third = await o.api.post('/api/payrolls/employees/add', { employees: [employee()] });
    expect(third.status).toBe(201);
    expect(await listNet()).toBe(27_436_500);
    expect(await run(id)).toBe(27_436_500);
    // they leave again: both go back
    expect((await o.api.delete(`/api/payrolls/employees/${third.body.data[0].id}`)).status).toBe(200);
    expect(await listNet()).toBe(29_732_500);
    expect(await run(id)).toBe(29_732_500);
    // the settings move the threshold: both follow
    const settings = (await o.api.get('/api/payrolls/settings')).body.data;
    const saved = await o.api.put('/api/payrolls/settings', { ...settings, pensionMinEmployees: 2 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await listNet()).toBe(27_436_500);
    expect(await run(id)).toBe(27_436_500);

    // Ada joins the portal before the run is paid
    const token = /token=([A-Za-z0-9_-]+)/.exec((await lastMailTo(t, ada.email))!.text)![1];
    const made = await portal('/api/employee-portal/auth/create-user', undefined, {
      token,
      password: 'Salary#2026',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const portalToken = made.body.data.token as string;

    const item = (await o.api.post(`/api/payrolls/${id}/approve`)).body.data
      .approvalWorkflowPendingApprovalItem;
    const decided = await admin.api.post(`/api/approval-workflows/pending-approvals/approve/${item.id}`, {
      approvalStatus: 'approved',
      comments: 'Checked the payroll',
    });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(
      await waitFor(
        'paid',
        async () => (await o.api.get(`/api/payrolls/${id}`)).body.data.status === 'completed',
      ),
    ).toBe(true);

    const net = await listNet();
    expect(await run(id)).toBe(net);
    // the company's payslips
    const slip = (await o.api.get('/api/payrolls/payslip')).body.data.find(
      (s: any) => s.payrollEmployee.id === adaId,
    );
    expect(slip.finalAmountMinor).toBe(net);
    // the employee portal: list, details and the payslip PDF
    const mine = await portal('/api/employee-portal/payslips', portalToken);
    expect(mine.status).toBe(200);
    expect(mine.body.data[0].finalAmountMinor).toBe(net);
    const one = await portal(`/api/employee-portal/payslips/${mine.body.data[0].id}`, portalToken);
    expect(one.body.data.finalAmountMinor).toBe(net);
    const link = await portal(`/api/employee-portal/payslips/${mine.body.data[0].id}/pdf`, portalToken);
    const url = new URL(link.body.data.pdf_url);
    const slipText = await pdfText(await fetch(`${t.baseUrl}${url.pathname}${url.search}`));
    expect(slipText).toContain(naira(net));
    // the company's mark: its initials ("Test Co" → "TC"), the rule of the web's CompanyMark
    expect(companyInitials(o.account.name)).toBe('TC');
    expect(slipText).toMatch(/(^|\s)TC(\s|$)/);
    // the exports: the employee CSV and the run's receipt PDF
    const csv: string = ((await o.api.get('/api/payrolls/employees?format=csv')).body as any).raw;
    const header = csv.split('\n')[0].split(',');
    const line = csv
      .split('\n')
      .find((l) => l.includes(ada.email))!
      .split(',');
    expect(line[header.indexOf('Net pay')]).toBe((net / 100).toFixed(2));
    const receipt = await fetch(`${t.baseUrl}/api/payrolls/${id}/receipt/pdf`, {
      headers: { authorization: `Bearer ${o.token}`, 'x-account-id': o.account.id },
    });
    expect(await pdfText(receipt)).toContain(naira(net));
  });

  it("payroll net: an edit of an employee's pay reaches the open run's row that still follows the employee; a row given its own lines keeps them", async () => {
    const { o } = await company();
    const ada = employee({ salaryAmount: '350000' });
    const bola = employee();
    const added = await o.api.post('/api/payrolls/employees/add', { employees: [ada, bola, employee()] });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const [adaId, bolaId] = added.body.data.map((e: any) => e.id as string);
    const created = await o.api.post('/api/payrolls', {
      name: 'December 2026 salaries',
      type: 'once',
      mode: 'instant',
      walletId: o.wallet.id,
      employees: [adaId, bolaId],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id as string;
    // Bola gets her own lines for this run
    const own = await o.api.put(`/api/payrolls/${id}/employees`, {
      employees: [{ employeeId: adaId }, { employeeId: bolaId, lines: { Salary: '150000', Bonus: '10000' } }],
    });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    const edit = (e: typeof ada, salaryAmount: string) =>
      o.api.put(`/api/payrolls/employees/${e === ada ? adaId : bolaId}`, {
        name: e.name,
        email: e.email,
        bankCode: '058',
        salaryAmount,
      });
    expect((await edit(ada, '400000')).status).toBe(200);
    expect((await edit(bola, '160000')).status).toBe(200);
    const list = (await o.api.get('/api/payrolls/employees?limit=1000')).body.data;
    const rows = (await o.api.get(`/api/payrolls/${id}/employees?limit=1000`)).body.data;
    const rowOf = (eid: string) => rows.find((r: any) => r.employeeId === eid);
    const listOf = (eid: string) => list.find((e: any) => e.id === eid);
    // Ada's row followed her raise: the same net on the list and the run
    expect(rowOf(adaId).salaryBreakdownMinor.Salary).toBe(40_000_000);
    expect(rowOf(adaId).finalAmountMinor).toBe(listOf(adaId).finalAmountMinor);
    // Bola's row keeps this run's own lines
    expect(rowOf(bolaId).salaryBreakdownMinor).toMatchObject({ Salary: 15_000_000, Bonus: 1_000_000 });
    expect(listOf(bolaId).salaryAmountMinor).toBe(16_000_000);
    const p = (await o.api.get(`/api/payrolls/${id}`)).body.data;
    expect(p.netAmountMinor).toBe(rows.reduce((a: number, r: any) => a + r.finalAmountMinor, 0));
  });

  it('payroll review: an employee whose Basic, Housing and Transport add up to their own salary is flagged on the list, and nothing is changed', async () => {
    const { o } = await company();
    const doubled = employee({
      salaryAmount: '450000',
      components: [
        { description: 'Basic', type: 'addition', amount: '250000' },
        { description: 'Housing', type: 'addition', amount: '120000' },
        { description: 'Transport', type: 'addition', amount: '80000' },
      ],
    });
    const split = employee({
      salaryAmount: '250000',
      components: [
        { description: 'Housing', type: 'addition', amount: '120000' },
        { description: 'Transport', type: 'addition', amount: '80000' },
      ],
    });
    const added = await o.api.post('/api/payrolls/employees/add', { employees: [doubled, split] });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const list = (await o.api.get('/api/payrolls/employees')).body.data;
    const d = list.find((e: any) => e.email === doubled.email);
    const s = list.find((e: any) => e.email === split.email);
    expect(PAY_REVIEW_FLAGS).toContain('componentsDoubleSalary');
    expect(d.reviewFlags).toEqual(['componentsDoubleSalary']);
    expect(s.reviewFlags).toEqual([]);
    // flagged, never changed: the figures stay as entered (gross ₦900,000)
    expect(d).toMatchObject({ salaryAmount: '450000.00', grossAmount: '900000.00' });
    expect(d.components.map((c: any) => c.amount)).toEqual(['250000.00', '120000.00', '80000.00']);
    expect(s).toMatchObject({ salaryAmount: '250000.00', grossAmount: '450000.00' });
    expect(d.finalAmountMinor).toBe(d.grossAmountMinor - d.statutoryDeductionsMinor - d.otherDeductionsMinor);
    // the export carries the gross and the flag
    const csv: string = ((await o.api.get('/api/payrolls/employees?format=csv')).body as any).raw;
    const header = csv.split('\n')[0].split(',');
    const row = csv
      .split('\n')
      .find((l) => l.includes(doubled.email))!
      .split(',');
    expect(row[header.indexOf('Gross pay')]).toBe('900000.00');
    expect(row[header.indexOf('Review')]).toBe('componentsDoubleSalary');
    // the single employee view answers the same flag; a masked role sees no figure and no flag
    expect((await o.api.get(`/api/payrolls/employees/${d.id}`)).body.data.reviewFlags).toEqual([
      'componentsDoubleSalary',
    ]);
    const fm = await memberWithRole(t, o.account.id, 'finance-manager');
    const masked = (await fm.api.get('/api/payrolls/employees')).body.data;
    expect(masked.every((e: any) => e.reviewFlags.length === 0 && e.grossAmountMinor === null)).toBe(true);
  });
});
