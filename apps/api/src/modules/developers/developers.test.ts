import http from 'node:http';
import { createHmac, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEVELOPER_MSG, WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER } from '@owo/contract';
import { client, createTestApp, memberWithRole, ownerWithAccount, type TestApp } from '../../../test/helpers';
import { startJobs } from '../../platform/jobs';
import { creditDeposit } from '../money/deposits';
import { createWallet, getWalletByCurrency } from '../money/wallets';
import { getFundingAccount } from '../funding/virtual-accounts';
import { waitFor } from '../funding/test-support';

let t: TestApp;
let stopJobs: () => Promise<void>;
beforeAll(async () => {
  t = await createTestApp({
    WEBHOOK_RETRY_BASE_SECONDS: '0.5',
    RATE_LIMIT_ENABLED: 'true',
    API_RATE_LIMIT_PER_KEY: '5',
  });
  stopJobs = await startJobs(t.app.deps);
});
afterAll(async () => {
  await stopJobs?.();
  await t.close();
});

/** A receiver that verifies each signature with the secret it is given, and answers from a script. */
async function receiver(answers: number[]) {
  const got: { body: string; valid: boolean; event: string }[] = [];
  let secret = '';
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const ts = String(req.headers[WEBHOOK_TIMESTAMP_HEADER]);
      const sig = String(req.headers[WEBHOOK_SIGNATURE_HEADER]);
      const expected = `v1=${createHmac('sha512', secret).update(`${ts}.${body}`).digest('hex')}`;
      const fresh = Math.abs(Date.now() / 1000 - Number(ts)) < 300;
      got.push({ body, valid: sig === expected && fresh, event: String(req.headers['x-owo-event']) });
      res.statusCode = answers.shift() ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return {
    url,
    got,
    setSecret: (s: string) => (secret = s),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe('API keys', () => {
  it('shows the key once, stores only its hash, and authenticates with the role and account it was given', async () => {
    const o = await ownerWithAccount(t);
    const created = await o.api.post('/api/developers/keys', { name: 'ERP', role: 'accountant' });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe(DEVELOPER_MSG.keyCreated);
    const key: string = created.body.data.key;
    expect(key).toMatch(/^sk_test_/);
    const stored = await t.db.execute(sql`select key_hash from api_keys where id = ${created.body.data.id}`);
    expect(JSON.stringify(stored.rows)).not.toContain(key);
    const list = await o.api.get('/api/developers/keys');
    expect(list.body.data[0]).toMatchObject({ name: 'ERP', role: 'accountant' });
    expect(list.body.data[0].key).toBeUndefined();

    const k = client(t, { token: key });
    // accountant may read transactions, not create API keys or change settings
    expect((await k.get('/api/transactions')).status).toBe(200);
    expect((await k.post('/api/developers/keys', { name: 'x', role: 'admin' })).status).toBe(403);
    expect((await k.put('/api/settings/organisation', { name: 'Hacked' })).status).toBe(403);
    // session-only routes refuse keys
    expect((await k.get('/api/me/accounts')).status).toBe(403);
    // another account's ids: not found / forbidden
    const other = await ownerWithAccount(t);
    const otherKey = (await other.api.post('/api/developers/keys', { name: 'o', role: 'admin' })).body.data;
    expect(
      (await client(t, { token: key, accountId: other.account.id }).get('/api/transactions')).status,
    ).toBe(403);
    const adminKey = client(t, {
      token: (await o.api.post('/api/developers/keys', { name: 'a', role: 'admin' })).body.data.key,
    });
    expect((await adminKey.delete(`/api/developers/keys/${otherKey.id}`)).status).toBe(404);
    expect((await adminKey.get('/api/developers/keys')).body.data.map((x: any) => x.name).sort()).toEqual([
      'ERP',
      'a',
    ]);
  });

  it('refuses an unknown role and the owner role', async () => {
    const o = await ownerWithAccount(t);
    for (const role of ['nope', 'owner']) {
      const r = await o.api.post('/api/developers/keys', { name: 'x', role });
      expect(r.status).toBe(400);
      expect(r.body.errors!.role).toEqual([DEVELOPER_MSG.roleUnknown]);
    }
    expect((await o.api.post('/api/developers/keys', { name: '', role: 'admin' })).body.errors!.name).toEqual(
      [DEVELOPER_MSG.nameRequired],
    );
  });

  it('a revoked key answers 401 at once; a reset key replaces the old one', async () => {
    const o = await ownerWithAccount(t);
    const c = (await o.api.post('/api/developers/keys', { name: 'k', role: 'admin' })).body.data;
    const k = client(t, { token: c.key });
    expect((await k.get('/api/wallet')).status).toBe(200);
    const reset = await o.api.post(`/api/developers/keys/${c.id}/reset`);
    expect(reset.status).toBe(200);
    expect((await k.get('/api/wallet')).status).toBe(401);
    const k2 = client(t, { token: reset.body.data.key });
    expect((await k2.get('/api/wallet')).status).toBe(200);
    expect((await o.api.delete(`/api/developers/keys/${c.id}`)).body.message).toBe(DEVELOPER_MSG.keyRevoked);
    expect((await k2.get('/api/wallet')).status).toBe(401);
    expect(
      (await client(t, { token: `sk_test_${randomBytes(32).toString('base64url')}` }).get('/api/wallet'))
        .status,
    ).toBe(401);
  });

  it('is rate-limited per key under api:key:<id>', async () => {
    const o = await ownerWithAccount(t);
    const c = (await o.api.post('/api/developers/keys', { name: 'k', role: 'admin' })).body.data;
    const k = client(t, { token: c.key });
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await k.get('/api/wallet')).status);
    expect(codes.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(codes[5]).toBe(429);
    // the member's own session counts separately
    expect((await o.api.get('/api/wallet')).status).toBe(200);
  });
});

describe('webhooks', () => {
  it('signs deliveries, retries after a 500, never delivers twice after a 200, and logs each', async () => {
    const o = await ownerWithAccount(t);
    const rx = await receiver([500, 200]);
    try {
      const created = await o.api.post('/api/developers/webhooks', { url: rx.url, events: ['transaction'] });
      expect(created.status).toBe(201);
      rx.setSecret(created.body.data.secret);
      const id = created.body.data.id;
      const stored = await t.db.execute(sql`select secret from webhook_endpoints where id = ${id}`);
      expect(String((stored.rows[0] as { secret: string }).secret)).toMatch(/^vault:/);

      // a money event (a deposit) becomes a `transaction` event
      const wallet =
        (await getWalletByCurrency(t.db, o.account.id, 'NGN')) ??
        (await createWallet(t.db, { accountId: o.account.id, currency: 'NGN' }));
      const va = await getFundingAccount(t.app.deps, o.account.id, wallet.id);
      await creditDeposit(t.app.deps, {
        accountNumber: va.accountNumber,
        amount: 5_000_00,
        providerRef: `w_${randomBytes(4).toString('hex')}`,
        senderName: 'A',
        provider: 'sandbox',
      });
      const delivered = await waitFor('delivery', async () => {
        const d = (await o.api.get(`/api/developers/webhooks/${id}/deliveries`)).body.data;
        return d.find((x: any) => x.status === 'delivered');
      });
      expect(delivered.attempts).toBe(2);
      expect(rx.got).toHaveLength(2);
      expect(rx.got.every((g) => g.valid)).toBe(true);
      const payload = JSON.parse(rx.got[1].body);
      expect(payload).toMatchObject({
        event: 'transaction',
        data: { amount: '5000.00', amountMinor: 500000, currency: 'NGN' },
      });
      // give the dispatcher time to (wrongly) send it again
      await new Promise((r) => setTimeout(r, 2500));
      expect(rx.got).toHaveLength(2);

      // test event and replay
      const test = await o.api.post(`/api/developers/webhooks/${id}/test`);
      expect(test.body.message).toBe(DEVELOPER_MSG.testSent);
      await waitFor('test', async () => rx.got.length === 3);
      expect(rx.got[2]).toMatchObject({ event: 'test', valid: true });
      const replay = await o.api.post(`/api/developers/webhooks/${id}/deliveries/${delivered.id}/replay`);
      expect(replay.status).toBe(200);
      await waitFor('replay', async () => rx.got.length === 4);
      expect(JSON.parse(rx.got[3].body).id).toBe(payload.id);

      // another account cannot see or touch it
      const other = await ownerWithAccount(t);
      expect((await other.api.get(`/api/developers/webhooks/${id}/deliveries`)).status).toBe(404);
      expect((await other.api.post(`/api/developers/webhooks/${id}/test`)).status).toBe(404);
    } finally {
      await rx.close();
    }
  });

  it('refuses plain http to public hosts and an empty event list', async () => {
    const o = await ownerWithAccount(t);
    const bad = await o.api.post('/api/developers/webhooks', {
      url: 'http://example.com/hook',
      events: ['transaction'],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors!.url).toEqual([DEVELOPER_MSG.urlHttps]);
    const none = await o.api.post('/api/developers/webhooks', {
      url: 'https://example.com/hook',
      events: [],
    });
    expect(none.body.errors!.events).toEqual([DEVELOPER_MSG.eventsRequired]);
    const ok = await o.api.post('/api/developers/webhooks', {
      url: 'https://example.com/hook',
      events: ['payout'],
    });
    expect(ok.status).toBe(201);
    const m = await memberWithRole(t, o.account.id, 'member');
    expect((await m.api.get('/api/developers/webhooks')).status).toBe(403);
  });
});
