import { eq } from 'drizzle-orm';
import { authenticator } from 'otplib';
import type { ApiResult, TestApp } from '../../../test/helpers';
import { client } from '../../../test/helpers';
import { users } from '../../platform/schema';

// Test-only helpers for the identity tests: a browser-like cookie client and TOTP codes.

/** A 6-digit code for the step `offsetSteps` away from now (codes within one step are accepted). */
export const totpCode = (secret: string, offsetSteps = 0) =>
  authenticator.clone({ epoch: Date.now() + offsetSteps * 30_000 }).generate(secret);

/** Forgets the last TOTP step used, so a test can spend another code of the current step. */
export const forgetTotpStep = (t: TestApp, userId: string) =>
  t.db.update(users).set({ lastTotpStep: null }).where(eq(users.id, userId));

/** Cookies from a response, by name. */
export function cookiesOf(res: ApiResult): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const i = pair.indexOf('=');
    out[pair.slice(0, i)] = decodeURIComponent(pair.slice(i + 1));
  }
  return out;
}

/** A client that authenticates like the browser: cookies only, optionally with the CSRF header. */
export function cookieClient(t: TestApp, cookies: Record<string, string>, opts: { csrf?: boolean } = {}) {
  const header = Object.entries(cookies)
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
    .join('; ');
  const headers: Record<string, string> = { cookie: header };
  if (opts.csrf && cookies.owo_csrf) headers['x-csrf-token'] = cookies.owo_csrf;
  return client(t, { headers });
}

/** The link of `kind` ("confirm-email" or "reset-password") in the newest mail to `email`, and its token. */
export async function linkFromMailbox(t: TestApp, email: string, path: string) {
  const res = await client(t).get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`);
  const mail = (res.body.data as { links: string[] }[]).find((m) => m.links.some((l) => l.includes(path)));
  if (!mail) return null;
  const link = mail.links.find((l) => l.includes(path))!;
  const u = new URL(link);
  return { link, token: u.searchParams.get('token') ?? u.searchParams.get('ref') ?? '' };
}

/** Signs up through the API; answers the body's tokens and the user's id. */
export async function signUp(
  t: TestApp,
  over: Partial<{ email: string; password: string; firstName: string; lastName: string; code: string }> = {},
) {
  const email = over.email ?? `new.${Math.random().toString(36).slice(2, 10)}@example.ng`;
  const password = over.password ?? 'Kolanut-Harmattan-7';
  const res = await client(t).post('/api/auth/register', {
    firstName: over.firstName ?? 'Ada',
    lastName: over.lastName ?? 'Obi',
    email,
    password,
    ...(over.code ? { code: over.code } : {}),
  });
  return { res, email, password };
}
