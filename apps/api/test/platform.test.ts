import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, ownerWithAccount, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('platform', () => {
  it('answers health and readiness', async () => {
    const api = client(t);
    const health = await api.get('/api/health');
    expect(health.status).toBe(200);
    expect(health.body.status).toBe('success');
    const ready = await api.get('/api/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.data.migrations).toBeGreaterThan(0);
  });

  it('serves OpenAPI generated from the route schemas', async () => {
    const res = await client(t).get('/api/docs/json');
    expect(res.status).toBe(200);
    expect((res.body as any).openapi).toMatch(/^3\./);
    expect(Object.keys((res.body as any).paths)).toContain('/api/health');
  });

  it('answers unknown API routes with the 404 envelope', async () => {
    const res = await client(t).get('/api/nope');
    expect(res.status).toBe(404);
    expect(res.body.status).toBe('not-found');
  });

  it('sets security headers and a request id', async () => {
    const res = await client(t).get('/api/health');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-request-id')).toMatch(/[0-9a-f-]{36}/);
  });

  it('refuses cross-origin requests unless configured', async () => {
    const res = await client(t).call('OPTIONS', '/api/health', undefined, {
      origin: 'https://evil.example',
      'access-control-request-method': 'GET',
    });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('lets a bearer owner pass the guard', async () => {
    const o = await ownerWithAccount(t);
    expect(o.account.id).toMatch(/[0-9a-f-]{36}/);
  });
});

describe('input hygiene', () => {
  it('refuses NUL characters anywhere in a body with a field-keyed 400 and writes nothing', async () => {
    const o = await ownerWithAccount(t);
    const res = await o.api.post('/api/role', {
      name: 'Auditor',
      description: 'reads\u0000things',
      resources: {},
    });
    expect(res.status).toBe(400);
    expect(res.body.status).toBe('validation-error');
    expect(res.body.errors).toEqual({ description: ['Text must not contain NUL characters'] });
    const roles = await o.api.get('/api/role');
    expect(JSON.stringify(roles.body.data)).not.toContain('Auditor');
  });

  it('names unknown body keys that shadow Object.prototype ("valueOf", "constructor") with a 400, not a 500', async () => {
    // Found by the fuzz sweep: a strict body's unknown key "valueOf" reached the field-error map.
    const o = await ownerWithAccount(t);
    const res = await o.api.post('/api/auth/invite', {
      code: 'x',
      valueOf: false,
      constructor: 1,
      toString: 'a',
    });
    expect(res.status).toBe(400);
    expect(res.body.status).toBe('validation-error');
    expect(res.body.errors).toMatchObject({
      valueOf: ['Unknown field "valueOf"'],
      constructor: ['Unknown field "constructor"'],
      toString: ['Unknown field "toString"'],
    });
  });
});
