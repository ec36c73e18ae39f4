import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVAL_MSG, PORTAL_BANK_MSG } from '@owo/contract';
import {
  lastMailTo,
  memberWithRole,
  ownerWithAccount,
  type TestApp,
  createTestApp,
} from '../../../test/helpers';
import { ordinaryAccount } from '../funding/test-support';
import { approvalDecisions, approvalItems } from '../approvals/tables';
import { verifyAllChains } from '../approvals/trail';
import { namesMatch } from './portal-bank';
import { employeeBankChanges, payrollEmployees } from './tables';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

let n = 0;
const employee = () => ({
  name: `Bank Employee ${++n}`,
  email: `bank${n}.${Date.now()}@example.ng`,
  salaryAmount: '150000',
  bankCode: '058',
  accountNumber: ordinaryAccount(),
});

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
  return { status: res.status, body: text ? JSON.parse(text) : null, raw: text };
}
const tokenIn = (text: string) => /token=([A-Za-z0-9_-]+)/.exec(text)![1];

/** A company (owner + admin) with one employee signed in to the portal. */
async function company() {
  const o = await ownerWithAccount(t);
  const admin = await memberWithRole(t, o.account.id, 'admin');
  const e = employee();
  const added = await o.api.post('/api/payrolls/employees/add', { employees: [e] });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  const id = added.body.data[0].id as string;
  const made = await call('POST', '/api/employee-portal/auth/create-user', {
    token: tokenIn((await lastMailTo(t, e.email))!.text),
    password: 'Salary#2026',
  });
  expect(made.status, made.raw).toBe(201);
  return { o, admin, e, id, token: made.body.data.token as string };
}
const changes = (employeeId: string) =>
  t.db.select().from(employeeBankChanges).where(eq(employeeBankChanges.employeeId, employeeId));
const decide = (api: any, id: string, approvalStatus: 'approved' | 'rejected', comments: string) =>
  api.post(`/api/approval-workflows/pending-approvals/approve/${id}`, { approvalStatus, comments });

describe('employee portal add-bank', () => {
  it('loose name match', () => {
    expect(namesMatch('Ada Obi', 'OBI ADA CHIOMA')).toBe(true);
    expect(namesMatch('Ada Obi', 'ADA EZE')).toBe(false);
    expect(namesMatch('Tunde', 'TUNDE BAKARE')).toBe(true);
  });

  it('bad input answers 4xx with field errors and stores nothing', async () => {
    const c = await company();
    const cur = await call('GET', '/api/employee-portal/bank-account', undefined, c.token);
    expect(cur.status, cur.raw).toBe(200);
    expect(cur.body.data.current.accountNumber).toBe(`******${c.e.accountNumber.slice(-4)}`);
    expect(cur.body.data.pendingChange).toBeNull();

    const short = await call(
      'POST',
      '/api/employee-portal/bank-account',
      { bankCode: '058', accountNumber: '12345' },
      c.token,
    );
    expect(short.status).toBe(400);
    expect(short.body.errors.accountNumber).toBeTruthy();
    const noBank = await call(
      'POST',
      '/api/employee-portal/bank-account',
      { bankCode: '', accountNumber: ordinaryAccount() },
      c.token,
    );
    expect(noBank.status).toBe(400);
    expect(noBank.body.errors.bankCode).toBeTruthy();
    const acct = ordinaryAccount();
    const wrong = acct.slice(0, 9) + String((Number(acct[9]) + 1) % 10);
    const nuban = await call(
      'POST',
      '/api/employee-portal/bank-account',
      { bankCode: '058', accountNumber: wrong },
      c.token,
    );
    expect(nuban.status).toBe(400);
    expect(nuban.body.errors.accountNumber).toBeTruthy();
    const unknown = await call(
      'POST',
      '/api/employee-portal/bank-account',
      { bankCode: '999999', accountNumber: acct },
      c.token,
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.bankCode).toBeTruthy();
    const same = await call(
      'POST',
      '/api/employee-portal/bank-account',
      { bankCode: '058', accountNumber: c.e.accountNumber },
      c.token,
    );
    expect(same.status).toBe(400);
    expect(same.body.errors.accountNumber).toEqual([PORTAL_BANK_MSG.sameAccount]);
    // no token: the portal's own 401
    expect(
      (await call('POST', '/api/employee-portal/bank-account', { bankCode: '058', accountNumber: acct }))
        .status,
    ).toBe(401);
    // the form's helpers: the bank list and the name shown before submitting
    const banks = await call('GET', '/api/employee-portal/banks', undefined, c.token);
    expect(banks.status).toBe(200);
    expect(banks.body.data.some((b: any) => b.code === '058')).toBe(true);
    const named = await call(
      'GET',
      `/api/employee-portal/bank-account/resolve?bankCode=058&accountNumber=${acct}`,
      undefined,
      c.token,
    );
    expect(named.status, named.raw).toBe(200);
    expect(named.body.data.accountName).not.toBe('');
    const unnamed = await call(
      'GET',
      `/api/employee-portal/bank-account/resolve?bankCode=058&accountNumber=${wrong}`,
      undefined,
      c.token,
    );
    expect(unnamed.body.data.accountName).toBe('');
    expect((await call('GET', '/api/employee-portal/banks')).status).toBe(401);
    expect(await changes(c.id)).toHaveLength(0);
  });

  it('submit → pending (one at a time) → HR approves → the employee is paid into the new account', async () => {
    const c = await company();
    const acct = ordinaryAccount();
    const res = await call(
      'POST',
      '/api/employee-portal/bank-account',
      { bankCode: '058', accountNumber: acct },
      c.token,
    );
    expect(res.status, res.raw).toBe(201);
    expect(res.body.message).toBe(PORTAL_BANK_MSG.submitted);
    expect(res.body.data.pendingChange).toMatchObject({
      status: 'pending',
      accountNumber: `******${acct.slice(-4)}`,
    });
    expect(res.body.data.current.accountNumber).toBe(`******${c.e.accountNumber.slice(-4)}`);
    // stored sealed, never in clear
    const [row] = await changes(c.id);
    expect(row.accountNumber).not.toContain(acct);
    expect(row.accountNumber.startsWith('vault:')).toBe(true);

    const again = await call(
      'POST',
      '/api/employee-portal/bank-account',
      { bankCode: '058', accountNumber: ordinaryAccount() },
      c.token,
    );
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(PORTAL_BANK_MSG.pending);
    expect(await changes(c.id)).toHaveLength(1);

    // HR sees it in the engine's list and on the employee
    const list = await c.admin.api.get('/api/approval-workflows/pending-approvals/employeeBankChange');
    expect(list.status).toBe(200);
    const staff = await c.admin.api.get(`/api/payrolls/employees/${c.id}/bank-change`);
    expect(staff.status, JSON.stringify(staff.body)).toBe(200);
    const item = staff.body.data.approvalWorkflowPendingApprovalItem;
    expect(item).toMatchObject({ type: 'employeeBankChange', status: 'pending', canApprove: true });
    expect(staff.body.data.pendingChange.id).toBe(row.id);
    expect(JSON.stringify(list.body.data)).toContain(item.id);
    const panel = await c.admin.api.get('/api/payrolls/employees/bank-changes');
    expect(panel.status, JSON.stringify(panel.body)).toBe(200);
    expect(panel.body.data).toHaveLength(1);
    expect(panel.body.data[0]).toMatchObject({
      employee: { id: c.id },
      change: { id: row.id, status: 'pending' },
      approvalWorkflowPendingApprovalItem: { id: item.id, canApprove: true },
    });

    // the employee's token is no staff session: it cannot approve
    const byEmployee = await call(
      'POST',
      `/api/approval-workflows/pending-approvals/approve/${item.id}`,
      { approvalStatus: 'approved', comments: 'Approve myself' },
      c.token,
    );
    expect(byEmployee.status).toBe(401);

    // another company's owner can neither see nor decide
    const other = await ownerWithAccount(t);
    expect((await other.api.get(`/api/payrolls/employees/${c.id}/bank-change`)).status).toBe(404);
    const cross = await decide(other.api, item.id, 'approved', 'Not my company');
    expect(cross.status).toBe(404);
    expect((await other.api.get('/api/payrolls/employees/bank-changes')).body.data).toHaveLength(0);
    const otherList = await other.api.get('/api/approval-workflows/pending-approvals/employeeBankChange');
    expect(otherList.body.data).toHaveLength(0);
    expect((await changes(c.id))[0].status).toBe('pending');

    const ok = await decide(c.admin.api, item.id, 'approved', 'Confirmed with the employee');
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const [emp] = await t.db.select().from(payrollEmployees).where(eq(payrollEmployees.id, c.id));
    expect(emp.accountNumberLast4).toBe(acct.slice(-4));
    expect(emp.accountNumber).toBe(row.accountNumber);
    const after = await call('GET', '/api/employee-portal/bank-account', undefined, c.token);
    expect(after.body.data.current.accountNumber).toBe(`******${acct.slice(-4)}`);
    expect(after.body.data.pendingChange).toBeNull();
    expect(after.body.data.lastDecision).toMatchObject({ status: 'approved' });
    expect((await lastMailTo(t, c.e.email))!.subject).toMatch(/approved/i);
    const staffEmp = await c.o.api.get(`/api/payrolls/employees/${c.id}`);
    expect(JSON.stringify(staffEmp.body.data)).toContain(acct.slice(-4));
  });

  it('rejection closes the change with the reason and keeps the account; mails the employee', async () => {
    const c = await company();
    const acct = ordinaryAccount();
    expect(
      (
        await call(
          'POST',
          '/api/employee-portal/bank-account',
          { bankCode: '058', accountNumber: acct },
          c.token,
        )
      ).status,
    ).toBe(201);
    const item = (await c.o.api.get(`/api/payrolls/employees/${c.id}/bank-change`)).body.data
      .approvalWorkflowPendingApprovalItem;
    const short = await decide(c.o.api, item.id, 'rejected', 'no');
    expect(short.status).toBe(400);
    const rej = await decide(c.o.api, item.id, 'rejected', 'The name does not match our records');
    expect(rej.status, JSON.stringify(rej.body)).toBe(200);
    const [row] = await changes(c.id);
    expect(row).toMatchObject({ status: 'rejected', reason: 'The name does not match our records' });
    const [emp] = await t.db.select().from(payrollEmployees).where(eq(payrollEmployees.id, c.id));
    expect(emp.accountNumberLast4).toBe(c.e.accountNumber.slice(-4));
    const mail = (await lastMailTo(t, c.e.email))!;
    expect(mail.subject).toMatch(/not approved/i);
    expect(mail.text).toContain('The name does not match our records');
    const view = await call('GET', '/api/employee-portal/bank-account', undefined, c.token);
    expect(view.body.data.pendingChange).toBeNull();
    expect(view.body.data.lastDecision).toMatchObject({
      status: 'rejected',
      reason: 'The name does not match our records',
    });
    // deciding again is refused; a new request may follow
    expect((await decide(c.admin.api, item.id, 'approved', 'Too late now')).status).toBe(409);
    expect(APPROVAL_MSG.notPending).toBeTruthy();
    const next = await call(
      'POST',
      '/api/employee-portal/bank-account',
      { bankCode: '058', accountNumber: ordinaryAccount() },
      c.token,
    );
    expect(next.status, next.raw).toBe(201);
  });

  it("deleting the employee closes the pending change's approval item through the engine", async () => {
    const c = await company();
    const other = await company(); // another company's pending change stays untouched
    for (const x of [c, other])
      expect(
        (
          await call(
            'POST',
            '/api/employee-portal/bank-account',
            { bankCode: '058', accountNumber: ordinaryAccount() },
            x.token,
          )
        ).status,
      ).toBe(201);
    const item = (await c.admin.api.get(`/api/payrolls/employees/${c.id}/bank-change`)).body.data
      .approvalWorkflowPendingApprovalItem;
    expect(item).toMatchObject({ status: 'pending' });
    // another company cannot delete the employee (and so cannot close the item)
    expect((await other.o.api.delete(`/api/payrolls/employees/${c.id}`)).status).toBe(404);
    const listed = await c.admin.api.get('/api/approval-workflows/pending-approvals/employeeBankChange');
    expect(JSON.stringify(listed.body.data)).toContain(item.id);

    const del = await c.o.api.delete(`/api/payrolls/employees/${c.id}`);
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    expect(await changes(c.id)).toEqual([]);
    const [closed] = await t.db.select().from(approvalItems).where(eq(approvalItems.id, item.id));
    expect(closed).toMatchObject({ status: 'cancelled', currentApproverIds: [] });
    const trail = await t.db.select().from(approvalDecisions).where(eq(approvalDecisions.itemId, item.id));
    expect(trail.map((d) => d.status)).toEqual(['Cancelled']);
    expect(trail[0].comments).toBe('The employee was deleted');
    expect((await verifyAllChains(t.db, { accountId: c.o.account.id })).broken).toEqual([]);
    for (const api of [c.admin.api, c.o.api]) {
      const pending = await api.get('/api/approval-workflows/pending-approvals/employeeBankChange');
      expect(pending.status).toBe(200);
      expect(JSON.stringify(pending.body.data)).not.toContain(item.id);
      const rejected = await api.get('/api/approval-workflows/rejected-approvals/employeeBankChange');
      expect(JSON.stringify(rejected.body.data)).not.toContain(item.id);
    }
    expect((await decide(c.admin.api, item.id, 'approved', 'Too late now')).status).toBe(409);
    // the other company's change is still pending and listed
    const otherItem = (await other.admin.api.get(`/api/payrolls/employees/${other.id}/bank-change`)).body.data
      .approvalWorkflowPendingApprovalItem;
    expect(otherItem).toMatchObject({ status: 'pending' });
    const otherList = await other.admin.api.get(
      '/api/approval-workflows/pending-approvals/employeeBankChange',
    );
    expect(JSON.stringify(otherList.body.data)).toContain(otherItem.id);
  });
});
