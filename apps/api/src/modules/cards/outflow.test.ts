// One way money leaves (issue 34 §1) for card funding: it has no approval by design, so it moves
// under the declared authority `system:card-funding` of money/outflow.ts, written on the transaction
// with the digest of what was moved (amount, wallet, the card); a refused funding moves nothing.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberWithRole, type TestApp, createTestApp } from '../../../test/helpers';
import { manifestDigest } from '../approvals';
import { fundedOwner } from '../funding/test-support';
import { transactions, wallets } from '../money/tables';
import { verifyLedger } from '../money/verify';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('card funding moves under its declared authority (issue 34 §1)', () => {
  it('names system:card-funding and the manifest digest; a refused funding moves nothing', async () => {
    const o = await fundedOwner(t, 1_000_000_00);
    const m = await memberWithRole(t, o.account.id, 'finance-manager');
    const created = await o.api.post('/api/cards', {
      holderId: m.user.id,
      currency: 'NGN',
      perTransactionLimit: '50000',
      monthlyLimit: '120000',
      label: 'Subscriptions',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const card = created.body.data;
    const funded = await o.api.post(`/api/cards/${card.id}/fund`, { amount: '25000', walletId: o.wallet.id });
    expect(funded.status, JSON.stringify(funded.body)).toBe(200);
    const [tx] = await t.db.select().from(transactions).where(eq(transactions.sourceId, card.id));
    expect(tx).toMatchObject({ type: 'card_funding', amount: 25_000_00, fee: 0 });
    expect(tx.metadata).toMatchObject({
      authority: 'system:card-funding',
      authorityResourceId: card.id,
      manifestDigest: manifestDigest({
        amountMinor: 25_000_00,
        currency: 'NGN',
        feeMinor: 0,
        walletId: o.wallet.id,
        bankCode: 'card',
        bankName: null,
        accountNumber: card.id,
        accountName: `Card •••• ${card.last4}`,
        payee: m.user.id,
        date: null,
      }),
    });
    const tooMuch = await o.api.post(`/api/cards/${card.id}/fund`, {
      amount: '2000000',
      walletId: o.wallet.id,
    });
    expect(tooMuch.status).toBe(422);
    const w = (await t.db.select().from(wallets).where(eq(wallets.id, o.wallet.id)))[0];
    expect(w.balance).toBe(1_000_000_00 - 25_000_00);
    expect(await t.db.select().from(transactions).where(eq(transactions.sourceId, card.id))).toHaveLength(1);
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});
