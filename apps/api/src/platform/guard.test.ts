// The one-query request context (platform/guard.ts) caches nothing of who may read: a changed role, a
// revoked member and a revoked session apply on the very next request, also through a second API
// instance with its own connection pool (its own prepared statements and list cache, which holds
// the page being read here) on the same database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  client,
  createTestApp,
  memberWithRole,
  ownerWithAccount,
  secondInstance,
  type TestApp,
} from '../../test/helpers';

describe('request context in one query', () => {
  let t: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    second = await secondInstance(t);
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it('applies a role change and a revocation on the next request, in every instance', async () => {
    const o = await ownerWithAccount(t);
    const m = await memberWithRole(t, o.account.id, 'accountant');
    const viaSecond = client(second, { token: m.token, accountId: o.account.id });
    const list = '/api/transactions?page=1&limit=20';
    const hits = second.app.listCache!.stats.hits;
    for (let i = 0; i < 7; i++) expect((await viaSecond.get(list)).status).toBe(200); // past custom plans
    expect(second.app.listCache!.stats.hits).toBe(hits + 6); // the page is cached in the second instance
    expect((await m.api.get(list)).status).toBe(200);

    expect((await o.api.patch(`/api/account_access/${m.member.id}`, { role: 'member' })).status).toBe(200);
    expect((await viaSecond.get(list)).status).toBe(403);
    expect((await m.api.get(list)).status).toBe(403);
    expect((await viaSecond.get('/api/me/settings/profile')).status).toBe(200); // a session route needs no membership

    expect((await o.api.patch(`/api/account_access/${m.member.id}`, { role: 'accountant' })).status).toBe(
      200,
    );
    expect((await viaSecond.get(list)).status).toBe(200);

    expect((await o.api.delete(`/api/account_access/${m.member.id}`)).status).toBe(200);
    const revoked = await viaSecond.get(list);
    expect(revoked.status).toBe(403);
    expect(revoked.body.message).toBe('You are not a member of this account');
    expect((await m.api.get(list)).status).toBe(403);
  });

  it('answers as before for a missing, malformed or foreign account and a bad token', async () => {
    const o = await ownerWithAccount(t);
    const other = await ownerWithAccount(t);
    const as = (accountId: string, token = o.token) => client(second, { token, accountId });
    expect((await as(o.account.id).get('/api/transactions')).status).toBe(200);
    expect((await as(other.account.id).get('/api/transactions')).status).toBe(403);
    expect((await as('not-a-uuid').get('/api/transactions')).body.message).toBe(
      'You are not a member of this account',
    );
    expect((await as(o.account.id, 'nope').get('/api/transactions')).status).toBe(401);
    expect((await client(second, { token: o.token }).get('/api/transactions')).status).toBe(200); // active account
  });
});
