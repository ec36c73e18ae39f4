import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  client,
  createTestApp,
  makeUser,
  ownerWithAccount,
  setKybTier,
  type TestApp,
} from '../../../test/helpers';
import { withLookupCounter } from '../banks/test-rails';
import { creditDeposit } from './deposits';
import { createWallet, getWalletByCurrency, setWalletVirtualAccount, type WalletCurrency } from './wallets';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    FX_RATES: 'USD:NGN=1500,GBP:NGN=1900,GBP:USD=1.25',
    PER_TRANSACTION_MAX_USD: '10000',
  });
  withLookupCounter(t); // makes sure a rails adapter answers fxRate
});
afterAll(async () => {
  await t.close();
});

async function walletOf(accountId: string, currency: WalletCurrency) {
  return (
    (await getWalletByCurrency(t.db, accountId, currency)) ?? createWallet(t.db, { accountId, currency })
  );
}
async function fund(walletId: string, amount: number) {
  const accountNumber = String(Math.floor(Math.random() * 9e9) + 1e9);
  await setWalletVirtualAccount(t.db, walletId, {
    accountNumber,
    bankCode: '101',
    bankName: 'Providus Bank',
  });
  await creditDeposit(t.app.deps, {
    accountNumber,
    amount,
    providerRef: randomUUID(),
    senderName: 'Test Funder',
    provider: 'test',
  });
}
const url = (resource: string, walletId: string) => `/api/exchange/disbursement/${resource}/${walletId}`;

describe('exchange quote', () => {
  it('quotes a same-currency payment with the method fee and asks for funds when short', async () => {
    const { api, account } = await ownerWithAccount(t);
    const ngn = await walletOf(account.id, 'NGN');
    const body = { amount: '100000', currency: 'NGN', method: 'bank-transfer' };
    const short = await api.post(url('payouts', ngn.id), body);
    expect(short.status).toBe(200);
    expect(short.body.data).toMatchObject({
      isPaymentRequired: true,
      rate: '1',
      sourceCurrency: 'NGN',
      amount: '100000.00',
      amountMinor: 10_000_000,
      fxFee: '0.00',
      fxFeeMinor: 0,
      transferFee: '50.00',
      transferFeeMinor: 5_000,
      exchangeFee: '50.00',
      exchangeFeeMinor: 5_000,
      total: '100050.00',
      totalMinor: 10_005_000,
    });
    await fund(ngn.id, 10_005_000);
    const enough = await api.post(url('expenses', ngn.id), body);
    expect(enough.body.data.isPaymentRequired).toBe(false);
    expect(enough.body.data).toMatchObject({
      availableBalance: '100050.00',
      availableBalanceMinor: 10_005_000,
    });
  });

  it('converts into the wallet currency exactly, rounding half up, and adds the exchange fee', async () => {
    const { api, account } = await ownerWithAccount(t);
    await setKybTier(t, account.id, 3); // ₦150,000 is above the KYC-incomplete cap
    const usd = await walletOf(account.id, 'USD');
    const res = await api.post(url('payouts', usd.id), {
      amount: 150000,
      currency: 'NGN',
      method: 'bank-transfer',
    });
    expect(res.status).toBe(200);
    // ₦150,000 at 1/1500 = $100.00; ₦50 fee = 3.33c -> 3c; 1% exchange fee on $100 = $1.00
    expect(res.body.data).toMatchObject({
      sourceCurrency: 'USD',
      currency: 'NGN',
      amountMinor: 10_000,
      transferFeeMinor: 3,
      fxFeeMinor: 100,
      exchangeFeeMinor: 103,
      total: '101.03',
      totalMinor: 10_103,
      requestedAmount: '150000.00',
      requestedAmountMinor: 15_000_000,
    });
    expect(res.body.data.rate).toBe('0.000666666666666667');
    const gbp = await api.post(url('payouts', usd.id), { amount: '0.01', currency: 'GBP', method: 'none' });
    expect(gbp.body.data).toMatchObject({
      amountMinor: 1,
      transferFeeMinor: 0,
      fxFeeMinor: 0,
      totalMinor: 1,
    }); // 1.25c -> 1c; 1% of 1c rounds to 0
  });

  it('caps USD and GBP payouts at our per-transaction limit (USD equivalent), naira by KYB tier', async () => {
    const { api, account } = await ownerWithAccount(t);
    const ngn = await walletOf(account.id, 'NGN');
    const quote = (amount: string, currency: string) =>
      api.post(url('payouts', ngn.id), { amount, currency, method: 'bank-transfer' });
    expect((await quote('10000', 'USD')).status).toBe(200);
    const over = await quote('10001', 'USD');
    expect(over.status).toBe(400);
    expect(over.body.status).toBe('validation-error');
    expect(over.body.message).toContain('our limit of $10,000.00 per transaction');
    expect(over.body.message).toContain("not the central bank's");
    expect(over.body.errors?.recipientAmount).toEqual([over.body.message]);
    expect((await quote('10000.01', 'USD')).status).toBe(400);
    expect((await quote('8000', 'GBP')).status).toBe(200); // $10,000 at 1.25
    expect((await quote('8000.01', 'GBP')).status).toBe(400);

    // Naira: below tier 3 the KYC-incomplete cap (₦100,000), at tier 3 none (₦20,000,000 passes).
    expect((await quote('100000', 'NGN')).status).toBe(200);
    for (const tier of [1, 2] as const) {
      await setKybTier(t, account.id, tier);
      const refused = await quote('20000000', 'NGN');
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('amount exceeds limit for incomplete KYC.');
      // The field errors name the cap and what lifts it.
      const detail =
        'amount exceeds limit for incomplete KYC. Until your business verification (KYB) is complete, one payment can be at most ₦100,000.00.';
      expect(refused.body.errors).toEqual({ amount: [detail], recipientAmount: [detail] });
      expect((await quote('100000.01', 'NGN')).status).toBe(400);
    }
    await setKybTier(t, account.id, 3);
    const big = await quote('20000000', 'NGN');
    expect(big.status).toBe(200);
    expect(big.body.data).toMatchObject({ amount: '20000000.00', amountMinor: 2_000_000_000 });
    // The dollar cap still holds at tier 3.
    expect((await quote('10001', 'USD')).status).toBe(400);
  });

  it("answers 404 for another account's wallet and 400 for bad input", async () => {
    const a = await ownerWithAccount(t);
    const b = await ownerWithAccount(t);
    const bWallet = await walletOf(b.account.id, 'NGN');
    const other = await a.api.post(url('payouts', bWallet.id), {
      amount: 100,
      currency: 'NGN',
      method: 'bank-transfer',
    });
    expect(other.status).toBe(404);
    expect((await a.api.post(url('payouts', randomUUID()), { amount: 100, currency: 'NGN' })).status).toBe(
      404,
    );
    const bad = await a.api.post(url('payouts', 'not-a-uuid'), { amount: 100, currency: 'NGN' });
    expect(bad.status).toBe(400);
    const aWallet = await walletOf(a.account.id, 'NGN');
    const badBody = await a.api.post(url('payouts', aWallet.id), { amount: '1.001', currency: 'EUR' });
    expect(badBody.status).toBe(400);
    expect(Object.keys(badBody.body.errors ?? {}).sort()).toEqual(['amount', 'currency']);
  });

  it('needs create rights on the resource named in the path', async () => {
    const owner = await ownerWithAccount(t);
    const wallet = await walletOf(owner.account.id, 'NGN');
    const agent = await makeUser(t);
    await addMember(t, owner.account.id, agent.user.id, 'agent');
    const api = client(t, { token: agent.token, accountId: owner.account.id });
    expect((await api.post(url('payouts', wallet.id), { amount: 100, currency: 'NGN' })).status).toBe(403);
    expect((await owner.api.post(url('nothing', wallet.id), { amount: 100, currency: 'NGN' })).status).toBe(
      404,
    );
  });
});
