import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY_MSG, MSG } from '@owo/contract';
import { client, createTestApp, makeUser, type TestApp } from '../../../test/helpers';
import { issueSession } from '../../platform/sessions';
import { emailTokens, mailOutbox, users } from '../../platform/schema';
import { linkFromMailbox } from './test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const login = (email: string, password: string) => client(t).post('/api/auth/login', { email, password });

describe('forgot and reset password', () => {
  it('answers the same for known and unknown emails, mailing only the known one', async () => {
    const u = await makeUser(t);
    const known = await client(t).post('/api/auth/password', { email: u.email });
    const unknown = await client(t).post('/api/auth/password', { email: 'ghost@example.ng' });
    expect(known.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(known.body.message).toBe(MSG.forgotPasswordSent);
    const found = await linkFromMailbox(t, u.email, '/auth/reset-password');
    expect(found!.link.startsWith(`${t.config.appUrl}/auth/reset-password?ref=`)).toBe(true);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'ghost@example.ng'))).toHaveLength(0);
  });

  it('resets once, ends every session, and the old password stops working', async () => {
    const u = await makeUser(t);
    const other = await issueSession(t.db, t.config, u.user.id);
    await client(t).post('/api/auth/password', { email: u.email });
    const { token } = (await linkFromMailbox(t, u.email, '/auth/reset-password'))!;
    const res = await client(t).put(`/api/auth/password/${token}`, { password: 'Fresh-Plantain-88' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(IDENTITY_MSG.passwordReset);
    expect((await client(t, { token: u.token }).get('/api/me/settings/profile')).status).toBe(401);
    expect((await client(t, { token: other.accessToken }).get('/api/me/settings/profile')).status).toBe(401);
    expect((await login(u.email, u.password)).status).toBe(401);
    expect((await login(u.email, 'Fresh-Plantain-88')).status).toBe(200);

    const reused = await client(t).put(`/api/auth/password/${token}`, { password: 'Another-Plantain-99' });
    expect(reused.status).toBe(400);
    expect(reused.body.errors!.ref).toEqual([IDENTITY_MSG.resetLinkInvalid]);
    expect((await login(u.email, 'Another-Plantain-99')).status).toBe(401);
  });

  it('refuses an expired link, an unknown link and a weak password', async () => {
    const u = await makeUser(t);
    await client(t).post('/api/auth/password', { email: u.email });
    const { token } = (await linkFromMailbox(t, u.email, '/auth/reset-password'))!;
    const weak = await client(t).put(`/api/auth/password/${token}`, { password: 'qwerty123' });
    expect(weak.status).toBe(400);
    expect(weak.body.errors!.password).toEqual([IDENTITY_MSG.passwordTooCommon]);
    const [tok] = await t.db.select().from(emailTokens).where(eq(emailTokens.userId, u.user.id));
    expect(tok.usedAt).toBeNull(); // a refused body does not spend the link
    const minutes = (tok.expiresAt.getTime() - tok.createdAt.getTime()) / 60_000;
    expect(Math.round(minutes)).toBe(60);
    await t.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.userId, u.user.id));
    expect(
      (await client(t).put(`/api/auth/password/${token}`, { password: 'Fresh-Plantain-88' })).status,
    ).toBe(400);
    expect(
      (await client(t).put(`/api/auth/password/${'z'.repeat(43)}`, { password: 'Fresh-Plantain-88' })).status,
    ).toBe(400);
    expect((await login(u.email, u.password)).status).toBe(200);
  });

  it('a reset lifts a sign-in lock and confirms the email', async () => {
    const u = await makeUser(t, { verified: false });
    await t.db
      .update(users)
      .set({ lockedUntil: new Date(Date.now() + 600_000) })
      .where(eq(users.id, u.user.id));
    await client(t).post('/api/auth/password', { email: u.email });
    const { token } = (await linkFromMailbox(t, u.email, '/auth/reset-password'))!;
    expect(
      (await client(t).put(`/api/auth/password/${token}`, { password: 'Fresh-Plantain-88' })).status,
    ).toBe(200);
    const res = await login(u.email, 'Fresh-Plantain-88');
    expect(res.status).toBe(200);
    expect(res.body.data.user.verified).toBe(true);
  });
});

describe('profile and change password', () => {
  it('reads the profile', async () => {
    const u = await makeUser(t, { firstName: 'Amaka', lastName: 'Nwosu' });
    const res = await client(t, { token: u.token }).get('/api/me/settings/profile');
    expect(res.status).toBe(200);
    expect(res.body.data.profile).toEqual({
      id: u.user.id,
      firstName: 'Amaka',
      lastName: 'Nwosu',
      name: 'Amaka Nwosu',
      email: u.email,
      phoneNumber: null,
      verified: true,
      _2fa: false,
      createdAt: u.user.createdAt.toISOString(),
    });
    expect(JSON.stringify(res.body)).not.toContain('argon2');
    expect((await client(t).get('/api/me/settings/profile')).status).toBe(401);
  });

  it('updates names and phone; refuses a bad body without writing', async () => {
    const u = await makeUser(t);
    const api = client(t, { token: u.token });
    const bad = await api.put('/api/me/settings/profile', {
      firstName: '',
      lastName: 'X',
      phoneNumber: 'abc',
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors!).sort()).toEqual(['firstName', 'phoneNumber']);
    const [same] = await t.db.select().from(users).where(eq(users.id, u.user.id));
    expect(same.lastName).toBe('User');
    const res = await api.put('/api/me/settings/profile', {
      firstName: 'Bola',
      lastName: 'Ade',
      phoneNumber: '+234 803 123 4567',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(IDENTITY_MSG.profileUpdated);
    expect(res.body.data.profile).toMatchObject({ name: 'Bola Ade', phoneNumber: '+2348031234567' });
  });

  it('changes the password with the old one; other sessions end, the caller stays', async () => {
    const u = await makeUser(t);
    const other = await issueSession(t.db, t.config, u.user.id);
    const api = client(t, { token: u.token });
    const wrong = await api.put('/api/me/settings/password', {
      oldPassword: 'Not-Mine-123',
      newPassword: 'Fresh-Plantain-88',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors!.oldPassword).toEqual([IDENTITY_MSG.oldPasswordWrong]);
    const missing = await api.put('/api/me/settings/password', { newPassword: 'Fresh-Plantain-88' });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.errors!)).toEqual(['oldPassword']);
    expect((await client(t, { token: other.accessToken }).get('/api/me/settings/profile')).status).toBe(200);

    const res = await api.put('/api/me/settings/password', {
      oldPassword: u.password,
      newPassword: 'Fresh-Plantain-88',
    });
    expect(res.status).toBe(200);
    expect((await api.get('/api/me/settings/profile')).status).toBe(200);
    expect((await client(t, { token: other.accessToken }).get('/api/me/settings/profile')).status).toBe(401);
    expect((await login(u.email, u.password)).status).toBe(401);
    expect((await login(u.email, 'Fresh-Plantain-88')).status).toBe(200);
  });
});
