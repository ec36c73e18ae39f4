// Approvals never trap a payment (issue 34 §9): who may act on a pending item is resolved from the
// team of the moment at every read and decision; a company where nobody but the maker can approve
// learns it before submitting; the owner may then self-approve, explicitly and audited, unless the AP
// policy switches it off. Over HTTP, with real payouts (four eyes on, the default).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVAL_MSG, SELF_APPROVAL_MSG } from '@owo/contract';
import { createTestApp, memberWithRole, type TestApp } from '../../../test/helpers';
import { startJobs } from '../../platform/jobs';
import { fundedOwner, ordinaryAccount, waitFor } from '../funding/test-support';
import { verifyAllChains } from './trail';

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

type Api = Awaited<ReturnType<typeof fundedOwner>>['api'];
const key = () => `k-${Math.random().toString(36).slice(2)}`;
const approve = (api: Api, id: string) =>
  api.post(`/api/approval-workflows/pending-approvals/approve/${id}`, {
    approvalStatus: 'approved',
    comments: 'Checked the invoice',
  });
const selfApprove = (api: Api, id: string, comments = 'Paying the diesel supplier myself') =>
  api.post(`/api/approval-workflows/pending-approvals/self-approve/${id}`, { comments });
const itemOf = async (api: Api, id: string) =>
  (await api.get(`/api/approval-workflows/items/${id}`)).body.data;
const pendingFor = async (api: Api) =>
  ((await api.get('/api/approval-workflows/pending-approvals/payout')).body.data as any[]).map(
    (x) => x.pendingApprovalItem.id,
  );
const outlook = async (api: Api, query = '') =>
  (await api.get(`/api/approval-workflows/approvers/payout${query}`)).body;

/** A new company's sole owner, funded, with a vendor: the start of the attack. */
async function soleOwner() {
  const o = await fundedOwner(t, 1_000_000_00);
  const v = await o.api.post('/api/payee', {
    name: 'Ikeja Diesel Supplies',
    email: `accounts.${Math.random().toString(36).slice(2, 8)}@ikejadiesel.ng`,
    phone: '08031234567',
    billingAddress: '12 Allen Avenue, Ikeja',
    bankCode: '058',
    accountNumber: ordinaryAccount(),
  });
  expect(v.status, JSON.stringify(v.body)).toBe(201);
  return { o, vendorId: v.body.data.id as string };
}

async function payout(o: Awaited<ReturnType<typeof fundedOwner>>, payeeId: string, api: Api = o.api) {
  const res = await api.post(
    '/api/payouts',
    {
      payoutOption: 'standard',
      walletId: o.wallet.id,
      payeeId,
      amount: '25000',
      currency: 'NGN',
      narration: 'Diesel for March',
    },
    { 'idempotency-key': key() },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return {
    payout: res.body.data,
    approvalId: res.body.data.approvalWorkflowPendingApprovalItem.id as string,
  };
}

describe('approvers resolved from the current team', () => {
  it('★ a sole owner’s payment is not trapped: an admin who joins afterwards approves it at once', async () => {
    const { o, vendorId } = await soleOwner();
    const { payout: p, approvalId } = await payout(o, vendorId);
    // Nobody but the maker: no approver yet, the owner cannot approve their own item.
    const before = await itemOf(o.api, approvalId);
    expect(before).toMatchObject({ status: 'pending', canApprove: false, currentApprovers: [] });
    expect((await approve(o.api, approvalId)).body.message).toBe(APPROVAL_MSG.ownItem);

    const admin = await memberWithRole(t, o.account.id, 'admin');
    const seen = await itemOf(admin.api, approvalId);
    expect(seen).toMatchObject({ status: 'pending', canApprove: true });
    expect(seen.currentApprovers.map((x: any) => x.id)).toEqual([admin.user.id]);
    expect(await pendingFor(admin.api)).toContain(approvalId);
    expect((await itemOf(o.api, approvalId)).currentApprovers.map((x: any) => x.id)).toEqual([admin.user.id]);

    const res = await approve(admin.api, approvalId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'approved', trailVerified: true });
    await waitFor(
      'completed',
      async () => (await o.api.get(`/api/payouts/${p.id}`)).body.data.status === 'completed',
    );
  });

  it('a member promoted to admin approves at once; one demoted from admin no longer can', async () => {
    const { o, vendorId } = await soleOwner();
    const fm = await memberWithRole(t, o.account.id, 'finance-manager');
    const admin = await memberWithRole(t, o.account.id, 'admin');
    const { approvalId } = await payout(o, vendorId);
    expect((await itemOf(o.api, approvalId)).currentApprovers.map((x: any) => x.id)).toEqual([admin.user.id]);
    expect((await approve(fm.api, approvalId)).body.message).toBe(APPROVAL_MSG.notApprover);

    // The admin is demoted (still holds approvalWorkflows as a finance manager), the member promoted.
    expect(
      (await o.api.patch(`/api/account_access/${admin.member.id}`, { role: 'finance-manager' })).status,
    ).toBe(200);
    expect((await o.api.patch(`/api/account_access/${fm.member.id}`, { role: 'admin' })).status).toBe(200);
    expect(await pendingFor(admin.api)).not.toContain(approvalId);
    const demoted = await approve(admin.api, approvalId);
    expect(demoted.status).toBe(403);
    expect(demoted.body.message).toBe(APPROVAL_MSG.notApprover);
    expect((await itemOf(fm.api, approvalId)).canApprove).toBe(true);
    expect(await pendingFor(fm.api)).toContain(approvalId);
    const res = await approve(fm.api, approvalId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.status).toBe('approved');
  });

  it('a removed approver cannot approve; a workflow whose named approver left falls to the admins', async () => {
    const { o, vendorId } = await soleOwner();
    const named = await memberWithRole(t, o.account.id, 'finance-manager');
    const admin = await memberWithRole(t, o.account.id, 'admin');
    const wf = await o.api.post('/api/approval-workflows', {
      name: 'Payouts by the finance manager',
      type: 'payout',
      levels: [{ approverIds: [named.user.id], rule: 'all' }],
    });
    expect(wf.status).toBe(201);
    const { approvalId } = await payout(o, vendorId);
    expect((await itemOf(o.api, approvalId)).currentApprovers.map((x: any) => x.id)).toEqual([named.user.id]);
    expect((await approve(admin.api, approvalId)).body.message).toBe(APPROVAL_MSG.notApprover);

    expect((await o.api.delete(`/api/account_access/${named.member.id}`)).status).toBe(200);
    expect((await approve(named.api, approvalId)).status).not.toBe(200);
    const view = await itemOf(o.api, approvalId);
    expect(view).toMatchObject({ status: 'pending' });
    expect(view.currentApprovers.map((x: any) => x.id)).toEqual([admin.user.id]);
    const res = await approve(admin.api, approvalId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.status).toBe('approved');
  });
});

describe('self-approval by a sole owner', () => {
  it('the owner learns before submitting, self-approves explicitly; the trail and the audit log say so', async () => {
    const { o, vendorId } = await soleOwner();
    expect((await outlook(o.api)).data).toEqual({
      type: 'payout',
      fourEyes: true,
      hasOtherApprover: false,
      needsApprover: true,
      canSelfApprove: true,
    });
    expect((await outlook(o.api, '?amount=25000')).data.needsApprover).toBe(true);

    const { payout: p, approvalId } = await payout(o, vendorId);
    const before = await itemOf(o.api, approvalId);
    expect(before).toMatchObject({ canApprove: false, canSelfApprove: true });
    const short = await selfApprove(o.api, approvalId, 'ok');
    expect(short.status).toBe(400);
    expect(short.body.errors!.comments).toEqual([APPROVAL_MSG.noteLength]);

    const res = await selfApprove(o.api, approvalId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Payout self-approved');
    expect(res.body.data).toMatchObject({ status: 'approved', trailVerified: true, canSelfApprove: false });
    const [entry] = res.body.data.approvals;
    expect(entry).toMatchObject({
      status: 'Self-approved',
      comments: `${SELF_APPROVAL_MSG.label}. Paying the diesel supplier myself`,
      userData: { id: o.user.id },
    });
    expect((await selfApprove(o.api, approvalId)).status).toBe(409);
    expect((await verifyAllChains(t.db, { accountId: o.account.id })).broken).toEqual([]);
    await waitFor(
      'completed',
      async () => (await o.api.get(`/api/payouts/${p.id}`)).body.data.status === 'completed',
    );
    const audit = await waitFor('audit selfApproveApproval', async () => {
      const r = await o.api.get('/api/audit-log?limit=50&action=selfApproveApproval');
      return (r.body.data as any[])[0];
    });
    expect(audit).toMatchObject({
      resourceId: approvalId,
      actorUserId: o.user.id,
      after: { selfApproved: true, label: SELF_APPROVAL_MSG.label, status: 'approved' },
    });
  });

  it('refused while someone else can approve, to anyone but the owner-maker, and when the policy says off', async () => {
    const { o, vendorId } = await soleOwner();
    const admin = await memberWithRole(t, o.account.id, 'admin');
    expect((await outlook(o.api)).data).toMatchObject({ hasOtherApprover: true, needsApprover: false });

    const { approvalId } = await payout(o, vendorId);
    expect((await itemOf(o.api, approvalId)).canSelfApprove).toBe(false);
    const other = await selfApprove(o.api, approvalId);
    expect(other.status).toBe(403);
    expect(other.body.message).toBe(SELF_APPROVAL_MSG.otherApprover);
    // An admin's own payout: the owner can approve it; the admin cannot self-approve.
    const { approvalId: adminItem } = await payout(o, vendorId, admin.api);
    const notOwner = await selfApprove(admin.api, adminItem);
    expect(notOwner.status).toBe(403);
    expect(notOwner.body.message).toBe(SELF_APPROVAL_MSG.ownerOnly);
    // Someone else's item is never self-approved.
    expect((await selfApprove(admin.api, approvalId)).body.message).toBe(SELF_APPROVAL_MSG.notMaker);
    const untouched = await itemOf(o.api, approvalId);
    expect(untouched).toMatchObject({ status: 'pending', approvals: [] });

    // Policy off: a sole owner's item waits for an approver to be invited.
    const solo = await soleOwner();
    const off = await solo.o.api.put('/api/settings/ap-policy', {
      autoApproveBelow: 0,
      fourEyes: true,
      selfApproval: false,
      overBudget: 'block',
      kycIncompleteCap: 100000,
    });
    expect(off.status).toBe(200);
    expect(off.body.data.selfApproval).toBe(false);
    expect((await outlook(solo.o.api)).data).toMatchObject({ needsApprover: true, canSelfApprove: false });
    const { approvalId: waiting } = await payout(solo.o, solo.vendorId);
    expect((await itemOf(solo.o.api, waiting)).canSelfApprove).toBe(false);
    const refused = await selfApprove(solo.o.api, waiting);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(SELF_APPROVAL_MSG.off);
    expect((await itemOf(solo.o.api, waiting)).approvals).toEqual([]);
    // A policy saved without the field keeps it.
    const kept = await solo.o.api.put('/api/settings/ap-policy', {
      autoApproveBelow: 0,
      fourEyes: true,
      overBudget: 'block',
      kycIncompleteCap: 100000,
    });
    expect(kept.body.data.selfApproval).toBe(false);
    const invited = await memberWithRole(t, solo.o.account.id, 'admin');
    expect((await approve(invited.api, waiting)).body.data.status).toBe('approved');

    // Four eyes off: the owner approves their own item like any approver; there is no self-approval.
    const open = await soleOwner();
    await open.o.api.put('/api/settings/ap-policy', {
      autoApproveBelow: 0,
      fourEyes: false,
      overBudget: 'block',
      kycIncompleteCap: 100000,
    });
    const { approvalId: mine } = await payout(open.o, open.vendorId);
    expect((await itemOf(open.o.api, mine)).canSelfApprove).toBe(false);
    expect((await selfApprove(open.o.api, mine)).body.message).toBe(SELF_APPROVAL_MSG.approveDirectly);
    expect((await approve(open.o.api, mine)).body.data.status).toBe('approved');
  });

  it('the outlook: a workflow naming another member counts; any member of the account may ask', async () => {
    const { o } = await soleOwner();
    const fm = await memberWithRole(t, o.account.id, 'finance-manager');
    const plain = await memberWithRole(t, o.account.id, 'member');
    expect((await outlook(o.api)).data.needsApprover).toBe(true);
    await o.api.post('/api/approval-workflows', {
      name: 'Large payouts',
      type: 'payout',
      amountFrom: 100000,
      levels: [{ approverIds: [fm.user.id], rule: 'any' }],
    });
    // Small payouts still fall to the AP policy (nobody else); large ones have the finance manager.
    expect((await outlook(o.api, '?amount=500')).data.needsApprover).toBe(true);
    expect((await outlook(o.api, '?amount=200000')).data.needsApprover).toBe(false);
    expect((await outlook(o.api)).data.needsApprover).toBe(true);
    const member = await plain.api.get('/api/approval-workflows/approvers/expense');
    expect(member.status).toBe(200);
    expect(member.body.data).toMatchObject({
      type: 'expense',
      hasOtherApprover: true,
      canSelfApprove: false,
    });
    expect((await o.api.get('/api/approval-workflows/approvers/payout?amount=abc')).status).toBe(400);
  });
});
