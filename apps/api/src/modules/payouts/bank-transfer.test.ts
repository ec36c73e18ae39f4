// POST /api/transfers (createBankTransfer): a wallet-to-bank transfer is a payout that goes to
// approval (issue 34 §1 "One way money leaves"): nothing moves until another person approves, and
// what is paid is exactly the manifest the final approval digested. Its Idempotency-Key behaviour.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, memberWithRole, setKybTier, type TestApp } from '../../../test/helpers';
import { approvalDecisions, approvalItems } from '../approvals/tables';
import { verifyAllChains } from '../approvals/trail';
import { fundedOwner } from '../funding/test-support';
import { transactions, wallets } from '../money/tables';
import { fundWallet, TEST_BENEFICIARY } from '../money/test-utils';
import { verifyLedger } from '../money/verify';
import { payees } from '../payees/tables';
import { payouts } from './tables';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const key = () => ({ 'idempotency-key': randomUUID() });
const balanceOf = async (walletId: string) =>
  (await t.db.select().from(wallets).where(eq(wallets.id, walletId)))[0];
const payoutsOf = (walletId: string) =>
  t.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.walletId, walletId), eq(transactions.type, 'payout')));
const payoutRows = (accountId: string) => t.db.select().from(payouts).where(eq(payouts.accountId, accountId));
const approve = (api: any, approvalId: string) =>
  api.post(`/api/approval-workflows/pending-approvals/approve/${approvalId}`, {
    approvalStatus: 'approved',
    comments: 'Checked the invoice',
  });

/** An owner with a funded NGN wallet (`walletId`). */
async function owner(balance: number) {
  const o = await fundedOwner(t, balance);
  return { ...o, walletId: o.wallet.id };
}

/** The AP policy auto-approves below `naira` (four eyes stays on; the KYC cap as it is). */
async function autoApproveBelow(api: any, naira: number) {
  const p = (await api.get('/api/settings/ap-policy')).body.data;
  const res = await api.put('/api/settings/ap-policy', {
    autoApproveBelow: naira,
    fourEyes: true,
    overBudget: p.overBudget,
    kycIncompleteCap: p.kycIncompleteCap,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

describe('POST /api/transfers: a payout to approval', () => {
  it('★ four eyes on: a member’s transfer moves no money until another person approves, then pays the approved manifest', async () => {
    const o = await owner(1_000_000_00);
    const m = await memberWithRole(t, o.account.id, 'finance-manager');
    const before = await balanceOf(o.walletId);

    const res = await m.api.post(
      '/api/transfers',
      { walletId: o.walletId, amount: '2500.50', ...TEST_BENEFICIARY, narration: 'Invoice 12' },
      key(),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body.message).toBe('Transfer sent for approval');
    const p = res.body.data;
    expect(p).toMatchObject({
      status: 'pending',
      channel: 'transfer',
      amountMinor: 250_050,
      narration: 'Invoice 12',
      transactionId: null,
      payee: { accountNumber: TEST_BENEFICIARY.accountNumber },
      maker: { id: m.user.id },
    });
    const item = p.approvalWorkflowPendingApprovalItem;
    expect(item).toMatchObject({ status: 'pending' });
    // Nothing held, nothing sent.
    expect(await balanceOf(o.walletId)).toMatchObject({
      balance: before.balance,
      pendingBalance: before.pendingBalance,
    });
    expect(await payoutsOf(o.walletId)).toHaveLength(0);

    // The maker cannot approve their own transfer; still nothing moves.
    const own = await approve(m.api, item.id);
    expect(own.status).toBeGreaterThanOrEqual(400);
    expect(own.status).toBeLessThan(500);
    expect(await payoutsOf(o.walletId)).toHaveLength(0);
    expect((await balanceOf(o.walletId)).balance).toBe(before.balance);

    // Another person approves: exactly the approved manifest leaves.
    const ok = await approve(o.api, item.id);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const [row] = await t.db.select().from(approvalItems).where(eq(approvalItems.id, item.id));
    expect(row.status).toBe('approved');
    const manifest = row.manifest as Record<string, unknown>;
    const sent = await payoutsOf(o.walletId);
    expect(sent).toHaveLength(1);
    const [tx] = sent;
    expect({
      amountMinor: tx.amount,
      feeMinor: tx.fee,
      currency: tx.currency,
      walletId: tx.walletId,
      bankCode: tx.counterparty.bankCode,
      // The item keeps the manifest with the account number masked (its digest covers the whole).
      accountNumber: `******${String(tx.counterparty.accountNumber).slice(-4)}`,
      accountName: tx.counterparty.accountName,
    }).toEqual({
      amountMinor: manifest.amountMinor,
      feeMinor: manifest.feeMinor,
      currency: manifest.currency,
      walletId: manifest.walletId,
      bankCode: manifest.bankCode,
      accountNumber: manifest.accountNumber,
      accountName: manifest.accountName,
    });
    expect(manifest).toMatchObject({
      amountMinor: 250_050,
      walletId: o.walletId,
      bankCode: TEST_BENEFICIARY.bankCode,
      accountNumber: `******${TEST_BENEFICIARY.accountNumber.slice(-4)}`,
    });
    expect(tx).toMatchObject({ sourceType: 'payout', sourceId: p.id, createdBy: m.user.id });
    expect(tx.metadata).toMatchObject({
      authority: 'approval:payout',
      authorityResourceId: p.id,
      approvalItemId: item.id,
      manifestDigest: row.manifestDigest,
    });
    const trail = await t.db.select().from(approvalDecisions).where(eq(approvalDecisions.itemId, item.id));
    expect(trail.map((d) => [d.status, d.userId, d.manifestDigest])).toEqual([
      ['Approved', o.user.id, row.manifestDigest],
    ]);
    // amount + fee held at the approval.
    const w = await balanceOf(o.walletId);
    expect(w.balance).toBe(before.balance - tx.amount - tx.fee);
    expect(w.pendingBalance).toBe(tx.amount + tx.fee);
    expect((await m.api.get(`/api/payouts/${p.id}`)).body.data).toMatchObject({
      status: 'paying',
      transactionId: tx.id,
    });
    expect(await verifyLedger(t.db)).toEqual([]);
    expect((await verifyAllChains(t.db, { accountId: o.account.id })).broken).toEqual([]);
  });

  it('a rejected transfer moves nothing', async () => {
    const o = await owner(100_000_00);
    const m = await memberWithRole(t, o.account.id, 'finance-manager');
    const res = await m.api.post(
      '/api/transfers',
      { walletId: o.walletId, amount: 100, ...TEST_BENEFICIARY },
      key(),
    );
    expect(res.status).toBe(202);
    const rejected = await o.api.post(
      `/api/approval-workflows/pending-approvals/approve/${res.body.data.approvalWorkflowPendingApprovalItem.id}`,
      { approvalStatus: 'rejected', comments: 'Not ours' },
    );
    expect(rejected.status).toBe(200);
    expect((await o.api.get(`/api/payouts/${res.body.data.id}`)).body.data.status).toBe('rejected');
    expect(await payoutsOf(o.walletId)).toHaveLength(0);
    expect((await balanceOf(o.walletId)).balance).toBe(100_000_00);
  });

  it('auto-approved by the AP policy (below its threshold): paid at once, amount + fee held, as a payout is', async () => {
    const o = await owner(1_000_000);
    await autoApproveBelow(o.api, 5_000);
    const res = await o.api.post(
      '/api/transfers',
      { walletId: o.walletId, amount: '2500.50', ...TEST_BENEFICIARY, narration: 'Invoice 12' },
      key(),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.message).toBe('Transfer initiated');
    expect(res.body.data).toMatchObject({
      status: 'paying',
      channel: 'transfer',
      amount: '2500.50',
      amountMinor: 250_050,
      payee: { accountNumber: '0123456785' },
      approvalWorkflowPendingApprovalItem: { status: 'approved' },
    });
    const [tx] = await payoutsOf(o.walletId);
    expect(tx).toMatchObject({
      id: res.body.data.transactionId,
      status: 'pending',
      amount: 250_050,
      counterparty: { bankCode: '058', accountNumber: '0123456785' },
      metadata: { authority: 'approval:payout', authorityResourceId: res.body.data.id },
    });
    expect(tx.counterparty.accountName).toBeTruthy();
    expect(tx.fee).toBe(res.body.data.feeMinor);
    const w = await balanceOf(o.walletId);
    expect(w.balance).toBe(1_000_000 - 250_050 - tx.fee);
    expect(w.pendingBalance).toBe(250_050 + tx.fee);
    // At or above the threshold: to approval, nothing moves.
    const big = await o.api.post(
      '/api/transfers',
      { walletId: o.walletId, amount: 5_000, ...TEST_BENEFICIARY },
      key(),
    );
    expect(big.status).toBe(202);
    expect(await payoutsOf(o.walletId)).toHaveLength(1);
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('pays the vendor with that bank account, or a new one named by the bank: one vendor per account', async () => {
    const o = await owner(100_000_00);
    for (let i = 0; i < 2; i++)
      expect(
        (await o.api.post('/api/transfers', { walletId: o.walletId, amount: 10, ...TEST_BENEFICIARY }, key()))
          .status,
      ).toBe(202);
    const vs = await t.db.select().from(payees).where(eq(payees.accountId, o.account.id));
    expect(vs).toHaveLength(1);
    expect(vs[0]).toMatchObject({ ...TEST_BENEFICIARY, currency: 'NGN' });
    expect(vs[0].name).toBe(vs[0].accountName);
    expect((await payoutRows(o.account.id)).map((p) => p.payeeId)).toEqual([vs[0].id, vs[0].id]);
  });

  it('requires an Idempotency-Key and writes nothing without it', async () => {
    const o = await owner(100_000);
    const res = await o.api.post('/api/transfers', { walletId: o.walletId, amount: 10, ...TEST_BENEFICIARY });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Idempotency-Key header is required');
    expect(await payoutRows(o.account.id)).toHaveLength(0);
    expect((await balanceOf(o.walletId)).balance).toBe(100_000);
  });

  it('answers 400 with field errors on bad input and writes nothing', async () => {
    const o = await owner(100_000);
    const res = await o.api.post(
      '/api/transfers',
      { walletId: o.walletId, amount: '10.555', bankCode: '058', accountNumber: '123' },
      key(),
    );
    expect(res.status).toBe(400);
    expect(res.body.status).toBe('validation-error');
    expect(res.body.errors!.amount).toBeDefined();
    expect(res.body.errors!.accountNumber).toEqual(['Account number must be 10 digits']);
    expect(await payoutRows(o.account.id)).toHaveLength(0);
  });

  it('refuses a transfer the balance cannot cover (amount + fee) and writes nothing', async () => {
    const o = await owner(50_000);
    const res = await o.api.post(
      '/api/transfers',
      { walletId: o.walletId, amount: 500, ...TEST_BENEFICIARY },
      key(),
    );
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ amount: ['Insufficient funds, top-up required'] });
    expect(await payoutRows(o.account.id)).toHaveLength(0);
    expect(await t.db.select().from(payees).where(eq(payees.accountId, o.account.id))).toHaveLength(0);
    expect((await balanceOf(o.walletId)).balance).toBe(50_000);
  });

  it('caps a naira transfer by KYB tier: ₦20,000,000 refused below tier 3, accepted at tier 3', async () => {
    const o = await owner(10_000_000_000);
    const body = { walletId: o.walletId, amount: 20_000_000, ...TEST_BENEFICIARY };
    for (const tier of [1, 2] as const) {
      await setKybTier(t, o.account.id, tier);
      const res = await o.api.post('/api/transfers', body, key());
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('amount exceeds limit for incomplete KYC.');
      expect(res.body.errors).toEqual({
        amount: [
          'amount exceeds limit for incomplete KYC. Until your business verification (KYB) is complete, one payment can be at most ₦100,000.00.',
        ],
      });
      expect(await payoutRows(o.account.id)).toHaveLength(0);
    }
    // At the cap is allowed below tier 3.
    expect((await o.api.post('/api/transfers', { ...body, amount: 100_000 }, key())).status).toBe(202);
    await setKybTier(t, o.account.id, 3);
    const res = await o.api.post('/api/transfers', body, key());
    expect(res.status).toBe(202);
    expect(res.body.data.amountMinor).toBe(2_000_000_000);
  });

  it("answers 404 for another company's wallet and a field error for a wallet not in naira; writes nothing", async () => {
    const a = await owner(100_000);
    const b = await owner(100_000);
    const res = await a.api.post(
      '/api/transfers',
      { walletId: b.walletId, amount: 10, ...TEST_BENEFICIARY },
      key(),
    );
    // Another company's wallet is refused on its field by the body-id check (issue 34 §7).
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors ?? {})).toEqual(['walletId']);
    const usd = (await a.api.post('/api/wallet', { currency: 'USD' })).body.data;
    const res2 = await a.api.post(
      '/api/transfers',
      { walletId: usd.id, amount: 10, ...TEST_BENEFICIARY },
      key(),
    );
    expect(res2.status).toBe(400);
    expect(res2.body.errors).toEqual({ walletId: ['Bank transfers are sent from the NGN wallet'] });
    expect(await payoutRows(a.account.id)).toHaveLength(0);
    expect(await payoutRows(b.account.id)).toHaveLength(0);
    expect((await balanceOf(b.walletId)).balance).toBe(100_000);
  });
});

describe('POST /api/transfers: Idempotency-Key', () => {
  it('same key and body: one payout, the same answer replayed; approved, money moves once', async () => {
    const o = await owner(100_000);
    const a = await memberWithRole(t, o.account.id, 'admin');
    const h = key();
    const first = await o.api.post(
      '/api/transfers',
      { walletId: o.walletId, amount: 100, ...TEST_BENEFICIARY },
      h,
    );
    const second = await o.api.post(
      '/api/transfers',
      { ...TEST_BENEFICIARY, amount: '100.00', walletId: o.walletId },
      h,
    );
    expect(first.status).toBe(202);
    expect(second.status).toBe(202);
    expect(second.body.data.id).toBe(first.body.data.id);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await payoutRows(o.account.id)).toHaveLength(1);
    expect((await approve(a.api, first.body.data.approvalWorkflowPendingApprovalItem.id)).status).toBe(200);
    const third = await o.api.post(
      '/api/transfers',
      { walletId: o.walletId, amount: 100, ...TEST_BENEFICIARY },
      h,
    );
    expect(third.body.data.id).toBe(first.body.data.id);
    expect(await payoutRows(o.account.id)).toHaveLength(1);
    expect(await payoutsOf(o.walletId)).toHaveLength(1);
  });

  it('same key, different body: 422 idempotency-mismatch, nothing written', async () => {
    const o = await owner(100_000);
    const h = key();
    await o.api.post('/api/transfers', { walletId: o.walletId, amount: 100, ...TEST_BENEFICIARY }, h);
    const res = await o.api.post(
      '/api/transfers',
      { walletId: o.walletId, amount: 200, ...TEST_BENEFICIARY },
      h,
    );
    expect(res.status).toBe(422);
    expect(res.body.status).toBe('idempotency-mismatch');
    expect((await payoutRows(o.account.id)).map((p) => p.amountMinor)).toEqual([10_000]);
  });

  it('replays a stored failure too (insufficient funds stays the answer for that key)', async () => {
    const o = await owner(1_000);
    const h = key();
    const body = { walletId: o.walletId, amount: 50, ...TEST_BENEFICIARY };
    expect((await o.api.post('/api/transfers', body, h)).status).toBe(400);
    await fundWallet(t.app.deps, o.walletId, 1_000_000);
    const again = await o.api.post('/api/transfers', body, h);
    expect(again.status).toBe(400);
    expect(again.body.errors).toEqual({ amount: ['Insufficient funds, top-up required'] });
    expect(await payoutRows(o.account.id)).toHaveLength(0);
    expect((await o.api.post('/api/transfers', body, key())).status).toBe(202);
  });

  it('concurrent duplicates: exactly one runs, all get its answer', async () => {
    const o = await owner(100_000);
    const h = key();
    const body = { walletId: o.walletId, amount: 10, ...TEST_BENEFICIARY };
    const results = await Promise.all(
      Array.from({ length: 10 }, () => o.api.post('/api/transfers', body, h)),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(202));
    expect(new Set(results.map((r) => r.body.data.id)).size).toBe(1);
    expect(await payoutRows(o.account.id)).toHaveLength(1);
  });

  it("another company's identical key is independent", async () => {
    const a = await owner(100_000);
    const b = await owner(100_000);
    const h = key();
    const ra = await a.api.post(
      '/api/transfers',
      { walletId: a.walletId, amount: 10, ...TEST_BENEFICIARY },
      h,
    );
    const rb = await b.api.post(
      '/api/transfers',
      { walletId: b.walletId, amount: 10, ...TEST_BENEFICIARY },
      h,
    );
    expect(ra.status).toBe(202);
    expect(rb.status).toBe(202);
    expect(rb.body.data.id).not.toBe(ra.body.data.id);
    expect(await payoutRows(b.account.id)).toHaveLength(1);
  });
});
