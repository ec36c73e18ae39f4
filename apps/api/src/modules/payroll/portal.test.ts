import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_MSG, STATUS } from '@owo/contract';
import { lastMailTo, memberWithRole, setKybTier, type TestApp, createTestApp } from '../../../test/helpers';
import { eq } from 'drizzle-orm';
import { startJobs } from '../../platform/jobs';
import { linkTokens } from '../../platform/tables';
import { sha256 } from '../../platform/tokens';
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
  name: `Portal Employee ${++n}`,
  email: `portal${n}.${Date.now()}@example.ng`,
  salaryAmount: '100000',
  annualRent: '1200000',
  bankCode: '058',
  accountNumber: ordinaryAccount(),
  components: [
    { description: 'Basic', type: 'addition', amount: '250000' },
    { description: 'Housing', type: 'addition', amount: '100000' },
    { description: 'Transport', type: 'addition', amount: '50000' },
  ],
  ...over,
});

/** Raw HTTP with an optional Bearer token (the portal's, never a staff session). */
async function call(method: string, path: string, body?: unknown, token?: string) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${t.baseUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: any = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  return { status: res.status, body: json, headers: res.headers, raw: text };
}
const tokenIn = (text: string) => /token=([A-Za-z0-9_-]+)/.exec(text)![1];

async function paidCompany(emps: Record<string, unknown>[]) {
  const o = await fundedOwner(t, 10_000_000_00);
  await setKybTier(t, o.account.id, 3);
  const admin = await memberWithRole(t, o.account.id, 'admin');
  const added = await o.api.post('/api/payrolls/employees/add', { employees: emps });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  const ids = added.body.data.map((e: any) => e.id);
  const created = await o.api.post('/api/payrolls', {
    name: 'November 2026 salaries',
    type: 'once',
    mode: 'instant',
    walletId: o.wallet.id,
    employees: ids,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const p = created.body.data;
  return { o, admin, ids, p };
}
async function approveAndPay(c: Awaited<ReturnType<typeof paidCompany>>) {
  const item = (await c.o.api.post(`/api/payrolls/${c.p.id}/approve`)).body.data
    .approvalWorkflowPendingApprovalItem;
  const d = await c.admin.api.post(`/api/approval-workflows/pending-approvals/approve/${item.id}`, {
    approvalStatus: 'approved',
    comments: 'Checked the payroll',
  });
  expect(d.status, JSON.stringify(d.body)).toBe(200);
  expect(
    await waitFor(
      'paid',
      async () => (await c.o.api.get(`/api/payrolls/${c.p.id}`)).body.data.status !== 'paying',
    ),
  ).toBe(true);
}

describe('employee portal', () => {
  it('the invitation is a link token: it expires, and a resend revokes the earlier link (issue 34)', async () => {
    const o = await fundedOwner(t, 0);
    const e = employee();
    const added = await o.api.post('/api/payrolls/employees/add', { employees: [e] });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const first = tokenIn((await lastMailTo(t, e.email as string))!.text);
    expect(first).toMatch(/^[A-Za-z0-9_-]{32,64}$/);
    // A resend: the earlier link stops working, the new one works.
    const resent = await o.api.post(`/api/payrolls/employees/${added.body.data[0].id}/resend-invitation`);
    expect(resent.status, JSON.stringify(resent.body)).toBeLessThan(300);
    const second = tokenIn((await lastMailTo(t, e.email as string))!.text);
    expect(second).not.toBe(first);
    const old = await call('POST', '/api/employee-portal/invites/validate', { token: first });
    expect(old.status).toBe(400);
    expect(old.body.errors.token).toEqual([PORTAL_MSG.tokenInvalid]);
    expect((await call('POST', '/api/employee-portal/invites/validate', { token: second })).status).toBe(200);
    // Past its expiry, the link opens nothing and makes no portal user.
    await t.db
      .update(linkTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(linkTokens.tokenHash, sha256(second)));
    expect((await call('POST', '/api/employee-portal/invites/validate', { token: second })).status).toBe(400);
    const late = await call('POST', '/api/employee-portal/auth/create-user', {
      token: second,
      password: 'Salary#2026',
    });
    expect(late.status).toBe(400);
    expect(late.body.errors.token).toEqual([PORTAL_MSG.tokenInvalid]);
  });

  it('invite → set password → payslips → PDF; only their own; its own 401 statuses', async () => {
    const a = employee();
    const b = employee();
    const c = await paidCompany([a, b, employee()]);

    // before payment: no payslip to see yet
    const tokA = tokenIn((await lastMailTo(t, a.email))!.text);
    const tokB = tokenIn((await lastMailTo(t, b.email))!.text);

    // invites/validate
    const bad = await call('POST', '/api/employee-portal/invites/validate', { token: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.token).toEqual([PORTAL_MSG.tokenInvalid]);
    const v = await call('POST', '/api/employee-portal/invites/validate', { token: tokA });
    expect(v.status, v.raw).toBe(200);
    expect(v.body.data).toMatchObject({
      name: a.name,
      email: a.email,
      token: { valid: true, hasAccount: false },
    });
    expect(v.body.data.companyName).toBeTruthy();

    // create-user: the 002 §5 password rule, changing nothing on bad input
    const weak = await call('POST', '/api/employee-portal/auth/create-user', {
      token: tokA,
      password: 'password1',
    });
    expect(weak.status).toBe(400);
    expect(weak.body.errors.password).toEqual([PORTAL_MSG.passwordRule]);
    expect((await call('POST', '/api/employee-portal/invites/validate', { token: tokA })).status).toBe(200);
    const made = await call('POST', '/api/employee-portal/auth/create-user', {
      token: tokA,
      password: 'Salary#2026',
    });
    expect(made.status, made.raw).toBe(201);
    expect(made.body.message).toBe(PORTAL_MSG.accountCreated);
    expect(made.headers.get('set-cookie')).toMatch(/owo_emp=.*HttpOnly/i);
    const tA = made.body.data.token as string;
    expect(made.body.data.currentPayrollEmployee.accountId).toBe(c.o.account.id);
    // single use
    expect(
      (await call('POST', '/api/employee-portal/auth/create-user', { token: tokA, password: 'Salary#2026' }))
        .status,
    ).toBe(400);
    const madeB = await call('POST', '/api/employee-portal/auth/create-user', {
      token: tokB,
      password: 'Another#2026',
    });
    const tB = madeB.body.data.token as string;

    // statuses: no token, bad token, and a staff session is not a portal session
    const none = await call('GET', '/api/employee-portal/payslips');
    expect(none.status).toBe(401);
    expect(none.body.status).toBe(STATUS.employeeTokenRequired);
    const wrong = await call('GET', '/api/employee-portal/payslips', undefined, 'not-a-token');
    expect(wrong.status).toBe(401);
    expect(wrong.body.status).toBe(STATUS.employeeTokenExpired);
    const staff = await c.o.api.get('/api/employee-portal/payslips');
    expect(staff.status).toBe(401);
    // and a portal token opens no staff screen
    expect((await call('GET', '/api/payrolls/employees', undefined, tA)).status).toBe(401);

    expect((await call('GET', '/api/employee-portal/payslips', undefined, tA)).body.data).toEqual([]);
    await approveAndPay(c);

    const listA = await call('GET', '/api/employee-portal/payslips', undefined, tA);
    expect(listA.status, listA.raw).toBe(200);
    expect(listA.body.metadata.pagination.limit).toBe(20);
    expect(listA.body.data).toHaveLength(1);
    const slipA = listA.body.data[0];
    expect(slipA).toMatchObject({
      status: 'paid',
      downloadable: true,
      payrollEmployee: { name: a.name },
      finalAmount: '399735.00',
      amount: '500000.00',
    });
    expect(slipA.salaryBreakdown).toMatchObject({
      PAYE: '-62015.00',
      NHF: '-6250.00',
      'Pension (employee)': '-32000.00',
    });
    expect(slipA.deductionsTotalMinor).toBe(-(6_201_500 + 625_000 + 3_200_000));
    const slipB = (await call('GET', '/api/employee-portal/payslips', undefined, tB)).body.data[0];
    expect(slipB.id).not.toBe(slipA.id);

    // an employee never sees another employee's payslip, nor its PDF
    expect((await call('GET', `/api/employee-portal/payslips/${slipB.id}`, undefined, tA)).status).toBe(404);
    expect((await call('GET', `/api/employee-portal/payslips/${slipB.id}/pdf`, undefined, tA)).status).toBe(
      404,
    );
    expect((await call('GET', `/api/employee-portal/payslips/${slipA.id}`, undefined, tA)).body.data.id).toBe(
      slipA.id,
    );

    const link = await call('GET', `/api/employee-portal/payslips/${slipA.id}/pdf`, undefined, tA);
    expect(link.status, link.raw).toBe(200);
    expect(link.body.message).toBe(PORTAL_MSG.payslipReady);
    const url = new URL(link.body.data.pdf_url);
    const pdf = await fetch(`${t.baseUrl}${url.pathname}${url.search}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // a tampered signature or another row's id under the same signature is refused
    url.searchParams.set('sig', 'x'.repeat(43));
    expect((await fetch(`${t.baseUrl}${url.pathname}${url.search}`)).status).toBe(403);
    const swapped = new URL(link.body.data.pdf_url);
    expect(
      (await fetch(`${t.baseUrl}${swapped.pathname.replace(slipA.id, slipB.id)}${swapped.search}`)).status,
    ).toBe(403);

    // login with email + password answers a Bearer token
    const badLogin = await call('POST', '/api/employee-portal/auth/login', {
      email: a.email,
      password: 'Wrong#2026x',
    });
    expect(badLogin.status).toBe(401);
    const login = await call('POST', '/api/employee-portal/auth/login', {
      email: a.email,
      password: 'Salary#2026',
    });
    expect(login.status, login.raw).toBe(200);
    const t2 = login.body.data.token as string;
    expect((await call('GET', '/api/employee-portal/profile', undefined, t2)).body.data).toMatchObject({
      name: a.name,
      email: a.email,
      salaryAmount: '100000.00',
    });

    // change password: old password needed, rule applies, other sessions end
    const noOld = await call(
      'PATCH',
      '/api/employee-portal/profile/update-password',
      { oldPassword: 'Wrong#2026x', newPassword: 'Newer#2026' },
      t2,
    );
    expect(noOld.status).toBe(400);
    expect(noOld.body.errors.oldPassword).toEqual([PORTAL_MSG.oldPasswordWrong]);
    const changed = await call(
      'PATCH',
      '/api/employee-portal/profile/update-password',
      { oldPassword: 'Salary#2026', newPassword: 'Newer#2026' },
      t2,
    );
    expect(changed.status, changed.raw).toBe(200);
    expect(changed.body.message).toBe(PORTAL_MSG.passwordChanged);
    expect((await call('GET', '/api/employee-portal/payslips', undefined, tA)).body.status).toBe(
      STATUS.employeeTokenExpired,
    );
    expect((await call('GET', '/api/employee-portal/payslips', undefined, t2)).status).toBe(200);
  });

  it('switch-account only to an employing company; a run awaiting approval shows no payslip', async () => {
    const a = employee();
    const c1 = await paidCompany([a]);
    const other = await paidCompany([employee()]);
    const tok = tokenIn((await lastMailTo(t, a.email))!.text);
    const s = (
      await call('POST', '/api/employee-portal/auth/create-user', { token: tok, password: 'Salary#2026' })
    ).body.data;
    expect(
      (
        await call(
          'POST',
          '/api/employee-portal/profile/switch-account',
          { accountId: other.o.account.id },
          s.token,
        )
      ).status,
    ).toBe(400);

    // the same email employed by a second company: an invitation there asks for the existing password
    const c2 = await paidCompany([employee({ email: a.email })]);
    const tok2 = tokenIn((await lastMailTo(t, a.email))!.text);
    expect(
      (await call('POST', '/api/employee-portal/invites/validate', { token: tok2 })).body.data.token
        .hasAccount,
    ).toBe(true);
    expect(
      (await call('POST', '/api/employee-portal/auth/create-user', { token: tok2, password: 'Other#20266' }))
        .status,
    ).toBe(400);
    const sw = await call(
      'POST',
      '/api/employee-portal/profile/switch-account',
      { accountId: c2.o.account.id },
      s.token,
    );
    expect(sw.status, sw.raw).toBe(200);
    expect(sw.body.data.currentPayrollEmployee.accountId).toBe(c2.o.account.id);
    expect(sw.body.data.payrollEmployees).toHaveLength(2);

    await c1.o.api.post(`/api/payrolls/${c1.p.id}/approve`);
    const c2Item = (await c2.o.api.post(`/api/payrolls/${c2.p.id}/approve`)).body.data
      .approvalWorkflowPendingApprovalItem;
    expect(c2Item).toBeTruthy();
    await call(
      'POST',
      '/api/employee-portal/profile/switch-account',
      { accountId: c1.o.account.id },
      s.token,
    );
    // pending approval: not yet a payslip
    expect((await call('GET', '/api/employee-portal/payslips', undefined, s.token)).body.data).toEqual([]);
  });
});
