import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, TEAM_MSG } from '@owo/contract';
import {
  client,
  createTestApp,
  lastMailTo,
  makeUser,
  memberWithRole,
  ownerWithAccount,
  type TestApp,
} from '../../../test/helpers';
import {
  accountMembers,
  invitations,
  notifications,
  subsidiaries,
  subsidiaryAccess,
  users,
} from '../../platform/schema';
import { acceptInvitationByCode } from './invitations';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const newEmail = (tag: string) => `${tag}.${Math.random().toString(36).slice(2, 8)}@example.ng`;

async function codeFor(email: string): Promise<string> {
  const mail = await lastMailTo(t, email);
  expect(mail).not.toBeNull();
  const link = mail.links.find((l: string) => l.includes('/auth/invite?code='));
  expect(link).toBeDefined();
  return decodeURIComponent(new URL(link!).searchParams.get('code')!);
}

describe('invitations', () => {
  it('invites by email, mails a link with the code, and lists it as pending with its expiry', async () => {
    const o = await ownerWithAccount(t, { name: 'Ada Foods' });
    const email = newEmail('invitee');
    const res = await o.api.post('/api/invitations', { email: email.toUpperCase(), role: 'accountant' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      email,
      role: 'accountant',
      roleName: 'Accountant',
      status: 'pending',
      expired: false,
    });
    const days = (new Date(res.body.data.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    const mail = await lastMailTo(t, email);
    expect(mail.subject).toContain('Ada Foods');
    const code = await codeFor(email);
    expect(mail.text).toContain(`${t.config.appUrl}/auth/invite?code=`);
    // Only a hash is stored.
    const [row] = await t.db.select().from(invitations).where(eq(invitations.id, res.body.data.id));
    expect(row.codeHash).not.toContain(code);
    expect(JSON.stringify(res.body)).not.toContain(code);

    const list = await o.api.get('/api/invitations');
    expect(list.status).toBe(200);
    expect(list.body.data.map((i: any) => i.id)).toEqual([res.body.data.id]);
    expect(list.body.metadata.pagination).toMatchObject({ page: 1, totalItems: 1, totalPages: 1 });
  });

  it('refuses bad bodies with field errors and writes nothing', async () => {
    const o = await ownerWithAccount(t);
    for (const [body, field] of [
      [{ email: 'not-an-email', role: 'admin' }, 'email'],
      [{ email: newEmail('x') }, 'role'],
      [{ email: newEmail('x'), role: '' }, 'role'],
      [{ role: 'admin' }, 'email'],
      [{ email: newEmail('x'), role: 'admin', subsidiaryId: 'abc' }, 'subsidiaryId'],
    ] as const) {
      const res = await o.api.post('/api/invitations', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.status).toBe('validation-error');
      expect(Object.keys(res.body.errors ?? {})).toContain(field);
    }
    const unknownRole = await o.api.post('/api/invitations', { email: newEmail('x'), role: 'astronaut' });
    expect(unknownRole.status).toBe(400);
    expect(unknownRole.body.errors!.role).toEqual([TEAM_MSG.roleUnknown]);
    const rows = await t.db.select().from(invitations).where(eq(invitations.accountId, o.account.id));
    expect(rows).toHaveLength(0);
  });

  it('refuses an active member, lets only an owner invite an owner, and re-invite replaces the old code', async () => {
    const o = await ownerWithAccount(t);
    const admin = await memberWithRole(t, o.account.id, 'admin');
    const already = await o.api.post('/api/invitations', { email: admin.email, role: 'member' });
    expect(already.status).toBe(400);
    expect(already.body.errors!.email).toEqual([TEAM_MSG.alreadyMember]);

    const ownerByAdmin = await admin.api.post('/api/invitations', { email: newEmail('o'), role: 'owner' });
    expect(ownerByAdmin.status).toBe(403);
    expect(ownerByAdmin.body.message).toBe(TEAM_MSG.onlyOwnerInvitesOwner);
    expect((await o.api.post('/api/invitations', { email: newEmail('o'), role: 'owner' })).status).toBe(201);

    const email = newEmail('again');
    await o.api.post('/api/invitations', { email, role: 'member' });
    const first = await codeFor(email);
    const second = await o.api.post('/api/invitations', { email, role: 'accountant' });
    expect(second.status).toBe(201);
    expect((await client(t).get(`/api/auth/invite/${first}`)).status).toBe(410);
    const fresh = await client(t).get(`/api/auth/invite/${await codeFor(email)}`);
    expect(fresh.body.data.role).toBe('accountant');
    const list = await o.api.get('/api/invitations');
    expect(list.body.data.filter((i: any) => i.email === email)).toHaveLength(1);
  });

  it('forbids a member-role user with the spec message', async () => {
    const o = await ownerWithAccount(t);
    const m = await memberWithRole(t, o.account.id, 'member');
    for (const res of [
      await m.api.get('/api/invitations'),
      await m.api.post('/api/invitations', { email: newEmail('x'), role: 'member' }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(MSG.forbidden);
    }
  });

  it('resends with a new code and expiry, changes role (not for owner invites), cancels', async () => {
    const o = await ownerWithAccount(t);
    const email = newEmail('r');
    const inv = (await o.api.post('/api/invitations', { email, role: 'member' })).body.data;
    const oldCode = await codeFor(email);
    await t.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, inv.id));
    const resent = await o.api.get(`/api/invitations/${inv.id}/resend`);
    expect(resent.status).toBe(200);
    expect(resent.body.data.expired).toBe(false);
    const newCode = await codeFor(email);
    expect(newCode).not.toBe(oldCode);
    expect((await client(t).get(`/api/auth/invite/${oldCode}`)).status).toBe(404);
    expect((await client(t).get(`/api/auth/invite/${newCode}`)).status).toBe(200);

    const changed = await o.api.put(`/api/invitations/${inv.id}`, { role: 'finance-manager' });
    expect(changed.status).toBe(200);
    expect(changed.body.data.role).toBe('finance-manager');
    expect((await o.api.put(`/api/invitations/${inv.id}`, { role: 'nope' })).status).toBe(400);
    expect((await o.api.put(`/api/invitations/${inv.id}`, {})).body.errors!.role).toBeDefined();

    const ownerInv = (await o.api.post('/api/invitations', { email: newEmail('own'), role: 'owner' })).body
      .data;
    const refused = await o.api.put(`/api/invitations/${ownerInv.id}`, { role: 'admin' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(TEAM_MSG.ownerInviteRoleFixed);

    const cancelled = await o.api.delete(`/api/invitations/${inv.id}`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.status).toBe('cancelled');
    expect((await o.api.delete(`/api/invitations/${inv.id}`)).status).toBe(400);
    expect((await o.api.get(`/api/invitations/${inv.id}/resend`)).status).toBe(400);
    expect((await client(t).get(`/api/auth/invite/${newCode}`)).status).toBe(410);
    expect((await o.api.get('/api/invitations')).body.data.map((i: any) => i.id)).not.toContain(inv.id);
  });
});

describe('accepting an invitation', () => {
  it('previews publicly, accepts for the invited user, and notifies owners and admins', async () => {
    const o = await ownerWithAccount(t, { name: 'Kano Traders' });
    const invitee = await makeUser(t);
    await o.api.post('/api/invitations', { email: invitee.email, role: 'accountant' });
    const code = await codeFor(invitee.email);

    const preview = await client(t).get(`/api/auth/invite/${code}`);
    expect(preview.status).toBe(200);
    expect(preview.body.data).toMatchObject({
      email: invitee.email,
      accountName: 'Kano Traders',
      role: 'accountant',
      userExists: true,
    });
    expect((await client(t).get('/api/auth/invite/unknown-code')).status).toBe(404);

    const other = await makeUser(t);
    const wrong = await client(t, { token: other.token }).post('/api/auth/invite', { code });
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toBe(TEAM_MSG.invitationOtherEmail);

    const res = await client(t, { token: invitee.token }).post('/api/auth/invite', { code });
    expect(res.status).toBe(200);
    expect(res.body.data.accountId).toBe(o.account.id);
    const [m] = await t.db
      .select()
      .from(accountMembers)
      .where(and(eq(accountMembers.accountId, o.account.id), eq(accountMembers.userId, invitee.user.id)));
    expect(m).toMatchObject({ roleSlug: 'accountant', active: true });
    const [u] = await t.db.select().from(users).where(eq(users.id, invitee.user.id));
    expect(u.activeAccountId).toBe(o.account.id);
    const notes = await t.db.select().from(notifications).where(eq(notifications.userId, o.user.id));
    expect(notes.map((n) => n.topic)).toContain('Invitation accepted');
    // The membership works at once, and the code is spent.
    expect((await client(t, { token: invitee.token }).get('/api/invitations')).status).toBe(403);
    const again = await client(t, { token: invitee.token }).post('/api/auth/invite', { code });
    expect(again.status).toBe(410);
  });

  it('answers 410 invitation-expired for an expired code', async () => {
    const o = await ownerWithAccount(t);
    const invitee = await makeUser(t);
    const inv = (await o.api.post('/api/invitations', { email: invitee.email, role: 'member' })).body.data;
    const code = await codeFor(invitee.email);
    await t.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(invitations.id, inv.id));
    const res = await client(t, { token: invitee.token }).post('/api/auth/invite', { code });
    expect(res.status).toBe(410);
    expect(res.body).toMatchObject({ status: 'invitation-expired', message: 'This invitation has expired' });
    const preview = await client(t).get(`/api/auth/invite/${code}`);
    expect(preview.body.status).toBe('invitation-expired');
    const members = await t.db
      .select()
      .from(accountMembers)
      .where(eq(accountMembers.userId, invitee.user.id));
    expect(members).toHaveLength(0);
    expect((await o.api.get('/api/invitations')).body.data[0].expired).toBe(true);
  });

  it('reactivates a revoked member with the new role (service used by register/login)', async () => {
    const o = await ownerWithAccount(t);
    const m = await memberWithRole(t, o.account.id, 'member');
    expect((await o.api.delete(`/api/account_access/${m.member.id}`)).status).toBe(200);
    await o.api.post('/api/invitations', { email: m.email, role: 'finance-manager' });
    const code = await codeFor(m.email);
    const out = await t.db.transaction((tx) =>
      acceptInvitationByCode(tx, { code, userId: m.user.id, email: m.email.toUpperCase() }),
    );
    expect(out.accountId).toBe(o.account.id);
    const [row] = await t.db.select().from(accountMembers).where(eq(accountMembers.id, m.member.id));
    expect(row).toMatchObject({ active: true, roleSlug: 'finance-manager' });
    await expect(
      t.db.transaction((tx) =>
        acceptInvitationByCode(tx, { code: 'nope', userId: m.user.id, email: m.email }),
      ),
    ).rejects.toMatchObject({ statusCode: 404 });
  });

  it('accepts for an unverified user whose email the invite proves', async () => {
    const o = await ownerWithAccount(t);
    const invitee = await makeUser(t, { verified: false });
    await o.api.post('/api/invitations', { email: invitee.email, role: 'member' });
    const res = await client(t, { token: invitee.token }).post('/api/auth/invite', {
      code: await codeFor(invitee.email),
    });
    expect(res.status).toBe(200);
    const [u] = await t.db.select().from(users).where(eq(users.id, invitee.user.id));
    expect(u.emailVerifiedAt).not.toBeNull();
    expect(
      (await client(t, { token: invitee.token }).post('/api/auth/invite', {})).body.errors!.code,
    ).toBeDefined();
  });

  it('grants the invite’s subsidiary as sub-access, and refuses another account’s subsidiary', async () => {
    const o = await ownerWithAccount(t);
    const other = await ownerWithAccount(t);
    const [sub] = await t.db
      .insert(subsidiaries)
      .values({ accountId: o.account.id, name: 'Abuja branch' })
      .returning();
    const [foreign] = await t.db
      .insert(subsidiaries)
      .values({ accountId: other.account.id, name: 'Elsewhere' })
      .returning();
    const invitee = await makeUser(t);
    const refused = await o.api.post('/api/invitations', {
      email: invitee.email,
      role: 'member',
      subsidiaryId: foreign.id,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors!.subsidiaryId).toEqual([TEAM_MSG.subsidiaryUnknown]);
    const inv = await o.api.post('/api/invitations', {
      email: invitee.email,
      role: 'member',
      subsidiaryId: sub.id,
    });
    expect(inv.body.data.subsidiaryId).toBe(sub.id);
    expect(
      (
        await client(t, { token: invitee.token }).post('/api/auth/invite', {
          code: await codeFor(invitee.email),
        })
      ).status,
    ).toBe(200);
    const [m] = await t.db
      .select()
      .from(accountMembers)
      .where(and(eq(accountMembers.accountId, o.account.id), eq(accountMembers.userId, invitee.user.id)));
    const grants = await t.db.select().from(subsidiaryAccess).where(eq(subsidiaryAccess.memberId, m.id));
    expect(grants.map((g) => [g.subsidiaryId, g.active])).toEqual([[sub.id, true]]);
  });
});
