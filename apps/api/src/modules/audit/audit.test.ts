import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { client, createTestApp, memberWithRole, ownerWithAccount, type TestApp } from '../../../test/helpers';
import { waitFor } from '../funding/test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('audit log', () => {
  it('records every mutation class by a member or an API key, with before/after for settings; reads, failures and other accounts are not in it', async () => {
    const o = await ownerWithAccount(t);
    const other = await ownerWithAccount(t);
    await other.api.post('/api/payout/category', { name: 'Not mine' });
    // settings (before/after)
    const before = (await o.api.get('/api/settings/organisation')).body.data;
    expect((await o.api.put('/api/settings/organisation', { name: 'Renamed Ltd' })).status).toBe(200);
    const pol = (await o.api.get('/api/settings/ap-policy')).body.data;
    expect(
      (
        await o.api.put('/api/settings/ap-policy', {
          autoApproveBelow: pol.autoApproveBelow,
          fourEyes: !pol.fourEyes,
          overBudget: pol.overBudget,
          kycIncompleteCap: pol.kycIncompleteCap,
        })
      ).status,
    ).toBe(200);
    // records, keys, webhooks, deletes
    const cat = (await o.api.post('/api/payout/category', { name: 'Fuel' })).body.data;
    await o.api.delete(`/api/payout/category/${cat.id}`);
    const key = (await o.api.post('/api/developers/keys', { name: 'ERP', role: 'admin' })).body.data;
    // through the API key
    const k = client(t, { token: key.key });
    expect(
      (await k.post('/api/developers/webhooks', { url: 'https://example.com/h', events: ['payout'] })).status,
    ).toBe(201);
    // not recorded: a read, a refused change
    await o.api.get('/api/payout/category');
    expect((await o.api.post('/api/payout/category', { name: '' })).status).toBe(400);

    const list = await waitFor('audit rows', async () => {
      const r = await o.api.get('/api/audit-log?limit=50');
      return r.body.data.length >= 6 ? r : null;
    });
    const actions = list.body.data.map((e: any) => e.action);
    expect(actions).toEqual(
      [
        'createWebhookEndpoint',
        'createApiKey',
        'deletePayoutCategory',
        'createPayoutCategory',
        'updateApPolicy',
        'updateOrganisation',
      ].filter((a) => actions.includes(a)),
    );
    expect(actions).toHaveLength(6);
    const org = list.body.data.find((e: any) => e.action === 'updateOrganisation');
    expect(org).toMatchObject({
      method: 'PUT',
      actorUserId: o.user.id,
      actorEmail: o.email,
      apiKeyId: null,
      statusCode: 200,
    });
    expect(org.before.name).toBe(before.name);
    expect(org.after.name).toBe('Renamed Ltd');
    expect(org.ip).toBeTruthy();
    const viaKey = list.body.data.find((e: any) => e.action === 'createWebhookEndpoint');
    expect(viaKey.apiKeyId).toBe(key.id);
    const del = list.body.data.find((e: any) => e.action === 'deletePayoutCategory');
    expect(del.resourceId).toBe(cat.id);
    const ap = list.body.data.find((e: any) => e.action === 'updateApPolicy');
    expect(ap.after.fourEyes).toBe(!pol.fourEyes);
    expect(ap.before.fourEyes).toBe(pol.fourEyes);

    // filters and CSV (the same rows)
    const byKey = await o.api.get('/api/audit-log?via=apiKey');
    expect(byKey.body.data.map((e: any) => e.action)).toEqual(['createWebhookEndpoint']);
    const viaWhere = await o.api.get(
      `/api/audit-log?where=${encodeURIComponent('{"via":"apiKey"}')}&period=24h`,
    );
    expect(viaWhere.body.data.map((e: any) => e.action)).toEqual(['createWebhookEndpoint']);
    expect((await o.api.get('/api/audit-log?where=nope')).body.errors!.where).toEqual(['Invalid filter']);
    const byAction = await o.api.get('/api/audit-log?action=createApiKey');
    expect(byAction.body.data).toHaveLength(1);
    const search = await o.api.get('/api/audit-log?search=category');
    expect(search.body.data).toHaveLength(2);
    const csv = await fetch(`${t.baseUrl}/api/audit-log?format=csv&search=category`, {
      headers: { authorization: `Bearer ${o.token}` },
    });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toContain('Action');
    expect(lines).toHaveLength(3);
    expect((await o.api.get('/api/audit-log?via=robot')).status).toBe(400);
    // a member without `parameters` cannot read it
    const m = await memberWithRole(t, o.account.id, 'member');
    expect((await m.api.get('/api/audit-log')).status).toBe(403);
  });

  it('can never be edited: no route changes it and the database refuses UPDATE and DELETE', async () => {
    const o = await ownerWithAccount(t);
    await o.api.put('/api/settings/organisation', { name: 'X Ltd' });
    await waitFor('row', async () => (await o.api.get('/api/audit-log')).body.data.length === 1);
    const routes = (t.app as any).routeList.filter((r: any) => r.url.startsWith('/api/audit-log'));
    expect(routes.map((r: any) => r.method).filter((m: string) => m !== 'HEAD')).toEqual(['GET']);
    for (const q of [
      sql`update audit_log set action = 'x'`,
      sql`delete from audit_log`,
      sql`truncate audit_log`,
    ]) {
      const err = await t.db.execute(q).then(
        () => null,
        (e: { cause?: Error }) => e,
      );
      expect(String(err?.cause?.message)).toMatch(/append-only/);
    }
    expect((await o.api.get('/api/audit-log')).body.data).toHaveLength(1);
  });
});
