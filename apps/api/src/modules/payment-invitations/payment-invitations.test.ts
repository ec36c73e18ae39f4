import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAY_SOMEONE_MSG, PAYMENT_INVITATION_MSG } from '@owo/contract';
import { client, createTestApp, lastMailTo, memberWithRole, type TestApp } from '../../../test/helpers';
import { startJobs } from '../../platform/jobs';
import { fundedOwner, waitFor } from '../funding/test-support';
import { creditDeposit } from '../money/deposits';
import { transactions, wallets } from '../money/tables';
import { verifyLedger } from '../money/verify';
import { notifications } from '../notifications/tables';
import { hashRef } from './service';
import { paymentInvitations } from './tables';

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

let n = 0;
const body = (over: Record<string, unknown> = {}) => ({
  payerName: 'Chidi Okafor',
  payerEmail: `payer${++n}-${Date.now()}@example.com`,
  amount: '25000.50',
  currency: 'NGN',
  note: 'Invoice 42',
  ...over,
});

/** Creates an invitation and reads the reference from the mailed link. */
async function invite(o: { api: ReturnType<typeof client> }, over: Record<string, unknown> = {}) {
  const b = body(over);
  const res = await o.api.post('/api/payment-invitations', b);
  expect(res.status).toBe(201);
  const mail = await lastMailTo(t, b.payerEmail as string);
  const ref = /\/payment-invitation\/([0-9a-f]{32})/.exec(mail!.text)![1];
  return { id: res.body.data.id as string, ref, res, mail: mail! };
}

const anon = () => client(t);

describe('payment invitations: company side', () => {
  it('creates, mails the link, stores only the hash, lists with status filter and CSV, and scopes by account', async () => {
    const o = await fundedOwner(t, 0);
    const bad = await o.api.post('/api/payment-invitations', {
      payerName: '',
      payerEmail: 'nope',
      amount: '-1',
      currency: 'XYZ',
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors ?? {})).toEqual(
      expect.arrayContaining(['payerName', 'payerEmail', 'amount', 'currency']),
    );
    // USD/GBP need a wallet in that currency (its receiving details are where the payer pays).
    const usd = await o.api.post('/api/payment-invitations', body({ currency: 'USD' }));
    expect(usd.status).toBe(400);
    expect(usd.body.errors?.currency).toEqual([PAYMENT_INVITATION_MSG.foreignWalletMissing]);
    const past = await o.api.post('/api/payment-invitations', body({ expiresAt: '2020-01-01' }));
    expect(past.status).toBe(400);
    expect(past.body.errors?.expiresAt).toEqual([PAYMENT_INVITATION_MSG.expiresAtPast]);
    expect(
      await t.db.select().from(paymentInvitations).where(eq(paymentInvitations.accountId, o.account.id)),
    ).toEqual([]);

    const a = await invite(o);
    expect(a.res.body.message).toBe(PAYMENT_INVITATION_MSG.created);
    expect(a.res.body.data).toMatchObject({ amount: '25000.50', amountMinor: 2500050, status: 'pending' });
    expect(a.mail.subject).toContain(o.account.name);
    const [row] = await t.db.select().from(paymentInvitations).where(eq(paymentInvitations.id, a.id));
    expect(row.refHash).toBe(hashRef(a.ref));
    expect(JSON.stringify(row)).not.toContain(a.ref);

    const b = await invite(o, { amount: '100' });
    await o.api.post(`/api/payment-invitations/${b.id}/cancel`);
    const all = await o.api.get('/api/payment-invitations');
    expect(all.body.data.map((i: any) => i.id)).toEqual([b.id, a.id]);
    const cancelled = await o.api.get('/api/payment-invitations?status=cancelled');
    expect(cancelled.body.data.map((i: any) => i.id)).toEqual([b.id]);
    const viaWhere = await o.api.get(
      `/api/payment-invitations?where=${encodeURIComponent('{"status":"pending"}')}`,
    );
    expect(viaWhere.body.data.map((i: any) => i.id)).toEqual([a.id]);
    const csv = await fetch(`${t.baseUrl}/api/payment-invitations?format=csv&status=pending`, {
      headers: { authorization: `Bearer ${o.token}`, 'x-account-id': o.account.id },
    });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('25000.50');

    // Another account sees none of it.
    const other = await fundedOwner(t, 0);
    expect((await other.api.get(`/api/payment-invitations/${a.id}`)).status).toBe(404);
    expect((await other.api.post(`/api/payment-invitations/${a.id}/cancel`)).status).toBe(404);
    expect((await other.api.post(`/api/payment-invitations/${a.id}/resend`)).status).toBe(404);
    expect((await other.api.get('/api/payment-invitations')).body.data).toEqual([]);
    expect((await o.api.get(`/api/payment-invitations/${a.id}`)).body.data.status).toBe('pending');

    // A member without inflows rights is refused.
    const member = await memberWithRole(t, o.account.id, 'member');
    expect((await member.api.post('/api/payment-invitations', body())).status).toBe(403);
    expect((await member.api.get('/api/payment-invitations')).status).toBe(403);
  });

  it('resend replaces the link (the old one stops working); cancel is final', async () => {
    const o = await fundedOwner(t, 0);
    const a = await invite(o);
    const again = await o.api.post(`/api/payment-invitations/${a.id}/resend`);
    expect(again.status).toBe(200);
    expect(again.body.message).toBe(PAYMENT_INVITATION_MSG.resent);
    const mail = await lastMailTo(t, a.res.body.data.payerEmail);
    const ref2 = /\/payment-invitation\/([0-9a-f]{32})/.exec(mail!.text)![1];
    expect(ref2).not.toBe(a.ref);
    expect((await anon().get(`/api/public/payment-invitations/${a.ref}`)).status).toBe(404);
    expect((await anon().get(`/api/public/payment-invitations/${ref2}`)).status).toBe(200);
    const c = await o.api.post(`/api/payment-invitations/${a.id}/cancel`);
    expect(c.body).toMatchObject({
      message: PAYMENT_INVITATION_MSG.cancelled,
      data: { status: 'cancelled' },
    });
    expect((await o.api.post(`/api/payment-invitations/${a.id}/cancel`)).status).toBe(409);
    expect((await o.api.post(`/api/payment-invitations/${a.id}/resend`)).status).toBe(409);
    const gone = await anon().get(`/api/public/payment-invitations/${ref2}`);
    expect(gone.status).toBe(410);
    expect(gone.body.message).toBe(PAYMENT_INVITATION_MSG.cancelledLink);
  });
});

describe('payment invitations: public side', () => {
  it('answers only the company name, amount and pay-in details; confirms once; 404/410 for bad links', async () => {
    const o = await fundedOwner(t, 0);
    const a = await invite(o);
    const got = await anon().get(`/api/public/payment-invitations/${a.ref}`);
    expect(got.status).toBe(200);
    expect(Object.keys(got.body.data).sort()).toEqual(
      [
        'amount',
        'amountMinor',
        'companyName',
        'currency',
        'expiresAt',
        'method',
        'methods',
        'payerName',
        'paymentReference',
        'status',
      ].sort(),
    );
    expect(got.body.data).toMatchObject({
      companyName: o.account.name,
      amount: '25000.50',
      status: 'pending',
    });
    const [bank, usd, gbp] = got.body.data.methods;
    expect(bank).toMatchObject({
      method: 'bankTransfer',
      available: true,
      details: { accountNumber: o.va.accountNumber },
    });
    expect(usd).toMatchObject({ method: 'usdAccount', available: false, details: null });
    expect(gbp).toMatchObject({ method: 'gbpAccount', available: false, details: null });
    expect(JSON.stringify(got.body)).not.toContain('Invoice 42');
    expect(JSON.stringify(got.body)).not.toContain(a.res.body.data.payerEmail);

    // Wire purpose is required for USD/GBP (the pay-someone wording); an unavailable method is 422.
    const noPurpose = await anon().post(`/api/public/payment-invitations/${a.ref}/confirm`, {
      method: 'usdAccount',
    });
    expect(noPurpose.status).toBe(400);
    expect(noPurpose.body.errors?.wirePurpose).toEqual([PAY_SOMEONE_MSG.wirePurposeRequired]);
    const unavailable = await anon().post(`/api/public/payment-invitations/${a.ref}/confirm`, {
      method: 'gbpAccount',
      wirePurpose: 'services',
      narration: 'Consulting for March',
    });
    expect(unavailable.status).toBe(422);

    const ok = await anon().post(`/api/public/payment-invitations/${a.ref}/confirm`, {
      method: 'bankTransfer',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe(PAYMENT_INVITATION_MSG.confirmed);
    const twice = await anon().post(`/api/public/payment-invitations/${a.ref}/confirm`, {
      method: 'bankTransfer',
    });
    expect(twice.status).toBe(409);
    const after = await anon().get(`/api/public/payment-invitations/${a.ref}`);
    expect(after.body.data).toMatchObject({ status: 'payerConfirmed', method: 'bankTransfer', methods: [] });
    expect((await o.api.get(`/api/payment-invitations/${a.id}`)).body.data.status).toBe('payerConfirmed');
    const note = await t.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.accountId, o.account.id),
          eq(notifications.topic, 'Payment Invitation Confirmed'),
        ),
      );
    expect(note.length).toBeGreaterThan(0);

    expect((await anon().get('/api/public/payment-invitations/nothex')).status).toBe(404);
    expect((await anon().get(`/api/public/payment-invitations/${'0'.repeat(32)}`)).status).toBe(404);

    const e = await invite(o);
    await t.db
      .update(paymentInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(paymentInvitations.id, e.id));
    const expired = await anon().get(`/api/public/payment-invitations/${e.ref}`);
    expect(expired.status).toBe(410);
    expect(expired.body.message).toBe(PAYMENT_INVITATION_MSG.expired);
    expect(
      (await anon().post(`/api/public/payment-invitations/${e.ref}/confirm`, { method: 'bankTransfer' }))
        .status,
    ).toBe(410);
    expect(
      (await o.api.get('/api/payment-invitations?status=expired')).body.data.map((i: any) => i.id),
    ).toEqual([e.id]);
  });
});

describe('payment invitations: matching deposits', () => {
  it('a deposit pays the invitation whose payment reference its narration carries, once; never by amount alone', async () => {
    const o = await fundedOwner(t, 0);
    const first = await invite(o, { amount: '5000' });
    const second = await invite(o, { amount: '5000' });
    const other = await invite(o, { amount: '7000' });
    await anon().post(`/api/public/payment-invitations/${second.ref}/confirm`, { method: 'bankTransfer' });
    // The reference is in the mail, on the payer's page and on the company's record.
    const refOf = async (id: string) =>
      (await o.api.get(`/api/payment-invitations/${id}`)).body.data.paymentReference as string;
    const firstRef = await refOf(first.id);
    expect(firstRef).toMatch(/^PAY[0-9A-HJKMNP-TV-Z]{10}$/);
    expect(first.mail.text).toContain(`Payment reference: ${firstRef}`);
    expect(
      (await anon().get(`/api/public/payment-invitations/${first.ref}`)).body.data.paymentReference,
    ).toBe(firstRef);

    const deposit = async (amount: string, narration?: string) => {
      const before = (await t.db.select().from(wallets).where(eq(wallets.id, o.wallet.id)))[0].balance;
      const res = await o.api.post('/api/sandbox/deposits', {
        accountNumber: o.va.accountNumber,
        amount,
        ...(narration ? { narration } : {}),
      });
      expect(res.status).toBe(200);
      await waitFor('credited', async () => {
        const w = (await t.db.select().from(wallets).where(eq(wallets.id, o.wallet.id)))[0];
        return w.balance > before;
      });
    };
    const statusOf = async (id: string) => (await o.api.get(`/api/payment-invitations/${id}`)).body.data;

    // Same amount, whoever sent it, without the reference: pays nothing.
    await deposit('5000');
    await deposit('5000', 'for the invoice');
    expect((await statusOf(first.id)).status).toBe('pending');
    expect((await statusOf(second.id)).status).toBe('payerConfirmed');
    // The reference with another amount: pays nothing either.
    await deposit('6000', firstRef);
    expect((await statusOf(first.id)).status).toBe('pending');

    // The second's reference (typed loosely, as payers do) pays the second, not the older first.
    const secondRef = await refOf(second.id);
    const loose = `NIP/CHIDI/${secondRef.slice(0, 6).toLowerCase()} ${secondRef.slice(6)}`;
    await deposit('5000', loose);
    const paid = await statusOf(second.id);
    expect(paid.status).toBe('paid');
    const [tx] = await t.db.select().from(transactions).where(eq(transactions.id, paid.transactionId));
    expect(tx).toMatchObject({ type: 'deposit', amount: 500000, accountId: o.account.id });
    expect((await statusOf(first.id)).status).toBe('pending');
    expect((await statusOf(other.id)).status).toBe('pending');
    const notes = await t.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.accountId, o.account.id),
          eq(notifications.topic, PAYMENT_INVITATION_MSG.paidTopic),
        ),
      );
    expect(notes.length).toBeGreaterThan(0);
    expect(notes[0].props).toMatchObject({ transactionId: paid.transactionId });

    await deposit('5000', `Invoice 42 ${firstRef}`);
    expect((await statusOf(first.id)).status).toBe('paid');
    await deposit('5000', firstRef); // already paid: just a deposit
    expect((await o.api.get('/api/payment-invitations?status=paid')).body.data).toHaveLength(2);
    expect((await anon().get(`/api/public/payment-invitations/${first.ref}`)).body.data.status).toBe('paid');
    expect(
      (await anon().post(`/api/public/payment-invitations/${first.ref}/confirm`, { method: 'bankTransfer' }))
        .status,
    ).toBe(409);

    // Another account's deposit carrying this account's reference never pays it.
    const stranger = await fundedOwner(t, 0);
    const mine = await invite(o, { amount: '5000' });
    await stranger.api.post('/api/sandbox/deposits', {
      accountNumber: stranger.va.accountNumber,
      amount: '5000',
      narration: await refOf(mine.id),
    });
    await waitFor('stranger credited', async () => {
      const w = (await t.db.select().from(wallets).where(eq(wallets.id, stranger.wallet.id)))[0];
      return w.balance > 0;
    });
    expect((await statusOf(mine.id)).status).toBe('pending');
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});

describe('payment invitations: USD and GBP', () => {
  it('a USD invitation shows the USD receiving details, needs the wire purpose, and a USD deposit pays it', async () => {
    const o = await fundedOwner(t, 0);
    expect((await o.api.post('/api/wallet', { currency: 'USD' })).status).toBe(201);
    const usdWallet = (await o.api.get('/api/wallet')).body.data.find((w: any) => w.currency === 'USD');
    const fa = (await o.api.get(`/api/wallet/${usdWallet.id}/funding-account`)).body.data;
    const usd = await invite(o, { currency: 'USD', amount: '120.00' });
    expect(usd.res.body.data).toMatchObject({ currency: 'USD', amountMinor: 12000 });
    const ngnSame = await invite(o, { currency: 'NGN', amount: '120.00' });
    expect((await o.api.post('/api/wallet', { currency: 'GBP' })).status).toBe(201);
    const gbpSame = await invite(o, { currency: 'GBP', amount: '120.00' });

    const got = await anon().get(`/api/public/payment-invitations/${usd.ref}`);
    expect(got.status).toBe(200);
    const [bank, usdMethod, gbpMethod] = got.body.data.methods;
    expect(bank).toMatchObject({ method: 'bankTransfer', available: false, details: null });
    expect(gbpMethod).toMatchObject({ method: 'gbpAccount', available: false, details: null });
    expect(usdMethod).toMatchObject({
      method: 'usdAccount',
      currency: 'USD',
      available: true,
      details: {
        currency: 'USD',
        accountNumber: fa.accountNumber,
        swiftCode: fa.swiftCode,
        routingNumber: fa.routingNumber,
      },
    });
    const gbpGot = await anon().get(`/api/public/payment-invitations/${gbpSame.ref}`);
    expect(gbpGot.body.data.methods[2]).toMatchObject({ method: 'gbpAccount', available: true });
    expect(gbpGot.body.data.methods[2].details.iban).toMatch(/^GB\d{2}CLRB\d{14}$/);

    const noPurpose = await anon().post(`/api/public/payment-invitations/${usd.ref}/confirm`, {
      method: 'usdAccount',
    });
    expect(noPurpose.status).toBe(400);
    const wrongMethod = await anon().post(`/api/public/payment-invitations/${usd.ref}/confirm`, {
      method: 'bankTransfer',
    });
    expect(wrongMethod.status).toBe(422);
    const confirmed = await anon().post(`/api/public/payment-invitations/${usd.ref}/confirm`, {
      method: 'usdAccount',
      wirePurpose: 'services',
      narration: 'Consulting for March',
    });
    expect(confirmed.status).toBe(200);

    // Another account's USD deposit of the same amount pays nothing here.
    const stranger = await fundedOwner(t, 0);
    await stranger.api.post('/api/wallet', { currency: 'USD' });
    const sw = (await stranger.api.get('/api/wallet')).body.data.find((w: any) => w.currency === 'USD');
    const sfa = (await stranger.api.get(`/api/wallet/${sw.id}/funding-account`)).body.data;
    await stranger.api.post('/api/sandbox/deposits', { accountNumber: sfa.accountNumber, amount: '120.00' });
    await waitFor('stranger USD credited', async () => {
      const w = (await t.db.select().from(wallets).where(eq(wallets.id, sw.id)))[0];
      return w.balance === 12000;
    });
    expect((await o.api.get(`/api/payment-invitations/${usd.id}`)).body.data.status).toBe('payerConfirmed');

    // Same amount and currency without the reference: pays nothing.
    const plain = await o.api.post('/api/sandbox/deposits', {
      accountNumber: fa.accountNumber,
      amount: '120.00',
    });
    expect(plain.status).toBe(200);
    await waitFor('plain USD deposit credited', async () => {
      const w = (await t.db.select().from(wallets).where(eq(wallets.id, usdWallet.id)))[0];
      return w.balance === 12000;
    });
    expect((await o.api.get(`/api/payment-invitations/${usd.id}`)).body.data.status).toBe('payerConfirmed');
    const res = await o.api.post('/api/sandbox/deposits', {
      accountNumber: fa.accountNumber,
      amount: '120.00',
      narration: usd.res.body.data.paymentReference,
    });
    expect(res.status).toBe(200);
    const paid = await waitFor('USD invitation paid', async () => {
      const d = (await o.api.get(`/api/payment-invitations/${usd.id}`)).body.data;
      return d.status === 'paid' ? d : null;
    });
    const [tx] = await t.db.select().from(transactions).where(eq(transactions.id, paid.transactionId));
    expect(tx).toMatchObject({ type: 'deposit', currency: 'USD', amount: 12000, walletId: usdWallet.id });
    // Same amount, other currencies: untouched.
    expect((await o.api.get(`/api/payment-invitations/${ngnSame.id}`)).body.data.status).toBe('pending');
    expect((await o.api.get(`/api/payment-invitations/${gbpSame.id}`)).body.data.status).toBe('pending');
    const notes = await t.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.accountId, o.account.id),
          eq(notifications.topic, PAYMENT_INVITATION_MSG.paidTopic),
        ),
      );
    expect(notes.some((n) => n.value.includes('$120.00'))).toBe(true);
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});

describe('payment invitations: concurrent deposits', () => {
  it('two deposits carrying the same reference at once pay one invitation once (row lock), the other stays a plain deposit', async () => {
    const o = await fundedOwner(t, 0);
    const only = await invite(o, { amount: '3000' });
    const results = await Promise.all(
      [1, 2].map((i) =>
        creditDeposit(t.app.deps, {
          accountNumber: o.va.accountNumber,
          amount: 300000,
          providerRef: `pi_race_${only.id}_${i}`,
          senderName: 'RACER',
          provider: 'sandbox',
          narration: only.res.body.data.paymentReference as string,
        }),
      ),
    );
    expect(results.every((r) => r.credited)).toBe(true);
    const [row] = await t.db.select().from(paymentInvitations).where(eq(paymentInvitations.id, only.id));
    expect(row.status).toBe('paid');
    expect(results.map((r) => r.transactionId)).toContain(row.transactionId);
    expect((await t.db.select().from(wallets).where(eq(wallets.id, o.wallet.id)))[0].balance).toBe(600000);
  });
});
