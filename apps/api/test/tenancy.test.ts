import { randomUUID } from 'node:crypto';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BodyRefs, type RefTableName } from '../src/platform/refs';
import { REF_TABLES } from '../src/ref-tables';
import { accountMembers, auditLog, listChanges, wallets } from '../src/platform/schema';
import { client, createTestApp, memberWithRole, ownerWithAccount, type TestApp } from './helpers';
import {
  apiRoutes,
  bodyIdFields,
  fillPath,
  isIdParam,
  paramNames,
  sampleBody,
  type Route,
} from './route-utils';

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

// ---- Ids in bodies (issue 34 §7): every id a body names is looked up in the caller's company ----

/** Body id fields that are not records of the caller's company, and why. */
const NOT_TENANT_REFS: Record<string, string> = {
  'PUT /api/me/accounts/active id': 'a session route: the account is one the user is a member of',
  'PUT /api/expense-subsidiary/manage-access/active subsidiaryId':
    'a session route: the subsidiary is one the member was granted',
  'POST /api/employee-portal/profile/switch-account accountId':
    'the employee portal: an employer of the signed-in employee',
};
/** The accounting provider's own chart ids (not Owo records) on the payment-tags mapping. */
const PROVIDER_IDS = /^(mappings\.\*\.(providerAccountId|classId)|[a-zA-Z]+AccountId)$/;

const refsOf = (r: Route) => (r.config as { refs?: BodyRefs } | undefined)?.refs ?? {};

/** A row of `table` in `accountId`: an existing one, or a minimal one written for the sweep. */
async function rowOf(name: RefTableName, owner: { accountId: string; userId: string; memberId: string }) {
  if (name === 'memberUsers') return owner.userId;
  if (name === 'members') return owner.memberId;
  const ref = REF_TABLES[name] as { table: PgTable; id: PgColumn; accountId: PgColumn };
  if (name === 'wallets') {
    const [w] = await t.db
      .select({ id: wallets.id })
      .from(wallets)
      .where(eq(wallets.accountId, owner.accountId));
    return w.id;
  }
  const values: Record<string, unknown> = {};
  for (const [key, c] of Object.entries(getTableColumns(ref.table)) as [string, PgColumn][]) {
    if (!c.notNull || c.hasDefault) continue;
    if (key === 'accountId') values[key] = owner.accountId;
    else if (c.columnType === 'PgUUID') values[key] = owner.userId;
    else if (c.enumValues?.length) values[key] = c.enumValues[0];
    else if (/Int|Numeric|BigInt/.test(c.columnType)) values[key] = 1;
    else if (c.columnType === 'PgBoolean') values[key] = false;
    else
      values[key] = /bvn/i.test(key)
        ? '22212345678'
        : /account_?number/i.test(key)
          ? '0123456789'
          : `Alpha ${key}`;
  }
  const [row] = await t.db
    .insert(ref.table)
    .values(values as never)
    .returning({ id: ref.id });
  return (row as { id: string }).id;
}

/** `body` with the id at `path` (`*` steps into the first element, made when missing) set to `id`. */
function withId(body: unknown, path: string, id: string, asArray: boolean): Record<string, unknown> {
  const root: Record<string, unknown> =
    body && typeof body === 'object' && !Array.isArray(body)
      ? structuredClone(body as Record<string, unknown>)
      : {};
  const parts = path.split('.');
  let at: any = root;
  for (let i = 0; i < parts.length - 1; i++) {
    const p = parts[i];
    if (p === '*') {
      if (!Array.isArray(at) || !at.length) return root;
      at = at[0];
      continue;
    }
    if (parts[i + 1] === '*') {
      if (!Array.isArray(at[p]) || !at[p].length) at[p] = [{}];
      if (typeof at[p][0] !== 'object' || at[p][0] === null) at[p][0] = {};
    } else if (!at[p] || typeof at[p] !== 'object') at[p] = {};
    at = at[p];
  }
  at[parts[parts.length - 1]] = asArray ? [id] : id;
  return root;
}

describe('ids in bodies', () => {
  it('declares, for every body field naming a record, the table its id must belong to', () => {
    const undeclared: string[] = [];
    for (const r of apiRoutes(t)) {
      const declared = refsOf(r);
      for (const f of bodyIdFields(r)) {
        const key = `${r.method} ${r.url} ${f}`;
        if (declared[f] || NOT_TENANT_REFS[key]) continue;
        if (r.url === '/api/accounting/payment-tags' && PROVIDER_IDS.test(f)) continue;
        undeclared.push(key);
      }
      for (const f of Object.keys(declared))
        if (!bodyIdFields(r).includes(f))
          undeclared.push(`${r.method} ${r.url} declares '${f}', not in its body`);
    }
    expect(undeclared).toEqual([]);
  });

  it(
    'refuses another company’s id in every declared body field with 400 on that field, and changes nothing',
    async () => {
      const alpha = await ownerWithAccount(t, { name: 'Alpha Refs Ltd' });
      const beta = await ownerWithAccount(t, { name: 'Beta Refs Ltd' });
      const [am] = await t.db
        .select({ id: accountMembers.id })
        .from(accountMembers)
        .where(and(eq(accountMembers.accountId, alpha.account.id), eq(accountMembers.userId, alpha.user.id)));
      const [bm] = await t.db
        .select({ id: accountMembers.id })
        .from(accountMembers)
        .where(and(eq(accountMembers.accountId, beta.account.id), eq(accountMembers.userId, beta.user.id)));
      const owners = {
        alpha: { accountId: alpha.account.id, userId: alpha.user.id, memberId: am.id },
        beta: { accountId: beta.account.id, userId: beta.user.id, memberId: bm.id },
      };
      const ids = new Map<string, string>();
      const idOf = async (who: 'alpha' | 'beta', name: RefTableName) => {
        const key = `${who}:${name}`;
        if (!ids.has(key)) ids.set(key, await rowOf(name, owners[who]));
        return ids.get(key)!;
      };
      /** What B's company looks like: any write leaves a trace in one of these. */
      const state = async () => {
        const [a] = await t.db
          .select({ n: sql<number>`count(*)::int` })
          .from(auditLog)
          .where(eq(auditLog.accountId, beta.account.id));
        const [c] = await t.db
          .select({ n: sql<number>`count(*)::int` })
          .from(listChanges)
          .where(eq(listChanges.accountId, beta.account.id));
        const rows = await Promise.all(
          Object.values(REF_TABLES).map((r) =>
            t.db
              .select({ n: sql<number>`count(*)::int` })
              .from(r.table)
              .where(eq(r.accountId, beta.account.id)),
          ),
        );
        return JSON.stringify([a.n, c.n, rows.map((x) => x[0].n)]);
      };
      const routes = apiRoutes(t).filter((r) => Object.keys(refsOf(r)).length);
      expect(routes.length).toBeGreaterThanOrEqual(25);
      const leaks: string[] = [];
      let refused = 0;
      let fields = 0;
      for (const r of routes) {
        // B's own ids in every declared field, then A's in one of them: only that one is wrong.
        let own: unknown = sampleBody(r);
        for (const [path, ref] of Object.entries(refsOf(r)))
          own = withId(own, path, await idOf('beta', ref.table), /Ids$/.test(path));
        for (const [path, ref] of Object.entries(refsOf(r))) {
          fields++;
          const body = withId(own, path, await idOf('alpha', ref.table), /Ids$/.test(path));
          const url = fillPath(r.url, (n) => (isIdParam(n) ? randomUUID() : 'x'));
          const before = await state();
          const res = await beta.api.call(r.method, url, body);
          const after = await state();
          if (res.status < 400 || res.status >= 500 || before !== after)
            leaks.push(
              `${r.method} ${r.url} ${path} -> ${res.status} ${JSON.stringify(res.body).slice(0, 140)}`,
            );
          else if (
            res.status === 400 &&
            res.body.errors &&
            Object.keys(res.body.errors).some(
              // `levels.0.approverIds` or, for a list named by item, `accessIds.0`.
              (k) => [k, k.replace(/\.\d+$/, '')].some((x) => x.replace(/\.\d+(?=\.|$)/g, '.*') === path),
            )
          )
            refused++;
        }
      }
      expect(leaks).toEqual([]);
      // Most fields are refused by the reference check itself (the rest by an earlier 4xx: a param
      // that names no record, a body the schema refuses).
      console.info(`body-id pass: ${refused} of ${fields} fields refused by the reference check`);
      expect(refused / fields).toBeGreaterThan(0.5);
    },
    SWEEP_TIMEOUT,
  );

  it('a workflow naming another company’s category, subsidiary or approver is refused and not saved', async () => {
    const alpha = await ownerWithAccount(t, { name: 'Alpha Flow Ltd' });
    const beta = await ownerWithAccount(t, { name: 'Beta Flow Ltd' });
    const [am] = await t.db
      .select({ id: accountMembers.id })
      .from(accountMembers)
      .where(eq(accountMembers.accountId, alpha.account.id));
    const owner = { accountId: alpha.account.id, userId: alpha.user.id, memberId: am.id };
    const category = await rowOf('categories', owner);
    const subsidiary = await rowOf('subsidiaries', owner);
    const body = (over: Record<string, unknown>) => ({
      name: 'Big payouts',
      type: 'expense',
      levels: [{ approverIds: [beta.user.id], rule: 'any' }],
      ...over,
    });
    for (const [field, over] of [
      ['categoryId', { categoryId: category }],
      ['subsidiaryId', { subsidiaryId: subsidiary }],
      ['levels.0.approverIds', { levels: [{ approverIds: [alpha.user.id], rule: 'any' }] }],
    ] as const) {
      const res = await beta.api.post('/api/approval-workflows', body(over));
      expect(res.status, `${field}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(Object.keys(res.body.errors ?? {})).toEqual([field]);
    }
    expect((await beta.api.get('/api/approval-workflows')).body.data).toEqual([]);
    // Its own category is accepted.
    const own = await rowOf('categories', {
      accountId: beta.account.id,
      userId: beta.user.id,
      memberId: randomUUID(),
    });
    const ok = await beta.api.post('/api/approval-workflows', body({ categoryId: own }));
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
  });
});
