// One way money leaves (issue 34 §1) for commission batches: a batch pays exactly the bank account
// its final approval saw. Refreshing the agent's bank details after a failed payment sends the batch
// back to approval (the trail shows the change); a retry before that approval pays nothing.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, memberWithRole, setKybTier, type TestApp } from '../../../test/helpers';
import { startJobs } from '../../platform/jobs';
import { SANDBOX_TEST_ACCOUNTS } from '../../rails/sandbox/test-accounts';
import { fundedOwner, ordinaryAccount, waitFor } from '../funding/test-support';
import { transactions } from '../money/tables';
import { verifyLedger } from '../money/verify';
import { createBatchFor } from './batches';
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

/** Transfers of this account paid to `accountNumber`. */
const paidTo = (accountId: string, accountNumber: string) =>
  t.db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.accountId, accountId),
        sql`${transactions.counterparty}->>'accountNumber' = ${accountNumber}`,
      ),
    );

describe('commission batches pay only what was approved (issue 34 §1)', () => {
  it('a bank refresh after a failed payment goes back to approval; retry pays nothing until approved', async () => {
    const o = await fundedOwner(t, 0);
    await setKybTier(t, o.account.id, 3);
    const admin = await memberWithRole(t, o.account.id, 'admin');
    const agent = await memberWithRole(t, o.account.id, 'agent');
    // The agent's account at approval: the sandbox's bank refuses it.
    const first = await agent.api.post('/api/me/bank-accounts', {
      accountNumber: SANDBOX_TEST_ACCOUNTS.fails,
      bankCode: '058',
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    await o.api.post('/api/agents/core/commission-settings', {
      isActive: true,
      defaultCommission: '10',
      payoutFrequency: 'daily',
      commissionEarningThreshold: '1000000', // the worker's ticker waits until the batch is made here
    });
    const c = await agent.api.post('/api/inflows/customers', { name: 'Chidi Ventures', email: 'c@v.ng' });
    const s1 = await agent.api.post('/api/inflows/invoice', {
      step: 1,
      payload: { customerId: c.body.data.id, products: [{ name: 'Tiles', price: '1000', quantity: 1 }] },
    });
    const invoiceId = s1.body.data.id;
    await agent.api.post('/api/inflows/invoice', {
      step: 2,
      payload: { invoiceId, paymentOption: 'one-time' },
    });
    const s3 = await agent.api.post('/api/inflows/invoice', { step: 3, payload: { invoiceId } });
    expect((await approve(admin.api, s3.body.data.approvalWorkflowPendingApprovalItem.id)).status).toBe(200);
    const inv = await waitFor('collection account', async () => {
      const d = (await admin.api.get(`/api/inflows/invoice/${invoiceId}`)).body.data;
      return d.collectionAccount ? d : null;
    });
    await o.api.post('/api/sandbox/deposits', {
      accountNumber: inv.collectionAccount.accountNumber,
      amount: '1000',
      senderName: 'CHIDI VENTURES',
    });
    await waitFor('matured', async () => {
      const [x] = await t.db
        .select()
        .from(agentCommissions)
        .where(and(eq(agentCommissions.invoiceId, invoiceId), eq(agentCommissions.kind, 'invoice')));
      return !!x?.maturedAt; // the ticker may already have batched it
    });
    await o.api.post('/api/agents/core/commission-settings', {
      isActive: true,
      defaultCommission: '10',
      payoutFrequency: 'daily',
      commissionEarningThreshold: '50',
    });
    await createBatchFor(t.app.deps, { accountId: o.account.id, agentUserId: agent.user.id });
    const [batch] = await t.db
      .select()
      .from(commissionBatches)
      .where(eq(commissionBatches.agentUserId, agent.user.id));
    const path = `/api/agents/core/commission-disbursements/${batch.id}`;
    const d0 = (await o.api.get(path)).body.data;
    expect((await approve(o.api, d0.approvalWorkflowPendingApprovalItem.id)).status).toBe(200);
    await waitFor(
      'the payment fails at the bank',
      async () => (await o.api.get(`${path}/items`)).body.data[0]?.paymentStatus === 'failed',
    );

    // The agent now names another account (the refused one removed, so the new one is the default).
    const next = ordinaryAccount();
    expect(
      (await agent.api.post('/api/me/bank-accounts', { accountNumber: next, bankCode: '058' })).status,
    ).toBe(201);
    expect((await agent.api.delete(`/api/me/bank-accounts/${first.body.data.id}`)).status).toBe(200);

    const refreshed = await o.api.post(`${path}/refresh-bank-details`);
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    // The approved manifest changed: the batch is pending approval again, the trail shows why.
    const item = refreshed.body.data.approvalWorkflowPendingApprovalItem;
    expect(item.status).toBe('pending');
    const last = item.approvals[item.approvals.length - 1];
    expect(last.status).toBe('Resubmitted');
    expect(last.comments).toContain('Edited after approval');
    expect(item.approvals.filter((a: any) => a.status === 'Approved')).toHaveLength(1);

    // A retry before the new approval pays nothing, to either account.
    const retry = await o.api.post(`${path}/retry-disbursement`);
    expect(retry.status).toBe(409);
    expect(await paidTo(o.account.id, next)).toEqual([]);

    // Approved again: the new account is paid, once.
    expect((await approve(o.api, item.id)).status).toBe(200);
    await waitFor(
      'paid to the new account',
      async () => (await o.api.get(`${path}/items`)).body.data[0]?.paymentStatus === 'paid',
    );
    const paid = await paidTo(o.account.id, next);
    expect(paid).toHaveLength(1);
    expect(paid[0].metadata).toMatchObject({ authority: 'approval:commission' });
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});
