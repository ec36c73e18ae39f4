import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, memberWithRole, ownerWithAccount, type TestApp } from './helpers';
import { apiRoutes, fillPath, isIdParam, paramNames, sampleBody, type Route } from './route-utils';

// A user can never read or change another account's data by changing an id or a header
// (ARCHITECTURE §3). Owner A builds some data; owner B tries every id-taking route with A's ids.

/** The sweeps' work grows with the number of routes; the limit catches a hang, not a busy machine. */
const SWEEP_TIMEOUT = 600_000;

let t: TestApp;
let A: Awaited<ReturnType<typeof ownerWithAccount>>;
let B: Awaited<ReturnType<typeof ownerWithAccount>>;
let aIds: string[] = [];
let aMarkers: string[] = [];

const UUID_RE = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const collectIds = (body: unknown) =>
  new Set((JSON.stringify(body ?? null).match(UUID_RE) ?? []).map((s) => s.toLowerCase()));
const listRoutes = (routes: Route[]) =>
  routes.filter((r) => r.method === 'GET' && !r.url.includes(':') && r.access?.kind === 'permission');

/** Every id that shows up in what an account's owner can list. */
async function harvest(api: ReturnType<typeof client>, routes: Route[]) {
  const ids = new Set<string>();
  for (const r of listRoutes(routes)) {
    const res = await api.get(r.url);
    if (res.status === 200) for (const id of collectIds(res.body)) ids.add(id);
  }
  return ids;
}

beforeAll(async () => {
  t = await createTestApp();
  A = await ownerWithAccount(t, { name: 'Alpha Ltd' });
  B = await ownerWithAccount(t, { name: 'Beta Ltd' });
  const member = await memberWithRole(t, A.account.id, 'accountant');
  const invite = await A.api.post('/api/invitations', {
    email: `secret.${randomUUID().slice(0, 6)}@alpha.ng`,
    role: 'member',
  });
  const role = await A.api.post('/api/role', {
    name: 'Alpha Auditor',
    description: 'Reads the books',
    resources: { transactions: ['get'] },
  });
  expect(invite.status).toBe(201);
  expect(role.status).toBe(201);
  await A.api.post(`/api/account_access/${member.member.id}/expense-limit`, { amount: 1000 });
  const routes = apiRoutes(t);
  const seen = await harvest(A.api, routes);
  for (const id of [
    A.account.id,
    A.user.id,
    member.member.id,
    member.user.id,
    invite.body.data.id,
    role.body.data.id,
  ])
    seen.add(id);
  // Ids B can see too (built-in roles, shared reference data) are not A's secrets.
  const shared = await harvest(B.api, routes);
  aIds = [...seen].filter((id) => !shared.has(id)).slice(0, 30);
  aMarkers = [...aIds, A.email, member.email, invite.body.data.email, 'Alpha Ltd', 'Alpha Auditor'];
});
afterAll(async () => {
  await t.close();
});

describe('tenancy', () => {
  it(
    'never lets B act on A’s ids (or random ids) through any id-taking route',
    async () => {
      const routes = apiRoutes(t).filter(
        (r) => r.access?.kind !== 'public' && paramNames(r.url).some(isIdParam),
      );
      expect(routes.length).toBeGreaterThan(0);
      expect(aIds.length).toBeGreaterThanOrEqual(6);
      const leaks: string[] = [];
      for (const r of routes) {
        for (const id of [...aIds, randomUUID()]) {
          const url = fillPath(r.url, (n) => (isIdParam(n) ? id : 'x'));
          const res = await B.api.call(
            r.method,
            url,
            r.method === 'GET' || r.method === 'DELETE' ? undefined : (sampleBody(r) ?? {}),
          );
          if (res.status < 300 || res.status >= 500)
            leaks.push(`${r.method} ${url} -> ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
        }
      }
      expect(leaks).toEqual([]);
    },
    SWEEP_TIMEOUT,
  );

  it(
    'refuses an x-account-id the caller is not a member of, unknown or malformed (403)',
    async () => {
      const routes = apiRoutes(t).filter((r) => r.access?.kind === 'permission');
      const wrong: string[] = [];
      for (const r of routes) {
        for (const accountId of [A.account.id, randomUUID(), 'not-an-id']) {
          const api = client(t, { token: B.token, accountId });
          const url = fillPath(r.url, () => randomUUID());
          const res = await api.call(
            r.method,
            url,
            r.method === 'GET' || r.method === 'DELETE' ? undefined : (sampleBody(r) ?? {}),
          );
          // Body validation precedes the guard, so a 400 can come first; anything else must be 403.
          if (res.status !== 403 && !(res.status === 400 && res.body?.status === 'validation-error'))
            wrong.push(`${r.method} ${r.url} as ${accountId.slice(0, 8)} -> ${res.status}`);
        }
      }
      expect(wrong).toEqual([]);
    },
    SWEEP_TIMEOUT,
  );

  it(
    'answers lists with B’s data only, whatever ids the query names',
    async () => {
      const leaks: string[] = [];
      const keys = [
        'accountId',
        'account_id',
        'userId',
        'memberId',
        'id',
        'subsidiaryId',
        'walletId',
        'ownerId',
      ];
      for (const r of listRoutes(apiRoutes(t))) {
        for (const id of aIds.slice(0, 8)) {
          const qs = new URLSearchParams(Object.fromEntries(keys.map((k) => [k, id])));
          for (const url of [
            `${r.url}?${qs}`,
            `${r.url}?search=${encodeURIComponent(A.email)}`,
            `${r.url}?where=${encodeURIComponent(JSON.stringify({ accountId: id }))}`,
          ]) {
            const res = await B.api.get(url);
            const text = JSON.stringify(res.body);
            const found = aMarkers.filter((m) => text.includes(m));
            if (found.length) leaks.push(`${url} -> ${res.status} shows ${found.join(', ')}`);
          }
        }
      }
      expect(leaks).toEqual([]);
    },
    SWEEP_TIMEOUT,
  );

  it('keeps A’s own view working (the test data is real)', async () => {
    const res = await A.api.get('/api/invitations');
    expect(res.body.data).toHaveLength(1);
    expect((await A.api.get('/api/account_access')).body.metadata.pagination.totalItems).toBe(2);
  });
});
