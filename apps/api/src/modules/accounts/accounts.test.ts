import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  client,
  createTestApp,
  makeAccount,
  makeUser,
  ownerWithAccount,
  type TestApp,
} from '../../../test/helpers';
import { accountMembers, accounts, users } from '../../platform/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/accounts', () => {
  it('creates the account with the caller as owner, makes it active and runs the accountCreated hooks', async () => {
    const u = await makeUser(t);
    const seen: string[] = [];
    const hook = async (_tx: unknown, a: { id: string }) => {
      seen.push(a.id);
    };
    t.app.deps.seams.on('accountCreated', 'test', hook);
    try {
      const res = await client(t, { token: u.token }).post('/api/accounts', {
        name: '  Chidi Logistics  ',
        type: 'reseller',
      });
      expect(res.status).toBe(201);
      expect(res.body.data.account).toMatchObject({ name: 'Chidi Logistics', type: 'reseller' });
      expect(res.body.data.role).toBe('owner');
      expect(res.body.data.tiers).toEqual([{ tier: 1 }]);
      const accountId = res.body.data.accountId;
      expect(seen).toContain(accountId);
      const [m] = await t.db.select().from(accountMembers).where(eq(accountMembers.accountId, accountId));
      expect(m).toMatchObject({ userId: u.user.id, roleSlug: 'owner', active: true });
      expect(res.body.data.id).toBe(m.id);
      const [me] = await t.db.select().from(users).where(eq(users.id, u.user.id));
      expect(me.activeAccountId).toBe(accountId);
    } finally {
      t.app.deps.seams.off('accountCreated', 'test');
    }
  });

  it('writes nothing when a hook fails (one transaction)', async () => {
    const u = await makeUser(t);
    const hook = async () => {
      throw new Error('wallet provisioning failed');
    };
    t.app.deps.seams.on('accountCreated', 'test', hook);
    try {
      const res = await client(t, { token: u.token }).post('/api/accounts', {
        name: 'Doomed Ltd',
        type: 'business',
      });
      expect(res.status).toBe(500);
    } finally {
      t.app.deps.seams.off('accountCreated', 'test');
    }
    expect(await t.db.select().from(accounts).where(eq(accounts.ownerUserId, u.user.id))).toHaveLength(0);
    const [me] = await t.db.select().from(users).where(eq(users.id, u.user.id));
    expect(me.activeAccountId).toBeNull();
  });

  it('refuses bad bodies with field errors and writes nothing', async () => {
    const u = await makeUser(t);
    const api = client(t, { token: u.token });
    const res = await api.post('/api/accounts', { name: 'A', type: 'bank' });
    expect(res.status).toBe(400);
    expect(res.body.status).toBe('validation-error');
    expect(Object.keys(res.body.errors!).sort()).toEqual(['name', 'type']);
    expect((await api.post('/api/accounts', {})).body.errors).toMatchObject({
      name: ['Account name is required'],
      type: ['Please choose an account type'],
    });
    expect(await t.db.select().from(accounts).where(eq(accounts.ownerUserId, u.user.id))).toHaveLength(0);
  });

  it('needs a session and a verified email', async () => {
    expect((await client(t).post('/api/accounts', { name: 'Nope Ltd', type: 'business' })).status).toBe(401);
    const unverified = await makeUser(t, { verified: false });
    expect(
      (
        await client(t, { token: unverified.token }).post('/api/accounts', {
          name: 'Nope Ltd',
          type: 'business',
        })
      ).status,
    ).toBe(403);
  });
});

describe('my accounts and the active account', () => {
  it('lists only active memberships with role, tiers and sub-access', async () => {
    const a = await ownerWithAccount(t, { name: 'Alpha Ltd' });
    const b = await ownerWithAccount(t, { name: 'Beta Ltd' });
    const gone = await ownerWithAccount(t, { name: 'Gone Ltd' });
    const m = await addMember(t, b.account.id, a.user.id, 'accountant');
    const revoked = await addMember(t, gone.account.id, a.user.id, 'member');
    await t.db.update(accountMembers).set({ active: false }).where(eq(accountMembers.id, revoked.id));
    const sub = await b.api.post('/api/subsidiaries', { name: 'Kano Branch' });
    await b.api.post(`/api/subsidiaries/${sub.body.data.id}/members`, { memberId: m.id });

    const res = await client(t, { token: a.token }).get('/api/me/accounts');
    expect(res.status).toBe(200);
    expect(res.body.data.map((e: any) => e.account.name)).toEqual(['Alpha Ltd', 'Beta Ltd']);
    const beta = res.body.data[1];
    expect(beta).toMatchObject({
      id: m.id,
      accountId: b.account.id,
      role: 'accountant',
      tiers: [{ tier: 1 }],
    });
    expect(beta.subaccess).toEqual([
      {
        id: expect.any(String),
        subsidiaryId: sub.body.data.id,
        active: true,
        subsidiary: { id: sub.body.data.id, name: 'Kano Branch' },
      },
    ]);
  });

  it('answers the active account with its resources and switches between memberships', async () => {
    const a = await ownerWithAccount(t, { name: 'Gamma Ltd' });
    const b = await ownerWithAccount(t, { name: 'Delta Ltd' });
    const m = await addMember(t, b.account.id, a.user.id, 'member');
    const api = client(t, { token: a.token });

    let res = await api.get('/api/me/accounts/active');
    expect(res.body.data.activeAccount.accountId).toBe(b.account.id);
    expect(res.body.data.resources).toMatchObject({ requests: ['get', 'post'] });

    res = await api.put('/api/me/accounts/active', { id: a.account.id });
    expect(res.status).toBe(200);
    expect(res.body.data.activeAccount.account.name).toBe('Gamma Ltd');
    expect(res.body.data.resources).toBe('*');

    res = await api.put('/api/me/accounts/active', { id: m.id }); // the membership id works too
    expect(res.body.data.activeAccount.accountId).toBe(b.account.id);
  });

  it('refuses to switch to an account the user is not an active member of (404)', async () => {
    const a = await ownerWithAccount(t);
    const other = await ownerWithAccount(t);
    const api = client(t, { token: a.token });
    expect((await api.put('/api/me/accounts/active', { id: other.account.id })).status).toBe(404);
    const revoked = await addMember(t, other.account.id, a.user.id, 'member');
    await t.db.update(accountMembers).set({ active: false }).where(eq(accountMembers.id, revoked.id));
    expect((await api.put('/api/me/accounts/active', { id: other.account.id })).status).toBe(404);
    const bad = await api.put('/api/me/accounts/active', { id: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('id');
    const [me] = await t.db.select().from(users).where(eq(users.id, a.user.id));
    expect(me.activeAccountId).toBe(other.account.id); // addMember moved it; the refused PUTs did not
  });

  it('answers nulls when there is no usable active account', async () => {
    const u = await makeUser(t);
    const res = await client(t, { token: u.token }).get('/api/me/accounts/active');
    expect(res.body.data).toEqual({ activeAccount: null, resources: null });
  });
});

describe('organisation settings', () => {
  it('reads and renames the account; the type stays', async () => {
    const o = await ownerWithAccount(t, { name: 'Echo Ltd', type: 'reseller' });
    let res = await o.api.get('/api/settings/organisation');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'Echo Ltd',
      type: 'reseller',
      kyb: { legalName: null, progress: { maxStep: 0, isComplete: false, fillPercentage: 0 } },
    });
    res = await o.api.put('/api/settings/organisation', { name: 'Echo Group', type: 'business' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Echo Group', type: 'reseller' });
    const bad = await o.api.put('/api/settings/organisation', { name: '' });
    expect(bad.body.errors).toHaveProperty('name');
    const [row] = await t.db.select().from(accounts).where(eq(accounts.id, o.account.id));
    expect(row.name).toBe('Echo Group');
  });

  it('needs parameters permissions', async () => {
    const o = await ownerWithAccount(t);
    const u = await makeUser(t);
    await addMember(t, o.account.id, u.user.id, 'member');
    const api = client(t, { token: u.token, accountId: o.account.id });
    expect((await api.get('/api/settings/organisation')).status).toBe(403);
    expect((await api.put('/api/settings/organisation', { name: 'Hijack' })).status).toBe(403);
  });

  it('makeAccount factory still works with the new tables', async () => {
    const u = await makeUser(t);
    const a = await makeAccount(t, u.user.id, { name: 'Factory Ltd' });
    expect(a.name).toBe('Factory Ltd');
  });
});

describe('OpenAPI', () => {
  it('documents the accounts, KYB, subsidiaries, files and notifications routes', async () => {
    const res = await client(t).get('/api/docs/json');
    expect(res.status).toBe(200);
    const paths = Object.keys((res.body as unknown as { paths: object }).paths);
    for (const p of [
      '/api/accounts',
      '/api/me/accounts/active',
      '/api/parameter/account/parameters',
      '/api/parameter/account/ownership',
      '/api/subsidiaries/{id}/members/{memberId}',
      '/api/files/upload',
      '/api/me/notifications/{id}',
      '/api/me/settings/notifications',
      '/api/settings/organisation',
    ]) {
      expect(paths, p).toContain(p);
    }
  });
});
