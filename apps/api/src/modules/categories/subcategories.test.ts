import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_MSG } from '@owo/contract';
import { createTestApp, memberWithRole, ownerWithAccount, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('payout subcategories (001 §7 PUT/DELETE /payout/category/{id}/subcategory)', () => {
  it('adds, renames and deletes a subcategory under its category only; tenant-scoped', async () => {
    const o = await ownerWithAccount(t);
    const fuel = (await o.api.post('/api/payout/category', { name: 'Fuel' })).body.data.id;
    const rent = (await o.api.post('/api/payout/category', { name: 'Rent' })).body.data.id;
    const add = await o.api.put(`/api/payout/category/${fuel}/subcategory`, { name: 'Diesel' });
    expect(add.status).toBe(200);
    expect(add.body.message).toBe(CATEGORY_MSG.created);
    expect(add.body.data).toMatchObject({ name: 'Diesel', parentId: fuel });
    const sub = add.body.data.id;
    const dup = await o.api.put(`/api/payout/category/${fuel}/subcategory`, { name: 'diesel' });
    expect(dup.status).toBe(409);
    const empty = await o.api.put(`/api/payout/category/${fuel}/subcategory`, { name: ' ' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors!.name).toEqual(['Name is required']);

    const ren = await o.api.put(`/api/payout/category/${fuel}/subcategory`, {
      name: 'AGO',
      subcategoryId: sub,
    });
    expect(ren.body.message).toBe(CATEGORY_MSG.updated);
    expect(ren.body.data.name).toBe('AGO');
    // a subcategory is reached only through its own category
    expect(
      (await o.api.put(`/api/payout/category/${rent}/subcategory`, { name: 'X', subcategoryId: sub })).status,
    ).toBe(404);
    expect((await o.api.delete(`/api/payout/category/${rent}/subcategory/${sub}`)).status).toBe(404);
    // a sub-subcategory is refused
    expect((await o.api.put(`/api/payout/category/${sub}/subcategory`, { name: 'Deep' })).status).toBe(400);

    const other = await ownerWithAccount(t);
    expect((await other.api.put(`/api/payout/category/${fuel}/subcategory`, { name: 'Mine' })).status).toBe(
      404,
    );
    expect((await other.api.delete(`/api/payout/category/${fuel}/subcategory/${sub}`)).status).toBe(404);
    const accountant = await memberWithRole(t, o.account.id, 'accountant');
    expect((await accountant.api.delete(`/api/payout/category/${fuel}/subcategory/${sub}`)).status).toBe(403);

    const del = await o.api.delete(`/api/payout/category/${fuel}/subcategory/${sub}`);
    expect(del.status).toBe(200);
    expect(del.body.message).toBe(CATEGORY_MSG.deleted);
    expect((await o.api.get('/api/payout/category/subcategory')).body.data).toEqual([]);
    expect((await o.api.delete(`/api/payout/category/${fuel}`)).status).toBe(200);
  });
});
