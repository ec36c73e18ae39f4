import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVAL_MSG } from '@owo/contract';
import { createTestApp, memberWithRole, ownerWithAccount, type TestApp } from '../../../test/helpers';
import { notifications } from '../../platform/schema';
import { registerApprovable, runAfterCommit, type ApprovalSubject } from './handlers';
import { cancelApproval, resubmitForApproval, submitForApproval } from './submit';
import { approvalDecisions } from './tables';
import { verifyAllChains } from './trail';

// The engine on its own, with an in-memory approvable area ('commission'): records live in a map,
// and the handler counts final approvals and rejections, as a real area would move money there.

let t: TestApp;
const records = new Map<string, ApprovalSubject>();
const finals: string[] = [];
const rejections: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  registerApprovable(t.app.deps, {
    type: 'commission',
    load: async (_db, _accountId, id) => records.get(id) ?? null,
    onFinalApproval: async ({ item }) => {
      finals.push(item.resourceId);
    },
    onRejection: async ({ item }) => {
      rejections.push(item.resourceId);
    },
  });
});
afterAll(async () => {
  await t.close();
});

async function submit(
  accountId: string,
  makerUserId: string,
  amountMinor: number,
  over: Partial<ApprovalSubject> = {},
) {
  const id = randomUUID();
  records.set(id, {
    amountMinor,
    currency: 'NGN',
    payee: 'Ada Stores',
    description: 'Commission batch',
    categoryId: null,
    subsidiaryId: null,
    makerUserId,
    reference: `cm_${id.slice(0, 8)}`,
    ...over,
  });
  const after: (() => Promise<void> | void)[] = [];
  const item = await t.db.transaction((tx) =>
    submitForApproval(tx, t.app.deps, {
      accountId,
      type: 'commission',
      resourceId: id,
      afterCommit: (fn) => after.push(fn),
    }),
  );
  await runAfterCommit(after);
  return { id, item };
}

async function team() {
  const o = await ownerWithAccount(t);
  const a = await memberWithRole(t, o.account.id, 'finance-manager');
  const b = await memberWithRole(t, o.account.id, 'finance-manager');
  const c = await memberWithRole(t, o.account.id, 'admin');
  return { o, a, b, c };
}

const approve = (api: any, id: string, comments = 'Looks right') =>
  api.post(`/api/approval-workflows/pending-approvals/approve/${id}`, {
    approvalStatus: 'approved',
    comments,
  });
const reject = (api: any, id: string, comments = 'Wrong payee') =>
  api.post(`/api/approval-workflows/pending-approvals/approve/${id}`, {
    approvalStatus: 'rejected',
    comments,
  });

describe('approval workflows', () => {
  it('creates, lists, reads, updates and deletes a workflow; validates approvers and ranges', async () => {
    const { o, a, b } = await team();
    const created = await o.api.post('/api/approval-workflows', {
      name: 'Big commissions',
      type: 'commission',
      amountFrom: '1000',
      amountTo: 500000,
      levels: [
        { approverIds: [a.user.id], rule: 'any' },
        { approverIds: [a.user.id, b.user.id], rule: 'all' },
      ],
    });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Approval workflow created successfully');
    expect(created.body.data).toMatchObject({
      amountFrom: '1000.00',
      amountFromMinor: 100000,
      amountTo: '500000.00',
      amountToMinor: 50000000,
    });
    expect(created.body.data.levels[1].approvers.map((x: any) => x.id)).toEqual([a.user.id, b.user.id]);
    const id = created.body.data.id;
    expect((await o.api.get('/api/approval-workflows?type=commission')).body.data).toHaveLength(1);
    expect((await o.api.get('/api/approval-workflows?type=expense')).body.data).toHaveLength(0);
    expect((await o.api.get(`/api/approval-workflows/${id}`)).body.data.name).toBe('Big commissions');

    const outsider = await ownerWithAccount(t);
    const bad = await o.api.put(`/api/approval-workflows/${id}`, {
      name: 'x',
      type: 'commission',
      levels: [{ approverIds: [outsider.user.id], rule: 'any' }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors!['levels.0.approverIds']).toEqual([APPROVAL_MSG.approverUnknown]);
    const range = await o.api.post('/api/approval-workflows', {
      name: 'x',
      type: 'commission',
      amountFrom: 10,
      amountTo: 5,
      levels: [{ approverIds: [a.user.id], rule: 'any' }],
    });
    expect(range.status).toBe(400);
    expect(range.body.errors!.amountTo).toEqual([APPROVAL_MSG.rangeOrder]);
    const noLevels = await o.api.post('/api/approval-workflows', {
      name: 'x',
      type: 'commission',
      levels: [],
    });
    expect(noLevels.status).toBe(400);
    expect(noLevels.body.errors!.levels).toEqual([APPROVAL_MSG.levelsRequired]);

    const upd = await o.api.put(`/api/approval-workflows/${id}`, {
      name: 'Renamed',
      type: 'commission',
      levels: [{ approverIds: [b.user.id], rule: 'any' }],
    });
    expect(upd.status).toBe(200);
    expect(upd.body.data).toMatchObject({ name: 'Renamed', amountFrom: null });
    expect((await outsider.api.get(`/api/approval-workflows/${id}`)).status).toBe(404);
    expect((await o.api.delete(`/api/approval-workflows/${id}`)).status).toBe(200);
    expect((await o.api.get(`/api/approval-workflows/${id}`)).status).toBe(404);
  });

  it('lists the approval types from the API', async () => {
    const { o } = await team();
    const res = await o.api.get('/api/approval-workflows/types');
    expect(res.body.data.map((x: any) => x.type)).toEqual([
      'expense',
      'invoice',
      'payroll',
      'marketplace',
      'payout',
      'disbursement',
      'commission',
      'payeeBankChange',
      'request',
      'employeeBankChange',
    ]);
  });
});

describe('decisions', () => {
  it('runs levels in order: any, then all; notifies the next approvers and the maker; hash chain verifies', async () => {
    const { o, a, b, c } = await team();
    await o.api.post('/api/approval-workflows', {
      name: 'Two levels',
      type: 'commission',
      levels: [
        { approverIds: [a.user.id, c.user.id], rule: 'any' },
        { approverIds: [a.user.id, b.user.id], rule: 'all' },
      ],
    });
    const { id, item } = await submit(o.account.id, o.user.id, 250_000_00);
    expect(item).toMatchObject({ status: 'pending', currentLevel: 0 });
    expect(item.currentApproverIds.sort()).toEqual([a.user.id, c.user.id].sort());

    // b is not at level one yet
    const early = await approve(b.api, item.id);
    expect(early.status).toBe(403);
    expect(early.body.message).toBe(APPROVAL_MSG.notApprover);
    const pendingA = await a.api.get('/api/approval-workflows/pending-approvals/commission');
    expect(pendingA.body.data).toHaveLength(1);
    expect(pendingA.body.data[0].resourceItem).toMatchObject({
      id,
      amount: '250000.00',
      amountMinor: 25000000,
    });
    expect(pendingA.body.data[0].pendingApprovalItem).toMatchObject({ id: item.id, canApprove: true });
    expect((await b.api.get('/api/approval-workflows/pending-approvals/commission')).body.data).toHaveLength(
      0,
    );

    const l1 = await approve(c.api, item.id);
    expect(l1.status).toBe(200);
    expect(l1.body.message).toBe('Commission approved successfully');
    expect(l1.body.data).toMatchObject({ status: 'pending', currentLevel: 1, canApprove: false });
    const bNote = await t.db.select().from(notifications).where(eq(notifications.userId, b.user.id));
    expect(bNote.map((n) => n.topic)).toContain('Approval required');

    const l2a = await approve(a.api, item.id);
    expect(l2a.body.data).toMatchObject({ status: 'pending', currentLevel: 1 });
    expect(finals).not.toContain(id);
    const twice = await approve(a.api, item.id);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(APPROVAL_MSG.alreadyDecided);
    const l2b = await approve(b.api, item.id);
    expect(l2b.body.data).toMatchObject({ status: 'approved', trailVerified: true });
    expect(l2b.body.data.approvals.map((x: any) => x.status)).toEqual(['Approved', 'Approved', 'Approved']);
    expect(finals.filter((f) => f === id)).toHaveLength(1);
    const after = await approve(c.api, item.id);
    expect(after.status).toBe(409);
    expect(after.body.message).toBe(APPROVAL_MSG.notPending);
    const makerNotes = await t.db.select().from(notifications).where(eq(notifications.userId, o.user.id));
    expect(makerNotes.some((n) => n.topic === 'Approval approved')).toBe(true);
  });

  it('four eyes: the maker never approves their own item, owner included; the switch turns it off', async () => {
    const { o, a } = await team();
    const { item } = await submit(o.account.id, o.user.id, 5_000_00);
    // no workflow: AP policy, one owner/admin approval; the owner-maker is left out
    expect(item.workflowName).toBe('AP policy');
    const own = await approve(o.api, item.id);
    expect(own.status).toBe(403);
    expect(own.body.message).toBe(APPROVAL_MSG.ownItem);
    const policy = await o.api.put('/api/settings/ap-policy', {
      autoApproveBelow: 0,
      fourEyes: false,
      overBudget: 'warn',
      kycIncompleteCap: 100000,
    });
    expect(policy.status).toBe(200);
    expect(policy.body.data).toMatchObject({ fourEyes: false, kycIncompleteCapMinor: 10000000 });
    const { item: second } = await submit(o.account.id, o.user.id, 5_000_00);
    expect((await approve(o.api, second.id)).status).toBe(200);
    void a;
  });

  it('an approver can only approve amounts within their spend limit', async () => {
    const { o, a, b } = await team();
    await o.api.post(`/api/account_access/${a.member.id}/expense-limit`, { amount: 1000 });
    await o.api.post('/api/approval-workflows', {
      name: 'a or b',
      type: 'commission',
      levels: [{ approverIds: [a.user.id, b.user.id], rule: 'any' }],
    });
    const { item } = await submit(o.account.id, o.user.id, 2_000_00);
    const res = await approve(a.api, item.id);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(APPROVAL_MSG.overLimit);
    const view = await a.api.get(`/api/approval-workflows/items/${item.id}`);
    expect(view.body.data.canApprove).toBe(false);
    expect((await a.api.get('/api/approval-workflows/pending-approvals/commission')).body.data).toHaveLength(
      0,
    );
    expect((await approve(b.api, item.id)).status).toBe(200);
  });

  it('reject -> resolve -> back to level one -> approve; the trail is appended to', async () => {
    const { o, a, b } = await team();
    await o.api.post('/api/approval-workflows', {
      name: 'a then b',
      type: 'commission',
      levels: [
        { approverIds: [a.user.id], rule: 'any' },
        { approverIds: [b.user.id], rule: 'any' },
      ],
    });
    const { id, item } = await submit(o.account.id, o.user.id, 1_000_00);
    await approve(a.api, item.id);
    const rej = await reject(b.api, item.id);
    expect(rej.status).toBe(200);
    expect(rej.body.message).toBe('Commission rejected successfully');
    expect(rej.body.data).toMatchObject({ status: 'rejected', rejectionResolverIds: [o.user.id] });
    expect(rejections).toContain(id);
    expect((await approve(a.api, item.id)).status).toBe(409);
    const bad = await a.api.put(`/api/approval-workflows/rejected-approvals/${item.id}/resolve`, {
      comments: 'fixed',
    });
    expect(bad.status).toBe(403);
    const rejected = await o.api.get('/api/approval-workflows/rejected-approvals/commission');
    expect(rejected.body.data.map((x: any) => x.resourceItem.id)).toEqual([id]);
    expect(rejected.body.data[0].pendingApprovalItem.canResolve).toBe(true);
    const short = await o.api.put(`/api/approval-workflows/rejected-approvals/${item.id}/resolve`, {
      comments: 'ok',
    });
    expect(short.status).toBe(400);
    expect(short.body.errors!.comments).toEqual([APPROVAL_MSG.noteLength]);
    records.set(id, { ...records.get(id)!, amountMinor: 900_00, payee: 'Ada Stores Ltd' });
    const res = await o.api.put(`/api/approval-workflows/rejected-approvals/${item.id}/resolve`, {
      comments: 'Corrected the payee',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Commission resolved successfully');
    expect(res.body.data).toMatchObject({ status: 'pending', currentLevel: 0 });
    expect((await approve(a.api, item.id)).body.data.currentLevel).toBe(1);
    const final = await approve(b.api, item.id);
    expect(final.body.data.status).toBe('approved');
    expect(final.body.data.approvals.map((x: any) => x.status)).toEqual([
      'Approved',
      'Rejected',
      'Resolved',
      'Approved',
      'Approved',
    ]);
    expect(final.body.data.trailVerified).toBe(true);
  });

  it('auto-approves below the AP policy threshold, exactly once', async () => {
    const { o } = await team();
    await o.api.put('/api/settings/ap-policy', {
      autoApproveBelow: '500',
      fourEyes: true,
      overBudget: 'block',
      receiptsRequiredAbove: '1000',
      kycIncompleteCap: '100000',
    });
    const { id, item } = await submit(o.account.id, o.user.id, 499_99);
    expect(item.status).toBe('approved');
    expect(finals.filter((f) => f === id)).toHaveLength(1);
    const { item: big } = await submit(o.account.id, o.user.id, 500_00);
    expect(big.status).toBe('pending');
  });

  it('picks the most specific matching workflow', async () => {
    const { o, a, b } = await team();
    await o.api.post('/api/approval-workflows', {
      name: 'All commissions',
      type: 'commission',
      levels: [{ approverIds: [a.user.id], rule: 'any' }],
    });
    await o.api.post('/api/approval-workflows', {
      name: 'Large',
      type: 'commission',
      amountFrom: 10000,
      levels: [{ approverIds: [b.user.id], rule: 'any' }],
    });
    expect((await submit(o.account.id, o.user.id, 500_00)).item.workflowName).toBe('All commissions');
    expect((await submit(o.account.id, o.user.id, 20_000_00)).item.workflowName).toBe('Large');
  });

  it('20 approvers at once: one transition, one final approval, the rest 409', async () => {
    const o = await ownerWithAccount(t);
    const approvers = await Promise.all(
      Array.from({ length: 20 }, () => memberWithRole(t, o.account.id, 'finance-manager')),
    );
    await o.api.post('/api/approval-workflows', {
      name: 'Any of twenty',
      type: 'commission',
      levels: [{ approverIds: approvers.map((x) => x.user.id), rule: 'any' }],
    });
    const { id, item } = await submit(o.account.id, o.user.id, 10_000_00);
    const results = await Promise.all(approvers.map((x) => approve(x.api, item.id)));
    const codes = results.map((r) => r.status).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    expect(finals.filter((f) => f === id)).toHaveLength(1);
  });

  it('the hash chain names an edited row', async () => {
    const { o, a } = await team();
    await o.api.post('/api/approval-workflows', {
      name: 'a',
      type: 'commission',
      levels: [{ approverIds: [a.user.id], rule: 'any' }],
    });
    const { item } = await submit(o.account.id, o.user.id, 1_000_00);
    await approve(a.api, item.id, 'Approved by me');
    expect((await verifyAllChains(t.db, { accountId: o.account.id })).broken).toEqual([]);
    await t.db.execute(
      sql`update approval_decisions set comments = 'Approved by someone else' where item_id = ${item.id}::uuid`,
    );
    const r = await verifyAllChains(t.db, { accountId: o.account.id });
    expect(r.broken).toEqual([{ itemId: item.id, seq: 1, reason: 'hash does not match the decision' }]);
    const view = await o.api.get(`/api/approval-workflows/items/${item.id}`);
    expect(view.body.data.trailVerified).toBe(false);
    const rows = await t.db.select().from(approvalDecisions).where(eq(approvalDecisions.itemId, item.id));
    expect(rows).toHaveLength(1);
  });

  it('answers 404 for another account’s item and 400 for an unknown type', async () => {
    const { o } = await team();
    const other = await ownerWithAccount(t);
    const { item } = await submit(o.account.id, o.user.id, 1_000_00);
    expect((await approve(other.api, item.id)).status).toBe(404);
    const res = await o.api.get('/api/approval-workflows/pending-approvals/bogus');
    expect(res.status).toBe(400);
  });
});

describe('controls (alwaysFourEyes) and restarting a pending item', () => {
  it('a control type is never auto-approved and never approved by its maker, whatever the AP policy', async () => {
    const { o, c: a } = await team();
    registerApprovable(t.app.deps, {
      type: 'marketplace',
      alwaysFourEyes: true,
      load: async (_db, _accountId, id) => records.get(id) ?? null,
      onFinalApproval: async ({ item }) => {
        finals.push(item.resourceId);
      },
    });
    const policy = await o.api.put('/api/settings/ap-policy', {
      autoApproveBelow: 1000,
      fourEyes: false,
      overBudget: 'warn',
      kycIncompleteCap: 100000,
    });
    expect(policy.status).toBe(200);
    const id = randomUUID();
    records.set(id, {
      amountMinor: 0,
      currency: 'NGN',
      payee: 'Vendor bank change',
      description: null,
      categoryId: null,
      subsidiaryId: null,
      makerUserId: o.user.id,
      reference: `ctl_${id.slice(0, 8)}`,
    });
    const item = await t.db.transaction((tx) =>
      submitForApproval(tx, t.app.deps, {
        accountId: o.account.id,
        type: 'marketplace',
        resourceId: id,
        afterCommit: () => {},
      }),
    );
    expect(item).toMatchObject({ status: 'pending', fourEyes: true });
    expect(item.currentApproverIds).not.toContain(o.user.id);
    expect((await approve(o.api, item.id)).status).toBe(403);
    expect(finals).not.toContain(id);

    // restartPending: a pending item goes back to level one with a Resubmitted trail entry
    const restarted = await t.db.transaction((tx) =>
      resubmitForApproval(tx, t.app.deps, {
        accountId: o.account.id,
        type: 'marketplace',
        resourceId: id,
        userId: o.user.id,
        comments: 'Payee details changed',
        afterCommit: () => {},
        restartPending: true,
      }),
    );
    expect(restarted).toMatchObject({ status: 'pending', round: item.round + 1, currentLevel: 0 });
    const view = await a.api.get(`/api/approval-workflows/items/${item.id}`);
    expect(view.body.data.approvals.map((x: any) => x.status)).toContain('Resubmitted');
    expect((await approve(a.api, item.id)).status).toBe(200);
    expect(finals).toContain(id);
    expect((await verifyAllChains(t.db)).broken.filter((b) => b.itemId === item.id)).toEqual([]);
    expect(view.body.data.trailVerified).toBe(true);
  });

  it('cancelApproval closes a pending or rejected item: off every list, undecidable, trail appended', async () => {
    const { o, c } = await team(); // no workflow: one approval from an admin (c)
    const { item } = await submit(o.account.id, o.user.id, 50_000_00);
    const { item: other } = await submit(o.account.id, o.user.id, 60_000_00);
    const listed = async (api: any, kind: 'pending' | 'rejected') =>
      (await api.get(`/api/approval-workflows/${kind}-approvals/commission`)).body.data.map(
        (x: any) => x.pendingApprovalItem.id,
      );
    expect(await listed(c.api, 'pending')).toContain(item.id);
    const cancel = (resourceId: string, accountId = o.account.id) =>
      t.db.transaction((tx) =>
        cancelApproval(tx, {
          accountId,
          type: 'commission',
          resourceId,
          userId: o.user.id,
          comments: 'The record was deleted',
        }),
      );
    // another account's cancel finds nothing
    const stranger = await ownerWithAccount(t);
    expect(await cancel(item.resourceId, stranger.account.id)).toBeNull();
    const closed = await cancel(item.resourceId);
    expect(closed).toMatchObject({ status: 'cancelled', currentApproverIds: [] });
    expect(await listed(c.api, 'pending')).not.toContain(item.id);
    expect(await listed(c.api, 'pending')).toContain(other.id);
    expect((await approve(c.api, item.id)).status).toBe(409);
    expect(await cancel(item.resourceId)).toBeNull(); // already closed
    const view = await c.api.get(`/api/approval-workflows/items/${item.id}`);
    expect(view.body.data.approvals.map((x: any) => x.status)).toEqual(['Cancelled']);
    expect(view.body.data.trailVerified).toBe(true);

    // a rejected item leaves the rejected list too
    expect((await reject(c.api, other.id)).status).toBe(200);
    expect(await listed(o.api, 'rejected')).toContain(other.id);
    expect(await cancel(other.resourceId)).toMatchObject({ status: 'cancelled', rejectionResolverIds: [] });
    expect(await listed(o.api, 'rejected')).not.toContain(other.id);
    expect(rejections).toContain(other.resourceId);
    expect(finals).not.toContain(item.resourceId);
  });
});
