import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, TEAM_MSG } from '@owo/contract';
import {
  createTestApp,
  makeUser,
  addMember,
  client,
  memberWithRole,
  ownerWithAccount,
  type TestApp,
} from '../../../test/helpers';
import { accountMembers, notifications, roles } from '../../platform/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('roles', () => {
  it('lists built-in roles and the account’s own, creates and updates custom roles', async () => {
    const o = await ownerWithAccount(t);
    const list = await o.api.get('/api/role');
    expect(list.status).toBe(200);
    expect(list.body.data.map((r: any) => r.slug)).toEqual(
      expect.arrayContaining(['owner', 'admin', 'member', 'agent']),
    );
    expect(list.body.data.every((r: any) => r.isBuiltIn)).toBe(true);

    const created = await o.api.post('/api/role', {
      name: 'Field Sales (Lagos)',
      description: 'Sells in Lagos',
      resources: { inflows: ['get', 'post'] },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      slug: 'field-sales-lagos',
      isBuiltIn: false,
      resources: { inflows: ['get', 'post'] },
    });
    const dup = await o.api.post('/api/role', { name: 'field sales lagos', description: 'x' });
    expect(dup.status).toBe(409);
    expect(dup.body.errors!.name).toEqual([TEAM_MSG.roleExists]);
    expect((await o.api.post('/api/role', { name: 'Admin', description: 'shadow' })).status).toBe(409);

    const updated = await o.api.put(`/api/role/${created.body.data.id}`, {
      name: 'Field Sales',
      description: 'All Lagos',
      resources: { inflows: ['*'] },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({
      name: 'Field Sales',
      slug: 'field-sales-lagos',
      resources: { inflows: ['*'] },
    });

    const builtIn = list.body.data.find((r: any) => r.slug === 'member');
    const refused = await o.api.put(`/api/role/${builtIn.id}`, {
      name: 'Member',
      description: 'more',
      resources: { payouts: ['*'] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(TEAM_MSG.builtInRoleReadOnly);

    // Another account sees only its own custom roles.
    const other = await ownerWithAccount(t);
    expect((await other.api.get('/api/role')).body.data.map((r: any) => r.slug)).not.toContain(
      'field-sales-lagos',
    );
    expect(
      (await other.api.put(`/api/role/${created.body.data.id}`, { name: 'x', description: 'y' })).status,
    ).toBe(404);
  });

  it('validates name, description and resources; nothing written', async () => {
    const o = await ownerWithAccount(t);
    const cases: [unknown, string][] = [
      [{ description: 'd' }, 'name'],
      [{ name: '  ', description: 'd' }, 'name'],
      [{ name: 'n' }, 'description'],
      [{ name: 'n', description: 'd', resources: { rockets: ['get'] } }, 'resources'],
      [{ name: 'n', description: 'd', resources: { payouts: ['launch'] } }, 'resources'],
      [{ name: 'n', description: 'd', resources: '*' }, 'resources'],
    ];
    for (const [body, field] of cases) {
      const res = await o.api.post('/api/role', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.status).toBe('validation-error');
      expect(
        Object.keys(res.body.errors ?? {}).some((k) => k === field || k.startsWith(`${field}.`)),
        JSON.stringify(res.body.errors),
      ).toBe(true);
    }
    expect((await o.api.post('/api/role', { description: 'd' })).body.errors!.name).toEqual([
      TEAM_MSG.roleNameRequired,
    ]);
    expect(await t.db.select().from(roles).where(eq(roles.accountId, o.account.id))).toHaveLength(0);
  });

  it('a custom role grants exactly its resources', async () => {
    const o = await ownerWithAccount(t);
    await o.api.post('/api/role', {
      name: 'Team Viewer',
      description: 'Sees the team',
      resources: { accountAccess: ['get'] },
    });
    const v = await memberWithRole(t, o.account.id, 'team-viewer');
    expect((await v.api.get('/api/account_access')).status).toBe(200);
    const denied = await v.api.get('/api/invitations');
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe(MSG.forbidden);
  });
});

describe('members (account access)', () => {
  it('lists members with search and the agents/members filter', async () => {
    const o = await ownerWithAccount(t);
    const a = await makeUser(t, { firstName: 'Chiamaka', lastName: 'Obi' });
    await addMember(t, o.account.id, a.user.id, 'accountant');
    const g = await makeUser(t, { firstName: 'Tunde', lastName: 'Agent' });
    await addMember(t, o.account.id, g.user.id, 'agent');

    const all = await o.api.get('/api/account_access');
    expect(all.status).toBe(200);
    expect(all.body.metadata.pagination.totalItems).toBe(3);
    expect(all.body.data[0]).toMatchObject({ accountId: o.account.id, active: true, limit: null });
    expect(all.body.data[0].user).toHaveProperty('email');

    const search = await o.api.get('/api/account_access?search=chiamaka%20obi');
    expect(search.body.data.map((m: any) => m.user.email)).toEqual([a.email]);
    const agents = await o.api.get('/api/account_access?where=agents');
    expect(agents.body.data.map((m: any) => m.role)).toEqual(['agent']);
    const members = await o.api.get('/api/account_access?where=members');
    expect(members.body.data.map((m: any) => m.role).sort()).toEqual(['accountant', 'owner']);
    expect((await o.api.get('/api/account_access?where=robots')).status).toBe(400);
    const page = await o.api.get('/api/account_access?limit=1&page=2');
    expect(page.body.data).toHaveLength(1);
    expect(page.body.metadata.pagination).toMatchObject({ page: 2, limit: 1, totalItems: 3, totalPages: 3 });
  });

  it('shows a member with stats (zeros without a money module, or its figures)', async () => {
    const o = await ownerWithAccount(t);
    const m = await memberWithRole(t, o.account.id, 'member');
    const res = await o.api.get(`/api/account_access/${m.member.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: m.member.id,
      role: 'member',
      stats: { totalCashOutFlow: '0.00', totalCashOutFlowMinor: 0, totalTransactions: 0 },
    });
    expect((await o.api.get('/api/account_access/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await o.api.get('/api/account_access/not-a-uuid')).status).toBe(400);
  });

  it('changes a role and notifies the member; refuses owner, self and unknown roles', async () => {
    const o = await ownerWithAccount(t);
    const m = await memberWithRole(t, o.account.id, 'member');
    const admin = await memberWithRole(t, o.account.id, 'admin');
    const ownerRow = (await o.api.get('/api/account_access?where=members')).body.data.find(
      (x: any) => x.role === 'owner',
    );

    const res = await o.api.patch(`/api/account_access/${m.member.id}`, { role: 'accountant' });
    expect(res.status).toBe(200);
    expect(res.body.data.role).toBe('accountant');
    const notes = await t.db.select().from(notifications).where(eq(notifications.userId, m.user.id));
    expect(notes.map((n) => n.topic)).toContain('Role changed');

    const owner = await admin.api.patch(`/api/account_access/${ownerRow.id}`, { role: 'member' });
    expect(owner.status).toBe(400);
    expect(owner.body.message).toBe(TEAM_MSG.ownerRoleFixed);
    const self = await admin.api.patch(`/api/account_access/${admin.member.id}`, { role: 'member' });
    expect(self.body.message).toBe(TEAM_MSG.ownRoleFixed);
    expect((await admin.api.patch(`/api/account_access/${m.member.id}`, { role: 'owner' })).status).toBe(403);
    const unknown = await o.api.patch(`/api/account_access/${m.member.id}`, { role: 'pilot' });
    expect(unknown.body.errors!.role).toEqual([TEAM_MSG.roleUnknown]);
    const invalid = await o.api.patch(`/api/account_access/${m.member.id}`, { role: 42 });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors!.role).toBeDefined();
    const [row] = await t.db.select().from(accountMembers).where(eq(accountMembers.id, m.member.id));
    expect(row.roleSlug).toBe('accountant');
  });

  it('revokes access: the member’s next request for the account answers 403', async () => {
    const o = await ownerWithAccount(t);
    const m = await memberWithRole(t, o.account.id, 'finance-manager');
    expect((await m.api.get('/api/account_access')).status).toBe(200);
    const res = await o.api.delete(`/api/account_access/${m.member.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data.active).toBe(false);
    const after = await m.api.get('/api/account_access');
    expect(after.status).toBe(403);
    // The owner can not be revoked, nor can one revoke oneself.
    const ownerRow = (await o.api.get('/api/account_access')).body.data.find((x: any) => x.role === 'owner');
    const admin = await memberWithRole(t, o.account.id, 'admin');
    expect((await admin.api.delete(`/api/account_access/${ownerRow.id}`)).body.message).toBe(
      TEAM_MSG.ownerNotRevocable,
    );
    expect((await admin.api.delete(`/api/account_access/${admin.member.id}`)).body.message).toBe(
      TEAM_MSG.ownAccessNotRevocable,
    );
    const mem = await memberWithRole(t, o.account.id, 'member');
    const denied = await mem.api.delete(`/api/account_access/${admin.member.id}`);
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe(MSG.forbidden);
  });

  it('sets and updates a spend limit in naira, answered in naira and kobo', async () => {
    const o = await ownerWithAccount(t);
    const m = await memberWithRole(t, o.account.id, 'member');
    expect(
      (await o.api.patch(`/api/account_access/${m.member.id}/expense-limit`, { amount: 5000 })).status,
    ).toBe(404);
    const set = await o.api.post(`/api/account_access/${m.member.id}/expense-limit`, { amount: 50000 });
    expect(set.status).toBe(200);
    expect(set.body.data.limit).toEqual({ limit: '50000.00', limitMinor: 5_000_000 });
    expect(set.body.message).toContain('50,000');
    const up = await o.api.patch(`/api/account_access/${m.member.id}/expense-limit`, { amount: 75000 });
    expect(up.body.data.limit).toEqual({ limit: '75000.00', limitMinor: 7_500_000 });
    for (const amount of [0, -5, 10.5, '100']) {
      const bad = await o.api.patch(`/api/account_access/${m.member.id}/expense-limit`, { amount });
      expect(bad.status).toBe(400);
      expect(bad.body.errors!.amount).toBeDefined();
    }
    const list = await o.api.get('/api/account_access?where=members');
    expect(list.body.data.find((x: any) => x.id === m.member.id).limit).toEqual({
      limit: '75000.00',
      limitMinor: 7_500_000,
    });
    expect(
      (
        await client(t, { token: m.token, accountId: o.account.id }).post(
          `/api/account_access/${m.member.id}/expense-limit`,
          { amount: 1 },
        )
      ).status,
    ).toBe(403);
  });
});
