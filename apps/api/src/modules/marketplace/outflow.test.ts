// One way money leaves (issue 34 §1) for electricity orders: the final approval writes the digest of
// the order (every meter's amount, disco and meter number, the wallet) into the trail, and a vend
// sends exactly that or nothing. A vending changed between the approval and the vend (any edit path:
// here the row itself) is not vended: its hold is released with the reason. No job worker runs here,
// so the test decides when the vend happens.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberWithRole, type TestApp, createTestApp } from '../../../test/helpers';
import { fundedOwner } from '../funding/test-support';
import { transactions, wallets } from '../money/tables';
import { verifyLedger } from '../money/verify';
import { vendingSandboxVends, vendings } from './tables';
import { vendOrder } from './vend';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

let seq = 0;
const randomMeter = () => `4${String(Date.now()).slice(-8)}${String(seq++).padStart(3, '0')}`;

describe('electricity orders vend only what was approved (issue 34 §1)', () => {
  it('an amount changed after approval is not vended; the hold comes back', async () => {
    const o = await fundedOwner(t, 100_000_00);
    const a = await memberWithRole(t, o.account.id, 'finance-manager');
    await o.api.post('/api/approval-workflows', {
      name: 'Electricity',
      type: 'marketplace',
      levels: [{ approverIds: [a.user.id], rule: 'any' }],
    });
    const m = await o.api.post('/api/marketplace/assets/meters/add', {
      meterNo: randomMeter(),
      disco: 'IKEDC',
      vendType: 'prepaid',
      phoneNo: '08031234567',
      name: 'X',
      label: 'Ikeja office',
      email: '',
      state: 'Lagos',
    });
    expect(m.status, JSON.stringify(m.body)).toBe(201);
    const c = await o.api.post('/api/marketplace/vendings/create', {
      walletId: o.wallet.id,
      utilityType: 'ELECTRICITY',
      assets: [{ assetId: m.body.data.id, amount: '2000' }],
    });
    expect(c.status, JSON.stringify(c.body)).toBe(201);
    const { orderId } = c.body.data;
    const id = c.body.data.vendings[0].id;
    const item = (await a.api.get(`/api/marketplace/vendings/${id}`)).body.data
      .approvalWorkflowPendingApprovalItem;
    const ok = await a.api.post(`/api/approval-workflows/pending-approvals/approve/${item.id}`, {
      approvalStatus: 'approved',
      comments: 'Checked the meters',
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);

    // Between the approval and the vend the amount becomes ten times what was approved.
    await t.db.update(vendings).set({ amountMinor: 20_000_00 }).where(eq(vendings.id, id));
    await vendOrder(t.app.deps, orderId);

    const [v] = await t.db.select().from(vendings).where(eq(vendings.id, id));
    expect(v.state).toBe('failed');
    const sent = await t.db
      .select()
      .from(vendingSandboxVends)
      .where(eq(vendingSandboxVends.meterNo, v.meta.meter));
    expect(sent).toEqual([]); // nothing reached the provider
    const w = (await t.db.select().from(wallets).where(eq(wallets.id, o.wallet.id)))[0];
    expect([w.balance, w.pendingBalance]).toEqual([100_000_00, 0]); // the hold is back
    const [hold] = await t.db.select().from(transactions).where(eq(transactions.sourceId, id));
    expect(hold.status).toBe('failed');
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});
