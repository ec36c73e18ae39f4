// Audit before/after for bank details (issue 27 §3 Audit log): vendor bank change (request and
// approval), employee salary account (HR edit and portal change approval), partner bank details.
// Account numbers are kept masked (`******1234`), never in full; another account sees none of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  lastMailTo,
  memberWithRole,
  ownerWithAccount,
  type TestApp,
} from '../../../test/helpers';
import { ordinaryAccount, waitFor } from '../funding/test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Api = Awaited<ReturnType<typeof ownerWithAccount>>['api'];
type Entry = { action: string; resourceId: string | null; before: any; after: any };
const mask = (n: string) => `******${n.slice(-4)}`;
const approve = (api: Api, id: string) =>
  api.post(`/api/approval-workflows/pending-approvals/approve/${id}`, {
    approvalStatus: 'approved',
    comments: 'Confirmed by phone',
  });

/** The audit rows of `action` (newest first), once `n` of them are written (the writer runs after the answer). */
const rows = (api: Api, action: string, n = 1) =>
  waitFor(`audit ${action}`, async () => {
    const r = await api.get(`/api/audit-log?limit=100&action=${action}`);
    const list = r.body.data as Entry[];
    return list.length >= n ? list : null;
  });

async function bankLog(api: Api) {
  return JSON.stringify((await api.get('/api/audit-log?limit=100')).body.data);
}

describe('audit before/after for bank details', () => {
  it('vendor bank change: the request and the approval keep the old and new account, masked', async () => {
    const o = await ownerWithAccount(t);
    const admin = await memberWithRole(t, o.account.id, 'admin');
    const first = ordinaryAccount();
    const v = await o.api.post('/api/payee', {
      name: 'Ikeja Fuel Supplies',
      email: `ikeja.${Math.random().toString(36).slice(2, 8)}@fuel.ng`,
      phone: '08031234567',
      billingAddress: '1 Allen Avenue, Ikeja',
      bankCode: '058',
      accountNumber: first,
    });
    expect(v.status, JSON.stringify(v.body)).toBe(201);
    const second = ordinaryAccount();
    const put = await o.api.put(`/api/payee/${v.body.data.id}`, {
      name: 'Ikeja Fuel Supplies',
      email: v.body.data.email,
      bankCode: '058',
      accountNumber: second,
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const change = put.body.data.pendingBankChange;
    expect(change).toBeTruthy();

    const [req] = await rows(o.api, 'updatePayee');
    expect(req.resourceId).toBe(v.body.data.id);
    expect(req.before).toEqual({
      bank: {
        bankCode: '058',
        bankName: v.body.data.bankName,
        accountName: v.body.data.accountName,
        accountNumber: mask(first),
      },
    });
    expect(req.after.pendingBankChange).toMatchObject({ bankCode: '058', accountNumber: mask(second) });

    const item = (await admin.api.get(`/api/payee/${v.body.data.id}`)).body.data.bankChangeApproval;
    expect(item, 'pending bank change item').toBeTruthy();
    const ok = await approve(admin.api, item.id);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const [decided] = await rows(o.api, 'decideApproval');
    expect(decided.before).toEqual({
      payeeId: v.body.data.id,
      bank: expect.objectContaining({ accountNumber: mask(first) }),
    });
    expect(decided.after).toEqual({
      payeeId: v.body.data.id,
      bank: expect.objectContaining({ bankCode: '058', accountNumber: mask(second) }),
    });

    const log = await bankLog(o.api);
    expect(log).not.toContain(first);
    expect(log).not.toContain(second);
    // another account's log has none of it
    const other = await ownerWithAccount(t);
    expect(await bankLog(other.api)).not.toContain(v.body.data.id);
  });

  it('employee salary account: the HR edit and the portal change approval, masked; an edit without a bank change keeps none', async () => {
    const o = await ownerWithAccount(t);
    const admin = await memberWithRole(t, o.account.id, 'admin');
    const first = ordinaryAccount();
    const email = `audit.${Math.random().toString(36).slice(2, 8)}@example.ng`;
    const added = await o.api.post('/api/payrolls/employees/add', {
      employees: [
        { name: 'Tolu Adebayo', email, salaryAmount: '150000', bankCode: '058', accountNumber: first },
      ],
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const id = added.body.data[0].id as string;
    const emp = (await o.api.get(`/api/payrolls/employees/${id}`)).body.data;

    // no bank change: no before/after
    expect(
      (await o.api.put(`/api/payrolls/employees/${id}`, { name: 'Tolu Adebayo', email, bankCode: '058' }))
        .status,
    ).toBe(200);
    const [plain] = await rows(o.api, 'updatePayrollEmployee');
    expect([plain.before, plain.after]).toEqual([null, null]);

    const second = ordinaryAccount();
    const moved = await o.api.put(`/api/payrolls/employees/${id}`, {
      name: 'Tolu Adebayo',
      email,
      bankCode: '058',
      accountNumber: second,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const [edit] = await rows(o.api, 'updatePayrollEmployee', 2);
    expect(edit.before).toEqual({
      bank: {
        bankCode: '058',
        bankName: emp.bankDetails.bankName,
        accountName: emp.bankDetails.accountName,
        accountNumber: mask(first),
      },
    });
    expect(edit.after.bank).toMatchObject({ bankCode: '058', accountNumber: mask(second) });

    // the portal: the employee asks for a third account, an admin approves
    const token = /token=([A-Za-z0-9_-]+)/.exec((await lastMailTo(t, email))!.text)![1];
    const made = await fetch(`${t.baseUrl}/api/employee-portal/auth/create-user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, password: 'Salary#2026' }),
    });
    expect(made.status).toBe(201);
    const session = (await made.json()).data.token as string;
    const third = ordinaryAccount();
    const asked = await fetch(`${t.baseUrl}/api/employee-portal/bank-account`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session}` },
      body: JSON.stringify({ bankCode: '058', accountNumber: third }),
    });
    expect(asked.status).toBe(201);
    const staff = await admin.api.get(`/api/payrolls/employees/${id}/bank-change`);
    expect((await approve(admin.api, staff.body.data.approvalWorkflowPendingApprovalItem.id)).status).toBe(
      200,
    );
    const [decided] = await rows(o.api, 'decideApproval');
    expect(decided.before).toEqual({
      employeeId: id,
      bank: expect.objectContaining({ accountNumber: mask(second) }),
    });
    expect(decided.after).toEqual({
      employeeId: id,
      bank: expect.objectContaining({ bankCode: '058', accountNumber: mask(third) }),
    });

    const log = await bankLog(o.api);
    for (const n of [first, second, third]) expect(log).not.toContain(n);
    const other = await ownerWithAccount(t);
    expect(await bankLog(other.api)).not.toContain(id);
  });

  it('partner bank details: created and changed, masked; a change of share alone keeps none', async () => {
    const o = await ownerWithAccount(t);
    const first = ordinaryAccount();
    const body = { customerName: 'Kemi Logistics', bankCode: '058', accountNumber: first, percentage: '20' };
    const p = await o.api.post('/api/inflows/partners', body);
    expect(p.status, JSON.stringify(p.body)).toBe(201);
    const id = p.body.data.id as string;
    const [created] = await rows(o.api, 'createInflowPartner');
    expect(created.before).toBeNull();
    expect(created.after).toEqual({
      bank: {
        bankCode: '058',
        bankName: p.body.data.bankName,
        accountName: p.body.data.accountName,
        accountNumber: mask(first),
      },
    });

    expect((await o.api.put(`/api/inflows/partners/${id}`, { ...body, percentage: '25' })).status).toBe(200);
    const second = ordinaryAccount();
    const moved = await o.api.put(`/api/inflows/partners/${id}`, { ...body, accountNumber: second });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const [changed, shareOnly] = await rows(o.api, 'updateInflowPartner', 2);
    expect([shareOnly.before, shareOnly.after]).toEqual([null, null]);
    expect(changed.before.bank.accountNumber).toBe(mask(first));
    expect(changed.after.bank.accountNumber).toBe(mask(second));

    const log = await bankLog(o.api);
    expect(log).not.toContain(first);
    expect(log).not.toContain(second);
  });
});
