import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMISSION_MSG } from '@owo/contract';
import { createTestApp, memberWithRole, setKybTier, type TestApp } from '../../../test/helpers';
import { startJobs } from '../../platform/jobs';
import { fundedOwner, ordinaryAccount, waitFor } from '../funding/test-support';
import { verifyInvoiceBooks } from '../inflows/books';
import { createBatchFor, periodOf, sweepBatches } from './batches';
import { DEMO_AGENT, seedCommissionsDemo } from './demo';
import { agentCommissions, commissionBatches } from './tables';

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

const approve = (api: any, id: string, approvalStatus = 'approved') =>
  api.post(`/api/approval-workflows/pending-approvals/approve/${id}`, {
    approvalStatus,
    comments: 'Checked against the invoices',
  });

async function company() {
  const o = await fundedOwner(t, 0);
  await setKybTier(t, o.account.id, 3);
  const admin = await memberWithRole(t, o.account.id, 'admin');
  const agent = await memberWithRole(t, o.account.id, 'agent');
  const agent2 = await memberWithRole(t, o.account.id, 'agent');
  for (const a of [agent, agent2])
    expect(
      (await a.api.post('/api/me/bank-accounts', { accountNumber: ordinaryAccount(), bankCode: '058' }))
        .status,
    ).toBe(201);
  return { o, admin, agent, agent2 };
}

/** An approved one-time invoice of `naira`, made by `maker`; answers its id and collection account. */
async function approvedInvoice(
  maker: any,
  approver: any,
  naira: number,
  extra: Record<string, unknown> = {},
) {
  const c = await maker.post('/api/inflows/customers', {
    name: 'Chidi Ventures',
    email: 'chidi@ventures.ng',
  });
  const s1 = await maker.post('/api/inflows/invoice', {
    step: 1,
    payload: {
      customerId: c.body.data.id,
      products: [{ name: 'Tiles', price: String(naira), quantity: 1 }],
      ...extra,
    },
  });
  expect(s1.status).toBe(200);
  const id = s1.body.data.id;
  await maker.post('/api/inflows/invoice', {
    step: 2,
    payload: { invoiceId: id, paymentOption: 'one-time' },
  });
  const s3 = await maker.post('/api/inflows/invoice', { step: 3, payload: { invoiceId: id } });
  expect(s3.status).toBe(200);
  expect((await approve(approver, s3.body.data.approvalWorkflowPendingApprovalItem.id)).status).toBe(200);
  const inv = await waitFor('collection account', async () => {
    const d = (await approver.get(`/api/inflows/invoice/${id}`)).body.data;
    return d.collectionAccount ? d : null;
  });
  return { id, accountNumber: inv.collectionAccount.accountNumber as string };
}

const deposit = (api: any, accountNumber: string, amount: string) =>
  api.post('/api/sandbox/deposits', { accountNumber, amount, senderName: 'CHIDI VENTURES' });

// A commission has matured once it has a maturedAt; the worker's batch ticker may already have
// moved it on to pending (in a batch), so tests wait on maturedAt, never on approvalStatus.
async function commissionOf(invoiceId: string) {
  const [c] = await t.db
    .select()
    .from(agentCommissions)
    .where(and(eq(agentCommissions.invoiceId, invoiceId), eq(agentCommissions.kind, 'invoice')));
  return c ?? null;
}

describe('commission settings and agents (002 §5, §7)', () => {
  it('defaults, validation, general and per agent, lists; tenancy; agents may not configure', async () => {
    const { o, agent, agent2 } = await company();
    const general = await o.api.get('/api/agents/core/commission-settings/general');
    expect(general.body.data).toMatchObject({
      isActive: false,
      commissionType: 'percentage',
      payoutMode: 'consolidated',
      settingType: 'general',
    });
    const save = (b: Record<string, unknown>) => o.api.post('/api/agents/core/commission-settings', b);
    const empty = await save({ defaultCommission: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors!.defaultCommission).toEqual([COMMISSION_MSG.defaultRequired]);
    const low = await save({ defaultCommission: '5', commissionEarningThreshold: '10' });
    expect(low.body.errors!.commissionEarningThreshold).toEqual([COMMISSION_MSG.thresholdMin]);
    expect(
      (await save({ defaultCommission: 'abc', commissionEarningThreshold: 'x' })).body.errors,
    ).toMatchObject({
      defaultCommission: [COMMISSION_MSG.defaultRequired],
      commissionEarningThreshold: [COMMISSION_MSG.thresholdMin],
    });
    expect((await save({ defaultCommission: '100' })).body.errors!.defaultCommission).toEqual([
      COMMISSION_MSG.percentMax,
    ]);
    expect((await save({ defaultCommission: '5', settingType: 'agent' })).body.errors!.userId).toEqual([
      COMMISSION_MSG.agentRequired,
    ]);
    // Nothing was written by the refusals.
    expect((await o.api.get('/api/agents/core/commission-settings/general')).body.data.id).toBeNull();

    const ok = await save({ isActive: true, defaultCommission: '7.5', commissionEarningThreshold: '50.5' });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe(COMMISSION_MSG.saved);
    expect(ok.body.data).toMatchObject({
      defaultCommission: '7.50',
      defaultCommissionMinor: 750,
      commissionEarningThreshold: '50.50',
      commissionEarningThresholdMinor: 5050,
      payoutFrequency: 'monthly',
    });
    const own = await save({
      isActive: true,
      defaultCommission: '1500',
      commissionType: 'fixed',
      commissionEarningThreshold: '20',
      settingType: 'agent',
      userId: agent2.user.id,
      payoutMode: 'individual',
      payoutFrequency: 'weekly',
    });
    expect(own.body.data).toMatchObject({
      settingType: 'agent',
      defaultCommissionMinor: 150_000,
      commissionEarningThreshold: null,
    });

    const list = await o.api.get('/api/agents/core');
    expect(list.body.metadata.pagination.totalItems).toBe(2);
    const byId = Object.fromEntries(list.body.data.map((a: any) => [a.userId, a]));
    expect(byId[agent.user.id].commission).toMatchObject({
      commissionType: 'percentage',
      defaultCommission: '7.50',
    });
    expect(byId[agent2.user.id]).toMatchObject({
      hasOwnSetting: true,
      commission: { commissionType: 'fixed' },
    });
    expect((await o.api.get(`/api/agents/core/${agent2.user.id}`)).body.data.commission.payoutMode).toBe(
      'individual',
    );
    expect((await o.api.get(`/api/agents/core/${o.user.id}`)).status).toBe(404);

    const other = await company();
    expect((await other.o.api.get(`/api/agents/core/${agent.user.id}`)).status).toBe(404);
    expect(
      (
        await other.o.api.post('/api/agents/core/commission-settings', {
          defaultCommission: '5',
          settingType: 'agent',
          userId: agent.user.id,
        })
      ).status,
    ).toBe(400); // another company's user: refused on its field by the body-id check (issue 34 §7)
    expect(
      (await agent.api.post('/api/agents/core/commission-settings', { defaultCommission: '5' })).status,
    ).toBe(403);
    expect((await agent.api.get('/api/agents/core')).status).toBe(403);
  });

  it('refuses random bodies with 4xx', async () => {
    const { o } = await company();
    const junk = [
      null,
      1,
      'x',
      [],
      { defaultCommission: {} },
      { defaultCommission: '5', userId: 'nope', settingType: 'agent' },
      { isActive: 'yes' },
    ];
    for (const b of junk) {
      const r = await o.api.post('/api/agents/core/commission-settings', b as any);
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
    }
    expect((await o.api.get('/api/agents/core/not-a-uuid')).status).toBe(400);
    expect((await o.api.get('/api/agents/core?page=0')).status).toBe(400);
    expect((await o.api.get('/api/agents/core/commission-disbursements/x')).status).toBe(400);
    expect((await o.api.get('/api/agents/self/commissions?view=nope')).status).toBe(400);
  });
});

describe('accrual, maturity, clawback, batches (issue 24 §5 ★)', () => {
  it('accrues only on agent invoices, matures when approved and fully paid, claws back on refund, batches and pays', async () => {
    const { o, admin, agent, agent2 } = await company();
    await o.api.post('/api/agents/core/commission-settings', {
      isActive: true,
      defaultCommission: '10',
      payoutFrequency: 'daily',
      // High at first, so the worker's own batching (its ticker) waits until this test lowers it.
      commissionEarningThreshold: '1000000',
    });
    // The agent's own invoice (2,000), and the owner's (no agent): only the first earns.
    const mine = await approvedInvoice(agent.api, admin.api, 2000);
    const owners = await approvedInvoice(o.api, admin.api, 1000);
    // An agent may not name another agent; the owner names a stranger → 400.
    const c = await o.api.post('/api/inflows/customers', { name: 'X', email: 'x@x.ng' });
    const bad = await o.api.post('/api/inflows/invoice', {
      step: 1,
      payload: {
        customerId: c.body.data.id,
        products: [{ name: 'A', price: '10', quantity: 1 }],
        agentId: admin.user.id,
      },
    });
    expect(bad.status).toBe(400);

    await deposit(o.api, mine.accountNumber, '1500.55');
    await deposit(o.api, owners.accountNumber, '1000');
    const partly = await waitFor('accrual', () => commissionOf(mine.id));
    // 10% of 1,500.55 = 150.055 → 150.05 (floor to the kobo); not matured: not fully paid.
    expect(partly).toMatchObject({
      amountMinor: 15_005,
      approvalStatus: 'initialized',
      agentUserId: agent.user.id,
    });
    await waitFor('owner invoice paid', async () => {
      const d = (await o.api.get(`/api/inflows/invoice/${owners.id}`)).body.data;
      return d.amountPaidMinor === 100_000;
    });
    expect(await commissionOf(owners.id)).toBeNull();
    // Nothing to batch yet.
    expect(
      await createBatchFor(t.app.deps, { accountId: o.account.id, agentUserId: agent.user.id }),
    ).toBeNull();

    // 700 more: 499.45 finishes the invoice, 200.55 is overage. 10% of 700 = 70.
    await deposit(o.api, mine.accountNumber, '700');
    const matured = await waitFor('matured', async () => {
      const x = await commissionOf(mine.id);
      return x?.approvalStatus === 'matured' ? x : null;
    });
    expect(matured.amountMinor).toBe(15_005 + 7_000);

    // The agent sees their commission, the other agent does not.
    const mineList = await agent.api.get('/api/agents/self/commissions');
    expect(mineList.body.data).toHaveLength(1);
    expect(mineList.body.data[0]).toMatchObject({
      approvalStatus: 'matured',
      invoiceCommissionConfig: { commissionRate: '10%' },
    });
    expect((await agent2.api.get('/api/agents/self/commissions')).body.data).toEqual([]);
    expect((await agent.api.get('/api/agents/core/commissions')).status).toBe(403);
    // The invoice detail's table: one invoice's commissions, for a manager and for its agent.
    const byInvoice = await o.api.get(`/api/agents/core/commissions?invoiceId=${mine.id}`);
    expect(byInvoice.body.data.map((c: { invoiceId: string }) => c.invoiceId)).toEqual([mine.id]);
    expect((await o.api.get(`/api/agents/core/commissions?invoiceId=${owners.id}`)).body.data).toEqual([]);
    expect((await agent.api.get(`/api/agents/self/commissions?invoiceId=${mine.id}`)).body.data).toHaveLength(
      1,
    );
    expect((await agent2.api.get(`/api/agents/self/commissions?invoiceId=${mine.id}`)).body.data).toEqual([]);
    const badId = await o.api.get('/api/agents/core/commissions?invoiceId=nope');
    expect(badId.status).toBe(400);
    expect(badId.body.errors!.invoiceId).toEqual(['Invalid invoice id']);

    // Refund the overage → claw back 10% of it: floor(70000·0.1) − floor(49945·0.1) = 7000 − 4994 = 2006.
    const inv = await waitFor('refund row', async () => {
      const d = (await o.api.get(`/api/inflows/invoice/${mine.id}`)).body.data;
      return d.invoiceCollectionRefunds.length ? d : null;
    });
    const refundPath = `/api/inflows/invoice/${mine.id}/refunds/${inv.invoiceCollectionRefunds[0].id}/init`;
    expect(
      (
        await o.api.post(refundPath, {
          refundAccountDetails: { bankCode: '058', accountNumber: ordinaryAccount() },
        })
      ).status,
    ).toBe(200);
    const clawed = await commissionOf(mine.id);
    expect(clawed!.amountMinor).toBe(22_005 - 2_006);
    // Net = 10% of the 2,000 the company kept (to the kobo: 200.00 less the floors' 0.01).
    expect(clawed!.amountMinor).toBe(19_999);

    const dash0 = (await agent.api.get('/api/agents/self/dashboard')).body.data.commissionSummary;
    expect(dash0).toMatchObject({
      totalEarned: { valueMinor: 19_999 },
      totalAwaitingApproval: { valueMinor: 19_999 },
      totalPaid: { valueMinor: 0 },
      totalAwaitingMaturity: { valueMinor: 0 },
    });

    // Batching: two racing runs make one batch (the worker's ticker may be a third racer).
    await o.api.post('/api/agents/core/commission-settings', {
      isActive: true,
      defaultCommission: '10',
      payoutFrequency: 'daily',
      commissionEarningThreshold: '50',
    });
    const [a, b] = await Promise.all([
      createBatchFor(t.app.deps, { accountId: o.account.id, agentUserId: agent.user.id }),
      createBatchFor(t.app.deps, { accountId: o.account.id, agentUserId: agent.user.id }),
    ]);
    expect([a, b].filter(Boolean).length).toBeLessThanOrEqual(1);
    const batches = await t.db
      .select()
      .from(commissionBatches)
      .where(eq(commissionBatches.agentUserId, agent.user.id));
    expect(batches).toHaveLength(1);
    const batchId = batches[0].id;
    expect(
      await createBatchFor(t.app.deps, { accountId: o.account.id, agentUserId: agent.user.id }),
    ).toBeNull();
    expect(batches[0]).toMatchObject({ totalMinor: 19_999, period: periodOf('daily', new Date()) });

    // Another agent's batch: 404 for agent2; tenancy: 404 for another company.
    expect((await agent2.api.get(`/api/agents/core/commission-disbursements/${batchId}`)).status).toBe(404);
    const other = await company();
    expect((await other.o.api.get(`/api/agents/core/commission-disbursements/${batchId}`)).status).toBe(404);
    expect(
      (await other.o.api.post(`/api/agents/core/commission-disbursements/${batchId}/retry-disbursement`))
        .status,
    ).toBe(404);
    const seen = await agent.api.get(`/api/agents/core/commission-disbursements/${batchId}`);
    expect(seen.status).toBe(200);
    expect(seen.body.data).toMatchObject({ state: 'pending', totalItems: 1, totalAmountMinor: 19_999 });
    // The agent made it (four eyes): they cannot approve their own pay.
    expect(seen.body.data.approvalWorkflowPendingApprovalItem.canApprove).toBe(false);

    // Refresh is refused while pending; nothing to retry yet.
    const refresh = await o.api.post(
      `/api/agents/core/commission-disbursements/${batchId}/refresh-bank-details`,
    );
    expect(refresh.status).toBe(409);
    expect(refresh.body.message).toBe(COMMISSION_MSG.refreshWhilePending);
    expect(
      (await o.api.post(`/api/agents/core/commission-disbursements/${batchId}/retry-disbursement`)).status,
    ).toBe(409);

    const detail = (await o.api.get(`/api/agents/core/commission-disbursements/${batchId}`)).body.data;
    expect(detail.approvalWorkflowPendingApprovalItem.canApprove).toBe(true);
    const approved = await approve(o.api, detail.approvalWorkflowPendingApprovalItem.id);
    expect(approved.status).toBe(200);
    expect(approved.body.message).toBe('Commission approved successfully');
    const paid = await waitFor('batch paid', async () => {
      const d = (await o.api.get(`/api/agents/core/commission-disbursements/${batchId}`)).body.data;
      return d.state === 'success' ? d : null;
    });
    expect(paid).toMatchObject({ totalPaidItems: 1, totalFailedItems: 0 });
    const items = await o.api.get(`/api/agents/core/commission-disbursements/${batchId}/items`);
    expect(items.body.data[0]).toMatchObject({ paymentStatus: 'paid', amountMinor: 19_999 });
    expect(items.body.data[0].reference).toMatch(/^comm-[0-9a-f]{32}-1$/);
    const dash = (await agent.api.get('/api/agents/self/dashboard')).body.data.commissionSummary;
    expect(dash).toMatchObject({
      totalEarned: { valueMinor: 19_999 },
      totalAwaitingApproval: { valueMinor: 0 },
      totalPaid: { valueMinor: 19_999, value: '199.99' },
    });
    const refreshed = await o.api.post(
      `/api/agents/core/commission-disbursements/${batchId}/refresh-bank-details`,
    );
    expect(refreshed.body.message).toBe(COMMISSION_MSG.refreshed);

    // The books of every invoice still balance to the kobo.
    for (const r of await verifyInvoiceBooks(t.db)) expect(r.problems ?? []).toEqual([]);
  });

  it('threshold holds small totals back; individual mode; reject, remove an item, resolve; next period', async () => {
    const { o, admin, agent } = await company();
    await o.api.post('/api/agents/core/commission-settings', {
      isActive: true,
      defaultCommission: '1',
      commissionEarningThreshold: '25',
      payoutMode: 'individual',
      payoutFrequency: 'weekly',
    });
    const one = await approvedInvoice(agent.api, admin.api, 2000);
    await deposit(o.api, one.accountNumber, '2000');
    await waitFor('matured', async () => !!(await commissionOf(one.id))?.maturedAt);
    // 1% of 2,000 = 20 ≤ 25: held back.
    expect(
      await createBatchFor(t.app.deps, { accountId: o.account.id, agentUserId: agent.user.id }),
    ).toBeNull();
    const two = await approvedInvoice(agent.api, admin.api, 1000);
    await deposit(o.api, two.accountNumber, '1000');
    await waitFor('matured 2', async () => !!(await commissionOf(two.id))?.maturedAt);
    await createBatchFor(t.app.deps, { accountId: o.account.id, agentUserId: agent.user.id });
    const made = await t.db
      .select()
      .from(commissionBatches)
      .where(eq(commissionBatches.agentUserId, agent.user.id));
    expect(made).toHaveLength(1); // by this call or by the worker's ticker: once
    const id = made[0].id;
    const d = (await o.api.get(`/api/agents/core/commission-disbursements/${id}`)).body.data;
    expect(d).toMatchObject({ totalItems: 2, totalAmountMinor: 3_000, payoutFrequency: 'weekly' });
    const rej = await approve(o.api, d.approvalWorkflowPendingApprovalItem.id, 'rejected');
    expect(rej.status).toBe(200);
    const items = (await o.api.get(`/api/agents/core/commission-disbursements/${id}/items`)).body.data;
    // The agent may not remove items (no delete permission); the owner may (resolver, delete).
    expect(
      (await agent.api.delete(`/api/agents/core/commission-disbursements/${id}/items/${items[0].id}`)).status,
    ).toBe(403);
    const removed = await o.api.delete(
      `/api/agents/core/commission-disbursements/${id}/items/${items[0].id}`,
    );
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe(COMMISSION_MSG.removed);
    expect(removed.body.data).toMatchObject({
      totalItems: 1,
      totalAmountMinor: 3_000 - items[0].amountMinor,
    });
    const last = await o.api.delete(`/api/agents/core/commission-disbursements/${id}/items/${items[1].id}`);
    expect(last.status).toBe(409);
    // The removed commission is matured again, for a later batch: not this week's (one per period)…
    expect(
      await createBatchFor(t.app.deps, { accountId: o.account.id, agentUserId: agent.user.id }),
    ).toBeNull();
    // …next week's, if above the threshold (20 ≤ 25 stays back).
    const nextWeek = new Date(Date.now() + 7 * 86_400_000);
    const held = await createBatchFor(t.app.deps, {
      accountId: o.account.id,
      agentUserId: agent.user.id,
      now: nextWeek,
    });
    expect(held === null || items[0].amountMinor > 2_500).toBe(true);
  });

  it('the pg-boss job makes the batch once, however many sweeps and workers', async () => {
    const { o, admin, agent } = await company();
    await o.api.post('/api/agents/core/commission-settings', {
      isActive: true,
      defaultCommission: '5',
      payoutFrequency: 'daily',
    });
    const inv = await approvedInvoice(agent.api, admin.api, 1000);
    await deposit(o.api, inv.accountNumber, '1000');
    await waitFor('matured', async () => !!(await commissionOf(inv.id))?.maturedAt);
    await Promise.all([sweepBatches(t.app.deps), sweepBatches(t.app.deps), sweepBatches(t.app.deps)]);
    const made = await waitFor('batch by job', async () => {
      const rows = await t.db
        .select()
        .from(commissionBatches)
        .where(eq(commissionBatches.agentUserId, agent.user.id));
      return rows.length ? rows : null;
    });
    await new Promise((r) => setTimeout(r, 1500));
    await sweepBatches(t.app.deps);
    await new Promise((r) => setTimeout(r, 1500));
    const rows = await t.db
      .select()
      .from(commissionBatches)
      .where(eq(commissionBatches.agentUserId, agent.user.id));
    expect(rows).toHaveLength(1);
    expect(made[0].totalMinor).toBe(5_000);
  });
});

describe('commission-paid-at-most-once (issue 35 simulator)', () => {
  it('commission-paid-at-most-once: a paid item cannot be removed from a batch sent back to approval, so its commission is not paid again', async () => {
    const { o, admin, agent } = await company();
    await o.api.post('/api/agents/core/commission-settings', {
      isActive: true,
      commissionType: 'fixed',
      defaultCommission: '2000',
      payoutMode: 'individual',
      payoutFrequency: 'daily',
      commissionEarningThreshold: '1000000', // the worker's ticker waits until both have matured
    });
    // Two invoices collected: the wallet holds 4,000, enough for one ₦2,000 item and its fee, not both.
    for (const naira of [3000, 1000]) {
      const inv = await approvedInvoice(agent.api, admin.api, naira);
      await deposit(o.api, inv.accountNumber, String(naira));
      await waitFor('matured', async () => !!(await commissionOf(inv.id))?.maturedAt);
    }
    await o.api.post('/api/agents/core/commission-settings', {
      isActive: true,
      commissionType: 'fixed',
      defaultCommission: '2000',
      payoutMode: 'individual',
      payoutFrequency: 'daily',
      commissionEarningThreshold: '1',
    });
    await createBatchFor(t.app.deps, { accountId: o.account.id, agentUserId: agent.user.id });
    const [batch] = await t.db
      .select()
      .from(commissionBatches)
      .where(eq(commissionBatches.agentUserId, agent.user.id));
    const path = `/api/agents/core/commission-disbursements/${batch.id}`;
    const pendingId = async () => (await o.api.get(path)).body.data.approvalWorkflowPendingApprovalItem.id;
    expect((await approve(o.api, await pendingId())).status).toBe(200);
    let seen = '';
    const items = await waitFor('one paid, one failed', async () => {
      const r = (await o.api.get(`${path}/items`)).body.data as { id: string; paymentStatus: string }[];
      seen = r
        .map((i) => i.paymentStatus)
        .sort()
        .join();
      return seen === 'failed,paid' ? r : null;
    }).catch((err: Error) => {
      throw new Error(`${err.message} (items: ${seen})`);
    });
    const paid = items.find((i) => i.paymentStatus === 'paid')!;

    // The agent changes bank: the refresh changes the failed item, so the batch goes back to approval.
    const mine = (await agent.api.get('/api/me/bank-accounts')).body.data;
    await agent.api.delete(`/api/me/bank-accounts/${mine[0].id}`);
    await agent.api.post('/api/me/bank-accounts', { accountNumber: ordinaryAccount(), bankCode: '058' });
    expect((await o.api.post(`${path}/refresh-bank-details`)).status).toBe(200);
    expect((await approve(o.api, await pendingId(), 'rejected')).status).toBe(200);

    // The paid item is not the batch's to give back: removing it would pay its commission again.
    const removed = await o.api.delete(`${path}/items/${paid.id}`);
    expect(removed.status).toBe(409);
    expect(removed.body.message).toBe(COMMISSION_MSG.removePaid);
    const back = await t.db
      .select()
      .from(agentCommissions)
      .where(
        and(eq(agentCommissions.agentUserId, agent.user.id), eq(agentCommissions.approvalStatus, 'matured')),
      );
    expect(back).toEqual([]);
    await deposit(o.api, o.va.accountNumber, '10000');
    const next = await createBatchFor(t.app.deps, {
      accountId: o.account.id,
      agentUserId: agent.user.id,
      now: new Date(Date.now() + 86_400_000),
    });
    expect(next).toBeNull();
  });
});

describe('commission-batched-as-earned (issue 35 simulator)', () => {
  it('commission-batched-as-earned: an overpayment after the commission was batched is carried to the next batch, and its refund nets it out', async () => {
    const { o, admin, agent } = await company();
    await o.api.post('/api/agents/core/commission-settings', {
      isActive: true,
      defaultCommission: '10',
      payoutFrequency: 'daily',
    });
    const inv = await approvedInvoice(agent.api, admin.api, 1000);
    await deposit(o.api, inv.accountNumber, '1000');
    await waitFor('matured', async () => !!(await commissionOf(inv.id))?.maturedAt);
    await createBatchFor(t.app.deps, { accountId: o.account.id, agentUserId: agent.user.id });
    const [batch] = await t.db
      .select()
      .from(commissionBatches)
      .where(eq(commissionBatches.agentUserId, agent.user.id));
    expect(batch.totalMinor).toBe(10_000);
    const inBatch = async () =>
      (await t.db.select().from(agentCommissions).where(eq(agentCommissions.batchId, batch.id))).reduce(
        (a, c) => a + c.amountMinor,
        0,
      );

    // The customer pays 500 more: 10% of it accrues, but not into the batch already made.
    await deposit(o.api, inv.accountNumber, '500');
    const d = await waitFor('overage', async () => {
      const x = (await o.api.get(`/api/inflows/invoice/${inv.id}`)).body.data;
      return x.invoiceCollectionRefunds.length ? x : null;
    });
    expect(await inBatch()).toBe(batch.totalMinor);
    const carried = await t.db
      .select()
      .from(agentCommissions)
      .where(and(eq(agentCommissions.agentUserId, agent.user.id), isNull(agentCommissions.batchId)));
    expect(carried.map((c) => c.amountMinor)).toEqual([5_000]);

    // Refunding the overage claws it back: the next batch nets to nothing.
    const refundPath = `/api/inflows/invoice/${inv.id}/refunds/${d.invoiceCollectionRefunds[0].id}/init`;
    const refund = await o.api.post(refundPath, {
      refundAccountDetails: { bankCode: '058', accountNumber: ordinaryAccount() },
    });
    expect(refund.status).toBe(200);
    expect(await inBatch()).toBe(batch.totalMinor);
    const next = await createBatchFor(t.app.deps, {
      accountId: o.account.id,
      agentUserId: agent.user.id,
      now: new Date(Date.now() + 86_400_000),
    });
    expect(next).toBeNull();
    const open = await t.db
      .select()
      .from(agentCommissions)
      .where(and(eq(agentCommissions.agentUserId, agent.user.id), isNull(agentCommissions.batchId)));
    expect(open.reduce((a, c) => a + c.amountMinor, 0)).toBe(0);
  });
});

describe('demo data', () => {
  it('gives the demo agent one bank account, their default, through banks', async () => {
    const o = await fundedOwner(t, 0);
    await seedCommissionsDemo(t.app.deps, { accountId: o.account.id, ownerId: o.user.id });
    const saved = await t.db.execute(
      sql`select b.bank_code, b.account_name, b.is_default from user_bank_accounts b
            join users u on u.id = b.user_id where u.email = ${DEMO_AGENT.email}`,
    );
    expect(saved.rows).toEqual([{ bank_code: '058', account_name: 'CHIOMA EZE', is_default: true }]);
  });
});
