import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_MSG } from '@owo/contract';
import { createTestApp, ownerWithAccount, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('products and services', () => {
  it('adds (Outflow, quantity 1 by default), searches, reads, updates and deletes; tenant-scoped', async () => {
    const o = await ownerWithAccount(t);
    const c = await o.api.post('/api/products-and-services', { name: 'Diesel (litre)', amount: '1200.50' });
    expect(c.status).toBe(201);
    expect(c.body.message).toBe(PRODUCT_MSG.created);
    expect(c.body.data).toMatchObject({
      category: 'Outflow',
      quantity: 1,
      amount: '1200.50',
      total: '1200.50',
    });
    const bad = await o.api.post('/api/products-and-services', { name: '', amount: -1 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors!.name).toEqual([PRODUCT_MSG.nameRequired]);
    expect(bad.body.errors!.amount).toEqual([PRODUCT_MSG.priceMin]);
    expect((await o.api.get('/api/products-and-services?search=dies')).body.data).toHaveLength(1);
    expect((await o.api.get('/api/products-and-services?search=petrol')).body.data).toHaveLength(0);
    const id = c.body.data.id;
    const u = await o.api.put(`/api/products-and-services/${id}`, {
      name: 'Diesel',
      amount: 1000,
      quantity: 3,
      category: 'Outflow',
    });
    expect(u.body.message).toBe(PRODUCT_MSG.updated);
    expect(u.body.data).toMatchObject({ total: '3000.00', totalMinor: 300_000 });
    const other = await ownerWithAccount(t);
    const miss = await other.api.get(`/api/products-and-services/${id}`);
    expect(miss.status).toBe(404);
    expect(miss.body.message).toBe(PRODUCT_MSG.notFound);
    expect((await o.api.delete(`/api/products-and-services/${id}`)).status).toBe(200);
    expect((await o.api.get(`/api/products-and-services/${id}`)).status).toBe(404);
  });
});
