// The test factories that need no Vitest runner (the simulator in sim/ uses them too);
// helpers.ts adds the per-test database and re-exports them.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { buildApp, type App } from '../src/app';
import { loadConfig, type Config } from '../src/platform/config';
import { createDb, createPool, type Db } from '../src/platform/db';
import { emptySeams, type AppDeps } from '../src/platform/deps';
import { hashPassword } from '../src/platform/passwords';
import { issueSession } from '../src/platform/sessions';
import { accountMembers, accounts, users } from '../src/platform/schema';
import { WAIT_CEILING_MS } from './ceilings';

/** One fixed vault key for test apps, so apps started on the same database read each other's values. */
export const TEST_VAULT_KEYS = `k1:${Buffer.alloc(32, 7).toString('base64')}`;

export type TestApp = {
  app: App;
  db: Db;
  config: Config;
  baseUrl: string;
  dbUrl: string;
  close: () => Promise<void>;
};

/** The app on `dbUrl` (migrated), listening on a free port, with the test configuration. */
export async function createAppOn(
  dbUrl: string,
  env: Record<string, string> = {},
  opts: { webDist?: string; logStream?: NodeJS.WritableStream } = {},
): Promise<TestApp> {
  const config = loadConfig(
    {},
    {
      NODE_ENV: 'test',
      LOG_LEVEL: opts.logStream ? 'info' : 'silent',
      DATABASE_URL: dbUrl,
      SESSION_SECRET: 'test-secret-test-secret-test-secret!!',
      RATE_LIMIT_ENABLED: 'false',
      SEED_DEMO: 'false',
      RUN_WORKER: 'false',
      DATA_DIR: `/tmp/owo-test-data/${randomUUID()}`,
      VAULT_KEYS: TEST_VAULT_KEYS,
      ...env,
    },
  );
  const pool = createPool(dbUrl, 20);
  const db = createDb(pool);
  const deps: AppDeps = { config, db, pool, seams: emptySeams() };
  const app = await buildApp(
    deps,
    opts.logStream
      ? { logStream: opts.logStream, webDist: opts.webDist }
      : { logger: false, webDist: opts.webDist },
  );
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  config.appUrl = address; // links in mails and rails webhooks point at this test server
  return {
    app,
    db,
    config,
    baseUrl: address,
    dbUrl,
    async close() {
      await app.close();
      await pool.end();
    },
  };
}

/**
 * A second API instance on `t`'s database, with its own connection pool (its own prepared
 * statements and list cache): what another process of a multi-process deployment sees.
 */
export async function secondInstance(t: TestApp, overrides: Partial<Config> = {}): Promise<TestApp> {
  const config: Config = { ...t.config, ...overrides };
  const pool = createPool(t.dbUrl, 5);
  const deps: AppDeps = { config, db: createDb(pool), pool, seams: emptySeams() };
  const app = await buildApp(deps, { logger: false });
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    db: deps.db,
    config,
    baseUrl,
    dbUrl: t.dbUrl,
    close: async () => {
      await app.close();
      await pool.end();
    },
  };
}

export type ApiResult<T = any> = {
  status: number;
  body: { status: string; message: string; data: T; errors?: Record<string, string[]>; metadata?: any };
  headers: Headers;
};

/** A bearer-token client: what a non-browser caller (or a test) uses. */
export function client(
  t: TestApp,
  opts: { token?: string; accountId?: string; subsidiaryId?: string; headers?: Record<string, string> } = {},
) {
  async function call<T = any>(
    method: string,
    path: string,
    body?: unknown,
    extra: Record<string, string> = {},
  ): Promise<ApiResult<T>> {
    const headers: Record<string, string> = { ...opts.headers, ...extra };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.accountId) headers['x-account-id'] = opts.accountId;
    if (opts.subsidiaryId) headers['x-subsidiary-id'] = opts.subsidiaryId;
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await fetch(`${t.baseUrl}${path}`, { method, headers, body: payload });
    const text = await res.text();
    let parsed: any = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = { raw: text };
    }
    return { status: res.status, body: parsed, headers: res.headers };
  }
  return {
    get: <T = any>(p: string, h?: Record<string, string>) => call<T>('GET', p, undefined, h),
    post: <T = any>(p: string, b?: unknown, h?: Record<string, string>) => call<T>('POST', p, b ?? {}, h),
    put: <T = any>(p: string, b?: unknown, h?: Record<string, string>) => call<T>('PUT', p, b ?? {}, h),
    patch: <T = any>(p: string, b?: unknown, h?: Record<string, string>) => call<T>('PATCH', p, b ?? {}, h),
    delete: <T = any>(p: string, b?: unknown, h?: Record<string, string>) => call<T>('DELETE', p, b, h),
    call,
  };
}

// argon2 takes ~40 ms of CPU a hash; the factories make thousands of users with a few passwords.
const hashes = new Map<string, Promise<string>>();
export const hashOnce = (password: string) => {
  let h = hashes.get(password);
  if (!h) hashes.set(password, (h = hashPassword(password)));
  return h;
};

let counter = 0;
/** Factory: a verified user with a live session (tests that are not about sign-in skip the login). */
export async function makeUser(
  t: TestApp,
  over: Partial<{
    email: string;
    password: string;
    firstName: string;
    lastName: string;
    verified: boolean;
  }> = {},
) {
  const email = over.email ?? `user${++counter}.${randomUUID().slice(0, 8)}@example.ng`;
  const password = over.password ?? 'Correct-Horse-42';
  const [user] = await t.db
    .insert(users)
    .values({
      email,
      passwordHash: await hashOnce(password),
      firstName: over.firstName ?? 'Test',
      lastName: over.lastName ?? 'User',
      emailVerifiedAt: over.verified === false ? null : new Date(),
    })
    .returning();
  const s = await issueSession(t.db, t.config, user.id);
  return { user, email, password, token: s.accessToken, refreshToken: s.refreshToken };
}

/** Factory: an account owned by `ownerId`, set as the owner's active account. */
export async function makeAccount(
  t: TestApp,
  ownerId: string,
  over: Partial<{ name: string; type: 'business' | 'reseller' }> = {},
) {
  const account = await t.db.transaction(async (tx) => {
    const [a] = await tx
      .insert(accounts)
      .values({ name: over.name ?? 'Test Co', type: over.type ?? 'business', ownerUserId: ownerId })
      .returning();
    await tx.insert(accountMembers).values({ accountId: a.id, userId: ownerId, roleSlug: 'owner' });
    for (const hook of t.app.deps.seams.hooks('accountCreated')) await hook(tx, a);
    return a;
  });
  await t.db.update(users).set({ activeAccountId: account.id }).where(eq(users.id, ownerId));
  return account;
}

/** Factory: adds an existing user to an account with a role. */
export async function addMember(t: TestApp, accountId: string, userId: string, roleSlug: string) {
  const [m] = await t.db.insert(accountMembers).values({ accountId, userId, roleSlug }).returning();
  await t.db.update(users).set({ activeAccountId: accountId }).where(eq(users.id, userId));
  return m;
}

/** An owner with an account and a bearer client scoped to it: the usual start of an API test. */
export async function ownerWithAccount(
  t: TestApp,
  over: Partial<{ name: string; type: 'business' | 'reseller' }> = {},
) {
  const u = await makeUser(t);
  const account = await makeAccount(t, u.user.id, over);
  return { ...u, account, api: client(t, { token: u.token, accountId: account.id }) };
}

/** Factory: a new verified user who is a member of `accountId` with `roleSlug`, and their bearer client. */
export async function memberWithRole(t: TestApp, accountId: string, roleSlug: string) {
  const u = await makeUser(t);
  const member = await addMember(t, accountId, u.user.id, roleSlug);
  return { ...u, member, api: client(t, { token: u.token, accountId }) };
}

/** The newest mail sent to `email` (from the outbox every mail goes through). */
export async function lastMailTo(t: TestApp, email: string) {
  const { mailOutbox } = await import('../src/platform/schema');
  const { desc } = await import('drizzle-orm');
  const rows = await t.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email.toLowerCase()))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Factory: puts the account's KYB at `tier` (1: nothing, 2: company info and director BVN,
 * 3: every setup step complete) by writing the KYB rows directly (tests of tier-dependent rules).
 */
export async function setKybTier(t: TestApp, accountId: string, tier: 1 | 2 | 3) {
  const { accountKyb, accountOwners } = await import('../src/platform/schema');
  await t.db.delete(accountOwners).where(eq(accountOwners.accountId, accountId));
  await t.db.delete(accountKyb).where(eq(accountKyb.accountId, accountId));
  if (tier === 1) return;
  const full = tier === 3;
  await t.db.insert(accountKyb).values({
    accountId,
    info: { legalName: 'Test Company Ltd' } as never,
    bvn: '22222222222',
    contact: full ? ({ email: 'ops@test.ng' } as never) : null,
    documents: full
      ? ({ certificateOfIncorporation: 'cert.pdf', proofOfAddress: 'address.pdf' } as never)
      : null,
  });
  if (full)
    await t.db
      .insert(accountOwners)
      .values({ accountId, name: 'Ada Owner', bvn: '22222222223', shareBps: 10000 });
}

/** Polls `fn` until it answers something truthy (a test waits on state, never on time). */
export async function waitFor<T>(
  what: string,
  fn: () => Promise<T | null | undefined | false>,
  timeoutMs = WAIT_CEILING_MS,
  everyMs = 200,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
