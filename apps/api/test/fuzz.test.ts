import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';
import { apiRoutes, cheapOwner, fillPath, sampleBody, type Route } from './route-utils';

// Schema-invalid input never makes the server fail (a 5xx is a bug, ARCHITECTURE §3 "Errors").
// Each route is called as an owner of a fresh account, so one route's side effects (logout,
// password change, deletes) do not blind the next.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
/** The sweeps' work grows with the number of routes (each gets a fresh owner and RUNS calls); the
 * limit is there to catch a hang, not to fail a slow, busy machine. */
const SWEEP_TIMEOUT = 600_000;
const UUID = '00000000-0000-4000-8000-000000000000';
const HUGE = 'x'.repeat(200_000);

const weird = fc.oneof(
  fc.constant(null),
  fc.constant(''),
  fc.constant(HUGE),
  fc.constant(-1),
  fc.constant(1e308),
  fc.constant(Number.MAX_SAFE_INTEGER + 2),
  fc.constant('0x1F'),
  fc.constant('NaN'),
  fc.constant([]),
  fc.constant({}),
  fc.constant(true),
  fc.constant('2024-13-45'),
  fc.constant("'; drop table users; --"),
  fc.constant('\u0000\uFFFF\uD800'),
  fc.constant({ __proto__: { admin: true } }),
  fc.constant(['a', 1, null]),
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.jsonValue({ maxDepth: 2 }),
);

/** Bodies near the valid one (one field broken, missing, or an extra field) and arbitrary JSON. */
function bodies(r: Route) {
  const base = (sampleBody(r) ?? {}) as Record<string, unknown>;
  const keys = base && typeof base === 'object' && !Array.isArray(base) ? Object.keys(base) : [];
  const mutated = fc
    .tuple(
      fc.constantFrom(...(keys.length ? keys : ['field'])),
      weird,
      fc.constantFrom('set', 'delete', 'extra'),
    )
    .map(([k, v, op]) => {
      const b: Record<string, unknown> = { ...base };
      if (op === 'set') b[k] = v;
      else if (op === 'delete') delete b[k];
      else b[`unknown_${k}`] = v;
      return b;
    });
  return fc.oneof(mutated, mutated, fc.jsonValue({ maxDepth: 3 }), weird);
}

async function rawSend(
  url: string,
  method: string,
  token: string,
  accountId: string,
  body: string,
  type: string,
) {
  const res = await fetch(`${t.baseUrl}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'x-account-id': accountId, 'content-type': type },
    body,
  });
  return res.status;
}

describe('fuzzing every route with a body schema', () => {
  it(
    'never answers 5xx to invalid bodies, non-JSON or odd path params',
    async () => {
      const routes = apiRoutes(t).filter((r) => r.schema?.body && r.method !== 'GET');
      expect(routes.length).toBeGreaterThan(0);
      const failures: string[] = [];
      for (const r of routes) {
        const o = await cheapOwner(t);
        const url = fillPath(r.url, () => UUID);
        await fc.assert(
          fc.asyncProperty(bodies(r), async (body) => {
            const res = await o.api.call(r.method, url, body);
            const shown = `${r.method} ${r.url} body=${JSON.stringify(body)?.slice(0, 300)} -> ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`;
            if (res.status >= 500) failures.push(shown);
            else if (res.status >= 400 && typeof res.body?.status !== 'string')
              failures.push(`${shown} (not the error envelope)`);
            return true;
          }),
          { numRuns: RUNS },
        );
        for (const [payload, type] of [
          ['{"broken": ', 'application/json'],
          ['not json', 'text/plain'],
          ['<xml/>', 'application/xml'],
          ['', 'application/json'],
          ['null', 'application/json'],
          ['[1,2]', 'application/json'],
        ]) {
          const status = await rawSend(url, r.method, o.token, o.account.id, payload, type);
          if (status >= 500)
            failures.push(`${r.method} ${r.url} raw ${type} ${JSON.stringify(payload)} -> ${status}`);
        }
      }
      if (failures.length) console.error(`fuzz failures:\n${failures.join('\n')}`);
      expect(failures).toEqual([]);
    },
    SWEEP_TIMEOUT,
  );

  it(
    'never answers 5xx to path params that are not UUIDs',
    async () => {
      const routes = apiRoutes(t).filter((r) => r.url.includes(':'));
      const failures: string[] = [];
      const odd = [
        'abc',
        '1',
        '-1',
        '0',
        'null',
        'undefined',
        `${UUID}x`,
        UUID.toUpperCase(),
        '%00',
        "' or 1=1 --",
        'x'.repeat(3000),
        '..%2F..%2Fetc%2Fpasswd',
        '😀',
      ];
      for (const r of routes) {
        const o = await cheapOwner(t);
        for (const v of odd) {
          const url = r.url.replace(/:([A-Za-z0-9_]+)/g, () => (v.includes('%') ? v : encodeURIComponent(v)));
          const res = await o.api.call(
            r.method,
            url,
            r.method === 'GET' || r.method === 'DELETE' ? undefined : (sampleBody(r) ?? {}),
          );
          if (res.status >= 500)
            failures.push(
              `${r.method} ${r.url} param=${v.slice(0, 40)} -> ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`,
            );
        }
      }
      if (failures.length) console.error(`fuzz failures:\n${failures.join('\n')}`);
      expect(failures).toEqual([]);
    },
    SWEEP_TIMEOUT,
  );
});
