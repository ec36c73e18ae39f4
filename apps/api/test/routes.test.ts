import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIONS, RESOURCES } from '@owo/contract';
import { client, createTestApp, type TestApp } from './helpers';
import { apiRoutes, fillPath, sampleBody } from './route-utils';

// Safe by default (STYLE "Shape" 5): every API route says who may call it, in terms the app knows.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('every registered route', () => {
  it('finds the routes (the onRoute list is wired)', () => {
    const routes = apiRoutes(t);
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['GET /api/health', 'GET /api/role', 'POST /api/invitations']),
    );
  });

  it('declares its access: public, session, or a known resource and action', () => {
    const problems: string[] = [];
    for (const r of apiRoutes(t)) {
      const a = r.access;
      const name = `${r.method} ${r.url}`;
      if (!a) problems.push(`${name}: no config.access`);
      else if (a.kind === 'permission') {
        if (!(RESOURCES as readonly string[]).includes(a.resource))
          problems.push(`${name}: unknown resource '${a.resource}'`);
        if (!(ACTIONS as readonly string[]).includes(a.action))
          problems.push(`${name}: unknown action '${a.action}'`);
      } else if (a.kind === 'link') {
        if (!r.url.includes(':token')) problems.push(`${name}: a link route without :token`);
      } else if (a.kind !== 'public' && a.kind !== 'session') problems.push(`${name}: unknown access kind`);
    }
    expect(problems).toEqual([]);
  });

  // Routes that answer a file's bytes, not the JSON envelope.
  const BINARY = new Set(['GET /api/files/:fileName']);
  it('declares a response schema on every JSON route it guards (OpenAPI and no accidental leaks)', () => {
    const missing = apiRoutes(t)
      .filter(
        (r) =>
          r.access &&
          r.access.kind !== 'public' &&
          !r.schema?.response &&
          !BINARY.has(`${r.method} ${r.url}`),
      )
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it('refuses anonymous callers on every non-public route with 401, before looking at the body', async () => {
    const anon = client(t);
    const leaks: string[] = [];
    const guarded = apiRoutes(t).filter(
      (x) => x.access && x.access.kind !== 'public' && x.access.kind !== 'link',
    );
    for (const r of guarded) {
      const url = fillPath(r.url, () => '00000000-0000-4000-8000-000000000000');
      const res = await anon.call(
        r.method,
        url,
        r.method === 'GET' || r.method === 'DELETE' ? undefined : (sampleBody(r) ?? {}),
      );
      // The guard runs in preValidation: who may call is settled before the body is examined.
      if (res.status !== 401) leaks.push(`${r.method} ${r.url} -> ${res.status} (expected 401)`);
    }
    expect(leaks).toEqual([]);
  });

  it('refuses an unknown token on every public-link route with 404, before looking at the body', async () => {
    const anon = client(t);
    const links = apiRoutes(t).filter((x) => x.access?.kind === 'link');
    expect(links.length).toBeGreaterThan(0);
    const leaks: string[] = [];
    for (const r of links) {
      const url = fillPath(r.url, () => 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
      const res = await anon.call(
        r.method,
        url,
        r.method === 'GET' || r.method === 'DELETE' ? undefined : (sampleBody(r) ?? {}),
      );
      if (res.status !== 404) leaks.push(`${r.method} ${r.url} -> ${res.status} (expected 404)`);
    }
    expect(leaks).toEqual([]);
  });
});
