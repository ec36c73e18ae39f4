import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY_MSG, RECOVERY_CODE_COUNT } from '@owo/contract';
import { client, createTestApp, makeUser, type TestApp } from '../../../test/helpers';
import { recoveryCodes, sessions, users } from '../../platform/schema';
import { cookieClient, cookiesOf, forgetTotpStep, totpCode } from './test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A user with 2FA enabled through the API; the enabling code's step is forgotten so tests start clean. */
async function userWith2fa() {
  const u = await makeUser(t);
  const api = client(t, { token: u.token });
  const setup = await api.post('/api/me/2fa/setup');
  const secret: string = setup.body.data.secret;
  const enabled = await api.post('/api/me/2fa/enable', { code: totpCode(secret) });
  expect(enabled.status).toBe(200);
  await forgetTotpStep(t, u.user.id);
  return { ...u, api, secret, recoveryCodes: enabled.body.data.recoveryCodes as string[] };
}

const login = (email: string, password: string) => client(t).post('/api/auth/login', { email, password });

describe('2FA management', () => {
  it('sets up with a QR code, stores the secret encrypted, and enables with a valid code', async () => {
    const u = await makeUser(t);
    const api = client(t, { token: u.token });
    const setup = await api.post('/api/me/2fa/setup');
    expect(setup.status).toBe(200);
    const { secret, otpauthUri, qrCode } = setup.body.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toContain(`secret=${secret}`);
    expect(otpauthUri).toContain('issuer=Owo');
    expect(qrCode).toMatch(/^data:image\/png;base64,/);
    const [row] = await t.db.select().from(users).where(eq(users.id, u.user.id));
    expect(row.totpSecret).toMatch(/^vault:k\d+:/);
    expect(row.totpSecret).not.toContain(secret);
    expect(row.totpEnabled).toBe(false);

    const wrong = await api.post('/api/me/2fa/enable', {
      code: '000000' === totpCode(secret) ? '111111' : '000000',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors!.code).toEqual([IDENTITY_MSG.twoFaInvalid]);

    const ok = await api.post('/api/me/2fa/enable', { code: totpCode(secret) });
    expect(ok.status).toBe(200);
    expect(ok.body.data.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(ok.body.data.recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    const stored = await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, u.user.id));
    expect(stored).toHaveLength(RECOVERY_CODE_COUNT);
    expect(stored.map((r) => r.codeHash)).not.toContain(ok.body.data.recoveryCodes[0]);
    expect((await api.get('/api/me/settings/profile')).body.data.profile._2fa).toBe(true);
    expect((await api.post('/api/me/2fa/setup')).status).toBe(409);
  });

  it('disables only with a current code', async () => {
    const u = await userWith2fa();
    const bad = await u.api.post('/api/me/2fa/disable', {
      code: '123456' === totpCode(u.secret) ? '654321' : '123456',
    });
    expect(bad.status).toBe(400);
    const missing = await u.api.post('/api/me/2fa/disable', {});
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.errors!)).toEqual(['code']);
    const ok = await u.api.post('/api/me/2fa/disable', { code: totpCode(u.secret) });
    expect(ok.status).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, u.user.id));
    expect(row.totpEnabled).toBe(false);
    expect(row.totpSecret).toBeNull();
    expect(await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, u.user.id))).toHaveLength(
      0,
    );
    expect((await login(u.email, u.password)).body.status).toBe('success');
  });

  it('regenerates recovery codes; the old ones stop working', async () => {
    const u = await userWith2fa();
    const res = await u.api.post('/api/me/2fa/recovery-codes', { code: totpCode(u.secret) });
    expect(res.status).toBe(200);
    expect(res.body.data.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    const pending = await login(u.email, u.password);
    const step = client(t, { token: pending.body.data.accessToken });
    expect((await step.post('/api/auth/2fa', { code: u.recoveryCodes[0] })).status).toBe(400);
    expect((await step.post('/api/auth/2fa', { code: res.body.data.recoveryCodes[0] })).status).toBe(200);
  });
});

describe('sign-in with 2FA', () => {
  it('answers 2fa-required with tokens that only the 2FA step accepts', async () => {
    const u = await userWith2fa();
    const res = await login(u.email, u.password);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('2fa-required');
    expect(res.body.data.user._2fa).toBe(true);
    const pending = client(t, { token: res.body.data.accessToken });
    const profile = await pending.get('/api/me/settings/profile');
    expect(profile.status).toBe(401);
    expect(profile.body.status).toBe('2fa-required');
  });

  it('refuses a wrong code, then completes with a fresh pair; the pending tokens die', async () => {
    const u = await userWith2fa();
    const res = await login(u.email, u.password);
    const pending = client(t, { token: res.body.data.accessToken });
    const wrongCode = totpCode(u.secret) === '999999' ? '888888' : '999999';
    const wrong = await pending.post('/api/auth/2fa', { code: wrongCode });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors!.code).toEqual([IDENTITY_MSG.twoFaInvalid]);

    const done = await pending.post('/api/auth/2fa', { code: totpCode(u.secret) });
    expect(done.status).toBe(200);
    expect(done.body.status).toBe('success');
    expect(done.body.data.accessToken).not.toBe(res.body.data.accessToken);
    const [newSession] = await t.db
      .select()
      .from(sessions)
      .where(
        eq(
          sessions.refreshTokenHash,
          (await import('../../platform/tokens')).sha256(done.body.data.refreshToken),
        ),
      );
    const [oldSession] = await t.db
      .select()
      .from(sessions)
      .where(
        eq(
          sessions.accessTokenHash,
          (await import('../../platform/tokens')).sha256(res.body.data.accessToken),
        ),
      );
    expect(newSession.familyId).not.toBe(oldSession.familyId);
    expect(newSession.twoFactorPending).toBe(false);
    expect(
      (await client(t, { token: done.body.data.accessToken }).get('/api/me/settings/profile')).status,
    ).toBe(200);
    expect((await pending.get('/api/me/settings/profile')).status).toBe(401);
    expect((await client(t, { token: res.body.data.refreshToken }).get('/api/auth/validate')).status).toBe(
      401,
    );
  });

  it('refuses a TOTP code that was already used', async () => {
    const u = await userWith2fa();
    const code = totpCode(u.secret);
    const first = await login(u.email, u.password);
    expect(
      (await client(t, { token: first.body.data.accessToken }).post('/api/auth/2fa', { code })).status,
    ).toBe(200);
    const second = await login(u.email, u.password);
    const reused = await client(t, { token: second.body.data.accessToken }).post('/api/auth/2fa', { code });
    expect(reused.status).toBe(400);
    expect(reused.body.errors!.code).toEqual([IDENTITY_MSG.twoFaInvalid]);
  });

  it('accepts each recovery code once', async () => {
    const u = await userWith2fa();
    const [code] = u.recoveryCodes;
    const first = await login(u.email, u.password);
    expect(
      (
        await client(t, { token: first.body.data.accessToken }).post('/api/auth/2fa', {
          code: code.toUpperCase(),
        })
      ).status,
    ).toBe(200);
    const second = await login(u.email, u.password);
    expect(
      (await client(t, { token: second.body.data.accessToken }).post('/api/auth/2fa', { code })).status,
    ).toBe(400);
  });

  it('locks after 5 wrong codes', async () => {
    const u = await userWith2fa();
    const res = await login(u.email, u.password);
    const pending = client(t, { token: res.body.data.accessToken });
    const good = totpCode(u.secret);
    const bad = good === '000001' ? '000002' : '000001';
    for (let i = 0; i < 5; i++) expect((await pending.post('/api/auth/2fa', { code: bad })).status).toBe(400);
    const locked = await pending.post('/api/auth/2fa', { code: good });
    expect(locked.status).toBe(429);
  });

  it('completes the 2FA step from cookies with the CSRF token', async () => {
    const u = await userWith2fa();
    const res = await login(u.email, u.password);
    const c = cookiesOf(res);
    expect((await cookieClient(t, c).post('/api/auth/2fa', { code: totpCode(u.secret) })).status).toBe(403);
    const done = await cookieClient(t, c, { csrf: true }).post('/api/auth/2fa', { code: totpCode(u.secret) });
    expect(done.status).toBe(200);
    const fresh = cookiesOf(done);
    expect(fresh.owo_csrf).not.toBe(c.owo_csrf);
    expect((await cookieClient(t, fresh).get('/api/me/settings/profile')).status).toBe(200);
  });
});
