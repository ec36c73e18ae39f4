import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_MSG, PRODUCT_MSG } from '@owo/contract';
import { createTestApp, memberWithRole, ownerWithAccount, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const asset = {
  type: 'Generator',
  brand: 'Mikano',
  modelNo: 'MK-20',
  serialNo: 'SN-0001',
  location: 'Ikeja office',
};

describe('payout assets with inventory (001 §7 /payout-asset)', () => {
  it('requires every field, with the field messages, and changes nothing', async () => {
    const o = await ownerWithAccount(t);
    const bad = await o.api.post('/api/payout-asset', { type: ' ', brand: '', modelNo: '', location: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      type: [ASSET_MSG.typeRequired],
      brand: [ASSET_MSG.brandRequired],
      modelNo: [ASSET_MSG.modelNoRequired],
      serialNo: [ASSET_MSG.serialNoRequired],
      location: [ASSET_MSG.locationRequired],
    });
    expect((await o.api.get('/api/payout-asset')).body.metadata.pagination.totalItems).toBe(0);
  });

  it('adds with inventory (value = Σ price × quantity), searches, updates, deactivates and deletes', async () => {
    const o = await ownerWithAccount(t);
    const diesel = (await o.api.post('/api/products-and-services', { name: 'Diesel', amount: '1000.50' }))
      .body.data;
    const oil = (await o.api.post('/api/products-and-services', { name: 'Engine oil', amount: 8000 })).body
      .data;
    const c = await o.api.post('/api/payout-asset', {
      ...asset,
      inventory: [
        { productId: diesel.id, quantity: 4 },
        { productId: oil.id, quantity: 1 },
      ],
    });
    expect(c.status).toBe(201);
    expect(c.body.message).toBe(ASSET_MSG.added);
    expect(c.body.data).toMatchObject({ ...asset, active: true, value: '12002.00', valueMinor: 1_200_200 });
    expect(c.body.data.inventory.map((l: any) => [l.name, l.quantity, l.totalMinor])).toEqual([
      ['Diesel', 4, 400_200],
      ['Engine oil', 1, 800_000],
    ]);
    const id = c.body.data.id;

    const dup = await o.api.post('/api/payout-asset', { ...asset, serialNo: 'sn-0001' });
    expect(dup.status).toBe(409);
    expect(dup.body.errors!.serialNo).toEqual([ASSET_MSG.serialExists]);

    expect((await o.api.get('/api/payout-asset?search=mikano')).body.data).toHaveLength(1);
    expect((await o.api.get('/api/payout-asset?search=toyota')).body.data).toHaveLength(0);

    const u = await o.api.put(`/api/payout-asset/${id}`, {
      ...asset,
      location: 'Lekki office',
      inventory: [{ productId: oil.id, quantity: 2 }],
    });
    expect(u.status).toBe(200);
    expect(u.body.message).toBe(ASSET_MSG.updated);
    expect(u.body.data).toMatchObject({ location: 'Lekki office', valueMinor: 1_600_000 });

    const off = await o.api.patch(`/api/payout-asset/${id}/deactivate`, { active: false });
    expect(off.body.message).toBe(ASSET_MSG.deactivated);
    expect(off.body.data.active).toBe(false);
    expect((await o.api.get('/api/payout-asset?active=true')).body.data).toHaveLength(0);
    expect((await o.api.get('/api/payout-asset?active=false')).body.data).toHaveLength(1);
    const on = await o.api.patch(`/api/payout-asset/${id}/deactivate`, { active: true });
    expect(on.body.message).toBe(ASSET_MSG.activated);

    // deleting a product takes it out of every inventory
    await o.api.delete(`/api/products-and-services/${oil.id}`);
    expect((await o.api.get(`/api/payout-asset/${id}`)).body.data.inventory).toEqual([]);

    const del = await o.api.delete(`/api/payout-asset/${id}`);
    expect(del.body.message).toBe(ASSET_MSG.deleted);
    expect((await o.api.get(`/api/payout-asset/${id}`)).status).toBe(404);
  });

  it("refuses another account's product and a repeated product; hides assets across accounts; needs payoutAsset", async () => {
    const o = await ownerWithAccount(t);
    const other = await ownerWithAccount(t);
    const theirs = (await other.api.post('/api/products-and-services', { name: 'Theirs', amount: 5 })).body
      .data;
    const mine = (await o.api.post('/api/products-and-services', { name: 'Mine', amount: 5 })).body.data;
    const bad = await o.api.post('/api/payout-asset', {
      ...asset,
      inventory: [{ productId: theirs.id, quantity: 1 }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors!['inventory.0.productId']).toEqual([PRODUCT_MSG.notFound]);
    const twice = await o.api.post('/api/payout-asset', {
      ...asset,
      inventory: [
        { productId: mine.id, quantity: 1 },
        { productId: mine.id, quantity: 2 },
      ],
    });
    expect(twice.status).toBe(400);
    expect((await o.api.get('/api/payout-asset')).body.metadata.pagination.totalItems).toBe(0);

    const c = await o.api.post('/api/payout-asset', asset);
    const id = c.body.data.id;
    for (const res of [
      await other.api.get(`/api/payout-asset/${id}`),
      await other.api.put(`/api/payout-asset/${id}`, asset),
      await other.api.patch(`/api/payout-asset/${id}/deactivate`, { active: false }),
      await other.api.delete(`/api/payout-asset/${id}`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(ASSET_MSG.notFound);
    }
    // the same serial is free in another account
    expect((await other.api.post('/api/payout-asset', asset)).status).toBe(201);
    const accountant = await memberWithRole(t, o.account.id, 'accountant');
    expect((await accountant.api.get('/api/payout-asset')).status).toBe(403);
    expect((await o.api.get(`/api/payout-asset/${id}`)).body.data.active).toBe(true);
  });
});
