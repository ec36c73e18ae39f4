// Issue 34 §1 "One way money leaves", for expenses: an approved expense whose payment failed cannot
// be edited into another payment and retried; the edit goes back to approval and the trail shows it.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberWithRole, type TestApp, createTestApp } from '../../../test/helpers';
import { startJobs } from '../../platform/jobs';
import { SANDBOX_TEST_ACCOUNTS } from '../../rails/sandbox/test-accounts';
import { fundedOwner, ordinaryAccount, waitFor } from '../funding/test-support';
import { transactions, wallets } from '../money/tables';
import { verifyLedger } from '../money/verify';
import { verifyAllChains } from '../approvals/trail';
import { expenses } from './tables';

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

const approve = (api: any, id: string) =>
  api.post(`/api/approval-workflows/pending-approvals/approve/${id}`, {
    approvalStatus: 'approved',
    comments: 'Checked the receipt',
  });
const statusOf = async (api: any, id: string) => (await api.get(`/api/expense/${id}`)).body.data.status;

async function failedExpense() {
  const o = await fundedOwner(t, 100_000_00);
  const a = await memberWithRole(t, o.account.id, 'finance-manager');
  const body = (over: Record<string, unknown> = {}) => ({
    amount: '100',
    walletId: o.wallet.id,
    currency: 'NGN',
    bankCode: '058',
    bankAccountNumber: SANDBOX_TEST_ACCOUNTS.fails,
    purpose: { description: 'Printer toner' },
    approverId: a.user.id,
    ...over,
  });
  const e = (await o.api.post('/api/expense', body())).body.data;
  expect((await approve(a.api, e.approvalWorkflowPendingApprovalItem.id)).status).toBe(200);
  expect(await waitFor('failed', async () => (await statusOf(o.api, e.id)) === 'failed')).toBe(true);
  return { o, a, e, body };
}

describe('expenses: one way money leaves', () => {
  it('★ approved ₦100 fails; edited to ₦90,000 and another account; retry moves nothing, the edit awaits approval', async () => {
    const { o, a, e, body } = await failedExpense();
    const other = ordinaryAccount();
    const edit = await o.api.put(`/api/expense/${e.id}`, body({ amount: '90000', bankAccountNumber: other }));
    expect(edit.status).toBe(200);
    expect(edit.body.data.status).toBe('pending');

    const retry = await o.api.post(`/api/expense/${e.id}/retry`, {});
    expect(retry.status).toBe(409);
    const txs = await t.db.select().from(transactions).where(eq(transactions.sourceId, e.id));
    expect(txs.map((x) => [x.amount, x.status])).toEqual([[10_000, 'failed']]);
    expect((await t.db.select().from(wallets).where(eq(wallets.id, o.wallet.id)))[0].balance).toBe(
      100_000_00,
    );

    // The trail keeps the ₦100 approval and shows the change.
    const item = (await o.api.get(`/api/expense/${e.id}`)).body.data.approvalWorkflowPendingApprovalItem;
    expect(item.status).toBe('pending');
    expect(item.approvals.map((x: any) => x.status)).toEqual(['Approved', 'Resubmitted']);
    const note = item.approvals[1].comments as string;
    expect(note).toMatch(/^Edited after approval: /);
    expect(note).toContain('amount ₦100.00 → ₦90,000.00');
    expect(note).toContain(
      `account ******${SANDBOX_TEST_ACCOUNTS.fails.slice(-4)} → ******${other.slice(-4)}`,
    );
    expect(item.trailVerified).toBe(true);

    // Approved as edited: ₦90,000 leaves once, to the approved account.
    expect((await approve(a.api, item.id)).status).toBe(200);
    expect(await waitFor('completed', async () => (await statusOf(o.api, e.id)) === 'completed')).toBe(true);
    const paid = await t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.sourceId, e.id), eq(transactions.status, 'success')));
    expect(paid.map((x) => [x.amount, x.counterparty.accountNumber])).toEqual([[9_000_000, other]]);
    expect(await verifyLedger(t.db)).toEqual([]);
    expect((await verifyAllChains(t.db, { accountId: o.account.id })).broken).toEqual([]);
  });

  it('a record changed behind the approval (no edit path) is refused at retry: 409, nothing moved', async () => {
    const { o, e } = await failedExpense();
    await t.db
      .update(expenses)
      .set({ amountMinor: 9_000_000, bankAccountNumber: ordinaryAccount() })
      .where(eq(expenses.id, e.id));
    const retry = await o.api.post(`/api/expense/${e.id}/retry`, {});
    expect(retry.status).toBe(409);
    expect(retry.body.message).toMatch(/differs from what was approved/);
    const txs = await t.db.select().from(transactions).where(eq(transactions.sourceId, e.id));
    expect(txs).toHaveLength(1);
    expect(await statusOf(o.api, e.id)).toBe('failed');
  });

  it('an edit that changes no payment field keeps it failed; retry pays the approved manifest', async () => {
    const { o, e, body } = await failedExpense();
    // Only the description changes: the retry starts the same ₦100 transfer (a new attempt).
    const edit = await o.api.put(
      `/api/expense/${e.id}`,
      body({ purpose: { description: 'Toner, 2 packs' } }),
    );
    expect(edit.status).toBe(200);
    expect(edit.body.data.status).toBe('failed');
    const retry = await o.api.post(`/api/expense/${e.id}/retry`, {});
    expect(retry.status).toBe(200);
    const txs = await t.db.select().from(transactions).where(eq(transactions.sourceId, e.id));
    expect(txs.map((x) => x.amount)).toEqual([10_000, 10_000]);
  });
});
