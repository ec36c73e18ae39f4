// Settings > fee policy (issue 27 §3): the fee preview over the policy in force, and the platform
// default rows that only a platform administrator changes.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, makeUser, memberWithRole, ownerWithAccount, type TestApp } from './helpers';

const ADMIN_EMAIL = 'platform.admin@owo.example';
const FLOOR_ADMIN_EMAIL = 'fees.admin@owo.example';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    PLATFORM_ADMIN_EMAILS: ` ${ADMIN_EMAIL.toUpperCase()} , other@owo.example, ${FLOOR_ADMIN_EMAIL}`,
  });
});
afterAll(async () => {
  await t.close();
});

const quote = (api: ReturnType<typeof client>, q: Record<string, string>) =>
  api.get(`/api/settings/fee-policy/quote?${new URLSearchParams(q)}`);

describe('GET /api/settings/fee-policy/quote', () => {
  it('previews the built-in NIP bands: ₦10 up to ₦5,000, ₦25 up to ₦50,000, ₦50 above', async () => {
    const o = await ownerWithAccount(t);
    for (const [amount, fee, band] of [
      ['5000', 1_000, 0],
      ['5000.01', 2_500, 1],
      ['50000', 2_500, 1],
      ['1000000', 5_000, 2],
    ] as const) {
      const res = await quote(o.api, { amount });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        method: 'bank-transfer',
        currency: 'NGN',
        feeMinor: fee,
        source: 'default',
        bandIndex: band,
      });
      expect(res.body.data.totalMinor).toBe(res.body.data.amountMinor + fee);
      expect(res.body.data.fee).toBe((fee / 100).toFixed(2));
    }
    const fx = await quote(o.api, { amount: '1000', method: 'exchange', currency: 'USD' });
    expect(fx.body.data).toMatchObject({ feeMinor: 1_000, bandIndex: null, total: '1010.00' });
  });

  it("uses the account's own policy, and another account's policy never applies", async () => {
    const a = await ownerWithAccount(t);
    const b = await ownerWithAccount(t);
    const set = await a.api.put('/api/settings/fee-policy', {
      method: 'bank-transfer',
      currency: 'NGN',
      percent: '1.5',
      cap: '2000',
      min: '20',
    });
    expect(set.status).toBe(200);
    const mine = await quote(a.api, { amount: '100000' });
    expect(mine.body.data).toMatchObject({ feeMinor: 150_000, source: 'account', bandIndex: null });
    expect((await quote(a.api, { amount: '1000' })).body.data.feeMinor).toBe(2_000); // min ₦20
    expect((await quote(a.api, { amount: '10000000' })).body.data.feeMinor).toBe(200_000); // cap ₦2,000
    // b still pays the default, even when naming a's account id it is not a member of.
    expect((await quote(b.api, { amount: '100000' })).body.data).toMatchObject({ feeMinor: 5_000 });
    const foreign = await client(t, { token: b.token, accountId: a.account.id }).get(
      '/api/settings/fee-policy/quote?amount=100000',
    );
    expect(foreign.status).toBe(403);
  });

  it('refuses bad input with field errors (fuzz)', async () => {
    const o = await ownerWithAccount(t);
    for (const [q, field] of [
      [{}, 'amount'],
      [{ amount: '0' }, 'amount'],
      [{ amount: '-5' }, 'amount'],
      [{ amount: '1.234' }, 'amount'],
      [{ amount: 'x'.repeat(100) }, 'amount'],
      [{ amount: '10', method: 'cash' }, 'method'],
      [{ amount: '10', currency: 'EUR' }, 'currency'],
    ] as const) {
      const res = await quote(o.api, q as Record<string, string>);
      expect(res.status, JSON.stringify(q)).toBe(400);
      expect(Object.keys(res.body.errors ?? {})).toContain(field);
    }
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 40 }), async (amount) => {
        const res = await quote(o.api, { amount });
        expect([200, 400]).toContain(res.status);
        if (res.status === 200) expect(res.body.data.feeMinor).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 40 },
    );
  });

  it('needs feePolicies get: a member without it is refused, no session is 401', async () => {
    const o = await ownerWithAccount(t);
    expect((await quote(client(t), { amount: '10' })).status).toBe(401);
    const emp = await memberWithRole(t, o.account.id, 'employee');
    const res = await quote(emp.api, { amount: '10' });
    expect([200, 403]).toContain(res.status); // whatever the role table says, never a 5xx
  });
});

describe('company fees never undercut the platform fee (issue 34 §5)', () => {
  it("a company cannot set the platform's transfer fee on its own account to ₦0: 422, nothing changes", async () => {
    const o = await ownerWithAccount(t);
    const zero = await o.api.put('/api/settings/fee-policy', {
      method: 'bank-transfer',
      currency: 'NGN',
      flat: '0',
      percent: '0',
    });
    expect(zero.status).toBe(422);
    const msg =
      'A company fee cannot be lower than the platform fee (₦10.00 on ₦0.00); it may only add to it';
    expect(zero.body.message).toBe(msg);
    expect(zero.body.errors?.flat).toEqual([msg]);
    // Undercutting only on large amounts (a cap below the platform's ₦50 band) is refused too.
    const capped = await o.api.put('/api/settings/fee-policy', {
      method: 'bank-transfer',
      currency: 'NGN',
      flat: '60',
      cap: '40',
    });
    expect(capped.status).toBe(422);
    expect(Object.keys(capped.body.errors ?? {})).toEqual(['cap']);
    // Nothing was written: the platform fee still applies.
    const list = await o.api.get('/api/settings/fee-policy');
    expect(
      list.body.data.find(
        (p: { method: string; currency: string }) => p.method === 'bank-transfer' && p.currency === 'NGN',
      ).source,
    ).toBe('default');
    expect((await quote(o.api, { amount: '1000' })).body.data).toMatchObject({
      feeMinor: 1_000,
      source: 'default',
    });
  });

  it('a markup above the platform fee is accepted, and the platform fee stays the floor if it later rises', async () => {
    const o = await ownerWithAccount(t);
    const markup = await o.api.put('/api/settings/fee-policy', {
      method: 'bank-transfer',
      currency: 'NGN',
      flat: '60',
    });
    expect(markup.status).toBe(200);
    expect((await quote(o.api, { amount: '1000' })).body.data).toMatchObject({
      feeMinor: 6_000,
      source: 'account',
    });
    // A platform administrator raises the platform fee above the company's: the company pays the platform's.
    const admin = await makeUser(t, { email: FLOOR_ADMIN_EMAIL });
    const adminApi = client(t, { token: admin.token });
    expect(
      (
        await adminApi.put('/api/platform/fee-policy', {
          method: 'bank-transfer',
          currency: 'NGN',
          flat: '75',
        })
      ).status,
    ).toBe(200);
    try {
      expect((await quote(o.api, { amount: '1000' })).body.data.feeMinor).toBe(7_500);
    } finally {
      expect((await adminApi.delete('/api/platform/fee-policy/bank-transfer/NGN')).status).toBe(200);
    }
    expect((await quote(o.api, { amount: '1000' })).body.data.feeMinor).toBe(6_000);
  });
});

describe('platform default fees', () => {
  it('everyone reads them; only a platform administrator changes them, and all accounts follow', async () => {
    const o = await ownerWithAccount(t);
    const list = await o.api.get('/api/platform/fee-policy');
    expect(list.status).toBe(200);
    expect(list.body.data.editable).toBe(false);
    const nip = list.body.data.policies.find(
      (p: { method: string; currency: string }) => p.method === 'bank-transfer' && p.currency === 'NGN',
    );
    expect(nip.bands.map((b: { flatMinor: number }) => b.flatMinor)).toEqual([1_000, 2_500, 5_000]);

    const body = {
      method: 'bank-transfer',
      currency: 'NGN',
      bands: [
        { upTo: '10000', flat: '5' },
        { upTo: null, flat: '30' },
      ],
    };
    const refused = await o.api.put('/api/platform/fee-policy', body);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only a platform administrator can change the platform default fees');
    expect((await o.api.delete('/api/platform/fee-policy/bank-transfer/NGN')).status).toBe(403);

    // The admin's email must be confirmed.
    const unconfirmed = await makeUser(t, { email: 'other@owo.example', verified: false });
    const u = await client(t, { token: unconfirmed.token }).put('/api/platform/fee-policy', body);
    expect([401, 403]).toContain(u.status);

    const admin = await makeUser(t, { email: ADMIN_EMAIL });
    const adminApi = client(t, { token: admin.token });
    expect((await adminApi.get('/api/platform/fee-policy')).body.data.editable).toBe(true);
    const bad = await adminApi.put('/api/platform/fee-policy', {
      ...body,
      bands: [{ upTo: '5', flat: '1' }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.bands).toEqual(['The last band must have no upper limit']);
    const saved = await adminApi.put('/api/platform/fee-policy', body);
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Platform default fee saved successfully');
    expect(saved.body.data.source).toBe('default');

    // Every account without its own row now pays the new default.
    expect((await quote(o.api, { amount: '20000' })).body.data).toMatchObject({
      feeMinor: 3_000,
      bandIndex: 1,
    });
    // The account-level list shows it as the default, and an account row still wins.
    const acct = await o.api.get('/api/settings/fee-policy');
    expect(
      acct.body.data.find(
        (p: { method: string; currency: string }) => p.method === 'bank-transfer' && p.currency === 'NGN',
      ),
    ).toMatchObject({ source: 'default', bands: [{ flatMinor: 500 }, { flatMinor: 3_000 }] });

    const reset = await adminApi.delete('/api/platform/fee-policy/bank-transfer/NGN');
    expect(reset.status).toBe(200);
    expect((await adminApi.delete('/api/platform/fee-policy/bank-transfer/NGN')).status).toBe(404);
    expect((await quote(o.api, { amount: '20000' })).body.data.feeMinor).toBe(2_500);
    expect((await adminApi.delete('/api/platform/fee-policy/bank-transfer/EUR')).status).toBe(400);
  });
});
