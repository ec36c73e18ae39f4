// The areas' webhook events (issue 27 §3): payout, invoice, payroll and vending state changes reach
// a subscribed endpoint once each, signed; an endpoint of the same account not subscribed to them
// and another account's endpoint receive nothing.
import http from 'node:http';
import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromMinor, WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER } from '@owo/contract';
import { createTestApp, memberWithRole, setKybTier, type TestApp } from '../../../test/helpers';
import { startJobs } from '../../platform/jobs';
import { lagosToday } from '../../platform/dates';
import { SANDBOX_TEST_ACCOUNTS } from '../../rails/sandbox/test-accounts';
import { fundedOwner, ordinaryAccount, waitFor } from '../funding/test-support';

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

type Got = { body: string; valid: boolean; event: string };
async function receiver() {
  const got: Got[] = [];
  let secret = '';
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const ts = String(req.headers[WEBHOOK_TIMESTAMP_HEADER]);
      const sig = String(req.headers[WEBHOOK_SIGNATURE_HEADER]);
      const expected = `v1=${createHmac('sha512', secret).update(`${ts}.${body}`).digest('hex')}`;
      got.push({ body, valid: sig === expected, event: String(req.headers['x-owo-event']) });
      res.statusCode = 200;
      res.end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    got,
    setSecret: (s: string) => (secret = s),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

type Api = Awaited<ReturnType<typeof fundedOwner>>['api'];
const approve = (api: Api, id: string) =>
  api.post(`/api/approval-workflows/pending-approvals/approve/${id}`, {
    approvalStatus: 'approved',
    comments: 'Checked and approved',
  });
const day = (n: number) => lagosToday(Date.now() + n * 86_400_000);

async function subscribe(api: Api, rx: Awaited<ReturnType<typeof receiver>>, events: string[]) {
  const c = await api.post('/api/developers/webhooks', { url: rx.url, events });
  expect(c.status, JSON.stringify(c.body)).toBe(201);
  rx.setSecret(c.body.data.secret);
}

describe('area webhook events', () => {
  it('payout, invoice, payroll and vending changes reach the subscribed endpoint once each, signed; nobody else', async () => {
    const all = await receiver();
    const txOnly = await receiver();
    const foreign = await receiver();
    try {
      const o = await fundedOwner(t, 10_000_000_00);
      await setKybTier(t, o.account.id, 3);
      const admin = await memberWithRole(t, o.account.id, 'admin');
      await subscribe(o.api, all, ['payout', 'invoice', 'payroll', 'vending']);
      await subscribe(o.api, txOnly, ['transaction']);
      const other = await fundedOwner(t, 1_000_00);
      await subscribe(other.api, foreign, ['transaction', 'payout', 'invoice', 'payroll', 'vending']);

      // payout: approved, then paid
      const payeeAccount = ordinaryAccount();
      const v = await o.api.post('/api/payee', {
        name: 'Yaba Legal Partners',
        email: `fees.${Math.random().toString(36).slice(2, 8)}@yabalegal.ng`,
        phone: '08031234567',
        billingAddress: '3 Herbert Macaulay Way, Yaba',
        bankCode: '058',
        accountNumber: payeeAccount,
      });
      expect(v.status, JSON.stringify(v.body)).toBe(201);
      const payout = await o.api.post(
        '/api/payouts',
        {
          payoutOption: 'standard',
          walletId: o.wallet.id,
          payeeId: v.body.data.id,
          amount: '25000',
          currency: 'NGN',
          narration: 'Legal retainer, November',
        },
        { 'idempotency-key': `k-${Math.random().toString(36).slice(2)}` },
      );
      expect(payout.status, JSON.stringify(payout.body)).toBe(201);
      const p = payout.body.data;
      expect((await approve(admin.api, p.approvalWorkflowPendingApprovalItem.id)).status).toBe(200);

      // payroll: approved, then partly failed (one employee's bank refuses)
      const failing = SANDBOX_TEST_ACCOUNTS.fails;
      const emp = (accountNumber: string) => ({
        name: `Staff ${Math.random().toString(36).slice(2, 7)}`,
        email: `staff.${Math.random().toString(36).slice(2, 9)}@example.ng`,
        salaryAmount: '150000',
        bankCode: '058',
        accountNumber,
      });
      const staffAccount = ordinaryAccount();
      const added = await o.api.post('/api/payrolls/employees/add', {
        employees: [emp(staffAccount), emp(failing)],
      });
      expect(added.status, JSON.stringify(added.body)).toBe(201);
      const run = await o.api.post('/api/payrolls', {
        name: 'November 2026 salaries',
        type: 'once',
        mode: 'instant',
        walletId: o.wallet.id,
        employees: added.body.data.map((e: { id: string }) => e.id),
      });
      expect(run.status, JSON.stringify(run.body)).toBe(201);
      const pr = run.body.data;
      const submitted = await o.api.post(`/api/payrolls/${pr.id}/approve`);
      expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
      expect(
        (await approve(admin.api, submitted.body.data.approvalWorkflowPendingApprovalItem.id)).status,
      ).toBe(200);

      // invoice: approved, partly paid, cancelled
      const c = await o.api.post('/api/inflows/customers', { name: 'Ngozi Mart', email: 'ngozi@mart.ng' });
      const s1 = await o.api.post('/api/inflows/invoice', {
        step: 1,
        payload: { customerId: c.body.data.id, products: [{ name: 'Soap', price: '3000', quantity: 1 }] },
      });
      const invId = s1.body.data.id;
      await o.api.post('/api/inflows/invoice', {
        step: 2,
        payload: {
          invoiceId: invId,
          paymentOption: 'installments',
          terms: [
            { name: 'First', dueDate: day(2) },
            { name: 'Second', dueDate: day(30) },
          ],
        },
      });
      const s3 = await o.api.post('/api/inflows/invoice', { step: 3, payload: { invoiceId: invId } });
      expect((await approve(admin.api, s3.body.data.approvalWorkflowPendingApprovalItem.id)).status).toBe(
        200,
      );
      const inv = await waitFor('collection account', async () => {
        const d = (await o.api.get(`/api/inflows/invoice/${invId}`)).body.data;
        return d.collectionAccount ? d : null;
      });
      await o.api.post('/api/sandbox/deposits', {
        accountNumber: inv.collectionAccount.accountNumber,
        amount: '1000',
        senderName: 'NGOZI MART',
      });
      await waitFor(
        'partly paid',
        async () => (await o.api.get(`/api/inflows/invoice/${invId}`)).body.data.amountPaidMinor === 100_000,
      );
      expect((await o.api.post(`/api/inflows/invoice/${invId}/cancel`)).status).toBe(200);

      // vending: success, with the token
      await o.api.post('/api/approval-workflows', {
        name: 'Electricity',
        type: 'marketplace',
        levels: [{ approverIds: [admin.user.id], rule: 'any' }],
      });
      const meter = await o.api.post('/api/marketplace/assets/meters/add', {
        meterNo: `4${String(Date.now()).slice(-10)}`,
        disco: 'IKEDC',
        vendType: 'prepaid',
        phoneNo: '08031234567',
        name: 'TYPED BY USER',
        label: 'Ikeja office',
        email: '',
        state: 'Lagos',
      });
      expect(meter.status, JSON.stringify(meter.body)).toBe(201);
      const vend = await o.api.post('/api/marketplace/vendings/create', {
        walletId: o.wallet.id,
        utilityType: 'ELECTRICITY',
        assets: [{ assetId: meter.body.data.id, amount: '10000' }],
      });
      expect(vend.status, JSON.stringify(vend.body)).toBe(201);
      const vendingId = vend.body.data.vendings[0].id;
      const vItem = (await o.api.get(`/api/marketplace/vendings/${vendingId}`)).body.data
        .approvalWorkflowPendingApprovalItem;
      expect((await approve(admin.api, vItem.id)).status).toBe(200);

      const expected = [
        'payout:approved',
        'payout:paid',
        'payroll:approved',
        'payroll:partlyFailed',
        'invoice:approved',
        'invoice:partlyPaid',
        'invoice:cancelled',
        'vending:success',
      ];
      const seen = () =>
        all.got.map((g) => {
          const b = JSON.parse(g.body);
          return `${b.event}:${b.data.status}`;
        });
      await waitFor('every area event', async () => expected.every((e) => seen().includes(e))).catch(
        (err: Error) => {
          throw new Error(`${err.message}; seen ${seen().join(', ')}`);
        },
      );
      // give the dispatcher time to (wrongly) send one again
      await new Promise((r) => setTimeout(r, 2500));
      expect([...seen()].sort()).toEqual([...expected].sort());
      expect(all.got.every((g) => g.valid)).toBe(true);

      const by = (key: string) => {
        const g = all.got.find((x) => {
          const b = JSON.parse(x.body);
          return `${b.event}:${b.data.status}` === key;
        })!;
        expect(g.event).toBe(key.split(':')[0]);
        return JSON.parse(g.body);
      };
      for (const g of all.got) {
        const b = JSON.parse(g.body);
        expect(b.data.amount).toBe(fromMinor(b.data.amountMinor));
        expect(b.data.occurredAt).toMatch(/^\d{4}-\d\d-\d\dT/);
        // no full account number leaves in an event
        for (const n of [payeeAccount, staffAccount, failing]) expect(g.body).not.toContain(n);
      }
      expect(by('payout:paid').data).toMatchObject({
        id: p.id,
        reference: p.reference,
        amount: '25000.00',
        amountMinor: 2_500_000,
        currency: 'NGN',
      });
      expect(by('payout:paid').data.feeMinor).toBeGreaterThan(0);
      expect(by('payroll:partlyFailed').data).toMatchObject({
        id: pr.id,
        paidCount: 1,
        failedCount: 1,
        currency: 'NGN',
      });
      expect(by('invoice:partlyPaid').data).toMatchObject({
        id: invId,
        amountPaid: '1000.00',
        amountPaidMinor: 100_000,
        payment: { amount: '1000.00', amountMinor: 100_000 },
      });
      expect(by('vending:success').data).toMatchObject({ id: vendingId, amountMinor: 1_000_000 });
      expect(by('vending:success').data.token).toMatch(/^\d{4}-\d{4}-\d{4}-\d{4}-\d{4}$/);

      // the same account's transaction-only endpoint got money events, never an area event
      expect(txOnly.got.length).toBeGreaterThan(0);
      expect(txOnly.got.every((g) => g.event === 'transaction' && g.valid)).toBe(true);
      // the payout's transfer, settled by the money core's one-statement path, is a transaction event too
      const paidTx = by('payout:paid').data.transactionId as string;
      const txEvents = txOnly.got.map(
        (g) => JSON.parse(g.body) as { id: string; data: Record<string, unknown> },
      );
      expect(txEvents.filter((e) => e.id === `${paidTx}:success`)).toHaveLength(1);
      expect(txEvents.find((e) => e.id === `${paidTx}:success`)?.data).toMatchObject({
        topic: 'Transfer Successful',
        id: paidTx,
        status: 'success',
        type: 'payout',
      });
      // another account's endpoint received nothing of this account
      expect(foreign.got).toEqual([]);
    } finally {
      await all.close();
      await txOnly.close();
      await foreign.close();
    }
  });
});
