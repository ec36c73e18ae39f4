import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MSG } from '@owo/contract';
import {
  addMember,
  client,
  createTestApp,
  makeUser,
  ownerWithAccount,
  type TestApp,
} from '../../../test/helpers';
import { subsidiaries, subsidiaryAccess } from '../../platform/schema';
import { NO_SUBSIDIARY } from '../../platform/guard';
import { fundedOwner, ordinaryAccount } from '../funding/test-support';
import { resolveSubsidiaryFor } from './subsidiaries';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function memberOf(accountId: string, role: string) {
  const u = await makeUser(t);
  const m = await addMember(t, accountId, u.user.id, role);
  return { ...u, member: m, api: client(t, { token: u.token, accountId }) };
}

describe('subsidiaries CRUD', () => {
  it('creates, lists, reads and updates subsidiaries of the active account', async () => {
    const o = await ownerWithAccount(t);
    const created = await o.api.post('/api/subsidiaries', { name: 'Lagos HQ', description: 'Head office' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      name: 'Lagos HQ',
      description: 'Head office',
      active: true,
      membersCount: 0,
    });
    await o.api.post('/api/subsidiaries', { name: 'Abuja Office' });

    const list = await o.api.get('/api/subsidiaries?limit=1');
    expect(list.body.data.map((s: any) => s.name)).toEqual(['Abuja Office']);
    expect(list.body.metadata.pagination).toEqual({ page: 1, limit: 1, totalItems: 2, totalPages: 2 });
    expect((await o.api.get('/api/subsidiaries?search=lag')).body.data.map((s: any) => s.name)).toEqual([
      'Lagos HQ',
    ]);

    const id = created.body.data.id;
    const got = await o.api.get(`/api/subsidiaries/${id}`);
    expect(got.body.data).toMatchObject({ id, name: 'Lagos HQ', members: [] });
    const upd = await o.api.put(`/api/subsidiaries/${id}`, { name: 'Lagos Head Office', active: false });
    expect(upd.status).toBe(200);
    expect(upd.body.data).toMatchObject({
      name: 'Lagos Head Office',
      active: false,
      description: 'Head office',
    });
  });

  it('refuses duplicate names (case-insensitive) and bad bodies without writing', async () => {
    const o = await ownerWithAccount(t);
    await o.api.post('/api/subsidiaries', { name: 'Port Harcourt' });
    const dup = await o.api.post('/api/subsidiaries', { name: 'port harcourt' });
    expect(dup.status).toBe(409);
    expect(dup.body.errors).toEqual({ name: ['A subsidiary with this name already exists'] });
    const bad = await o.api.post('/api/subsidiaries', { name: '  ' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ name: ['Subsidiary name is required'] });
    expect(
      await t.db.select().from(subsidiaries).where(eq(subsidiaries.accountId, o.account.id)),
    ).toHaveLength(1);
  });

  it("hides another account's subsidiary (404) and checks permissions", async () => {
    const a = await ownerWithAccount(t);
    const b = await ownerWithAccount(t);
    const sub = (await a.api.post('/api/subsidiaries', { name: 'Secret Unit' })).body.data;
    expect((await b.api.get(`/api/subsidiaries/${sub.id}`)).status).toBe(404);
    expect((await b.api.put(`/api/subsidiaries/${sub.id}`, { name: 'Stolen' })).status).toBe(404);
    expect((await b.api.get('/api/subsidiaries')).body.data).toEqual([]);
    const [row] = await t.db.select().from(subsidiaries).where(eq(subsidiaries.id, sub.id));
    expect(row.name).toBe('Secret Unit');

    const fm = await memberOf(a.account.id, 'finance-manager'); // subsidiaries: get only
    expect((await fm.api.get('/api/subsidiaries')).status).toBe(200);
    expect((await fm.api.post('/api/subsidiaries', { name: 'Nope' })).status).toBe(403);
    expect(
      (await fm.api.post(`/api/subsidiaries/${sub.id}/members`, { memberId: fm.member.id })).status,
    ).toBe(403);
  });
});

describe('subsidiary members (sub-access)', () => {
  it('adds, deactivates, reactivates and removes a member', async () => {
    const o = await ownerWithAccount(t);
    const acc = await memberOf(o.account.id, 'accountant');
    const sub = (await o.api.post('/api/subsidiaries', { name: 'Ibadan' })).body.data;
    let res = await o.api.post(`/api/subsidiaries/${sub.id}/members`, { memberId: acc.member.id });
    expect(res.status).toBe(200);
    expect(res.body.data.members).toEqual([
      expect.objectContaining({
        memberId: acc.member.id,
        active: true,
        role: 'accountant',
        user: expect.objectContaining({ email: acc.email }),
      }),
    ]);
    expect(res.body.data.membersCount).toBe(1);

    res = await o.api.patch(`/api/subsidiaries/${sub.id}/members/${acc.member.id}`, { active: false });
    expect(res.body.data.members[0].active).toBe(false);
    expect(res.body.data.membersCount).toBe(0);
    res = await o.api.post(`/api/subsidiaries/${sub.id}/members`, { memberId: acc.member.id }); // re-adding reactivates
    expect(res.body.data.members).toHaveLength(1);
    expect(res.body.data.members[0].active).toBe(true);

    res = await o.api.delete(`/api/subsidiaries/${sub.id}/members/${acc.member.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data.members).toEqual([]);
    expect((await o.api.delete(`/api/subsidiaries/${sub.id}/members/${acc.member.id}`)).status).toBe(404);
  });

  it("refuses another account's member, owners/admins, and bad ids", async () => {
    const a = await ownerWithAccount(t);
    const b = await ownerWithAccount(t);
    const outsider = await memberOf(b.account.id, 'accountant');
    const admin = await memberOf(a.account.id, 'admin');
    const sub = (await a.api.post('/api/subsidiaries', { name: 'Enugu' })).body.data;
    const res = await a.api.post(`/api/subsidiaries/${sub.id}/members`, { memberId: outsider.member.id });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ memberId: ['This member does not belong to this account'] });
    expect(
      (await a.api.post(`/api/subsidiaries/${sub.id}/members`, { memberId: admin.member.id })).body.errors,
    ).toHaveProperty('memberId');
    expect(
      (await a.api.post(`/api/subsidiaries/${sub.id}/members`, { memberId: 'x' })).body.errors,
    ).toHaveProperty('memberId');
    expect(
      await t.db.select().from(subsidiaryAccess).where(eq(subsidiaryAccess.subsidiaryId, sub.id)),
    ).toHaveLength(0);
    // B cannot manage A's subsidiary even with a member of its own
    const own = await memberOf(b.account.id, 'member');
    expect(
      (await b.api.post(`/api/subsidiaries/${sub.id}/members`, { memberId: own.member.id })).status,
    ).toBe(404);
  });
});

describe('x-subsidiary-id', () => {
  it('lets owners pick any subsidiary of the account or all; refuses foreign and unknown ids', async () => {
    const a = await ownerWithAccount(t);
    const b = await ownerWithAccount(t);
    const subA = (await a.api.post('/api/subsidiaries', { name: 'Jos' })).body.data;
    const subB = (await b.api.post('/api/subsidiaries', { name: 'Kaduna' })).body.data;
    const as = (sub: string) => client(t, { token: a.token, accountId: a.account.id, subsidiaryId: sub });
    expect((await as(subA.id).get('/api/subsidiaries')).status).toBe(200);
    expect((await as('all').get('/api/subsidiaries')).status).toBe(200);
    const foreign = await as(subB.id).get('/api/subsidiaries');
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toBe('This subsidiary does not exist for this account');
    expect((await as('not-a-uuid').get('/api/subsidiaries')).status).toBe(403);
    await a.api.put(`/api/subsidiaries/${subA.id}`, { active: false });
    expect((await as(subA.id).get('/api/subsidiaries')).status).toBe(403);
  });

  it('limits other roles to their active sub-access and refuses them all', async () => {
    const o = await ownerWithAccount(t);
    const fm = await memberOf(o.account.id, 'finance-manager');
    const mine = (await o.api.post('/api/subsidiaries', { name: 'Owerri' })).body.data;
    const other = (await o.api.post('/api/subsidiaries', { name: 'Calabar' })).body.data;
    await o.api.post(`/api/subsidiaries/${mine.id}/members`, { memberId: fm.member.id });
    const as = (sub: string) => client(t, { token: fm.token, accountId: o.account.id, subsidiaryId: sub });
    expect((await as(mine.id).get('/api/subsidiaries')).status).toBe(200);
    const noAccess = await as(other.id).get('/api/subsidiaries');
    expect(noAccess.status).toBe(403);
    expect(noAccess.body.message).toBe('You do not have access to this subsidiary');
    const all = await as('all').get('/api/subsidiaries');
    expect(all.status).toBe(403);
    expect(all.body.message).toBe('Only owners and admins can view all subsidiaries');
    // Without the header a restricted member is scoped to their sub-access, not widened to all.
    const resolve = (_: never, tn: Parameters<typeof resolveSubsidiaryFor>[1], h: string) =>
      resolveSubsidiaryFor(t.db, tn, h);
    const tenant = {
      accountId: o.account.id,
      accountName: 'x',
      accountType: 'business',
      memberId: fm.member.id,
      roleSlug: 'finance-manager',
      resources: {},
      isFullAccess: false,
    };
    expect(await resolve({} as never, tenant, '')).toBe(mine.id);
    await o.api.patch(`/api/subsidiaries/${mine.id}/members/${fm.member.id}`, { active: false });
    expect((await as(mine.id).get('/api/subsidiaries')).status).toBe(403);
    // No sub-access left: no subsidiary at all, never "All Subsidiaries" (issue 34 §4).
    expect(await resolve({} as never, tenant, '')).toBe(NO_SUBSIDIARY);
  });

  it('reflects the chosen subsidiary in the tenant context', async () => {
    const o = await ownerWithAccount(t);
    const sub = (await o.api.post('/api/subsidiaries', { name: 'Warri' })).body.data;
    const resolve = (_: never, tn: Parameters<typeof resolveSubsidiaryFor>[1], h: string) =>
      resolveSubsidiaryFor(t.db, tn, h);
    const [m] = (await o.api.get('/api/me/accounts')).body.data;
    const tenant = {
      accountId: o.account.id,
      accountName: 'x',
      accountType: 'business',
      memberId: m.id,
      roleSlug: 'owner',
      resources: '*' as const,
      isFullAccess: true,
    };
    expect(await resolve({} as never, tenant, sub.id)).toBe(sub.id);
    expect(await resolve({} as never, tenant, 'all')).toBeNull();
    expect(await resolve({} as never, tenant, '')).toBeNull();
    await expect(
      resolve({} as never, { ...tenant, isFullAccess: false, roleSlug: 'member' }, sub.id),
    ).rejects.toMatchObject({ statusCode: 403 });
  });
});

describe('scopes never widen by removal (issue 34 §4)', () => {
  const requestBody = (walletId: string) => ({
    walletId,
    amount: '1500',
    currency: 'NGN',
    purpose: 'reimbursement',
    narration: 'Fuel for the site visit',
    bankCode: '058',
    accountNumber: ordinaryAccount(),
  });

  it("removing a member's last sub-access leaves them no subsidiary's records, and they file none", async () => {
    const o = await fundedOwner(t, 1_000_000_00);
    const lagos = (await o.api.post('/api/subsidiaries', { name: 'Lagos' })).body.data;
    const abuja = (await o.api.post('/api/subsidiaries', { name: 'Abuja' })).body.data;
    const m = await memberOf(o.account.id, 'member');
    await o.api.post(`/api/subsidiaries/${lagos.id}/members`, { memberId: m.member.id });
    const mine = await m.api.post('/api/requests', requestBody(o.wallet.id));
    expect(mine.status, JSON.stringify(mine.body)).toBe(201);
    const inAbuja = await client(t, { token: o.token, accountId: o.account.id, subsidiaryId: abuja.id }).post(
      '/api/requests',
      requestBody(o.wallet.id),
    );
    expect(inAbuja.status).toBe(201);
    const refs = async () => (await m.api.get('/api/requests')).body.data.map((r: any) => r.reference);
    expect(await refs()).toEqual([mine.body.data.reference]);

    // the last sub-access goes: nothing is visible, not everything
    expect((await o.api.delete(`/api/subsidiaries/${lagos.id}/members/${m.member.id}`)).status).toBe(200);
    expect(await refs()).toEqual([]);
    const csv = await fetch(`${t.baseUrl}/api/requests?format=csv`, {
      headers: { authorization: `Bearer ${m.token}`, 'x-account-id': o.account.id },
    });
    expect((await csv.text()).trim().split('\r\n')).toHaveLength(1); // the header only
    expect((await m.api.get(`/api/requests/${inAbuja.body.data.reference}`)).status).toBe(404);
    const filed = await m.api.post('/api/requests', requestBody(o.wallet.id));
    expect(filed.status).toBe(403);
    expect(filed.body.message).toBe(ACCOUNT_MSG.noSubsidiaryAccess);
    expect(await refs()).toEqual([]);
    // a deactivated sub-access counts as none too
    await o.api.post(`/api/subsidiaries/${abuja.id}/members`, { memberId: m.member.id });
    expect(await refs()).toEqual([inAbuja.body.data.reference]);
    await o.api.patch(`/api/subsidiaries/${abuja.id}/members/${m.member.id}`, { active: false });
    expect(await refs()).toEqual([]);
    // owners still see every subsidiary
    expect((await o.api.get('/api/requests')).body.data).toHaveLength(2);
  });

  it('a company without subsidiaries has no subsidiary scope: its members work as before', async () => {
    const o = await fundedOwner(t, 1_000_000_00);
    const m = await memberOf(o.account.id, 'member');
    const r = await m.api.post('/api/requests', requestBody(o.wallet.id));
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect((await m.api.get('/api/requests')).body.data).toHaveLength(1);
  });
});
