import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAY_SOMEONE_MSG, PAYOUT_EDIT_MSG, PAYOUT_MSG, PAYOUT_RECURRENCE_MSG } from '@owo/contract';
import {
  memberWithRole,
  ownerWithAccount,
  setKybTier,
  type TestApp,
  createTestApp,
} from '../../../test/helpers';
import { createDb, createPool } from '../../platform/db';
import { sendJob, startJobs } from '../../platform/jobs';
import { lagosToday } from '../../platform/dates';
import { creditDeposit } from '../money/deposits';
import { transactions, wallets } from '../money/tables';
import { createWallet, getWalletByCurrency } from '../money/wallets';
import { verifyLedger } from '../money/verify';
import { getFundingAccount } from '../funding/virtual-accounts';
import { ordinaryAccount, waitFor } from '../funding/test-support';
import { sandboxTransfers } from '../../rails/sandbox/tables';
import { payees } from '../payees/tables';
import { payoutRecurrences, payouts } from './tables';
import { occurrenceDate, runRecurrence } from './recurring';
import { Q_RECURRING_PAYOUT } from './shared';

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

/** An owner (optionally a reseller), an admin, and an NGN wallet holding `balance` kobo. */
async function company(balance = 5_000_000_00, type: 'business' | 'reseller' = 'business') {
  const o = await ownerWithAccount(t, { type });
  const wallet =
    (await getWalletByCurrency(t.db, o.account.id, 'NGN')) ??
    (await createWallet(t.db, { accountId: o.account.id, currency: 'NGN' }));
  const va = await getFundingAccount(t.app.deps, o.account.id, wallet.id);
  const fund = (amount: number) =>
    creditDeposit(t.app.deps, {
      accountNumber: va.accountNumber,
      amount,
      providerRef: `seed_${randomBytes(6).toString('hex')}`,
      senderName: 'SEED',
      provider: 'sandbox',
    });
  if (balance > 0) await fund(balance);
  const a = await memberWithRole(t, o.account.id, 'admin');
  return { o: { ...o, wallet }, a, fund };
}

const usdRecipient = (over: Record<string, unknown> = {}) => ({
  name: 'Acme Components LLC',
  email: 'billing@acme-components.com',
  foreign: {
    accountName: 'Acme Components LLC',
    accountNumber: '000123456789',
    swiftCode: 'CHASUS33',
    routingNumber: '021000021',
    bankName: 'JPMorgan Chase Bank',
    country: 'US',
    address: '270 Park Avenue, New York, NY 10017',
    ...over,
  },
});
const wire = { purpose: 'goods', narration: 'Invoice 4411, soldering stations' };

const body = (o: any, over: Record<string, unknown> = {}) => ({
  walletId: o.wallet.id,
  amount: '500',
  currency: 'USD',
  recipient: usdRecipient(),
  wirePurpose: wire,
  ...over,
});
const post = (api: any, b: unknown, k = key()) => api.post('/api/pay-someone', b, { 'idempotency-key': k });

describe('pay-someone', () => {
  it('NGN to a new recipient: resolved name wins, wire purpose optional, approval then paid by the rails', async () => {
    const { o, a } = await company();
    const accountNumber = ordinaryAccount();
    const res = await post(o.api, {
      walletId: o.wallet.id,
      amount: '25000',
      currency: 'NGN',
      recipient: { name: 'Typed Name', bankCode: '058', accountNumber },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.message).toBe(PAY_SOMEONE_MSG.created);
    const p = res.body.data;
    expect(p).toMatchObject({
      status: 'pending',
      channel: 'paySomeone',
      currency: 'NGN',
      amountMinor: 2_500_000,
      recipientCurrency: null,
      wirePurpose: null,
    });
    expect(p.payee.accountName).not.toBe('Typed Name');
    expect(p.approvalWorkflowPendingApprovalItem.type).toBe('payout');
    // Nothing held at creation.
    const [w0] = await t.db.select().from(wallets).where(eq(wallets.id, o.wallet.id));
    expect(w0.pendingBalance).toBe(0);
    expect((await approve(a.api, p.approvalWorkflowPendingApprovalItem.id)).status).toBe(200);
    const done = await waitFor('paid', async () => {
      const d = (await o.api.get(`/api/payouts/${p.id}`)).body.data;
      return d.status === 'completed' && d;
    });
    expect(done.transactionId).toBeTruthy();
    // The same recipient again is the same vendor (one per bank account).
    const again = await post(o.api, {
      walletId: o.wallet.id,
      amount: '1000',
      currency: 'NGN',
      recipient: { name: 'Typed Name', bankCode: '058', accountNumber },
    });
    expect(again.body.data.payee.id).toBe(p.payee.id);
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('USD wire from the NGN wallet at the quoted rate; the rails carry USD to the SWIFT beneficiary with its purpose', async () => {
    const { o, a } = await company();
    await setKybTier(t, o.account.id, 3);
    const res = await post(o.api, body(o));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const p = res.body.data;
    expect(p).toMatchObject({
      currency: 'NGN',
      recipientCurrency: 'USD',
      recipientAmount: '500.00',
      recipientAmountMinor: 50_000,
      fxRate: '1550',
      wirePurpose: 'goods',
      wireNarration: wire.narration,
    });
    expect(p.amountMinor).toBe(50_000 * 1550);
    expect(p.payee).toMatchObject({ bankName: 'JPMorgan Chase Bank', accountNumber: '000123456789' });
    const [v] = await t.db.select().from(payees).where(eq(payees.id, p.payee.id));
    expect(v).toMatchObject({ currency: 'USD', bankCode: 'CHASUS33' });
    expect(v.foreignBank).toMatchObject({ routingNumber: '021000021', country: 'US' });

    expect((await approve(a.api, p.approvalWorkflowPendingApprovalItem.id)).status).toBe(200);
    const done = await waitFor('wire paid', async () => {
      const d = (await o.api.get(`/api/payouts/${p.id}`)).body.data;
      return d.status === 'completed' && d;
    });
    const [tx] = await t.db.select().from(transactions).where(eq(transactions.id, done.transactionId));
    expect(tx.amount).toBe(p.amountMinor);
    expect(tx.fee).toBe(p.feeMinor);
    const [st] = await t.db
      .select()
      .from(sandboxTransfers)
      .where(eq(sandboxTransfers.reference, tx.reference));
    expect(st).toMatchObject({ currency: 'USD', amount: 50_000, bankCode: 'CHASUS33' });
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('wire purpose: required for USD and GBP, optional for NGN; bad input changes nothing', async () => {
    const { o } = await company();
    const before = (await t.db.select().from(payouts).where(eq(payouts.accountId, o.account.id))).length;
    for (const currency of ['USD', 'GBP']) {
      const r = await post(o.api, body(o, { currency, wirePurpose: undefined }));
      expect(r.status).toBe(400);
      expect(r.body.errors['wirePurpose.purpose']).toEqual([PAY_SOMEONE_MSG.wirePurposeRequired]);
    }
    const noNarration = await post(o.api, body(o, { wirePurpose: { purpose: 'goods', narration: '' } }));
    expect(noNarration.status).toBe(400);
    expect(noNarration.body.errors['wirePurpose.narration']).toEqual([
      PAY_SOMEONE_MSG.purposeNarrationRequired,
    ]);
    const unknown = await post(o.api, body(o, { wirePurpose: { purpose: 'bribes', narration: 'xyz' } }));
    expect(unknown.body.errors['wirePurpose.purpose']).toEqual([PAY_SOMEONE_MSG.purposeRequired]);
    const badSwift = await post(o.api, body(o, { recipient: usdRecipient({ swiftCode: 'NOPE' }) }));
    expect(badSwift.body.errors['recipient.foreign.swiftCode']).toEqual([PAY_SOMEONE_MSG.swiftInvalid]);
    const noForeign = await post(
      o.api,
      body(o, { recipient: { name: 'X', bankCode: '058', accountNumber: ordinaryAccount() } }),
    );
    expect(noForeign.status).toBe(400);
    const none = await post(o.api, body(o, { recipient: undefined }));
    expect(none.body.errors.payeeId).toEqual([PAY_SOMEONE_MSG.recipientRequired]);
    // Sender details are for reseller accounts only.
    const sender = await post(o.api, body(o, { senderDetails: { name: 'A', address: 'B', country: 'NG' } }));
    expect(sender.body.errors.senderDetails).toEqual([PAY_SOMEONE_MSG.senderNotAllowed]);
    const after = (await t.db.select().from(payouts).where(eq(payouts.accountId, o.account.id))).length;
    expect(after).toBe(before);
    expect((await t.db.select().from(payees).where(eq(payees.accountId, o.account.id))).length).toBe(0);
    // NGN without a purpose is fine; with one it is kept.
    const ngn = await post(o.api, {
      walletId: o.wallet.id,
      amount: '1000',
      currency: 'NGN',
      recipient: { name: 'Ada', bankCode: '058', accountNumber: ordinaryAccount() },
      wirePurpose: { purpose: 'services', narration: 'Cleaning, March' },
    });
    expect(ngn.status).toBe(201);
    expect(ngn.body.data).toMatchObject({ wirePurpose: 'services', narration: 'Cleaning, March' });
  });

  it('reseller accounts must give sender details (kept on the payout)', async () => {
    const { o } = await company(5_000_000_00, 'reseller');
    await setKybTier(t, o.account.id, 3);
    const missing = await post(o.api, body(o));
    expect(missing.status).toBe(400);
    expect(missing.body.errors['senderDetails.name']).toEqual([PAY_SOMEONE_MSG.senderRequired]);
    const ok = await post(
      o.api,
      body(o, {
        currency: 'GBP',
        recipient: {
          name: 'Brit Ltd',
          foreign: {
            ...usdRecipient().foreign,
            swiftCode: 'BARCGB22',
            sortCode: '20-00-00',
            routingNumber: null,
            accountNumber: 'GB29NWBK60161331926819',
            country: 'GB',
          },
        },
        senderDetails: { name: 'Chidi Okafor', address: '4 Broad St, Lagos', country: 'NG' },
      }),
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.data).toMatchObject({
      recipientCurrency: 'GBP',
      fxRate: '1950',
      senderDetails: { name: 'Chidi Okafor' },
    });
  });

  it('the $10,000 cap is our limit, server-side, in USD equivalent (GBP too)', async () => {
    const { o } = await company(50_000_000_00);
    const over = await post(o.api, body(o, { amount: '10000.01' }));
    expect(over.status).toBe(400);
    expect(over.body.errors.amount[0]).toContain('our limit of $10,000.00');
    expect(over.body.errors.amount[0]).toContain("not the central bank's");
    // £8,000 is $10,080 at 1.26: over.
    const gbp = await post(o.api, body(o, { currency: 'GBP', amount: '8000' }));
    expect(gbp.status).toBe(400);
    expect(gbp.body.errors.amount[0]).toContain('our limit');
    const at = await post(o.api, body(o, { amount: '10000' }));
    expect(at.status, JSON.stringify(at.body)).toBe(201);
  });

  it('a short balance is refused at creation (add funds first), then accepted once funded', async () => {
    const { o, fund } = await company(100_000_00);
    const short = await post(o.api, body(o, { amount: '100' })); // ₦155,000 + fees > ₦100,000
    expect(short.status).toBe(400);
    expect(short.body.errors.amount).toEqual([PAYOUT_MSG.insufficientFunds]);
    const q = await o.api.post(`/api/exchange/disbursement/payouts/${o.wallet.id}`, {
      amount: '100',
      currency: 'USD',
    });
    expect(q.body.data.isPaymentRequired).toBe(true);
    await fund(100_000_00);
    const q2 = await o.api.post(`/api/exchange/disbursement/payouts/${o.wallet.id}`, {
      amount: '100',
      currency: 'USD',
    });
    expect(q2.body.data.isPaymentRequired).toBe(false);
    const ok = await post(o.api, body(o, { amount: '100' }));
    expect(ok.status).toBe(201);
    expect(ok.body.data.amountMinor + ok.body.data.feeMinor).toBe(q2.body.data.totalMinor);
  });

  it('a double submit with one Idempotency-Key makes one payout and one recipient; no key is a 400', async () => {
    const { o } = await company();
    const noKey = await o.api.post('/api/pay-someone', body(o));
    expect(noKey.status).toBe(400);
    const k = key();
    const [r1, r2] = await Promise.all([post(o.api, body(o), k), post(o.api, body(o), k)]);
    const ok = [r1, r2].filter((r) => r.status === 201);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    const r3 = await post(o.api, body(o), k);
    expect(r3.body.data.id).toBe(ok[0].body.data.id);
    expect((await t.db.select().from(payouts).where(eq(payouts.accountId, o.account.id))).length).toBe(1);
    expect((await t.db.select().from(payees).where(eq(payees.accountId, o.account.id))).length).toBe(1);
  });

  it('tenancy: another company’s payee or wallet is not found; the payout is 404 to them', async () => {
    const { o } = await company();
    const other = await company();
    const p = (await post(o.api, body(o))).body.data;
    expect((await other.o.api.get(`/api/payouts/${p.id}`)).status).toBe(404);
    const theirs = await post(other.o.api, body(other.o, { recipient: undefined, payeeId: p.payee.id }));
    expect(theirs.status).toBe(400);
    expect(theirs.body.errors.payeeId).toEqual([PAYOUT_MSG.payeeNotFound]);
    const wallet = await post(other.o.api, body(o));
    expect(wallet.status).toBe(400);
    expect(wallet.body.errors.walletId).toEqual([PAYOUT_MSG.selectWallet]);
    // A USD recipient cannot be paid in NGN (its currency is its own).
    const wrong = await post(o.api, {
      walletId: o.wallet.id,
      amount: '100',
      currency: 'NGN',
      payeeId: p.payee.id,
    });
    expect(wrong.body.errors.payeeId).toEqual([PAY_SOMEONE_MSG.recipientCurrency]);
  });

  it('fuzz: random bodies answer 201 or 4xx, never 5xx', async () => {
    const { o } = await company();
    const val = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.integer(),
      fc.constant(null),
      fc.boolean(),
      fc.constant('USD'),
      fc.constant('NGN'),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            walletId: fc.oneof(fc.constant(o.wallet.id), fc.uuid(), fc.string({ maxLength: 10 })),
            amount: fc.oneof(fc.constant('10'), fc.double(), fc.string({ maxLength: 12 })),
            currency: fc.constantFrom('NGN', 'USD', 'GBP', 'EUR', ''),
            recipient: fc.oneof(
              fc.constant(usdRecipient()),
              fc.dictionary(fc.string({ maxLength: 10 }), val),
              fc.constant(null),
            ),
            wirePurpose: fc.oneof(
              fc.constant(wire),
              fc.dictionary(fc.string({ maxLength: 10 }), val),
              fc.constant(null),
            ),
            senderDetails: fc.oneof(fc.constant(undefined), fc.dictionary(fc.string({ maxLength: 10 }), val)),
          },
          { requiredKeys: [] },
        ),
        async (b) => {
          const r = await post(o.api, b);
          expect(r.status === 201 || (r.status >= 400 && r.status < 500), JSON.stringify(r.body)).toBe(true);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('payout edit', () => {
  const ngnBody = (o: any) => ({
    walletId: o.wallet.id,
    amount: '20000',
    currency: 'NGN',
    recipient: { name: 'Ada', bankCode: '058', accountNumber: ordinaryAccount() },
  });
  const tomorrowPlus = (n: number) => lagosToday(Date.now() + n * 86_400_000);

  it('an edit after approval means re-approval (trail Resubmitted); the new amount is what is paid', async () => {
    const { o, a } = await company();
    const p = (await post(o.api, { ...ngnBody(o), scheduledDate: tomorrowPlus(3) })).body.data;
    expect((await approve(a.api, p.approvalWorkflowPendingApprovalItem.id)).status).toBe(200);
    expect((await o.api.get(`/api/payouts/${p.id}`)).body.data.status).toBe('scheduled');

    const edit = await o.api.put(`/api/payouts/${p.id}`, {
      amount: '30000',
      narration: 'Cleaning, April',
      scheduledDate: null,
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(edit.body.message).toBe(PAYOUT_EDIT_MSG.updated);
    const d = edit.body.data;
    expect(d).toMatchObject({
      status: 'pending',
      approvalStatus: 'pending',
      amountMinor: 3_000_000,
      narration: 'Cleaning, April',
      scheduledDate: null,
    });
    expect(d.approvalWorkflowPendingApprovalItem.approvals.map((x: any) => x.status)).toContain(
      'Resubmitted',
    );
    // Approved again: paid now (no date), the new amount.
    expect((await approve(a.api, d.approvalWorkflowPendingApprovalItem.id)).status).toBe(200);
    const done = await waitFor('paid', async () => {
      const x = (await o.api.get(`/api/payouts/${p.id}`)).body.data;
      return x.status === 'completed' && x;
    });
    const [tx] = await t.db.select().from(transactions).where(eq(transactions.id, done.transactionId));
    expect(tx.amount).toBe(3_000_000);
    // A paid payout cannot be edited: a clear 409, nothing changed.
    const paid = await o.api.put(`/api/payouts/${p.id}`, { narration: 'too late' });
    expect(paid.status).toBe(409);
    expect(paid.body.message).toBe(PAYOUT_EDIT_MSG.paid);
    expect((await o.api.get(`/api/payouts/${p.id}`)).body.data.narration).toBe('Cleaning, April');
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('a pending edit restarts approval; bad input, the cap, a short balance and a past date change nothing; tenancy 404; fuzz', async () => {
    const { o } = await company(1_000_000_00);
    const other = await company();
    const p = (await post(o.api, body(o, { amount: '100' }))).body.data;
    const before = (await o.api.get(`/api/payouts/${p.id}`)).body.data;
    for (const [b, field] of [
      [{ amount: '10000.01' }, 'amount'],
      [{ amount: '5000' }, 'amount'], // ₦7.75m > ₦1m balance
      [{ scheduledDate: '2020-01-01' }, 'scheduledDate'],
      [{ narration: '' }, 'narration'],
      [{}, 'amount'],
    ] as const) {
      const r = await o.api.put(`/api/payouts/${p.id}`, b);
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.errors![field]).toBeTruthy();
    }
    const same = (await o.api.get(`/api/payouts/${p.id}`)).body.data;
    expect(same.amountMinor).toBe(before.amountMinor);
    expect(same.updatedAt).toBe(before.updatedAt);
    // A wire's amount is re-quoted.
    const ok = await o.api.put(`/api/payouts/${p.id}`, { amount: '200' });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ recipientAmountMinor: 20_000, amountMinor: 20_000 * 1550 });
    expect((await other.o.api.put(`/api/payouts/${p.id}`, { amount: '1' })).status).toBe(404);
    const val = fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.constant(null), fc.double());
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(
          fc.constantFrom('amount', 'narration', 'scheduledDate', 'categoryId', 'assets', 'x'),
          val,
        ),
        async (b) => {
          const r = await o.api.put(`/api/payouts/${p.id}`, b);
          expect(r.status < 500, JSON.stringify(r.body)).toBe(true);
        },
      ),
      { numRuns: 30 },
    );
  });
});

describe('recurring payouts', () => {
  it('occurrence dates: weekly, and monthly on the same day clamped to short months', () => {
    expect(occurrenceDate('2026-01-31', 'monthly', 1)).toBe('2026-02-28');
    expect(occurrenceDate('2026-01-31', 'monthly', 2)).toBe('2026-03-31');
    expect(occurrenceDate('2026-12-15', 'monthly', 1)).toBe('2027-01-15');
    expect(occurrenceDate('2026-12-29', 'weekly', 1)).toBe('2027-01-05');
  });

  it('each occurrence is created once even with two workers; the series ends at its end date; cancel stops it', async () => {
    const { o, a } = await company();
    const v = (
      await post(o.api, {
        walletId: o.wallet.id,
        amount: '1000',
        currency: 'NGN',
        recipient: { name: 'Rent', bankCode: '058', accountNumber: ordinaryAccount() },
      })
    ).body.data.payee;
    const start = lagosToday(Date.now() + 86_400_000);
    const bad = await o.api.post(
      '/api/payouts',
      {
        payoutOption: 'standard',
        walletId: o.wallet.id,
        payeeId: v.id,
        amount: '5000',
        currency: 'NGN',
        narration: 'Office rent',
        scheduledDate: start,
        recurrence: { frequency: 'weekly', endDate: start },
      },
      { 'idempotency-key': key() },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors!['recurrence.endDate']).toEqual([PAYOUT_RECURRENCE_MSG.endBeforeStart]);
    const end = occurrenceDate(start, 'weekly', 2);
    const res = await o.api.post(
      '/api/payouts',
      {
        payoutOption: 'standard',
        walletId: o.wallet.id,
        payeeId: v.id,
        amount: '5000',
        currency: 'NGN',
        narration: 'Office rent',
        scheduledDate: start,
        recurrence: { frequency: 'weekly', endDate: end },
      },
      { 'idempotency-key': key() },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.message).toBe(PAYOUT_RECURRENCE_MSG.created);
    const p = res.body.data;
    expect(p.recurrence).toMatchObject({
      frequency: 'weekly',
      startDate: start,
      nextDate: occurrenceDate(start, 'weekly', 1),
      endDate: end,
      status: 'active',
    });
    const rid = p.recurrence.id;
    // Not approved yet: nothing is created even when due.
    await t.db.update(payoutRecurrences).set({ nextDate: '2020-01-01' }).where(eq(payoutRecurrences.id, rid));
    expect(await runRecurrence(t.app.deps, rid)).toBe('skipped');
    expect((await approve(a.api, p.approvalWorkflowPendingApprovalItem.id)).status).toBe(200);

    // Due: two workers (two pools, as two processes) and duplicate jobs race for the occurrence.
    const pool2 = createPool(t.dbUrl, 4);
    const other = { ...t.app.deps, db: createDb(pool2) };
    const jobs = [
      await sendJob(t.app.deps, Q_RECURRING_PAYOUT, { recurrenceId: rid }),
      await sendJob(t.app.deps, Q_RECURRING_PAYOUT, { recurrenceId: rid }),
    ];
    const outcomes = await Promise.all([
      runRecurrence(t.app.deps, rid),
      runRecurrence(other, rid),
      runRecurrence(other, rid),
      runRecurrence(t.app.deps, rid),
    ]);
    await pool2.end();
    // The queued jobs race too (on a busy machine one may win): wait until both have run, then
    // exactly one of the six made the occurrence.
    await waitFor('the queued jobs to run', async () => {
      const r = await t.db.execute(
        sql`select count(*)::int as n from pgboss.job where id in (${jobs[0]}::uuid, ${jobs[1]}::uuid) and state in ('completed', 'failed')`,
      );
      return (r.rows[0] as { n: number }).n === 2;
    });
    expect(outcomes.filter((x) => x === 'created').length).toBeLessThanOrEqual(1);
    const made = await t.db.select().from(payouts).where(eq(payouts.recurrenceId, rid));
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      occurrenceDate: '2020-01-01',
      amountMinor: 500_000,
      channel: 'recurring',
    });
    const occ = await waitFor('occurrence paid', async () => {
      const d = (await o.api.get(`/api/payouts/${made[0].id}`)).body.data;
      return d.status === 'completed' && d;
    });
    expect(occ.recurrence.id).toBe(rid);
    // Were it failed, the occurrence could not be edited on its own: it was approved with its series
    // and has no approval item of its own (the simulator found a 404 here).
    await t.db.update(payouts).set({ status: 'failed' }).where(eq(payouts.id, made[0].id));
    const editOcc = await o.api.put(`/api/payouts/${made[0].id}`, { amount: '6000' });
    expect(editOcc.status).toBe(409);
    expect(editOcc.body.message).toBe(PAYOUT_EDIT_MSG.fromSeries);
    await t.db.update(payouts).set({ status: 'completed' }).where(eq(payouts.id, made[0].id));
    const [r1] = await t.db.select().from(payoutRecurrences).where(eq(payoutRecurrences.id, rid));
    expect(r1).toMatchObject({
      occurrences: 1,
      nextDate: occurrenceDate(start, 'weekly', 2),
      status: 'active',
    });
    // The next (last) one: after it the series has ended.
    await t.db.update(payoutRecurrences).set({ nextDate: lagosToday() }).where(eq(payoutRecurrences.id, rid));
    await t.db
      .update(payoutRecurrences)
      .set({ startDate: occurrenceDate(lagosToday(), 'weekly', -2) })
      .where(eq(payoutRecurrences.id, rid));
    expect(await runRecurrence(t.app.deps, rid)).toBe('created');
    const [r2] = await t.db.select().from(payoutRecurrences).where(eq(payoutRecurrences.id, rid));
    expect(r2.occurrences).toBe(2);
    const yesterday = new Date(Date.parse(`${lagosToday()}T12:00:00Z`) - 86_400_000)
      .toISOString()
      .slice(0, 10);
    // Its end date reached: the occurrence of that date is the last, the series has ended.
    await t.db
      .update(payoutRecurrences)
      .set({ nextDate: yesterday, endDate: yesterday })
      .where(eq(payoutRecurrences.id, rid));
    expect(await runRecurrence(t.app.deps, rid)).toBe('created');
    const [r3] = await t.db.select().from(payoutRecurrences).where(eq(payoutRecurrences.id, rid));
    expect(r3).toMatchObject({ occurrences: 3, status: 'ended' });
    expect(await runRecurrence(t.app.deps, rid)).toBe('skipped');
    expect(await t.db.select().from(payouts).where(eq(payouts.recurrenceId, rid))).toHaveLength(3);
    // Cancel: tenancy 404, then stopped, then 409.
    expect((await a.api.delete(`/api/payout/recurrence/${rid}`)).status).toBe(409); // ended
    const stranger = await company(0);
    expect((await stranger.o.api.delete(`/api/payout/recurrence/${rid}`)).status).toBe(404);
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('DELETE /api/payout/recurrence/{id} stops an active series; cancelling its first payout’s schedule does too', async () => {
    const { o } = await company();
    const v = (
      await post(o.api, {
        walletId: o.wallet.id,
        amount: '1000',
        currency: 'NGN',
        recipient: { name: 'Rent', bankCode: '058', accountNumber: ordinaryAccount() },
      })
    ).body.data.payee;
    const start = lagosToday(Date.now() + 3 * 86_400_000);
    const mk = async () =>
      (
        await o.api.post(
          '/api/payouts',
          {
            payoutOption: 'standard',
            walletId: o.wallet.id,
            payeeId: v.id,
            amount: '5000',
            currency: 'NGN',
            narration: 'Office rent',
            scheduledDate: start,
            recurrence: { frequency: 'monthly' },
          },
          { 'idempotency-key': key() },
        )
      ).body.data;
    const p1 = await mk();
    const stop1 = await o.api.delete(`/api/payout/recurrence/${p1.recurrence.id}`);
    expect(stop1.status).toBe(200);
    expect(stop1.body.data.status).toBe('cancelled');
    expect((await o.api.delete(`/api/payout/recurrence/${p1.recurrence.id}`)).status).toBe(409);
    expect((await o.api.delete(`/api/payout/recurrence/not-an-id`)).status).toBe(400);
    const p2 = await mk();
    expect((await o.api.delete(`/api/payout/schedule/${p2.scheduleId}`)).status).toBe(200);
    expect((await o.api.get(`/api/payouts/${p2.id}`)).body.data.recurrence.status).toBe('cancelled');
  });
});
