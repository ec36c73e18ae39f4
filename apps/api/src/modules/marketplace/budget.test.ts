import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKETPLACE_MSG as MSG } from '@owo/contract';
import { memberWithRole, ownerWithAccount, type TestApp, createTestApp } from '../../../test/helpers';
import { startJobs } from '../../platform/jobs';
import { fundedOwner, waitFor } from '../funding/test-support';

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

let seq = 0;
const randomMeter = () => `6${String(Date.now()).slice(-8)}${String(seq++).padStart(3, '0')}`;
type Api = any;
const addMeter = async (api: Api, meterNo: string) => {
  const res = await api.post('/api/marketplace/assets/meters/add', {
    meterNo,
    disco: 'IKEDC',
    vendType: 'prepaid',
    phoneNo: '08031234567',
    state: 'Lagos',
    label: `Meter ${meterNo.slice(-3)}`,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string };
};

describe('marketplace budget and monthly report', () => {
  it('electricity counts against the payout category budget; the monthly report per meter (JSON and CSV)', async () => {
    const o = await fundedOwner(t, 1_000_000_00);
    const a = await memberWithRole(t, o.account.id, 'finance-manager');
    await o.api.post('/api/approval-workflows', {
      name: 'Electricity',
      type: 'marketplace',
      levels: [{ approverIds: [a.user.id], rule: 'any' }],
    });
    const cat = await o.api.post('/api/payout/category', { name: 'Electricity' });
    expect(cat.status, JSON.stringify(cat.body)).toBe(201);
    const categoryId = cat.body.data.id;
    expect((await o.api.patch(`/api/payout/category/${categoryId}/budget`, { budget: 10000 })).status).toBe(
      200,
    );
    const m1 = await addMeter(o.api, randomMeter());
    const m2 = await addMeter(o.api, randomMeter());

    const over = await o.api.post('/api/marketplace/vendings/create', {
      walletId: o.wallet.id,
      utilityType: 'ELECTRICITY',
      categoryId,
      assets: [
        { assetId: m1.id, amount: 6000 },
        { assetId: m2.id, amount: 5000 },
      ],
    });
    expect([over.status, over.body.errors?.categoryId]).toEqual([422, [MSG.overBudget('Electricity')]]);

    const ok = await o.api.post('/api/marketplace/vendings/create', {
      walletId: o.wallet.id,
      utilityType: 'ELECTRICITY',
      categoryId,
      assets: [
        { assetId: m1.id, amount: 4000 },
        { assetId: m2.id, amount: 2000 },
      ],
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    // committed while awaiting approval: a second order over what remains is refused
    const second = await o.api.post('/api/marketplace/vendings/create', {
      walletId: o.wallet.id,
      categoryId,
      utilityType: 'ELECTRICITY',
      assets: [{ assetId: m1.id, amount: 4500 }],
    });
    expect(second.status).toBe(422);
    const insight = async () =>
      (await o.api.get('/api/payout/category/insight/budget')).body.data.find(
        (x: { id: string }) => x.id === categoryId,
      );
    expect(await insight()).toMatchObject({
      committedMinor: 6000_00,
      spentMinor: 0,
      remainingMinor: 4000_00,
    });

    const ids = ok.body.data.vendings.map((v: { id: string }) => v.id);
    const first = (await o.api.get(`/api/marketplace/vendings/${ids[0]}`)).body.data;
    const dec = await a.api.post(
      `/api/approval-workflows/pending-approvals/approve/${first.approvalWorkflowPendingApprovalItem.id}`,
      {
        approvalStatus: 'approved',
        comments: 'Checked the meters',
      },
    );
    expect(dec.status, JSON.stringify(dec.body)).toBe(200);
    for (const id of ids)
      await waitFor(
        'vended',
        async () => (await o.api.get(`/api/marketplace/vendings/${id}`)).body.data.vendStatus === 'SUCCESS',
      );
    expect(await insight()).toMatchObject({
      committedMinor: 0,
      spentMinor: 6000_00,
      remainingMinor: 4000_00,
    });

    const report = await o.api.get('/api/marketplace/reports/meters');
    expect(report.status).toBe(200);
    expect(report.body.data.rows).toHaveLength(2);
    const r1 = report.body.data.rows[0];
    expect(r1).toMatchObject({ meterId: m1.id, vends: 1, amountMinor: 4000_00 });
    expect(Number(r1.kwh)).toBeGreaterThan(0);
    expect(Number(r1.averageTariff)).toBeCloseTo(4000 / Number(r1.kwh), 1);
    expect(report.body.data.totalAmountMinor).toBe(6000_00);
    const csv = await o.api.get('/api/marketplace/reports/meters?format=csv');
    expect(csv.status).toBe(200);
    expect(JSON.stringify(csv.body)).toContain('Average tariff (NGN/kWh)');
    // another month: empty; a bad month: 400; another company: sees nothing
    expect((await o.api.get('/api/marketplace/reports/meters?month=2020-01')).body.data.rows).toEqual([]);
    expect((await o.api.get('/api/marketplace/reports/meters?month=2020-13')).status).toBe(400);
    const other = await ownerWithAccount(t);
    expect((await other.api.get('/api/marketplace/reports/meters')).body.data.rows).toEqual([]);
    // another company's category: 404
    const theirs = await other.api.post('/api/marketplace/vendings/create', {
      walletId: o.wallet.id,
      utilityType: 'ELECTRICITY',
      categoryId,
      assets: [{ assetId: m1.id, amount: 1000 }],
    });
    expect(theirs.status).toBeGreaterThanOrEqual(400);
    expect(theirs.status).toBeLessThan(500);
  });
});
