// Issue 34 §1 "One way money leaves", for payouts: what leaves is exactly the manifest the final
// approval digested (amount, fee, wallet, the vendor's bank account, date), or nothing.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberWithRole, type TestApp, createTestApp } from '../../../test/helpers';
import { startJobs } from '../../platform/jobs';
import { lagosToday } from '../../platform/dates';
import { SANDBOX_TEST_ACCOUNTS } from '../../rails/sandbox/test-accounts';
import { fundedOwner, ordinaryAccount, waitFor } from '../funding/test-support';
import { transactions } from '../money/tables';
import { verifyLedger } from '../money/verify';
import { verifyAllChains } from '../approvals/trail';
import { approvalDecisions, approvalItems } from '../approvals/tables';
import { payees } from '../payees/tables';
import { payoutSchedules, payouts } from './tables';
import { runSchedule } from './schedule';

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

const key = () => `k-${Math.random().toString(36).slice(2)}`;
const approve = (api: any, id: string) =>
  api.post(`/api/approval-workflows/pending-approvals/approve/${id}`, {
    approvalStatus: 'approved',
    comments: 'Checked the invoice',
  });
const addDays = (n: number) =>
  new Date(Date.parse(`${lagosToday()}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

async function setup(accountNumber = ordinaryAccount()) {
  const o = await fundedOwner(t, 1_000_000_00);
  const a = await memberWithRole(t, o.account.id, 'admin');
  const v = (
    await o.api.post('/api/payee', {
      name: 'Ikeja Diesel Supplies',
      email: `accounts.${Math.random().toString(36).slice(2, 8)}@ikejadiesel.ng`,
      phone: '08031234567',
      billingAddress: '12 Allen Avenue, Ikeja',
      bankCode: '058',
      accountNumber,
    })
  ).body.data;
  const create = async (over: Record<string, unknown> = {}) => {
    const res = await o.api.post(
      '/api/payouts',
      {
        payoutOption: 'standard',
        walletId: o.wallet.id,
        payeeId: v.id,
        amount: '100',
        currency: 'NGN',
        narration: 'Diesel for March',
        ...over,
      },
      { 'idempotency-key': key() },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data;
  };
  return { o, a, v, create };
}

const itemOf = async (api: any, id: string) =>
  (await api.get(`/api/payouts/${id}`)).body.data.approvalWorkflowPendingApprovalItem;
const statusOf = async (api: any, id: string) => (await api.get(`/api/payouts/${id}`)).body.data.status;
const txsOf = (id: string) => t.db.select().from(transactions).where(eq(transactions.sourceId, id));

describe('payouts: one way money leaves', () => {
  it('★ approved ₦100 fails at the bank; edited to ₦90,000: back to approval, the trail shows the change', async () => {
    const { o, a, create } = await setup(SANDBOX_TEST_ACCOUNTS.fails);
    const p = await create();
    expect((await approve(a.api, p.approvalWorkflowPendingApprovalItem.id)).status).toBe(200);
    expect(await waitFor('failed', async () => (await statusOf(o.api, p.id)) === 'failed')).toBe(true);

    const edit = await o.api.put(`/api/payouts/${p.id}`, { amount: '90000' });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(await statusOf(o.api, p.id)).toBe('pending');
    const item = await itemOf(o.api, p.id);
    expect(item.approvals.map((x: any) => x.status)).toEqual(['Approved', 'Resubmitted']);
    expect(item.approvals[1].comments).toMatch(/^Edited after approval: amount ₦100\.00 → ₦90,000\.00/);
    expect(item.trailVerified).toBe(true);
    expect((await txsOf(p.id)).map((x) => x.amount)).toEqual([10_000]);
    expect((await verifyAllChains(t.db, { accountId: o.account.id })).broken).toEqual([]);
  });

  it('an approved scheduled payout moved to another date goes back to approval', async () => {
    const { o, a, create } = await setup();
    const p = await create({ scheduledDate: addDays(2) });
    expect((await approve(a.api, p.approvalWorkflowPendingApprovalItem.id)).status).toBe(200);
    expect(await statusOf(o.api, p.id)).toBe('scheduled');
    const moved = await o.api.put(`/api/payout/schedule/${p.scheduleId}`, { scheduledDate: addDays(3) });
    expect(moved.status).toBe(200);
    expect(await statusOf(o.api, p.id)).toBe('pending');
    const item = await itemOf(o.api, p.id);
    expect(item.approvals.at(-1)).toMatchObject({
      status: 'Resubmitted',
      comments: `Edited after approval: date ${addDays(2)} → ${addDays(3)}`,
    });
    // Its date comes before anyone approves the new one: nothing is paid.
    await t.db
      .update(payoutSchedules)
      .set({ scheduledDate: lagosToday() })
      .where(eq(payoutSchedules.id, p.scheduleId));
    expect(await runSchedule(t.app.deps, p.scheduleId)).toBe('skipped');
    expect(await txsOf(p.id)).toHaveLength(0);
  });

  it('a payout or vendor changed behind the approval is not paid: failed with the reason, nothing held', async () => {
    const { a, v, create } = await setup();
    const p = await create({ scheduledDate: addDays(2) });
    expect((await approve(a.api, p.approvalWorkflowPendingApprovalItem.id)).status).toBe(200);
    // Written straight to the database (no edit path): the amount and the vendor's account.
    await t.db.update(payouts).set({ amountMinor: 9_000_000 }).where(eq(payouts.id, p.id));
    await t.db.update(payees).set({ accountNumber: ordinaryAccount() }).where(eq(payees.id, v.id));
    await t.db
      .update(payoutSchedules)
      .set({ scheduledDate: lagosToday() })
      .where(eq(payoutSchedules.id, p.scheduleId));
    expect(await runSchedule(t.app.deps, p.scheduleId)).toBe('paid');
    const [row] = await t.db
      .select()
      .from(payouts)
      .where(and(eq(payouts.id, p.id)));
    expect(row.status).toBe('failed');
    expect(row.failureReason).toMatch(/differs from what was approved/);
    expect(await txsOf(p.id)).toHaveLength(0);
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('paid as approved: the transfer carries the authority and the approved digest', async () => {
    const { a, create } = await setup();
    const p = await create();
    expect((await approve(a.api, p.approvalWorkflowPendingApprovalItem.id)).status).toBe(200);
    const [tx] = await txsOf(p.id);
    expect(tx.amount).toBe(10_000);
    expect(tx.metadata).toMatchObject({ authority: 'approval:payout', authorityResourceId: p.id });
    const digest = (tx.metadata as { manifestDigest: string }).manifestDigest;
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    // The digest is in the approving decision, covered by the hash chain; rewriting it breaks it.
    const [item] = await t.db.select().from(approvalItems).where(eq(approvalItems.resourceId, p.id));
    expect(item.manifestDigest).toBe(digest);
    const trail = await t.db.select().from(approvalDecisions).where(eq(approvalDecisions.itemId, item.id));
    expect(trail.map((d) => [d.status, d.manifestDigest])).toEqual([['Approved', digest]]);
    expect((await verifyAllChains(t.db, { accountId: item.accountId })).broken).toEqual([]);
    await t.db
      .update(approvalDecisions)
      .set({ manifestDigest: '0'.repeat(64) })
      .where(eq(approvalDecisions.id, trail[0].id));
    expect((await verifyAllChains(t.db, { accountId: item.accountId })).broken).toEqual([
      expect.objectContaining({ itemId: item.id, seq: 1, reason: 'hash does not match the decision' }),
    ]);
  });
});
