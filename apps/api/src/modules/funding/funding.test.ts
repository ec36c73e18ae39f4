import { randomUUID } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { isValidNuban } from '@owo/contract';
import {
  client,
  createTestApp,
  makeUser,
  memberWithRole,
  ownerWithAccount,
  type TestApp,
} from '../../../test/helpers';
import { RAILS_WEBHOOK_SECRET_FILE } from '../../platform/config';
import { dataDirSecret, dataSecretFile } from '../../platform/data-secret';
import { startJobs } from '../../platform/jobs';
import { signBody } from '../../rails/sandbox/webhook-format';
import { inboundCredits, transactions, wallets } from '../money/tables';
import { notifications } from '../notifications/tables';
import { verifyLedger } from '../money/verify';
import { createWallet, getWalletByCurrency } from '../money/wallets';
import { railsWebhookEvents } from './tables';
import { fundedOwner, recordSandboxCharge, waitFor } from './test-support';

let t: TestApp;
let stopJobs: () => Promise<void>;
beforeAll(async () => {
  t = await createTestApp();
  stopJobs = await startJobs(t.app.deps);
});
afterAll(async () => {
  await stopJobs?.();
  await t?.close();
});

const balanceOf = async (walletId: string) =>
  (await t.db.select().from(wallets).where(eq(wallets.id, walletId)))[0].balance;

function chargeBody(accountNumber: string, amount: number, reference: string, id = `evt_${reference}`) {
  return JSON.stringify({
    event: 'charge.success',
    id,
    data: {
      reference,
      amount,
      currency: 'NGN',
      status: 'success',
      channel: 'dedicated_nuban',
      paid_at: new Date().toISOString(),
      authorization: {
        receiver_bank_account_number: accountNumber,
        receiver_bank: 'Providus Bank',
        sender_name: 'ADA OBI',
      },
    },
  });
}
const post = (body: string, signature: string) =>
  fetch(`${t.baseUrl}/webhooks/rails/sandbox`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-sandbox-signature': signature },
    body,
  });

describe('funding account', () => {
  it('gives each NGN wallet its own valid virtual account, tenant-scoped', async () => {
    const a = await fundedOwner(t, 0);
    const b = await fundedOwner(t, 0);
    const res = await a.api.get(`/api/wallet/${a.wallet.id}/funding-account`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      accountNumber: a.va.accountNumber,
      bankCode: '101',
      bankName: 'Providus Bank',
    });
    expect(res.body.data.accountNumber).toMatch(/^\d{10}$/);
    expect(a.va.accountNumber).not.toBe(b.va.accountNumber);
    expect((await a.api.get(`/api/wallet/${b.wallet.id}/funding-account`)).status).toBe(404);
  });

  it('a new wallet gets its account from the background sweep, without a read', async () => {
    const o = await ownerWithAccount(t);
    const w =
      (await getWalletByCurrency(t.db, o.account.id, 'NGN')) ??
      (await createWallet(t.db, { accountId: o.account.id, currency: 'NGN' }));
    const assigned = await waitFor(
      'virtual account assigned',
      async () => (await t.db.select().from(wallets).where(eq(wallets.id, w.id)))[0].virtualAccountNumber,
    );
    expect(isValidNuban(assigned, '101')).toBe(true);
    // USD/GBP wallets get receiving details the same way (foreign-accounts.test.ts has the details).
    const usd = await createWallet(t.db, { accountId: o.account.id, currency: 'USD' });
    const usdNumber = await waitFor(
      'USD receiving details assigned',
      async () => (await t.db.select().from(wallets).where(eq(wallets.id, usd.id)))[0].virtualAccountNumber,
    );
    expect(usdNumber).toMatch(/^\d{12}$/);
  });

  it('documents the routes in OpenAPI', async () => {
    const doc = await (await fetch(`${t.baseUrl}/api/docs/json`)).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/wallet/{id}/funding-account',
        '/api/sandbox/deposits',
        '/webhooks/rails/{provider}',
      ]),
    );
  });
});

describe('deposits through the sandbox', () => {
  it('credits the wallet once when the sandbox sends charge.success', async () => {
    const o = await fundedOwner(t, 0);
    const res = await o.api.post('/api/sandbox/deposits', {
      accountNumber: o.va.accountNumber,
      amount: '2500.50',
      senderName: 'ADA OBI',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.amount).toBe('2500.50');
    await waitFor('deposit credited', async () => (await balanceOf(o.wallet.id)) === 250050);
    await new Promise((r) => setTimeout(r, 1500)); // a duplicate delivery would land in this window
    expect(await balanceOf(o.wallet.id)).toBe(250050);
    const deposits = await t.db.select().from(transactions).where(eq(transactions.walletId, o.wallet.id));
    expect(deposits.filter((d) => d.type === 'deposit')).toHaveLength(1);
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('rejects bad input and unknown accounts without writing anything', async () => {
    const u = await makeUser(t);
    const api = client(t, { token: u.token });
    const bad = await api.post('/api/sandbox/deposits', { accountNumber: '123', amount: '1.234' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors ?? {})).toEqual(expect.arrayContaining(['accountNumber', 'amount']));
    expect(
      (await api.post('/api/sandbox/deposits', { accountNumber: '0000000000', amount: '10' })).status,
    ).toBe(404);
    expect(
      (await client(t).post('/api/sandbox/deposits', { accountNumber: '0000000000', amount: '10' })).status,
    ).toBe(401);
  });

  it('says whether the sandbox deposit is there (the Add Funds screen asks, it does not probe)', async () => {
    const u = await makeUser(t);
    const status = await client(t, { token: u.token }).get('/api/sandbox/status');
    expect(status.status).toBe(200);
    expect(status.body.data).toEqual({ deposits: true });
    expect((await client(t).get('/api/sandbox/status')).status).toBe(401);
  });
});

describe('webhook receiver', () => {
  it('refuses a bad signature with 401 and changes nothing', async () => {
    const o = await fundedOwner(t, 0);
    const body = chargeBody(o.va.accountNumber, 100_00, 'chg_forged_1');
    const res = await post(body, signBody('not-the-secret-not-the-secret', body));
    expect(res.status).toBe(401);
    const missing = await fetch(`${t.baseUrl}/webhooks/rails/sandbox`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(missing.status).toBe(401);
    const tampered = await post(
      body.replace('10000', '99999'),
      signBody(t.config.RAILS_WEBHOOK_SECRET!, body),
    );
    expect(tampered.status).toBe(401);
    await new Promise((r) => setTimeout(r, 800));
    expect(
      await t.db.select().from(railsWebhookEvents).where(eq(railsWebhookEvents.reference, 'chg_forged_1')),
    ).toHaveLength(0);
    expect(await balanceOf(o.wallet.id)).toBe(0);
  });

  it('credits once when the same webhook arrives twice (and once more under a new event id)', async () => {
    const o = await fundedOwner(t, 0);
    const admin = await memberWithRole(t, o.account.id, 'admin');
    const body = chargeBody(o.va.accountNumber, 700_00, 'chg_twice_1');
    await recordSandboxCharge(t, body); // the provider issued it (its webhook is the one we send)
    const sig = signBody(t.config.RAILS_WEBHOOK_SECRET!, body);
    const [r1, r2] = await Promise.all([post(body, sig), post(body, sig)]);
    expect([r1.status, r2.status]).toEqual([200, 200]);
    const dupFlags = [(await r1.json()).data.duplicate, (await r2.json()).data.duplicate].sort();
    expect(dupFlags).toEqual([false, true]);
    const again = chargeBody(o.va.accountNumber, 700_00, 'chg_twice_1', 'evt_other_id');
    expect((await post(again, signBody(t.config.RAILS_WEBHOOK_SECRET!, again))).status).toBe(200);
    await waitFor('both events processed', async () => {
      const rows = await t.db
        .select()
        .from(railsWebhookEvents)
        .where(eq(railsWebhookEvents.reference, 'chg_twice_1'));
      return rows.length === 2 && rows.every((r) => r.processedAt);
    });
    expect(await balanceOf(o.wallet.id)).toBe(70000);
    expect(
      await t.db.select().from(inboundCredits).where(eq(inboundCredits.providerRef, 'chg_twice_1')),
    ).toHaveLength(1);
    // One "deposit credited" notification per owner/admin, however often the webhook came.
    const [deposit] = await t.db.select().from(transactions).where(eq(transactions.walletId, o.wallet.id));
    const sent = await t.db.select().from(notifications).where(eq(notifications.accountId, o.account.id));
    const money = sent.filter((n) => n.props.transactionId);
    expect(money.map((n) => n.userId).sort()).toEqual([o.user.id, admin.user.id].sort());
    expect(money.every((n) => n.props.transactionId === deposit.id)).toBe(true);
    expect(money[0]).toMatchObject({ topic: 'Deposit Received', kind: 'event' });
    expect(money[0].value).toBe('₦700.00 from ADA OBI was credited to your NGN wallet.');
    const inbox = await o.api.get('/api/me/notifications');
    expect(inbox.status).toBe(200);
    expect(JSON.stringify(inbox.body.data)).toContain(deposit.id);
  });

  it('a signed deposit webhook for a reference the rails never issued credits nothing and is logged', async () => {
    const o = await fundedOwner(t, 0);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const level = t.config.LOG_LEVEL;
    t.config.LOG_LEVEL = 'warn'; // the test app is silent; the warning is what is checked here
    try {
      const body = chargeBody(o.va.accountNumber, 90_000_00, 'chg_never_issued_1');
      expect((await post(body, signBody(t.config.RAILS_WEBHOOK_SECRET!, body))).status).toBe(200);
      const [ev] = await waitFor('event processed', async () => {
        const rows = await t.db
          .select()
          .from(railsWebhookEvents)
          .where(eq(railsWebhookEvents.reference, 'chg_never_issued_1'));
        return rows[0]?.processedAt ? rows : null;
      });
      expect(ev.result).toBe('unknown-to-provider');
      expect(await balanceOf(o.wallet.id)).toBe(0);
      expect(
        await t.db.select().from(inboundCredits).where(eq(inboundCredits.providerRef, 'chg_never_issued_1')),
      ).toHaveLength(0);
      const logged = warn.mock.calls.map((c) => String(c[0])).find((m) => m.includes('chg_never_issued_1'));
      expect(logged).toContain('unknown-to-provider');
      expect(logged).not.toContain(t.config.RAILS_WEBHOOK_SECRET!);
    } finally {
      t.config.LOG_LEVEL = level;
      warn.mockRestore();
    }
  });

  it('a webhook that differs from the provider record (a raised amount) credits nothing more', async () => {
    const o = await fundedOwner(t, 0);
    const sent = await o.api.post('/api/sandbox/deposits', {
      accountNumber: o.va.accountNumber,
      amount: '100',
    });
    expect(sent.status).toBe(200);
    const ref = sent.body.data.reference as string;
    await waitFor('real deposit credited', async () => (await balanceOf(o.wallet.id)) === 100_00);
    const forged = chargeBody(o.va.accountNumber, 5_000_000_00, ref, 'evt_raised');
    expect((await post(forged, signBody(t.config.RAILS_WEBHOOK_SECRET!, forged))).status).toBe(200);
    const ev = await waitFor('forged event processed', async () => {
      const [row] = await t.db
        .select()
        .from(railsWebhookEvents)
        .where(eq(railsWebhookEvents.eventId, 'evt_raised'));
      return row?.processedAt ? row : null;
    });
    expect(ev.result).toBe('differs-from-provider');
    expect(await balanceOf(o.wallet.id)).toBe(100_00);
  });

  it('signs with a secret generated for its DATA_DIR, never the old built-in constant', async () => {
    const o = await fundedOwner(t, 0);
    const body = chargeBody(o.va.accountNumber, 100_00, 'chg_constant_1');
    await recordSandboxCharge(t, body);
    const res = await post(body, signBody('sandbox-webhook-secret-not-for-production', body));
    expect(res.status).toBe(401);
    const file = dataSecretFile(t.config.dataDir, RAILS_WEBHOOK_SECRET_FILE);
    expect(readFileSync(file, 'utf8').trim()).toBe(t.config.RAILS_WEBHOOK_SECRET);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // Another data directory gets another secret; the same one reads the same.
    const other = path.join(tmpdir(), `owo-secret-${randomUUID()}`);
    expect(dataDirSecret(other, RAILS_WEBHOOK_SECRET_FILE)).not.toBe(t.config.RAILS_WEBHOOK_SECRET);
    expect(dataDirSecret(other, RAILS_WEBHOOK_SECRET_FILE)).toBe(
      dataDirSecret(other, RAILS_WEBHOOK_SECRET_FILE),
    );
    await new Promise((r) => setTimeout(r, 500));
    expect(await balanceOf(o.wallet.id)).toBe(0);
  });

  it('answers 404 for another provider and acknowledges signed events it does not handle', async () => {
    const body = JSON.stringify({ event: 'customeridentification.success', id: 'evt_x', data: {} });
    const sig = signBody(t.config.RAILS_WEBHOOK_SECRET!, body);
    expect(
      (
        await fetch(`${t.baseUrl}/webhooks/rails/paystack`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-sandbox-signature': sig },
          body,
        })
      ).status,
    ).toBe(404);
    expect((await post(body, sig)).status).toBe(200);
  });
});

describe('in production', () => {
  it('has no sandbox deposit route', async () => {
    const p = await createTestApp({
      NODE_ENV: 'production',
      RAILS_WEBHOOK_SECRET: 'prod-webhook-secret-0123456789',
    });
    try {
      const u = await makeUser(p);
      const res = await client(p, { token: u.token }).post('/api/sandbox/deposits', {
        accountNumber: '0123456785',
        amount: '10',
      });
      expect(res.status).toBe(404);
    } finally {
      await p.close();
    }
  });
});
