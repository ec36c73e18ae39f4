import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_MSG } from '@owo/contract';
import { createTestApp, memberWithRole, ownerWithAccount, type TestApp } from '../../../test/helpers';
import { fundedOwner, ordinaryAccount } from '../funding/test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('payout categories and budgets', () => {
  it('creates, renames, lists, sets a budget and deletes; names are unique per account', async () => {
    const o = await ownerWithAccount(t);
    const c = await o.api.post('/api/payout/category', { name: 'Fuel' });
    expect(c.status).toBe(201);
    expect(c.body.message).toBe(CATEGORY_MSG.created);
    const dup = await o.api.post('/api/payout/category', { name: 'fuel' });
    expect(dup.status).toBe(409);
    expect(dup.body.errors!.name).toEqual([CATEGORY_MSG.exists]);
    const sub = await o.api.post('/api/payout/category', { name: 'Diesel', parentId: c.body.data.id });
    expect(sub.status).toBe(201);
    expect((await o.api.get('/api/payout/category/subcategory')).body.data.map((x: any) => x.name)).toEqual([
      'Diesel',
    ]);
    expect((await o.api.delete(`/api/payout/category/${c.body.data.id}`)).status).toBe(409);
    const b = await o.api.patch(`/api/payout/category/${c.body.data.id}/budget`, { budget: '50000' });
    expect(b.body.data).toMatchObject({ budget: '50000.00', budgetMinor: 5_000_000 });
    const r = await o.api.put(`/api/payout/category/${c.body.data.id}`, { name: 'Fuel & power' });
    expect(r.body.data.name).toBe('Fuel & power');
    const other = await ownerWithAccount(t);
    expect(
      (await other.api.patch(`/api/payout/category/${c.body.data.id}/budget`, { budget: 1 })).status,
    ).toBe(404);
    expect((await o.api.get('/api/payout/category')).body.data).toHaveLength(1);
  });

  it('block: an expense over the budget is refused; warn: accepted with a warning; insight sums', async () => {
    const o = await fundedOwner(t, 1_000_000_00);
    const a = await memberWithRole(t, o.account.id, 'finance-manager');
    const cat = (await o.api.post('/api/payout/category', { name: 'Travel' })).body.data;
    await o.api.patch(`/api/payout/category/${cat.id}/budget`, { budget: 30000 });
    const body = (amount: string) => ({
      amount,
      walletId: o.wallet.id,
      currency: 'NGN',
      bankCode: '058',
      bankAccountNumber: ordinaryAccount(),
      purpose: { description: 'Flight to Abuja', service: cat.id },
      approverId: a.user.id,
    });
    const first = await o.api.post('/api/expense', body('20000'));
    expect(first.status).toBe(201);
    expect(first.body.data.purpose.serviceName).toBe('Travel');
    const over = await o.api.post('/api/expense', body('15000'));
    expect(over.status).toBe(400);
    expect(over.body.errors!.amount).toEqual([CATEGORY_MSG.overBudget('Travel')]);
    await o.api.put('/api/settings/ap-policy', {
      autoApproveBelow: 0,
      fourEyes: true,
      overBudget: 'warn',
      kycIncompleteCap: 100000,
    });
    const warned = await o.api.post('/api/expense', body('15000'));
    expect(warned.status).toBe(201);
    expect(warned.body.message).toContain(CATEGORY_MSG.overBudget('Travel'));
    const insight = (await o.api.get('/api/payout/category/insight/budget')).body.data;
    expect(insight[0]).toMatchObject({
      name: 'Travel',
      budgetMinor: 3_000_000,
      committedMinor: 3_500_000,
      spentMinor: 0,
      remainingMinor: -500_000,
    });
  });
});
