import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEVELOPER_MSG } from '@owo/contract';
import { client, createTestApp, memberWithRole, ownerWithAccount, type TestApp } from '../../../test/helpers';
import { fundedOwner, ordinaryAccount, waitFor } from '../funding/test-support';

// Issue 34 §2: one authority model. An API key is a principal the guard evaluates like a session:
// created only within its creator's rights, acting with the intersection of its role and its
// creator's CURRENT rights, and audited on every request.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("API keys within their creator's rights (issue 34 §2)", () => {
  /** A custom role that may only manage developer settings (keys and webhooks). */
  async function devOnlyRole(o: Awaited<ReturnType<typeof ownerWithAccount>>) {
    const r = await o.api.post('/api/role', {
      name: `Developer ${randomBytes(3).toString('hex')}`,
      description: 'Developer settings only',
      resources: { developer: ['*'], developerWebhooks: ['*'] },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body.data.slug as string;
  }
  const keyCount = async (accountId: string) =>
    Number(
      (
        await t.db.execute<{ n: number }>(
          sql`select count(*)::int as n from api_keys where account_id = ${accountId}`,
        )
      ).rows[0].n,
    );

  it('refuses a key whose role holds a permission its creator lacks (403 on role), and nothing is stored', async () => {
    const o = await ownerWithAccount(t);
    const dev = await memberWithRole(t, o.account.id, await devOnlyRole(o));
    const before = await keyCount(o.account.id);
    for (const role of ['admin', 'finance-manager', 'member']) {
      const r = await dev.api.post('/api/developers/keys', { name: 'escalate', role });
      expect(r.status, role).toBe(403);
      expect(r.body.errors!.role).toEqual([DEVELOPER_MSG.roleBeyondCreator]);
    }
    expect(await keyCount(o.account.id)).toBe(before);
    // within the creator's rights: allowed, and the key can move no money
    const own = await dev.api.post('/api/developers/keys', { name: 'mine', role: dev.member.roleSlug });
    expect(own.status).toBe(201);
    const k = client(t, { token: own.body.data.key });
    expect((await k.post('/api/payouts', {})).status).toBe(403);
    expect((await k.get('/api/wallet')).status).toBe(403);
    expect((await k.get('/api/developers/keys')).status).toBe(200);
    // a key creating a key is held to its own (effective) rights too
    const nested = await k.post('/api/developers/keys', { name: 'nested', role: 'admin' });
    expect(nested.status).toBe(403);
    expect(nested.body.errors!.role).toEqual([DEVELOPER_MSG.roleBeyondCreator]);
  });

  it('narrows at once when its creator is demoted, and stops when they are removed', async () => {
    const o = await ownerWithAccount(t);
    const admin = await memberWithRole(t, o.account.id, 'admin');
    const created = await admin.api.post('/api/developers/keys', { name: 'ops', role: 'admin' });
    expect(created.status).toBe(201);
    const k = client(t, { token: created.body.data.key });
    // as admin: past the guard (an empty body is a 400 of validation, not a 403)
    expect((await k.post('/api/payouts', {})).status).toBe(400);
    expect((await k.get('/api/wallet')).status).toBe(200);

    const dev = await devOnlyRole(o);
    expect((await o.api.patch(`/api/account_access/${admin.member.id}`, { role: dev })).status).toBe(200);
    expect((await k.post('/api/payouts', {})).status).toBe(403);
    expect((await k.get('/api/wallet')).status).toBe(403);
    expect((await k.get('/api/developers/keys')).status).toBe(200); // what both still hold
    // All Subsidiaries is for full access only: the key is no longer
    expect(
      (await client(t, { token: created.body.data.key, subsidiaryId: 'all' }).get('/api/developers/keys'))
        .status,
    ).toBe(403);

    expect((await o.api.patch(`/api/account_access/${admin.member.id}`, { role: 'admin' })).status).toBe(200);
    expect((await k.get('/api/wallet')).status).toBe(200);
    expect((await o.api.delete(`/api/account_access/${admin.member.id}`)).status).toBe(200);
    expect((await k.get('/api/wallet')).status).toBe(401);
    expect((await k.get('/api/developers/keys')).status).toBe(401);
  });

  it('puts every request made with a key in the audit log (key id, route, outcome), without the secret', async () => {
    const o = await ownerWithAccount(t);
    const created = (await o.api.post('/api/developers/keys', { name: 'reader', role: 'accountant' })).body
      .data;
    const k = client(t, { token: created.key });
    expect((await k.get('/api/wallet?search=x')).status).toBe(200);
    expect((await k.put('/api/settings/organisation', { name: 'Nope' })).status).toBe(403);
    const rows = await waitFor('key audit rows', async () => {
      const r = await t.db.execute<Record<string, unknown>>(
        sql`select * from audit_log where api_key_id = ${created.id} order by created_at`,
      );
      return r.rows.length >= 2 ? r.rows : null;
    });
    expect(rows.map((r) => [r.method, r.path, r.status_code, r.actor_user_id])).toEqual([
      ['GET', '/api/wallet', 200, o.user.id],
      ['PUT', '/api/settings/organisation', 403, o.user.id],
    ]);
    expect(JSON.stringify(rows)).not.toContain(created.key);
    expect(JSON.stringify(rows)).not.toContain(created.key.slice(8, 30));
    // a revoked key's attempt is recorded too
    await o.api.delete(`/api/developers/keys/${created.id}`);
    expect((await k.get('/api/wallet')).status).toBe(401);
    await waitFor('revoked key audit row', async () => {
      const r = await t.db.execute(
        sql`select 1 from audit_log where api_key_id = ${created.id} and status_code = 401`,
      );
      return r.rows.length ? true : null;
    });
  });
  it('reaches document capture and the cash forecast only within its rights (issue 39 routes)', async () => {
    const o = await ownerWithAccount(t);
    const dev = await devOnlyRole(o);
    const full = client(t, {
      token: (await o.api.post('/api/developers/keys', { name: 'f', role: 'admin' })).body.data.key,
    });
    const devKey = client(t, {
      token: (await o.api.post('/api/developers/keys', { name: 'd', role: dev })).body.data.key,
    });
    // The forecast is an insights read: the admin key reads it, the developer-only key may not.
    expect((await full.get('/api/insights/forecast?currency=NGN&weeks=13')).status).toBe(200);
    expect((await devKey.get('/api/insights/forecast?currency=NGN&weeks=13')).status).toBe(403);
    // Capture needs payouts or expenses post: past the guard for the admin key (no file is a 400 of
    // validation), refused before it reads anything for the developer-only key.
    expect((await full.post('/api/documents/extract', {})).status).toBe(400);
    expect((await devKey.post('/api/documents/extract', {})).status).toBe(403);
  });

  it("acts within its creator's subsidiary scope, never all subsidiaries", async () => {
    const o = await fundedOwner(t, 1_000_000_00);
    const lagos = (await o.api.post('/api/subsidiaries', { name: 'Lagos' })).body.data;
    const abuja = (await o.api.post('/api/subsidiaries', { name: 'Abuja' })).body.data;
    const role = await o.api.post('/api/role', {
      name: 'Requests and developers',
      description: 'Fund requests and API keys',
      resources: { requests: ['*'], developer: ['*'] },
    });
    const fm = await memberWithRole(t, o.account.id, role.body.data.slug);
    await o.api.post(`/api/subsidiaries/${lagos.id}/members`, { memberId: fm.member.id });
    const body = {
      walletId: o.wallet.id,
      amount: '1500',
      currency: 'NGN',
      purpose: 'reimbursement',
      narration: 'Fuel',
      bankCode: '058',
      accountNumber: ordinaryAccount(),
    };
    const inSub = (id: string) => client(t, { token: o.token, accountId: o.account.id, subsidiaryId: id });
    const a = (await inSub(lagos.id).post('/api/requests', body)).body.data.reference;
    expect((await inSub(abuja.id).post('/api/requests', body)).status).toBe(201);
    const created = await fm.api.post('/api/developers/keys', { name: 'erp', role: role.body.data.slug });
    expect(created.status).toBe(201);
    const key = created.body.data.key;
    const refs = async (sub?: string) =>
      (await client(t, { token: key, subsidiaryId: sub }).get('/api/requests')).body.data?.map(
        (r: any) => r.reference,
      );
    expect(await refs()).toEqual([a]);
    expect(await refs(lagos.id)).toEqual([a]);
    expect((await client(t, { token: key, subsidiaryId: abuja.id }).get('/api/requests')).status).toBe(403);
    expect((await client(t, { token: key, subsidiaryId: 'all' }).get('/api/requests')).status).toBe(403);
    // the creator loses the last sub-access: the key sees no subsidiary's records
    await o.api.delete(`/api/subsidiaries/${lagos.id}/members/${fm.member.id}`);
    expect(await refs()).toEqual([]);
  });
});
