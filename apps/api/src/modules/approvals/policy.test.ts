// Platform rules above company settings (issue 34 §5): the KYC cap on payouts while KYB is
// incomplete is the platform's; a company's AP policy may lower it, never raise it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, PLATFORM_LIMITS_MSG } from '@owo/contract';
import {
  client,
  createTestApp,
  makeUser,
  memberWithRole,
  ownerWithAccount,
  type TestApp,
} from '../../../test/helpers';
import { checkPayoutLimit } from '../money/limits';

const ADMIN_EMAIL = 'kyc.admin@owo.example';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PLATFORM_ADMIN_EMAILS: ADMIN_EMAIL });
});
afterAll(async () => {
  await t?.close();
});

const policy = (kycIncompleteCap: string) => ({
  autoApproveBelow: '0',
  fourEyes: true,
  overBudget: 'block',
  kycIncompleteCap,
});
/** Whether the account may pay `naira` in one NGN transaction (the payout limit check money runs). */
const mayPay = async (accountId: string, naira: number) =>
  checkPayoutLimit(t.app.deps, t.db, { accountId, amountMinor: naira * 100, currency: 'NGN' }).then(
    () => true,
    (err: { message?: string }) => {
      expect(err.message).toBe(MSG.kycIncompleteLimit);
      return false;
    },
  );

describe('the KYC cap is a platform rule', () => {
  it('a company without KYB cannot raise its own KYC payout cap from the AP policy: 422, nothing changes', async () => {
    const o = await ownerWithAccount(t);
    const before = (await o.api.get('/api/settings/ap-policy')).body.data;
    expect(before).toMatchObject({
      kycIncompleteCapMinor: 10_000_000,
      platformKycIncompleteCap: '100000.00',
      platformKycIncompleteCapMinor: 10_000_000,
    });
    const raised = await o.api.put('/api/settings/ap-policy', { ...policy('100000000'), fourEyes: false });
    expect(raised.status).toBe(422);
    const msg = PLATFORM_LIMITS_MSG.kycCapAbovePlatform('₦100,000.00');
    expect(raised.body.message).toBe(msg);
    expect(raised.body.errors).toEqual({ kycIncompleteCap: [msg] });
    // Nothing changed: not the cap, not the other fields of the same request.
    const after = (await o.api.get('/api/settings/ap-policy')).body.data;
    expect(after).toEqual(before);
    expect(await mayPay(o.account.id, 150_000)).toBe(false);
    expect(await mayPay(o.account.id, 100_000)).toBe(true);
  });

  it('a company may lower it (tighten), and the lower cap applies', async () => {
    const o = await ownerWithAccount(t);
    const lower = await o.api.put('/api/settings/ap-policy', policy('50000'));
    expect(lower.status).toBe(200);
    expect(lower.body.data).toMatchObject({
      kycIncompleteCapMinor: 5_000_000,
      platformKycIncompleteCapMinor: 10_000_000,
    });
    expect(await mayPay(o.account.id, 60_000)).toBe(false);
    expect(await mayPay(o.account.id, 50_000)).toBe(true);
  });

  it('only a platform administrator changes the platform cap; companies follow, a lower one binds saved caps', async () => {
    const o = await ownerWithAccount(t);
    expect((await o.api.get('/api/platform/kyc-cap')).body.data).toMatchObject({
      editable: false,
      kycIncompleteCapMinor: 10_000_000,
    });
    const refused = await o.api.put('/api/platform/kyc-cap', { kycIncompleteCap: '5000000' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(PLATFORM_LIMITS_MSG.platformAdminOnly);
    const adminRole = await memberWithRole(t, o.account.id, 'admin'); // a company admin is no platform admin
    expect((await adminRole.api.put('/api/platform/kyc-cap', { kycIncompleteCap: '5000000' })).status).toBe(
      403,
    );
    expect((await client(t).get('/api/platform/kyc-cap')).status).toBe(401);

    const admin = await makeUser(t, { email: ADMIN_EMAIL });
    const adminApi = client(t, { token: admin.token });
    expect((await adminApi.get('/api/platform/kyc-cap')).body.data.editable).toBe(true);
    const bad = await adminApi.put('/api/platform/kyc-cap', { kycIncompleteCap: '-1' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors ?? {})).toEqual(['kycIncompleteCap']);
    try {
      // Raised by the platform: the company may now raise its own up to it.
      const up = await adminApi.put('/api/platform/kyc-cap', { kycIncompleteCap: '500000' });
      expect(up.status).toBe(200);
      expect(up.body.message).toBe(PLATFORM_LIMITS_MSG.saved);
      expect((await o.api.put('/api/settings/ap-policy', policy('500000'))).status).toBe(200);
      expect(await mayPay(o.account.id, 400_000)).toBe(true);
      expect((await o.api.put('/api/settings/ap-policy', policy('500000.01'))).status).toBe(422);
      // Lowered by the platform: the company's saved ₦500,000 reads (and binds) as the platform's.
      expect((await adminApi.put('/api/platform/kyc-cap', { kycIncompleteCap: '20000' })).status).toBe(200);
      expect((await o.api.get('/api/settings/ap-policy')).body.data).toMatchObject({
        kycIncompleteCapMinor: 2_000_000,
        platformKycIncompleteCapMinor: 2_000_000,
      });
      expect(await mayPay(o.account.id, 25_000)).toBe(false);
    } finally {
      expect((await adminApi.put('/api/platform/kyc-cap', { kycIncompleteCap: '100000' })).status).toBe(200);
    }
  });
});
