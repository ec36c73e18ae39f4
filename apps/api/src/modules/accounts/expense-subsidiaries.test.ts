import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MSG, SUBSIDIARY_SWITCH_MSG } from '@owo/contract';
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

  it('manage-access/active checks a switch under the guard rules; deactivate returns to All Subsidiaries', async () => {
    const o = await ownerWithAccount(t);
    const fm = await memberWithRole(t, o.account.id, 'finance-manager');
    const lagos = (await o.api.post('/api/expense-subsidiary', { name: 'Lagos' })).body.data.id;
    const abuja = (await o.api.post('/api/expense-subsidiary', { name: 'Abuja' })).body.data.id;
    await o.api.post(`/api/expense-subsidiary/${lagos}/manage-access`, { accessId: fm.member.id });

    const a = await o.api.put('/api/expense-subsidiary/manage-access/active', { subsidiaryId: abuja });
    expect(a.status).toBe(200);
    expect(a.body.message).toBe(SUBSIDIARY_SWITCH_MSG.active('Abuja'));
    expect(a.body.data).toEqual({ subsidiaryId: abuja, name: 'Abuja' });
    const d = await o.api.delete('/api/expense-subsidiary/manage-access/deactivate');
    expect(d.status).toBe(200);
    expect(d.body).toMatchObject({ message: SUBSIDIARY_SWITCH_MSG.all, data: { subsidiaryId: null } });

    // a restricted member may pick only the subsidiaries granted, and never All Subsidiaries
    expect(
      (await fm.api.put('/api/expense-subsidiary/manage-access/active', { subsidiaryId: lagos })).status,
    ).toBe(200);
    const no = await fm.api.put('/api/expense-subsidiary/manage-access/active', { subsidiaryId: abuja });
    expect(no.status).toBe(403);
    expect(no.body.message).toBe(ACCOUNT_MSG.subsidiaryNoAccess);
    const all = await fm.api.delete('/api/expense-subsidiary/manage-access/deactivate');
    expect(all.status).toBe(403);
    expect(all.body.message).toBe(ACCOUNT_MSG.allSubsidiariesForbidden);

    // a member without the subsidiaries permission still picks among their own sub-access
    const acc = await memberWithRole(t, o.account.id, 'accountant');
    expect((await acc.api.get('/api/expense-subsidiary')).status).toBe(403);
    await o.api.post(`/api/expense-subsidiary/${abuja}/manage-access`, { accessId: acc.member.id });
    const mine = await acc.api.put('/api/expense-subsidiary/manage-access/active', { subsidiaryId: abuja });
    expect(mine.status).toBe(200);
    expect(
      (await acc.api.put('/api/expense-subsidiary/manage-access/active', { subsidiaryId: lagos })).status,
    ).toBe(403);

    // another account's subsidiary is unknown here; a bad body is a field error
    const other = await ownerWithAccount(t);
    const x = await other.api.put('/api/expense-subsidiary/manage-access/active', { subsidiaryId: lagos });
    expect(x.status).toBe(403);
    expect(x.body.message).toBe(ACCOUNT_MSG.subsidiaryUnknown);
    const bad = await o.api.put('/api/expense-subsidiary/manage-access/active', { subsidiaryId: 'lagos' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors!.subsidiaryId).toEqual(['Subsidiary is required']);
  });

  it('deletes a subsidiary no record names; one a workflow names answers 409 and stays', async () => {
    const o = await ownerWithAccount(t);
    const m = await memberWithRole(t, o.account.id, 'accountant');
    const free = (await o.api.post('/api/expense-subsidiary', { name: 'Kano' })).body.data.id;
    await o.api.post(`/api/expense-subsidiary/${free}/manage-access`, { accessId: m.member.id });
    const other = await ownerWithAccount(t);
    expect((await other.api.delete(`/api/expense-subsidiary/${free}`)).status).toBe(404);
    expect((await m.api.delete(`/api/expense-subsidiary/${free}`)).status).toBe(403);
    const d = await o.api.delete(`/api/expense-subsidiary/${free}`);
    expect(d.status).toBe(200);
    expect(d.body.message).toBe('Subsidiary deleted successfully');
    expect((await o.api.get(`/api/subsidiaries/${free}`)).status).toBe(404);

    const used = (await o.api.post('/api/subsidiaries', { name: 'Ibadan' })).body.data.id;
    const wf = await o.api.post('/api/approval-workflows', {
      name: 'Ibadan spend',
      type: 'expense',
      subsidiaryId: used,
      levels: [{ approverIds: [o.user.id], rule: 'any' }],
    });
    expect(wf.status).toBe(201);
    const no = await o.api.delete(`/api/subsidiaries/${used}`);
    expect(no.status).toBe(409);
    expect(no.body.message).toBe(ACCOUNT_MSG.subsidiaryInUse);
    expect((await o.api.get(`/api/subsidiaries/${used}`)).status).toBe(200);
  });
});
