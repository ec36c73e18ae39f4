import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY_MSG } from '@owo/contract';
import {
  client,
  createTestApp,
  lastMailTo,
  makeUser,
  ownerWithAccount,
  type TestApp,
} from '../../../test/helpers';
import { accountMembers, mailOutbox, users } from '../../platform/schema';
import { forgetTotpStep, signUp, totpCode } from './test-support';

// Registration and login with an invitation code (000 §2.1 /auth/register/:code, /auth/login/:code).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const newEmail = (tag: string) => `${tag}.${Math.random().toString(36).slice(2, 8)}@example.ng`;

async function invite(email: string, role = 'accountant') {
  const o = await ownerWithAccount(t, { name: 'Zobo Drinks' });
  expect((await o.api.post('/api/invitations', { email, role })).status).toBe(201);
  const mail = await lastMailTo(t, email);
  const link = mail.links.find((l: string) => l.includes('/auth/invite?code='))!;
  return { owner: o, code: new URL(link).searchParams.get('code')! };
}

const membership = async (accountId: string, userId: string) =>
  (
    await t.db
      .select()
      .from(accountMembers)
      .where(and(eq(accountMembers.accountId, accountId), eq(accountMembers.userId, userId)))
  )[0];

describe('invitation codes', () => {
  it('registers with a code: joins the account, verified, no confirmation mail', async () => {
    const email = newEmail('invitee');
    const { owner, code } = await invite(email);
    const { res } = await signUp(t, { email, code });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(IDENTITY_MSG.registeredVerified);
    expect(res.body.data.user.verified).toBe(true);
    const m = await membership(owner.account.id, res.body.data.user.id);
    expect(m.roleSlug).toBe('accountant');
    const [u] = await t.db.select().from(users).where(eq(users.id, res.body.data.user.id));
    expect(u.activeAccountId).toBe(owner.account.id);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(mails.map((x) => x.subject)).not.toContain('Confirm your email address');
    // Verified at once: verified-only routes open.
    expect(
      (
        await client(t, { token: res.body.data.accessToken }).put('/api/me/settings/profile', {
          firstName: 'Ife',
          lastName: 'Ola',
        })
      ).status,
    ).toBe(200);
  });

  it('refuses a code sent to another email, and registers nobody', async () => {
    const { code } = await invite(newEmail('intended'));
    const email = newEmail('intruder');
    const { res } = await signUp(t, { email, code });
    expect(res.status).toBe(403);
    expect(
      await t.db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${email}`),
    ).toHaveLength(0);
  });

  it('refuses an unknown code without creating the user', async () => {
    const email = newEmail('nocode');
    const { res } = await signUp(t, { email, code: 'definitely-not-a-code' });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(
      await t.db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${email}`),
    ).toHaveLength(0);
  });

  it('signs an existing user in with a code and joins the account', async () => {
    const u = await makeUser(t, { verified: false });
    const { owner, code } = await invite(u.email);
    const res = await client(t).post('/api/auth/login', { email: u.email, password: u.password, code });
    expect(res.status).toBe(200);
    expect(res.body.data.user.verified).toBe(true);
    expect((await membership(owner.account.id, u.user.id)).active).toBe(true);
  });

  it('with 2FA on, joins only once the second factor is given', async () => {
    const u = await makeUser(t);
    const api = client(t, { token: u.token });
    const secret = (await api.post('/api/me/2fa/setup')).body.data.secret;
    await api.post('/api/me/2fa/enable', { code: totpCode(secret) });
    await forgetTotpStep(t, u.user.id);
    const { owner, code } = await invite(u.email);
    const res = await client(t).post('/api/auth/login', { email: u.email, password: u.password, code });
    expect(res.body.status).toBe('2fa-required');
    expect(await membership(owner.account.id, u.user.id)).toBeUndefined();
    const done = await client(t, { token: res.body.data.accessToken }).post('/api/auth/2fa', {
      code: totpCode(secret),
      invitationCode: code,
    });
    expect(done.status).toBe(200);
    expect((await membership(owner.account.id, u.user.id)).roleSlug).toBe('accountant');
  });
});
