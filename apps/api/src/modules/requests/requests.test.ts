import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_MSG } from '@owo/contract';
import { memberWithRole, type TestApp, createTestApp } from '../../../test/helpers';
import { startJobs } from '../../platform/jobs';
import { lagosToday } from '../../platform/dates';
import { fundedOwner, ordinaryAccount, waitFor } from '../funding/test-support';
import { transactions, wallets } from '../money/tables';
import { verifyLedger } from '../money/verify';
import { verifyAllChains } from '../approvals/trail';
import { decide } from '../approvals';
import { approvalDecisions } from '../approvals/tables';
import { notifications } from '../notifications/tables';
import { payouts, payoutSchedules } from '../payouts/tables';

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

const walletOf = async (id: string) => (await t.db.select().from(wallets).where(eq(wallets.id, id)))[0];
const addDays = (n: number) =>
  new Date(Date.parse(`${lagosToday()}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

async function company(balance = 1_000_000_00) {
  const o = await fundedOwner(t, balance);
  const m = await memberWithRole(t, o.account.id, 'admin');
  return { o, m };
}

const selfBody = (o: any, over: Record<string, unknown> = {}) => ({
  walletId: o.wallet.id,
  amount: '15000',
  currency: 'NGN',
  purpose: 'reimbursement',
  narration: 'Fuel for the site visit',
  bankCode: '058',
  accountNumber: ordinaryAccount(),
  ...over,
});

const requestNotes = (accountId: string, ref: string) =>
  t.db
    .select()
    .from(notifications)
    .where(
      and(eq(notifications.accountId, accountId), sql`${notifications.props}->>'requestReference' = ${ref}`),
    );

describe('fund requests', () => {
  it('create → listed (search, status, CSV) → Approve and pay → paid once through the sandbox', async () => {
    const { o, m } = await company();
    const bad = await m.api.post('/api/requests', { walletId: o.wallet.id, amount: '10', currency: 'NGN' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors!.purpose).toEqual([REQUEST_MSG.purposeRequired]);
    expect(bad.body.errors!.narration).toEqual([REQUEST_MSG.narrationRequired]);
    const noPayee = await m.api.post('/api/requests', {
      ...selfBody(o),
      bankCode: undefined,
      accountNumber: undefined,
    });
    expect(noPayee.status).toBe(400);
    expect(noPayee.body.errors!.payeeId).toEqual([REQUEST_MSG.payeeRequired]);

    const res = await m.api.post('/api/requests', selfBody(o));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.message).toBe(REQUEST_MSG.created);
    const r = res.body.data;
    expect(r).toMatchObject({
      status: 'pending',
      approvalStatus: 'pending',
      amount: '15000.00',
      amountMinor: 1_500_000,
      payeeKind: 'self',
      purpose: 'reimbursement',
    });
    expect(r.payee.accountName).toBeTruthy();
    expect((await requestNotes(o.account.id, r.reference)).length).toBeGreaterThan(0);
    expect((await walletOf(o.wallet.id)).balance).toBe(1_000_000_00); // nothing held at creation

    const list = await o.api.get(`/api/requests?search=${r.reference}`);
    expect(list.body.data.map((x: any) => x.reference)).toEqual([r.reference]);
    expect((await o.api.get('/api/requests?status=approved')).body.data).toHaveLength(0);
    const kit = await o.api.get(
      `/api/requests?period=24h&where=${encodeURIComponent('{"status":"pending"}')}`,
    );
    expect(kit.body.data.map((x: any) => x.reference)).toEqual([r.reference]);
    expect((await o.api.get(`/api/requests?where=${encodeURIComponent('{"status":"nope"}')}`)).status).toBe(
      400,
    );
    const csv = await fetch(`${t.baseUrl}/api/requests?format=csv`, {
      headers: { authorization: `Bearer ${o.token}`, 'x-account-id': o.account.id },
    });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect((await csv.text()).split('\r\n').filter(Boolean)).toHaveLength(2);

    // The maker cannot approve their own request; a schedule needs a date; the owner approves and pays.
    const own = await m.api.post(`/api/requests/${r.reference}/decision`, {
      decision: 'pay',
      comments: 'Paying myself',
    });
    expect(own.status).toBe(403);
    const noDate = await o.api.post(`/api/requests/${r.reference}/decision`, {
      decision: 'schedule',
      comments: 'Later',
    });
    expect(noDate.status).toBe(400);
    expect(noDate.body.errors!.scheduledDate).toEqual([REQUEST_MSG.scheduledDateRequired]);
    const [a1, a2] = await Promise.all([
      o.api.post(`/api/requests/${r.reference}/decision`, { decision: 'pay', comments: 'Receipts checked' }),
      o.api.post(`/api/requests/${r.reference}/decision`, { decision: 'pay', comments: 'Receipts checked' }),
    ]);
    expect([a1.status, a2.status].sort()).toEqual([200, 409]);
    const ok = a1.status === 200 ? a1 : a2;
    expect(ok.body.message).toBe(REQUEST_MSG.paid);
    expect(ok.body.data).toMatchObject({ decision: 'pay', approvalStatus: 'approved' });
    expect(ok.body.data.payoutId).toBeTruthy();

    await waitFor(
      'completed',
      async () => (await m.api.get(`/api/requests/${r.reference}`)).body.data.status === 'completed',
    );
    const ps = await t.db.select().from(payouts).where(eq(payouts.accountId, o.account.id));
    expect(ps).toHaveLength(1);
    const txs = await t.db.select().from(transactions).where(eq(transactions.sourceId, ps[0].id));
    expect(txs).toHaveLength(1);
    expect(txs[0]).toMatchObject({ status: 'success', amount: 1_500_000, sourceType: 'payout' });
    expect((await walletOf(o.wallet.id)).balance).toBe(1_000_000_00 - 1_500_000 - txs[0].fee);
    const detail = (await m.api.get(`/api/requests/${r.reference}`)).body.data;
    expect(detail.transactionId).toBe(txs[0].id);
    expect(detail.approvalWorkflowPendingApprovalItem.trailVerified).toBe(true);
    // The maker heard of the decision, with the request reference.
    const toMaker = (await requestNotes(o.account.id, r.reference)).filter((n) => n.userId === m.user.id);
    expect(toMaker.map((n) => n.topic)).toContain('Request Paid');
    expect(await verifyLedger(t.db)).toEqual([]);
    expect((await verifyAllChains(t.db)).broken).toEqual([]);
  });

  it('to a vendor: Request more info → maker resolves → Approve only (no money) ; Approve and schedule', async () => {
    const { o, m } = await company();
    const v = (
      await o.api.post('/api/payee', {
        name: 'Lekki Cleaning Co',
        email: 'hello@lekkicleaning.ng',
        bankCode: '058',
        accountNumber: ordinaryAccount(),
      })
    ).body.data;
    const body = {
      ...selfBody(o),
      bankCode: undefined,
      accountNumber: undefined,
      payeeId: v.id,
      purpose: 'vendorPayment',
    };
    const r = (await m.api.post('/api/requests', body)).body.data;
    expect(r).toMatchObject({ payeeKind: 'vendor', payee: { id: v.id, name: 'Lekki Cleaning Co' } });

    const more = await o.api.post(`/api/requests/${r.reference}/decision`, {
      decision: 'moreInfo',
      comments: 'Which office was cleaned?',
    });
    expect(more.status).toBe(200);
    expect(more.body.message).toBe(REQUEST_MSG.moreInfo);
    expect(more.body.data).toMatchObject({ status: 'moreInfo', approvalStatus: 'rejected', payoutId: null });
    const item = (await m.api.get(`/api/requests/${r.reference}`)).body.data
      .approvalWorkflowPendingApprovalItem;
    expect(item.canResolve).toBe(true);
    const resolved = await m.api.put(`/api/approval-workflows/rejected-approvals/${item.id}/resolve`, {
      comments: 'The Lekki office, March',
    });
    expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
    expect((await m.api.get(`/api/requests/${r.reference}`)).body.data.status).toBe('pending');

    const only = await o.api.post(`/api/requests/${r.reference}/decision`, {
      decision: 'approve',
      comments: 'Approved, pay next week',
    });
    expect(only.body.message).toBe(REQUEST_MSG.approved);
    expect(only.body.data).toMatchObject({ status: 'approved', payoutId: null });
    expect((await walletOf(o.wallet.id)).balance).toBe(1_000_000_00);
    // Paid later, once: two concurrent "pay now" calls make one payout.
    const [p1, p2] = await Promise.all([
      o.api.post(`/api/requests/${r.reference}/pay`, {}),
      o.api.post(`/api/requests/${r.reference}/pay`, {}),
    ]);
    expect([p1.status, p2.status].sort()).toEqual([200, 409]);
    const paidNow = (p1.status === 200 ? p1 : p2).body;
    expect(paidNow.message).toBe(REQUEST_MSG.paid);
    expect(paidNow.data.payoutId).toBeTruthy();
    expect(await t.db.select().from(payouts).where(eq(payouts.accountId, o.account.id))).toHaveLength(1);

    // Approve and schedule: a payout scheduled for the date, nothing held now.
    await waitFor(
      'paid now',
      async () => (await m.api.get(`/api/requests/${r.reference}`)).body.data.status === 'completed',
    );
    const before = (await walletOf(o.wallet.id)).balance;
    const r2 = (await m.api.post('/api/requests', body)).body.data;
    const past = await o.api.post(`/api/requests/${r2.reference}/decision`, {
      decision: 'schedule',
      comments: 'On the date',
      scheduledDate: lagosToday(),
    });
    expect(past.status).toBe(400);
    expect(past.body.errors!.scheduledDate).toEqual([REQUEST_MSG.scheduledDatePast]);
    const date = addDays(3);
    const sch = await o.api.post(`/api/requests/${r2.reference}/decision`, {
      decision: 'schedule',
      comments: 'On the date',
      scheduledDate: date,
    });
    expect(sch.body.message).toBe(REQUEST_MSG.scheduled);
    expect(sch.body.data).toMatchObject({ status: 'scheduled', scheduledDate: date });
    const [s] = await t.db
      .select()
      .from(payoutSchedules)
      .where(eq(payoutSchedules.payoutId, sch.body.data.payoutId));
    expect(s).toMatchObject({ scheduledDate: date, status: 'scheduled' });
    expect((await walletOf(o.wallet.id)).balance).toBe(before);
  });

  it('tenancy: another company sees 404 and cannot decide', async () => {
    const { o, m } = await company();
    const r = (await m.api.post('/api/requests', selfBody(o))).body.data;
    const other = await fundedOwner(t, 1000_00);
    expect((await other.api.get(`/api/requests/${r.reference}`)).status).toBe(404);
    expect(
      (
        await other.api.post(`/api/requests/${r.reference}/decision`, {
          decision: 'pay',
          comments: 'Mine now',
        })
      ).status,
    ).toBe(404);
    expect((await other.api.get('/api/requests')).body.data).toHaveLength(0);
    // A vendor of another company is not a payee here.
    const body = { ...selfBody(other), bankCode: undefined, accountNumber: undefined, payeeId: r.id };
    expect((await other.api.post('/api/requests', body)).body.errors?.payeeId).toEqual([
      REQUEST_MSG.payeeNotFound,
    ]);
    expect((await walletOf(o.wallet.id)).balance).toBe(1_000_000_00);
  });

  it('seam: decide(…, within) runs in the decision transaction; a throw there records nothing', async () => {
    const { o, m } = await company();
    const r = (await m.api.post('/api/requests', selfBody(o))).body.data;
    const itemId = r.approvalWorkflowPendingApprovalItem.id;
    let seen = '';
    await expect(
      decide(t.app.deps, {
        accountId: o.account.id,
        userId: o.user.id,
        approvalId: itemId,
        approvalStatus: 'approved',
        comments: 'Looks right',
        within: async (_tx, item) => {
          seen = item.id;
          throw new Error('refused by the area');
        },
      }),
    ).rejects.toThrow('refused by the area');
    expect(seen).toBe(itemId);
    expect(
      await t.db.select().from(approvalDecisions).where(eq(approvalDecisions.itemId, itemId)),
    ).toHaveLength(0);
    const d = (await m.api.get(`/api/requests/${r.reference}`)).body.data;
    expect(d).toMatchObject({ status: 'pending', approvalStatus: 'pending', payoutId: null });
  });
});
