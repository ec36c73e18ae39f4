import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  addMember,
  client,
  createTestApp,
  makeUser,
  ownerWithAccount,
  type TestApp,
} from '../../../test/helpers';
import { applyFeeRule, computeFee, PLATFORM_FEE_DEFAULTS, type FeeRule } from './fees';
import { feePolicies } from './fees-tables';

const rule = (r: Partial<FeeRule>): FeeRule => ({
  flat: 0,
  percentBps: 0,
  cap: null,
  min: null,
  bands: null,
  ...r,
});

describe('fee arithmetic', () => {
  it('applies the NIP-style default bands for NGN bank transfers', () => {
    const nip = PLATFORM_FEE_DEFAULTS['bank-transfer'].NGN!;
    expect(applyFeeRule(nip, 100)).toBe(1_000); // ₦1 -> ₦10
    expect(applyFeeRule(nip, 500_000)).toBe(1_000); // ₦5,000 -> ₦10
    expect(applyFeeRule(nip, 500_001)).toBe(2_500); // just above -> ₦25
    expect(applyFeeRule(nip, 5_000_000)).toBe(2_500); // ₦50,000 -> ₦25
    expect(applyFeeRule(nip, 5_000_001)).toBe(5_000); // above -> ₦50
  });

  it('adds a percentage rounded half up, then applies min and cap', () => {
    expect(applyFeeRule(rule({ percentBps: 100 }), 50)).toBe(1); // 0.5 rounds up
    expect(applyFeeRule(rule({ percentBps: 100 }), 49)).toBe(0);
    expect(applyFeeRule(rule({ flat: 1000, percentBps: 150 }), 1_000_000)).toBe(16_000);
    expect(applyFeeRule(rule({ percentBps: 150, cap: 200_000 }), 100_000_000)).toBe(200_000);
    expect(applyFeeRule(rule({ percentBps: 10, min: 500 }), 1000)).toBe(500);
    expect(() => applyFeeRule(rule({}), -1)).toThrow();
  });
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('fee policy settings', () => {
  it('lists the policies in force, defaults included', async () => {
    const { api } = await ownerWithAccount(t);
    const res = await api.get('/api/settings/fee-policy');
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(9);
    const nip = res.body.data.find((p: any) => p.method === 'bank-transfer' && p.currency === 'NGN');
    expect(nip).toMatchObject({
      source: 'default',
      bands: [
        { upTo: '5000.00', upToMinor: 500000, flat: '10.00', flatMinor: 1000 },
        { upTo: '50000.00', upToMinor: 5000000, flat: '25.00', flatMinor: 2500 },
        { upTo: null, upToMinor: null, flat: '50.00', flatMinor: 5000 },
      ],
    });
  });

  it("sets an account's own policy, used by computeFee for that account only", async () => {
    const a = await ownerWithAccount(t);
    const b = await ownerWithAccount(t);
    const put = await a.api.put('/api/settings/fee-policy', {
      method: 'bank-transfer',
      currency: 'NGN',
      flat: '20',
      percent: '0.5',
      cap: 100,
    });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({
      flat: '20.00',
      flatMinor: 2000,
      percentBps: 50,
      cap: '100.00',
      capMinor: 10000,
      min: null,
      minMinor: null,
      bands: null,
      source: 'account',
    });
    expect(
      await computeFee(t.db, {
        accountId: a.account.id,
        method: 'bank-transfer',
        amount: 1_000_000,
        currency: 'NGN',
      }),
    ).toBe(7_000);
    expect(
      await computeFee(t.db, {
        accountId: a.account.id,
        method: 'bank-transfer',
        amount: 100_000_000,
        currency: 'NGN',
      }),
    ).toBe(10_000);
    expect(
      await computeFee(t.db, {
        accountId: b.account.id,
        method: 'bank-transfer',
        amount: 1_000_000,
        currency: 'NGN',
      }),
    ).toBe(2_500);
    // Bands below the platform's (₦1 and ₦2 against ₦10/₦25/₦50) are refused: nothing changes.
    const lower = await a.api.put('/api/settings/fee-policy', {
      method: 'bank-transfer',
      currency: 'NGN',
      flat: 0,
      bands: [
        { upTo: 1000, flat: 1 },
        { upTo: null, flat: 2 },
      ],
    });
    expect(lower.status).toBe(422);
    expect(Object.keys(lower.body.errors ?? {})).toEqual(['bands']);
    expect(
      await computeFee(t.db, {
        accountId: a.account.id,
        method: 'bank-transfer',
        amount: 200_000,
        currency: 'NGN',
      }),
    ).toBe(3_000);
    // replacing keeps one row
    const higher = await a.api.put('/api/settings/fee-policy', {
      method: 'bank-transfer',
      currency: 'NGN',
      flat: 0,
      bands: [
        { upTo: 1000, flat: 15 },
        { upTo: null, flat: 60 },
      ],
    });
    expect(higher.status).toBe(200);
    expect(
      await computeFee(t.db, {
        accountId: a.account.id,
        method: 'bank-transfer',
        amount: 200_000,
        currency: 'NGN',
      }),
    ).toBe(6_000);
    expect(await t.db.select().from(feePolicies).where(eq(feePolicies.accountId, a.account.id))).toHaveLength(
      1,
    );
    // reset to the default
    expect((await a.api.delete('/api/settings/fee-policy/bank-transfer/NGN')).status).toBe(200);
    expect((await a.api.delete('/api/settings/fee-policy/bank-transfer/NGN')).status).toBe(404);
    expect(
      await computeFee(t.db, {
        accountId: a.account.id,
        method: 'bank-transfer',
        amount: 1_000_000,
        currency: 'NGN',
      }),
    ).toBe(2_500);
  });

  it('refuses bad policies with field errors and writes nothing', async () => {
    const a = await ownerWithAccount(t);
    const bad = await a.api.put('/api/settings/fee-policy', {
      method: 'teleport',
      currency: 'NGN',
      flat: '1.234',
      percent: 101,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.status).toBe('validation-error');
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual(['flat', 'method', 'percent']);
    const minAboveCap = await a.api.put('/api/settings/fee-policy', {
      method: 'exchange',
      currency: 'USD',
      cap: 1,
      min: 2,
    });
    expect(minAboveCap.body.errors?.min).toEqual(['Minimum fee cannot be above the cap']);
    const badBands = await a.api.put('/api/settings/fee-policy', {
      method: 'exchange',
      currency: 'USD',
      bands: [
        { upTo: 10, flat: 1 },
        { upTo: 5, flat: 2 },
      ],
    });
    expect(badBands.status).toBe(400);
    expect(await t.db.select().from(feePolicies).where(eq(feePolicies.accountId, a.account.id))).toHaveLength(
      0,
    );
  });

  it('needs the feePolicies permission', async () => {
    const owner = await ownerWithAccount(t);
    const agent = await makeUser(t);
    await addMember(t, owner.account.id, agent.user.id, 'agent');
    const api = client(t, { token: agent.token, accountId: owner.account.id });
    expect(
      (await api.put('/api/settings/fee-policy', { method: 'exchange', currency: 'NGN', percent: 0 })).status,
    ).toBe(403);
  });
});
