// Issue 34 §1 "One way money leaves", for fund requests: a request's payout pays exactly what the
// request's final approval digested (amount, wallet, bank account, the approver's date), or nothing.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberWithRole, type TestApp, createTestApp } from '../../../test/helpers';
import { startJobs } from '../../platform/jobs';
import { lagosToday } from '../../platform/dates';
import { fundedOwner, ordinaryAccount } from '../funding/test-support';
import { transactions } from '../money/tables';
import { verifyLedger } from '../money/verify';
import { approvalItems } from '../approvals/tables';
import { runSchedule } from '../payouts/schedule';
import { payouts, payoutSchedules } from '../payouts/tables';
import { fundRequests } from './tables';

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

const addDays = (n: number) =>
  new Date(Date.parse(`${lagosToday()}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

async function scheduledRequest() {
  const o = await fundedOwner(t, 1_000_000_00);
  const m = await memberWithRole(t, o.account.id, 'admin');
  const account = ordinaryAccount();
  const r = (
    await m.api.post('/api/requests', {
      walletId: o.wallet.id,
      amount: '15000',
      currency: 'NGN',
      purpose: 'reimbursement',
      narration: 'Fuel for the site visit',
      bankCode: '058',
      accountNumber: account,
    })
  ).body.data;
  const ok = await o.api.post(`/api/requests/${r.reference}/decision`, {
    decision: 'schedule',
    scheduledDate: addDays(2),
    comments: 'Pay it with the month end run',
  });
  expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  const [row] = await t.db.select().from(fundRequests).where(eq(fundRequests.id, r.id));
  const [s] = await t.db.select().from(payoutSchedules).where(eq(payoutSchedules.payoutId, row.payoutId!));
  await t.db.update(payoutSchedules).set({ scheduledDate: lagosToday() }).where(eq(payoutSchedules.id, s.id));
  return { o, r, row, account, scheduleId: s.id };
}

describe('fund requests: one way money leaves', () => {
  it('the final approval digests the request; its payout pays that manifest, under the request’s authority', async () => {
    const { r, row, account, scheduleId } = await scheduledRequest();
    const [item] = await t.db.select().from(approvalItems).where(eq(approvalItems.resourceId, r.id));
    expect(item.manifestDigest).toMatch(/^[0-9a-f]{64}$/);
    expect(item.manifest).toMatchObject({
      amountMinor: 1_500_000,
      accountNumber: `******${account.slice(-4)}`, // masked copy; the digest covers the whole
      date: addDays(2),
    });
    // The payout row is changed behind the approval: it is the approved manifest that is paid.
    await t.db.update(payouts).set({ amountMinor: 9_000_000 }).where(eq(payouts.id, row.payoutId!));
    expect(await runSchedule(t.app.deps, scheduleId)).toBe('paid');
    const txs = await t.db.select().from(transactions).where(eq(transactions.sourceId, row.payoutId!));
    expect(txs.map((x) => [x.amount, x.counterparty.accountNumber])).toEqual([[1_500_000, account]]);
    expect(txs[0].metadata).toMatchObject({
      authority: 'approval:request',
      authorityResourceId: r.id,
      manifestDigest: item.manifestDigest,
    });
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('a request changed behind its approval is not paid: the payout fails with the reason', async () => {
    const { row, scheduleId } = await scheduledRequest();
    // What the payout carries as approved is rewritten (no edit path leads here).
    const [p] = await t.db.select().from(payouts).where(eq(payouts.id, row.payoutId!));
    await t.db
      .update(payouts)
      .set({
        authority: { ...p.authority!, draft: { ...p.authority!.draft, accountNumber: ordinaryAccount() } },
      })
      .where(eq(payouts.id, p.id));
    expect(await runSchedule(t.app.deps, scheduleId)).toBe('paid');
    const [after] = await t.db.select().from(payouts).where(eq(payouts.id, p.id));
    expect(after.status).toBe('failed');
    expect(after.failureReason).toMatch(/differs from what was approved/);
    expect(await t.db.select().from(transactions).where(eq(transactions.sourceId, p.id))).toHaveLength(0);
  });
});
