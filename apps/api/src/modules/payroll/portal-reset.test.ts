import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_MSG, PORTAL_RESET_MSG } from '@owo/contract';
import { lastMailTo, setKybTier, type TestApp, createTestApp } from '../../../test/helpers';
import { fundedOwner, ordinaryAccount } from '../funding/test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function call(method: string, path: string, body?: unknown, token?: string) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${t.baseUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

describe('employee portal: reset password by request and by ref', () => {
  it('mails a single-use ref, resets once, signs every session out; unknown emails look the same', async () => {
    const o = await fundedOwner(t, 1_000_00);
    await setKybTier(t, o.account.id, 3);
    const email = `reset.${Date.now()}@example.ng`;
    const add = await o.api.post('/api/payrolls/employees/add', {
      employees: [
        {
          name: 'Reset Me',
          email,
          salaryAmount: '100000',
          bankCode: '058',
          accountNumber: ordinaryAccount(),
        },
      ],
    });
    expect(add.status).toBe(201);
    const token = /token=([A-Za-z0-9_-]+)/.exec((await lastMailTo(t, email))!.text)![1];
    const created = await call('POST', '/api/employee-portal/auth/create-user', {
      token,
      password: 'Old-Pass-2026!',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const session = created.body.data.token;

    const unknown = await call('POST', '/api/employee-portal/auth/reset-password', {
      email: 'nobody@example.ng',
    });
    const known = await call('POST', '/api/employee-portal/auth/reset-password', { email });
    expect(known).toEqual(unknown);
    expect(known.body.message).toBe(PORTAL_RESET_MSG.requested);
    expect((await call('POST', '/api/employee-portal/auth/reset-password', { email: 'x' })).status).toBe(400);
    const ref = /reset-password\/([A-Za-z0-9_-]+)/.exec((await lastMailTo(t, email))!.text)![1];

    const weak = await call('PUT', `/api/employee-portal/auth/reset-password/${ref}`, { password: 'weak' });
    expect(weak.body.errors.password).toEqual([PORTAL_MSG.passwordRule]);
    const mismatch = await call('PUT', `/api/employee-portal/auth/reset-password/${ref}`, {
      password: 'New-Pass-2026!',
      confirmPassword: 'Other-Pass-2026!',
    });
    expect(mismatch.body.errors.confirmPassword).toEqual([PORTAL_RESET_MSG.passwordsMustMatch]);
    const done = await call('PUT', `/api/employee-portal/auth/reset-password/${ref}`, {
      password: 'New-Pass-2026!',
      confirmPassword: 'New-Pass-2026!',
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.message).toBe(PORTAL_RESET_MSG.reset);
    const again = await call('PUT', `/api/employee-portal/auth/reset-password/${ref}`, {
      password: 'Third-Pass-2026!',
    });
    expect(again.status).toBe(400);
    expect(again.body.errors.ref).toEqual([PORTAL_RESET_MSG.refInvalid]);
    // the old session is signed out; the new password works, the old one does not
    expect((await call('GET', '/api/employee-portal/payslips', undefined, session)).status).toBe(401);
    expect(
      (await call('POST', '/api/employee-portal/auth/login', { email, password: 'Old-Pass-2026!' })).status,
    ).toBe(401);
    expect(
      (await call('POST', '/api/employee-portal/auth/login', { email, password: 'New-Pass-2026!' })).status,
    ).toBe(200);

    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 60 }), fc.anything(), async (r, body) => {
        const res = await call(
          'PUT',
          `/api/employee-portal/auth/reset-password/${encodeURIComponent(r) || 'x'}`,
          body,
        );
        expect([400, 404, 429]).toContain(res.status);
      }),
      { numRuns: 20 },
    );
  });
});
