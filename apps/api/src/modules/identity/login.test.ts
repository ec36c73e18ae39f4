import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY_MSG, MSG } from '@owo/contract';
import { client, createTestApp, makeUser, type TestApp } from '../../../test/helpers';
import { sessions, users } from '../../platform/schema';
import { cookieClient, cookiesOf } from './test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const login = (email: string, password: string) => client(t).post('/api/auth/login', { email, password });

describe('login', () => {
  it('answers tokens, the user and httpOnly cookies', async () => {
    const u = await makeUser(t);
    const res = await login(u.email.toUpperCase(), u.password);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('success');
    expect(res.body.message).toBe(IDENTITY_MSG.loggedIn);
    expect(res.body.data.user).toEqual({ id: u.user.id, email: u.email, verified: true, _2fa: false });
    const raw = res.headers.getSetCookie();
    expect(raw.find((c) => c.startsWith('owo_at='))).toMatch(/HttpOnly/i);
    expect(raw.find((c) => c.startsWith('owo_rt='))).toMatch(/Path=\/api\/auth/);
    expect(raw.find((c) => c.startsWith('owo_csrf='))).not.toMatch(/HttpOnly/i);
    // The access token works as a bearer.
    const me = await client(t, { token: res.body.data.accessToken }).get('/api/me/settings/profile');
    expect(me.body.data.profile.email).toBe(u.email);
  });

  it('answers an unknown email and a wrong password alike', async () => {
    const u = await makeUser(t);
    const wrong = await login(u.email, 'Not-The-Password-1');
    const unknown = await login('nobody.at.all@example.ng', 'Not-The-Password-1');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.message).toBe(MSG.invalidCredentials);
    expect(wrong.headers.getSetCookie()).toHaveLength(0);
  });

  it('locks sign-in for 15 minutes after 5 failures, even with the right password', async () => {
    const u = await makeUser(t);
    for (let i = 0; i < 5; i++) expect((await login(u.email, `Wrong-Password-${i}`)).status).toBe(401);
    const locked = await login(u.email, u.password);
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe(IDENTITY_MSG.locked);
    const [row] = await t.db.select().from(users).where(eq(users.id, u.user.id));
    const minutes = (row.lockedUntil!.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
    // Once the lock passes, the right password works and the counter starts again.
    await t.db
      .update(users)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, u.user.id));
    expect((await login(u.email, u.password)).status).toBe(200);
    const [after] = await t.db.select().from(users).where(eq(users.id, u.user.id));
    expect(after.failedLogins).toBe(0);
  });

  it('lets an unverified user sign in; the guard keeps them to allowUnverified routes', async () => {
    const u = await makeUser(t, { verified: false });
    const res = await login(u.email, u.password);
    expect(res.status).toBe(200);
    expect(res.body.data.user.verified).toBe(false);
    const api = client(t, { token: res.body.data.accessToken });
    expect((await api.get('/api/me/settings/profile')).status).toBe(200);
    const blocked = await api.put('/api/me/settings/password', {
      oldPassword: u.password,
      newPassword: 'Another-Secret-99',
    });
    expect(blocked.status).toBe(403);
  });

  it('answers password-expired when the password is older than the configured age', async () => {
    const t2 = await createTestApp({ PASSWORD_MAX_AGE_DAYS: '90' });
    try {
      const u = await makeUser(t2);
      await t2.db
        .update(users)
        .set({ passwordChangedAt: new Date(Date.now() - 91 * 86_400_000) })
        .where(eq(users.id, u.user.id));
      const res = await client(t2).post('/api/auth/login', { email: u.email, password: u.password });
      expect(res.status).toBe(401);
      expect(res.body.status).toBe('password-expired');
      expect(res.body.message).toBe(IDENTITY_MSG.passwordExpired);
      // A recent password still signs in.
      await t2.db
        .update(users)
        .set({ passwordChangedAt: new Date(Date.now() - 89 * 86_400_000) })
        .where(eq(users.id, u.user.id));
      expect(
        (await client(t2).post('/api/auth/login', { email: u.email, password: u.password })).status,
      ).toBe(200);
    } finally {
      await t2.close();
    }
  });

  it('answers validation-error for a bad body', async () => {
    const res = await client(t).post('/api/auth/login', { email: 'nope' });
    expect(res.status).toBe(400);
    expect(res.body.status).toBe('validation-error');
    expect(Object.keys(res.body.errors!).sort()).toEqual(['email', 'password']);
  });
});

describe('refresh and logout', () => {
  it('rotates the pair with the refresh token as bearer; the old access token stops working', async () => {
    const u = await makeUser(t);
    const res = await client(t, { token: u.refreshToken }).get('/api/auth/validate');
    expect(res.status).toBe(200);
    expect(res.body.data.refreshToken).not.toBe(u.refreshToken);
    expect(res.body.data.user.id).toBe(u.user.id);
    expect(
      (await client(t, { token: res.body.data.accessToken }).get('/api/me/settings/profile')).status,
    ).toBe(200);
    expect((await client(t, { token: u.token }).get('/api/me/settings/profile')).status).toBe(401);
  });

  it('treats reuse of a rotated refresh token as theft and revokes the whole family', async () => {
    const u = await makeUser(t);
    const first = await client(t, { token: u.refreshToken }).get('/api/auth/validate');
    const replay = await client(t, { token: u.refreshToken }).get('/api/auth/validate');
    expect(replay.status).toBe(401);
    expect(replay.body.status).toBe('session-expired');
    // The legitimate holder's newer tokens are dead too.
    expect(
      (await client(t, { token: first.body.data.accessToken }).get('/api/me/settings/profile')).status,
    ).toBe(401);
    expect((await client(t, { token: first.body.data.refreshToken }).get('/api/auth/validate')).status).toBe(
      401,
    );
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, u.user.id));
    expect(rows.every((s) => s.state === 'revoked')).toBe(true);
  });

  it('refuses an expired session family and a missing token', async () => {
    const u = await makeUser(t);
    await t.db
      .update(sessions)
      .set({ familyExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, u.user.id));
    const res = await client(t, { token: u.refreshToken }).get('/api/auth/validate');
    expect(res.status).toBe(401);
    expect(res.body.status).toBe('session-expired');
    const none = await client(t).get('/api/auth/validate');
    expect(none.status).toBe(401);
    expect(none.body.status).toBe('session-expired');
  });

  it('refreshes from the refresh cookie for browsers', async () => {
    const u = await makeUser(t);
    const signIn = await login(u.email, u.password);
    const c = cookiesOf(signIn);
    const res = await cookieClient(t, { owo_rt: c.owo_rt }).get('/api/auth/validate');
    expect(res.status).toBe(200);
    expect(cookiesOf(res).owo_at).toBe(res.body.data.accessToken);
  });

  it('logs out: the family is revoked and the cookies cleared', async () => {
    const u = await makeUser(t);
    const res = await client(t, { token: u.token }).post('/api/auth/logout');
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(IDENTITY_MSG.loggedOut);
    expect(res.headers.getSetCookie().some((c) => c.startsWith('owo_at=;'))).toBe(true);
    expect((await client(t, { token: u.token }).get('/api/me/settings/profile')).status).toBe(401);
    expect((await client(t, { token: u.refreshToken }).get('/api/auth/validate')).status).toBe(401);
  });

  it('logs out with only the refresh token once the access token has expired', async () => {
    const u = await makeUser(t);
    await t.db
      .update(sessions)
      .set({ accessExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, u.user.id));
    await client(t, { token: u.refreshToken }).post('/api/auth/logout');
    expect((await client(t, { token: u.refreshToken }).get('/api/auth/validate')).status).toBe(401);
  });
});

describe('CSRF', () => {
  it('refuses a cookie-authenticated change without x-csrf-token and accepts it with one', async () => {
    const u = await makeUser(t);
    const c = cookiesOf(await login(u.email, u.password));
    const body = { firstName: 'Ngozi', lastName: 'Okafor' };
    const without = await cookieClient(t, c).put('/api/me/settings/profile', body);
    expect(without.status).toBe(403);
    expect(without.body.message).toBe('Missing or invalid CSRF token');
    const forged = await cookieClient(t, c).put('/api/me/settings/profile', body, {
      'x-csrf-token': 'forged',
    });
    expect(forged.status).toBe(403);
    const [unchanged] = await t.db.select().from(users).where(eq(users.id, u.user.id));
    expect(unchanged.firstName).toBe('Test');
    const withIt = await cookieClient(t, c, { csrf: true }).put('/api/me/settings/profile', body);
    expect(withIt.status).toBe(200);
    expect(withIt.body.data.profile.name).toBe('Ngozi Okafor');
    // Reads need no CSRF token; bearer callers never do.
    expect((await cookieClient(t, c).get('/api/me/settings/profile')).status).toBe(200);
    expect((await client(t, { token: u.token }).put('/api/me/settings/profile', body)).status).toBe(200);
  });

  it('does not sign a cookie session out without the CSRF token', async () => {
    const u = await makeUser(t);
    const c = cookiesOf(await login(u.email, u.password));
    await cookieClient(t, c).post('/api/auth/logout');
    expect((await cookieClient(t, c).get('/api/me/settings/profile')).status).toBe(200);
    await cookieClient(t, c, { csrf: true }).post('/api/auth/logout');
    expect((await cookieClient(t, c).get('/api/me/settings/profile')).status).toBe(401);
  });
});

describe('rate limits', () => {
  it('throttles login attempts per IP when enabled', async () => {
    const t2 = await createTestApp({ RATE_LIMIT_ENABLED: 'true' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++) {
        statuses.push(
          (
            await client(t2).post('/api/auth/login', {
              email: `someone${i}@example.ng`,
              password: 'Whatever-123',
            })
          ).status,
        );
      }
      expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
      const last = await client(t2).post('/api/auth/login', {
        email: 'x@example.ng',
        password: 'Whatever-123',
      });
      expect(last.status).toBe(429);
      expect(last.body.status).toBe('rate-limited');
      // Forgot-password is limited per email too.
      const forgot = [];
      for (let i = 0; i < 4; i++)
        forgot.push((await client(t2).post('/api/auth/password', { email: 'target@example.ng' })).status);
      expect(forgot).toEqual([200, 200, 200, 429]);
    } finally {
      await t2.close();
    }
  });
});
