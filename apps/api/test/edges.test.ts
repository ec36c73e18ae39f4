import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitations } from '../src/modules/teams/tables';
import { UNICODE_MESSAGE } from '../src/platform/http';
import { cookieClient, cookiesOf } from '../src/modules/identity/test-support';
import { client, createTestApp, lastMailTo, ownerWithAccount, type TestApp } from './helpers';
import { apiRoutes, cheapOwner, fillPath, sampleBody } from './route-utils';

// Edges closed once, at the edge (issue 34 §8): invalid Unicode is a 400 on every route, error
// logs carry no query values, request logs never print a link's token, and the GETs the spec
// defines as actions need the CSRF token of a cookie session.

let t: TestApp;
let logs = '';
beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (c: Buffer) => (logs += c.toString()));
  t = await createTestApp({}, { logStream: stream });
});
afterAll(async () => {
  await t.close();
});

const SWEEP_TIMEOUT = 600_000;
const LONE = 'Ada\ud800 Obi';
const logLines = () =>
  logs
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, any>);

async function vendorRef(api: ReturnType<typeof client>, email: string) {
  const res = await api.post('/api/payee/invite', { email, name: 'Abuja Print House' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const mail = await lastMailTo(t, email);
  return /\/vendor-onboarding\/invitation\/([^\s/?"]+)/.exec(mail!.text!)![1];
}

describe('invalid Unicode', () => {
  it('answers a lone surrogate in a public form with 400 on the field; the log holds none of the values', async () => {
    const o = await ownerWithAccount(t);
    const email = `vendor.${randomUUID().slice(0, 6)}@abujaprint.ng`;
    const ref = await vendorRef(o.api, email);
    const secretPhone = '08031112233';
    const res = await client(t).put(`/api/public/vendor-onboarding/${ref}/personal-details`, {
      name: LONE,
      email,
      phone: secretPhone,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.errors).toEqual({ name: [UNICODE_MESSAGE] });
    const errors = logLines().filter((l) => l.level >= 50);
    expect(JSON.stringify(errors)).not.toContain(secretPhone);
    expect(JSON.stringify(errors)).not.toContain(email);
  });

  it(
    'answers 400 naming the field on every route that takes a body, public ones included',
    async () => {
      const o = await cheapOwner(t);
      const wrong: string[] = [];
      let checked = 0;
      for (const r of apiRoutes(t).filter((x) => x.schema?.body && x.method !== 'GET')) {
        const base = sampleBody(r);
        const body: Record<string, unknown> =
          base && typeof base === 'object' && !Array.isArray(base) ? { ...(base as object) } : {};
        const field = Object.keys(body).find((k) => typeof body[k] === 'string') ?? 'name';
        body[field] = LONE;
        const url = fillPath(r.url, () => randomUUID());
        const anonymous = r.access?.kind === 'public' || r.access?.kind === 'link';
        const res = await (anonymous ? client(t) : o.api).call(r.method, url, body);
        // The guard speaks first (401/403, or 404 for a link token that names no link): who may
        // call is settled before what was sent. A real link's form is checked in the test above.
        if (res.status === 401 || res.status === 403) continue;
        if (r.access?.kind === 'link' && res.status === 404) continue;
        checked++;
        if (
          res.status !== 400 ||
          JSON.stringify(res.body.errors?.[field]) !== JSON.stringify([UNICODE_MESSAGE])
        )
          wrong.push(
            `${r.method} ${r.url} (${field}) -> ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`,
          );
      }
      expect(wrong).toEqual([]);
      expect(checked).toBeGreaterThan(100);
    },
    SWEEP_TIMEOUT,
  );

  it('finds it in query strings and nested bodies too, and in keys', async () => {
    const o = await ownerWithAccount(t);
    const nested = await o.api.post('/api/payout/category', { name: 'Fuel', extra: { deep: ['ok', LONE] } });
    expect(nested.status).toBe(400);
    expect(nested.body.errors).toEqual({ 'extra.deep.1': [UNICODE_MESSAGE] });
    const key = await o.api.post('/api/payout/category', { name: 'Fuel', ['k\udc00']: 1 });
    expect(key.status).toBe(400);
    expect(key.body.message).toBe(UNICODE_MESSAGE);
    // A well-formed pair (an emoji) is text like any other.
    const emoji = await o.api.post('/api/payout/category', { name: 'Fuel ⛽ 🚚' });
    expect(emoji.status, JSON.stringify(emoji.body)).toBe(201);
    expect(emoji.body.data.name).toBe('Fuel ⛽ 🚚');
  });
});

describe('logs', () => {
  it('an error log through the app logger carries the SQL but never its parameter values', async () => {
    const secret = `s3cret-${randomUUID().slice(0, 8)}`;
    const err = await t.db.execute(sql`select ${secret}::int as n`).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(Error);
    t.app.log.error({ err }, 'unhandled error');
    const line = logLines().find((l) => l.msg === 'unhandled error' && l.err?.message?.includes('::int'));
    expect(line, 'the error was logged').toBeDefined();
    expect(JSON.stringify(line)).not.toContain(secret);
    expect(line!.err.cause.code).toBe('22P02'); // what went wrong stays readable
  });

  it('request logs print the route template, never a link token in the path', async () => {
    const o = await ownerWithAccount(t);
    const ref = await vendorRef(o.api, `vendor.${randomUUID().slice(0, 6)}@abujaprint.ng`);
    const code = 'INV-' + randomUUID().replace(/-/g, '').slice(0, 20);
    await client(t).get(`/api/public/vendor-onboarding/${ref}`);
    await client(t).get(`/api/auth/invite/${code}`);
    await client(t).get(`/vendor-onboarding/invitation/${ref}`); // the mailed web page itself
    await client(t).get(`/api/payout/category/${o.user.id}`); // record ids stay readable
    await new Promise((r) => setTimeout(r, 50));
    const urls = logLines()
      .filter((l) => l.msg === 'request completed')
      .map((l) => l.req.url as string);
    expect(urls.join('\n')).not.toContain(ref);
    expect(urls.join('\n')).not.toContain(code);
    expect(urls).toContain('/api/public/vendor-onboarding/:token');
    expect(urls).toContain('/api/auth/invite/:code');
    expect(urls).toContain('/vendor-onboarding/invitation/:token');
    expect(urls).toContain(`/api/payout/category/${o.user.id}`);
  });
});

describe('GETs that are actions need the CSRF token of a cookie session', () => {
  async function cookieOwner() {
    const o = await ownerWithAccount(t);
    const login = await client(t).post('/api/auth/login', { email: o.email, password: o.password });
    expect(login.status).toBe(200);
    const cookies = cookiesOf(login);
    return {
      o,
      bare: cookieClient(t, cookies),
      withCsrf: cookieClient(t, cookies, { csrf: true }),
    };
  }

  it('GET invitations/{id}/resend: 403 and no new code without the token; sent with it', async () => {
    const { o, bare, withCsrf } = await cookieOwner();
    const email = `invitee.${randomUUID().slice(0, 6)}@example.ng`;
    const inv = await o.api.post('/api/invitations', { email, role: 'member' });
    expect(inv.status).toBe(201);
    const before = await t.db.select().from(invitations).where(eq(invitations.id, inv.body.data.id));
    const forged = await bare.get(`/api/invitations/${inv.body.data.id}/resend`);
    expect(forged.status).toBe(403);
    expect(forged.body.message).toBe('Missing or invalid CSRF token');
    const after = await t.db.select().from(invitations).where(eq(invitations.id, inv.body.data.id));
    expect(after[0].codeHash).toBe(before[0].codeHash);
    const real = await withCsrf.get(`/api/invitations/${inv.body.data.id}/resend`);
    expect(real.status, JSON.stringify(real.body)).toBe(200);
    // A bearer caller (no ambient credentials) needs no CSRF token.
    expect((await o.api.get(`/api/invitations/${inv.body.data.id}/resend`)).status).toBe(200);
  });

  it('GET /inflows/invoice/notification/{id} is refused before it is looked at without the token', async () => {
    const { bare, withCsrf } = await cookieOwner();
    const id = randomUUID();
    const forged = await bare.get(`/api/inflows/invoice/notification/${id}`);
    expect(forged.status).toBe(403);
    expect(forged.body.message).toBe('Missing or invalid CSRF token');
    expect((await withCsrf.get(`/api/inflows/invoice/notification/${id}`)).status).toBe(404);
  });

  it('every route declared an action refuses a cookie session without the token; plain GETs do not', async () => {
    const { bare } = await cookieOwner();
    const actions = apiRoutes(t).filter((r) => (r.config as { action?: boolean } | undefined)?.action);
    expect(actions.map((r) => r.url)).toEqual(
      expect.arrayContaining(['/api/invitations/:id/resend', '/api/inflows/invoice/notification/:id']),
    );
    for (const r of actions) {
      const res = await bare.call(
        r.method,
        fillPath(r.url, () => randomUUID()),
      );
      expect(res.status, `${r.method} ${r.url}`).toBe(403);
    }
    expect((await bare.get('/api/invitations')).status).toBe(200);
  });
});
