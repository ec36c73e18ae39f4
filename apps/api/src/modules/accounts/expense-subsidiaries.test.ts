import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, memberWithRole, ownerWithAccount, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('expense subsidiaries are the subsidiaries (issue 21 §0)', () => {
  it('creates through /expense-subsidiary and is seen in /subsidiaries; manage-access grants and revokes', async () => {
    const o = await ownerWithAccount(t);
    const m = await memberWithRole(t, o.account.id, 'accountant');
    const c = await o.api.post('/api/expense-subsidiary', { name: 'Lagos branch' });
    expect(c.status).toBe(201);
    const id = c.body.data.id;
    const listed = await o.api.get('/api/subsidiaries');
    expect(listed.body.data.map((s: any) => s.id)).toContain(id);
    expect((await o.api.get('/api/expense-subsidiary')).body.data.map((s: any) => s.id)).toContain(id);
    const u = await o.api.put(`/api/expense-subsidiary/${id}`, { name: 'Lagos Island branch' });
    expect(u.body.data.name).toBe('Lagos Island branch');
    const g = await o.api.post(`/api/expense-subsidiary/${id}/manage-access`, { accessId: m.member.id });
    expect(g.status).toBe(200);
    expect(JSON.stringify((await o.api.get(`/api/subsidiaries/${id}`)).body.data)).toContain(m.member.id);
    const rv = await o.api.delete(`/api/expense-subsidiary/${id}/manage-access/${m.member.id}`);
    expect(rv.status).toBe(200);
    const other = await ownerWithAccount(t);
    expect((await other.api.get(`/api/expense-subsidiary/${id}`)).status).toBe(404);
  });
});
