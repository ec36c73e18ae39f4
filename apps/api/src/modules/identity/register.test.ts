import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY_MSG } from '@owo/contract';
import { client, createTestApp, makeUser, type TestApp } from '../../../test/helpers';
import { emailTokens, mailOutbox, sessions, users } from '../../platform/schema';
import { linkFromMailbox, signUp } from './test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const countUsers = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(users))[0].n;

describe('registration', () => {
  it('creates an unverified user, signs them in and mails a confirmation link', async () => {
    const { res, email } = await signUp(t, { email: 'Chioma.Eze@Example.NG' });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('success');
    expect(res.body.message).toBe(IDENTITY_MSG.registered);
    expect(res.body.data.user).toMatchObject({ email: email.toLowerCase(), verified: false, _2fa: false });
    expect(res.body.data.accessToken).toEqual(expect.any(String));
    expect(res.body.data.refreshToken).toEqual(expect.any(String));

    const [row] = await t.db.select().from(users).where(eq(users.id, res.body.data.user.id));
    expect(row.emailVerifiedAt).toBeNull();
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);

    const found = await linkFromMailbox(t, email, '/auth/confirm-email');
    expect(found!.link.startsWith(`${t.config.appUrl}/auth/confirm-email?token=`)).toBe(true);
    // Only the token's hash is stored.
    const tokens = await t.db.select().from(emailTokens).where(eq(emailTokens.userId, row.id));
    expect(tokens).toHaveLength(1);
    expect(tokens[0].tokenHash).not.toBe(found!.token);

    // Unverified: the profile answers (the web routes on it), other session routes refuse.
    const api = client(t, { token: res.body.data.accessToken });
    const profile = await api.get('/api/me/settings/profile');
    expect(profile.status).toBe(200);
    expect(profile.body.data.profile.verified).toBe(false);
    const blocked = await api.put('/api/me/settings/profile', { firstName: 'A', lastName: 'B' });
    expect(blocked.status).toBe(403);
  });

  it('confirms the email once; the link cannot be reused', async () => {
    const { res, email } = await signUp(t);
    const { token } = (await linkFromMailbox(t, email, '/auth/confirm-email'))!;
    const first = await client(t).post('/api/auth/confirm-email', { token });
    expect(first.status).toBe(200);
    expect(first.body.message).toBe(IDENTITY_MSG.emailConfirmed);
    expect(first.body.data.user.verified).toBe(true);
    const again = await client(t).post('/api/auth/confirm-email', { token });
    expect(again.status).toBe(400);
    expect(again.body.errors!.token).toEqual([IDENTITY_MSG.confirmLinkInvalid]);
    // Now the verified-only routes open.
    const api = client(t, { token: res.body.data.accessToken });
    expect((await api.put('/api/me/settings/profile', { firstName: 'Ada', lastName: 'Eze' })).status).toBe(
      200,
    );
  });

  it('refuses an unknown or expired confirmation token', async () => {
    const unknown = await client(t).post('/api/auth/confirm-email', { token: 'x'.repeat(43) });
    expect(unknown.status).toBe(400);
    const { res, email } = await signUp(t);
    const { token } = (await linkFromMailbox(t, email, '/auth/confirm-email'))!;
    await t.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.userId, res.body.data.user.id));
    const expired = await client(t).post('/api/auth/confirm-email', { token });
    expect(expired.status).toBe(400);
    const [u] = await t.db.select().from(users).where(eq(users.email, email));
    expect(u.emailVerifiedAt).toBeNull();
  });

  it('resends a confirmation link with the same answer whether or not the email exists', async () => {
    const { email } = await signUp(t);
    const old = (await linkFromMailbox(t, email, '/auth/confirm-email'))!.token;
    const known = await client(t).post('/api/auth/confirm-email/resend', { email });
    const unknown = await client(t).post('/api/auth/confirm-email/resend', {
      email: 'nobody.here@example.ng',
    });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(known.body.message).toBe(IDENTITY_MSG.confirmResent);
    const fresh = (await linkFromMailbox(t, email, '/auth/confirm-email'))!.token;
    expect(fresh).not.toBe(old);
    // The earlier link stopped working; the new one works.
    expect((await client(t).post('/api/auth/confirm-email', { token: old })).status).toBe(400);
    expect((await client(t).post('/api/auth/confirm-email', { token: fresh })).status).toBe(200);
    const none = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'nobody.here@example.ng'));
    expect(none).toHaveLength(0);
  });

  it('refuses a taken email (any case) with a field error', async () => {
    const existing = await makeUser(t);
    const before = await countUsers();
    const { res } = await signUp(t, { email: existing.email.toUpperCase() });
    expect(res.status).toBe(409);
    expect(res.body.errors!.email).toEqual([IDENTITY_MSG.emailTaken]);
    expect(await countUsers()).toBe(before);
  });

  it('answers validation-error with field keys and writes nothing', async () => {
    const before = await countUsers();
    const mailsBefore = (await t.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox))[0].n;
    const res = await client(t).post('/api/auth/register', {
      firstName: ' ',
      email: 'not-an-email',
      password: 'short',
      phoneNumber: '12',
    });
    expect(res.status).toBe(400);
    expect(res.body.status).toBe('validation-error');
    expect(Object.keys(res.body.errors!).sort()).toEqual([
      'email',
      'firstName',
      'lastName',
      'password',
      'phoneNumber',
    ]);
    expect(res.body.errors!.password).toContain(IDENTITY_MSG.passwordTooShort);
    expect(res.body.errors!.email).toContain(IDENTITY_MSG.emailInvalid);

    const common = await client(t).post('/api/auth/register', {
      firstName: 'A',
      lastName: 'B',
      email: 'common@example.ng',
      password: 'Password123',
    });
    expect(common.status).toBe(400);
    expect(common.body.errors!.password).toEqual([IDENTITY_MSG.passwordTooCommon]);
    expect(await countUsers()).toBe(before);
    expect((await t.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox))[0].n).toBe(mailsBefore);
    expect(
      await t.db
        .select()
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(users.email, 'common@example.ng')),
    ).toHaveLength(0);
  });

  it('stores Nigerian phone numbers in international form', async () => {
    const res = await client(t).post('/api/auth/register', {
      firstName: 'Tunde',
      lastName: 'Bello',
      email: 'tunde.phone@example.ng',
      password: 'Kolanut-Harmattan-7',
      phoneNumber: '0803 123 4567',
    });
    expect(res.status).toBe(200);
    const [u] = await t.db.select().from(users).where(eq(users.id, res.body.data.user.id));
    expect(u.phoneNumber).toBe('+2348031234567');
  });
});
