import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEVELOPER_MSG } from '@owo/contract';
import { client, createTestApp, memberWithRole, ownerWithAccount, type TestApp } from '../../../test/helpers';
import { waitFor } from '../funding/test-support';

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
});
