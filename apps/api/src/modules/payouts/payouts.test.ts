import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYEE_MSG, PAYOUT_MSG } from '@owo/contract';
import {
  lastMailTo,
  memberWithRole,
  ownerWithAccount,
  type TestApp,
  createTestApp,
} from '../../../test/helpers';
import { createDb, createPool } from '../../platform/db';
import { sendJob, startJobs } from '../../platform/jobs';
import { lagosToday } from '../../platform/dates';
import { fundedOwner, ordinaryAccount, waitFor } from '../funding/test-support';
import { transactions, wallets } from '../money/tables';
import { verifyLedger } from '../money/verify';
import { verifyAllChains } from '../approvals/trail';
import { payoutSchedules } from './tables';
import { runSchedule } from './schedule';
import { Q_SCHEDULED_PAYOUT } from './shared';

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
const key = () => `k-${Math.random().toString(36).slice(2)}`;
const approve = (api: any, id: string, status = 'approved', comments = 'Checked the invoice') =>
  api.post(`/api/approval-workflows/pending-approvals/approve/${id}`, { approvalStatus: status, comments });
const addDays = (n: number) =>
  new Date(Date.parse(`${lagosToday()}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

async function company(balance = 1_000_000_00) {
  const o = await fundedOwner(t, balance);
  const a = await memberWithRole(t, o.account.id, 'admin');
  return { o, a };
}

async function vendor(api: any, over: Record<string, unknown> = {}) {
  const res = await api.post('/api/payee', {
    name: 'Ikeja Diesel Supplies',
    email: `accounts.${Math.random().toString(36).slice(2, 8)}@ikejadiesel.ng`,
    phone: '08031234567',
    billingAddress: '12 Allen Avenue, Ikeja',
    bankCode: '058',
    accountNumber: ordinaryAccount(),
    ...over,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

const payoutBody = (o: any, payeeId: string, over: Record<string, unknown> = {}) => ({
  payoutOption: 'standard',
  walletId: o.wallet.id,
  payeeId,
  amount: '25000',
  currency: 'NGN',
  narration: 'Diesel for March',
  ...over,
});

describe('vendors (payee)', () => {
  it('creates with a resolved account name, lists (search, CSV), reads; bad input changes nothing', async () => {
    const { o } = await company();
    const v = await vendor(o.api, { accountName: 'Typed By Hand' });
    expect(v.accountName).toBeTruthy();
    expect(v.accountName).not.toBe('Typed By Hand');
    expect(v).toMatchObject({ bankCode: '058', pendingBankChange: null, payments: [], openBills: [] });

    const bad = await o.api.post('/api/payee', {
      name: '',
      email: 'nope',
      bankCode: '058',
      accountNumber: '123',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors!.name).toEqual([PAYEE_MSG.nameRequired]);
    expect(bad.body.errors!.email).toEqual([PAYEE_MSG.emailInvalid]);
    expect(bad.body.errors!.accountNumber).toEqual([PAYEE_MSG.accountNumber]);
    const dup = await o.api.post('/api/payee', {
      name: 'Again',
      email: 'again@example.ng',
      bankCode: '058',
      accountNumber: v.accountNumber,
    });
    expect(dup.status).toBe(400);
    expect(dup.body.errors!.accountNumber).toEqual([PAYEE_MSG.duplicateAccount]);

    await vendor(o.api, { name: 'Lekki Cleaning Co', email: 'hello@lekkicleaning.ng' });
    const list = await o.api.get('/api/payee?search=diesel');
    expect(list.body.data.map((x: any) => x.id)).toEqual([v.id]);
    expect(list.body.metadata.pagination.totalItems).toBe(1);
    const csv = await fetch(`${t.baseUrl}/api/payee?format=csv&search=diesel`, {
      headers: { authorization: `Bearer ${o.token}`, 'x-account-id': o.account.id },
    });
    const text = await csv.text();
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(text.split('\r\n').filter(Boolean)).toHaveLength(2);
    expect(text).toContain('Ikeja Diesel Supplies');

    const edited = await o.api.put(`/api/payee/${v.id}`, { phone: '08039999999', name: 'Ikeja Diesel Ltd' });
    expect(edited.body.message).toBe(PAYEE_MSG.updated);
    expect(edited.body.data).toMatchObject({
      phone: '08039999999',
      name: 'Ikeja Diesel Ltd',
      pendingBankChange: null,
    });
  });

  it('★ a bank change waits for a second person; previous email told; payouts go back to approval', async () => {
    const { o, a } = await company();
    const v = await vendor(o.api);
    const oldAccount = v.accountNumber;
    const p = (await o.api.post('/api/payouts', payoutBody(o, v.id), { 'idempotency-key': key() })).body.data;
    const payoutApproval = p.approvalWorkflowPendingApprovalItem.id;

    const newAccount = ordinaryAccount();
    const changed = await o.api.put(`/api/payee/${v.id}`, {
      bankCode: '058',
      accountNumber: newAccount,
      email: 'new.accounts@ikejadiesel.ng',
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.message).toBe(PAYEE_MSG.bankChangeRequested);
    const d = changed.body.data;
    expect(d.accountNumber).toBe(oldAccount); // the old account still answers
    expect(d.email).toBe('new.accounts@ikejadiesel.ng');
    expect(d.pendingBankChange).toMatchObject({ accountNumber: newAccount, bankCode: '058' });
    expect(d.bankChangeApproval).toMatchObject({
      status: 'pending',
      type: 'payeeBankChange',
      canApprove: false,
    });
    const mail = await lastMailTo(t, v.email);
    expect(mail?.subject).toBe('A change to your bank details was requested');
    expect(mail?.text).toContain(newAccount.slice(-4));

    // The pending payout went back to level one of approval (trail says so).
    const pd = (await o.api.get(`/api/payouts/${p.id}`)).body.data;
    expect(pd.approvalWorkflowPendingApprovalItem.approvals.map((x: any) => x.status)).toContain(
      'Resubmitted',
    );

    // A second change while one is pending is refused.
    const again = await o.api.put(`/api/payee/${v.id}`, {
      bankCode: '058',
      accountNumber: ordinaryAccount(),
    });
    expect(again.status).toBe(409);

    // The requester cannot approve it, even as owner, even with four eyes off in the AP policy.
    const policy = await o.api.put('/api/settings/ap-policy', {
      autoApproveBelow: 0,
      fourEyes: false,
      overBudget: 'warn',
      kycIncompleteCap: 100000,
    });
    expect(policy.status).toBe(200);
    const own = await approve(o.api, d.bankChangeApproval.id);
    expect(own.status).toBe(403);
    expect((await o.api.get(`/api/payee/${v.id}`)).body.data.accountNumber).toBe(oldAccount);

    const ok = await approve(a.api, d.bankChangeApproval.id);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const after = (await o.api.get(`/api/payee/${v.id}`)).body.data;
    expect(after).toMatchObject({ accountNumber: newAccount, pendingBankChange: null });
    expect(after.bankChangeApproval.status).toBe('approved');

    // The payout is then paid, once approved, to the new account.
    expect((await approve(a.api, payoutApproval)).status).toBe(200);
    const tx = await waitFor('payout held', async () => {
      const [row] = await t.db.select().from(transactions).where(eq(transactions.sourceId, p.id));
      return row;
    });
    expect(tx.counterparty.accountNumber).toBe(newAccount);
    expect((await verifyAllChains(t.db)).broken).toEqual([]);
  });
});

describe('payouts', () => {
  it('needs an Idempotency-Key; a double submit creates and pays once; second user approves; sandbox pays', async () => {
    const { o, a } = await company();
    const v = await vendor(o.api);
    const noKey = await o.api.post('/api/payouts', payoutBody(o, v.id));
    expect(noKey.status).toBe(400);
    expect(noKey.body.errors!['Idempotency-Key']).toBeTruthy();

    const k = key();
    const [first, second] = await Promise.all([
      o.api.post('/api/payouts', payoutBody(o, v.id), { 'idempotency-key': k }),
      o.api.post('/api/payouts', payoutBody(o, v.id), { 'idempotency-key': k }),
    ]);
    const answers = [first, second].filter((r) => r.status === 201);
    expect(answers.length).toBeGreaterThanOrEqual(1);
    for (const r of answers) expect(r.body.data.id).toBe(answers[0].body.data.id);
    const p = answers[0].body.data;
    expect(answers[0].body.message).toBe(PAYOUT_MSG.created);
    expect(p).toMatchObject({
      status: 'pending',
      approvalStatus: 'pending',
      amount: '25000.00',
      amountMinor: 2_500_000,
    });
    expect(p.feeMinor).toBeGreaterThan(0);
    expect(p.fee).toBe((p.feeMinor / 100).toFixed(2));
    const quote = (await o.api.get('/api/payouts/fee?amount=25000')).body.data;
    expect(quote).toMatchObject({ feeMinor: p.feeMinor, totalMinor: 2_500_000 + p.feeMinor });
    const third = await o.api.post('/api/payouts', payoutBody(o, v.id), { 'idempotency-key': k });
    expect(third.status).toBe(201);
    expect(third.headers.get('idempotent-replayed')).toBe('true');
    expect((await o.api.get(`/api/payouts?search=${p.reference}`)).body.data).toHaveLength(1);
    expect((await walletOf(o.wallet.id)).balance).toBe(1_000_000_00); // nothing held at creation

    // The maker cannot approve their own payout; the second user can.
    expect((await approve(o.api, p.approvalWorkflowPendingApprovalItem.id)).status).toBe(403);
    expect((await approve(a.api, p.approvalWorkflowPendingApprovalItem.id)).status).toBe(200);
    await waitFor(
      'completed',
      async () => (await o.api.get(`/api/payouts/${p.id}`)).body.data.status === 'completed',
    );
    const txs = await t.db.select().from(transactions).where(eq(transactions.sourceId, p.id));
    expect(txs).toHaveLength(1);
    expect(txs[0]).toMatchObject({
      status: 'success',
      amount: 2_500_000,
      sourceType: 'payout',
      fee: p.feeMinor,
    });
    expect((await walletOf(o.wallet.id)).balance).toBe(1_000_000_00 - 2_500_000 - p.feeMinor);
    const detail = (await o.api.get(`/api/payouts/${p.id}`)).body.data;
    expect(detail.approvalStatus).toBe('approved');
    expect(detail.approvalWorkflowPendingApprovalItem.trailVerified).toBe(true);
    expect((await o.api.get(`/api/payee/${v.id}`)).body.data.payments.map((x: any) => x.id)).toEqual([p.id]);
    expect((await o.api.get('/api/payouts?status=completed')).body.data).toHaveLength(1);
    const kit = await o.api.get(
      `/api/payouts?period=24h&where=${encodeURIComponent('{"status":"completed"}')}`,
    );
    expect(kit.body.data.map((x: any) => x.id)).toEqual([p.id]);
    expect((await o.api.get(`/api/payouts?where=${encodeURIComponent('{"status":"nope"}')}`)).status).toBe(
      400,
    );
    const csv = await fetch(`${t.baseUrl}/api/payouts?format=csv&status=completed`, {
      headers: { authorization: `Bearer ${o.token}`, 'x-account-id': o.account.id },
    });
    expect((await csv.text()).split('\r\n').filter(Boolean)).toHaveLength(2);
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('refuses a payout the available balance cannot cover (amount + fee), creating nothing', async () => {
    const { o } = await company(25_000_00);
    const v = await vendor(o.api);
    const res = await o.api.post('/api/payouts', payoutBody(o, v.id), { 'idempotency-key': key() });
    expect(res.status).toBe(400);
    expect(res.body.errors!.amount).toEqual([PAYOUT_MSG.insufficientFunds]);
    expect((await o.api.get('/api/payouts')).body.data).toHaveLength(0);
    const bad = await o.api.post(
      '/api/payouts',
      { ...payoutBody(o, v.id), payoutOption: 'x', narration: '' },
      {
        'idempotency-key': key(),
      },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors!.payoutOption).toEqual([PAYOUT_MSG.optionRequired]);
    expect(bad.body.errors!.narration).toEqual([PAYOUT_MSG.narrationRequired]);
  });

  it('schedules: scheduleId, past date refused, paid once by the job even with two workers', async () => {
    const { o, a } = await company();
    const v = await vendor(o.api);
    const past = await o.api.post('/api/payouts', payoutBody(o, v.id, { scheduledDate: lagosToday() }), {
      'idempotency-key': key(),
    });
    expect(past.status).toBe(400);
    expect(past.body.errors!.scheduledDate).toEqual([PAYOUT_MSG.scheduledDatePast]);

    const created = await o.api.post('/api/payouts', payoutBody(o, v.id, { scheduledDate: addDays(2) }), {
      'idempotency-key': key(),
    });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe(PAYOUT_MSG.scheduled);
    const p = created.body.data;
    expect(p.scheduleId).toBeTruthy();
    expect(
      (await o.api.put(`/api/payout/schedule/${p.scheduleId}`, { scheduledDate: addDays(-1) })).status,
    ).toBe(400);
    const moved = await o.api.put(`/api/payout/schedule/${p.scheduleId}`, { scheduledDate: addDays(3) });
    expect(moved.body.data).toMatchObject({ scheduledDate: addDays(3), status: 'scheduled' });
    const schedule = (await o.api.get(`/api/payout/schedule/${p.scheduleId}`)).body.data;
    expect(schedule.scheduledDate).toBe(addDays(3));
    // The schedule answers with what it pays and to whom (002 §7).
    expect(schedule.payout).toMatchObject({
      reference: p.reference,
      amount: '25000.00',
      amountMinor: 2_500_000,
      currency: 'NGN',
      narration: 'Diesel for March',
      payee: { id: v.id, name: v.name, accountNumber: v.accountNumber },
    });
    expect(moved.body.data.payout.amountMinor).toBe(2_500_000);
    const stranger = await ownerWithAccount(t);
    expect((await stranger.api.get(`/api/payout/schedule/${p.scheduleId}`)).status).toBe(404);
    // The approver's "Approval required" notification names the payout's page: a click opens it.
    const notes = (await a.api.get('/api/me/notifications')).body.data as any[];
    const required = notes.find(
      (n) => n.notification.topic === 'Approval required' && n.notification.props.resourceId === p.id,
    );
    expect(required?.notification.props.path).toBe(`/payouts/${p.id}`);

    expect((await approve(a.api, p.approvalWorkflowPendingApprovalItem.id)).status).toBe(200);
    expect((await o.api.get(`/api/payouts/${p.id}`)).body.data.status).toBe('scheduled');
    expect(await runSchedule(t.app.deps, p.scheduleId)).toBe('skipped'); // not due yet
    expect(await t.db.select().from(transactions).where(eq(transactions.sourceId, p.id))).toHaveLength(0);

    // Its date arrives: two queued jobs (two workers) and two more processes race for it.
    await t.db
      .update(payoutSchedules)
      .set({ scheduledDate: lagosToday() })
      .where(eq(payoutSchedules.id, p.scheduleId));
    const pool2 = createPool(t.dbUrl, 4);
    const other = { ...t.app.deps, db: createDb(pool2) };
    await sendJob(t.app.deps, Q_SCHEDULED_PAYOUT, { scheduleId: p.scheduleId });
    await sendJob(t.app.deps, Q_SCHEDULED_PAYOUT, { scheduleId: p.scheduleId });
    const outcomes = await Promise.all([
      runSchedule(t.app.deps, p.scheduleId),
      runSchedule(other, p.scheduleId),
      runSchedule(other, p.scheduleId),
    ]);
    await pool2.end();
    expect(outcomes.filter((x) => x === 'paid').length).toBeLessThanOrEqual(1);
    await waitFor(
      'completed',
      async () => (await o.api.get(`/api/payouts/${p.id}`)).body.data.status === 'completed',
    );
    await new Promise((r) => setTimeout(r, 1500)); // the queued jobs have run too
    const txs = await t.db.select().from(transactions).where(eq(transactions.sourceId, p.id));
    expect(txs).toHaveLength(1);
    expect((await o.api.get(`/api/payout/schedule/${p.scheduleId}`)).body.data.status).toBe('paid');
    expect((await o.api.delete(`/api/payout/schedule/${p.scheduleId}`)).status).toBe(409);
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('mass approval answers one entry per id; an item no longer pending is reported', async () => {
    const { o, a } = await company();
    const v = await vendor(o.api);
    const mk = async () =>
      (
        await o.api.post('/api/payouts', payoutBody(o, v.id, { amount: '1000' }), {
          'idempotency-key': key(),
        })
      ).body.data;
    const p1 = await mk();
    const p2 = await mk();
    expect((await approve(a.api, p1.approvalWorkflowPendingApprovalItem.id)).status).toBe(200);
    const res = await a.api.post('/api/payouts/mass-approval', {
      ids: [p1.id, p2.id, '00000000-0000-4000-8000-000000000000'],
      approvalStatus: 'approved',
      comments: 'Month-end run',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      expect.objectContaining({ id: p1.id, ok: false, message: PAYOUT_MSG.notPending }),
      expect.objectContaining({ id: p2.id, ok: true, status: 'approved' }),
      expect.objectContaining({ ok: false, message: 'Payout not found' }),
    ]);
  });

  it('tenancy: another company sees 404 for a payout, a vendor and a schedule', async () => {
    const { o } = await company();
    const v = await vendor(o.api);
    const p = (
      await o.api.post('/api/payouts', payoutBody(o, v.id, { scheduledDate: addDays(2) }), {
        'idempotency-key': key(),
      })
    ).body.data;
    const x = await ownerWithAccount(t);
    expect((await x.api.get(`/api/payouts/${p.id}`)).status).toBe(404);
    expect((await x.api.get(`/api/payee/${v.id}`)).status).toBe(404);
    expect((await x.api.put(`/api/payee/${v.id}`, { name: 'Mine now' })).status).toBe(404);
    expect((await x.api.get(`/api/payout/schedule/${p.scheduleId}`)).status).toBe(404);
    expect((await x.api.delete(`/api/payout/schedule/${p.scheduleId}`)).status).toBe(404);
    expect((await x.api.get('/api/payouts')).body.data).toHaveLength(0);
    expect((await x.api.get('/api/payee')).body.data).toHaveLength(0);
    // and cannot pay to another company's vendor
    const xw = await fundedOwner(t, 1_000_000_00);
    const cross = await xw.api.post('/api/payouts', payoutBody(xw, v.id), { 'idempotency-key': key() });
    expect(cross.status).toBe(400);
    expect(cross.body.errors!.payeeId).toEqual([PAYOUT_MSG.payeeNotFound]);
  });
});
