import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { FULL_ACCESS_ROLES, type Resources } from '@owo/contract';
import type { Db } from './db';
import { AppError } from './errors';
import type { ContextMember, FusedList, FusedPage, SubsidiaryResolver } from './guard-access';
import { findNul } from './http';
import { changedSinceSql, ContextCache, ListCache, snapshotXmin, type CachedPage } from './list-cache';
import { liveSession, liveSessionColumns } from './sessions';
import { accountMembers, accounts, roles, sessions, users } from './tenancy-tables';
import { sha256 } from './tokens';

type FusedMode = 'plain' | 'fill';
export type FusedRequest = { def: FusedList; params: Record<string, unknown>; cacheable: boolean };

/** The fused list's parameters for this request, or null when the guard should not read its page. */
export function fusedParams(req: FastifyRequest): FusedRequest | null {
  const def = req.routeOptions.config?.fused;
  if (!def || findNul(req.query)) return null; // a NUL is a 400 of the input hygiene, after the guard
  const parsed = def.query.safeParse(req.query);
  if (!parsed.success) return null;
  try {
    const params = def.params(parsed.data);
    return params ? { def, params, cacheable: def.cache?.(parsed.data as never) === true } : null;
  } catch (err) {
    if (err instanceof AppError) return null; // the handler's own query answers this 400
    throw err;
  }
}

const FULL_ACCESS_SQL = sql.raw(FULL_ACCESS_ROLES.map((r) => `'${r}'`).join(', '));

const NIL_UUID = '00000000-0000-0000-0000-000000000000';
export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The SQL pieces every shape of the request-context statement shares. */
function contextSql() {
  const hash = sql.placeholder('hash');
  const fullAccess = sql`${accountMembers.roleSlug} in (${FULL_ACCESS_SQL})`;
  const target = sql`coalesce(${sql.placeholder('account')}::uuid, ${users.activeAccountId})`;
  const member = { id: sql`${accountMembers.id}`, accountId: sql`${accountMembers.accountId}`, fullAccess };
  const subHeader = sql`${sql.placeholder('subsidiary')}::uuid`;
  // The request context's rows: the session by the token's hash, its user, the ACTIVE membership of
  // the requested account (or the user's active one) and that account.
  const join = {
    session: eq(sessions.accessTokenHash, hash),
    user: eq(users.id, sessions.userId),
    member: and(
      eq(accountMembers.userId, sessions.userId),
      sql`${accountMembers.accountId} = ${target}`,
      eq(accountMembers.active, true),
    ),
    account: eq(accounts.id, accountMembers.accountId),
  };
  // A cached list (platform/list-cache.ts) uses two more shapes of the statement: `fill` reads the
  // page like a plain fused list and answers its own snapshot (at which that page is exact) and the
  // context's fingerprint; `check` reads no page and no rows at all, only the fingerprint and whether
  // the cached page is still exact (the membership's account is the page's and nothing of it changed
  // since the page's snapshot), and answers its snapshot.
  const stale = sql`(${accountMembers.accountId} is distinct from ${sql.placeholder('cachedAccount')}::uuid
    or ${changedSinceSql(sql`${accountMembers.accountId}`, sql.placeholder('snap'), sql.placeholder('snapXmin'))})`;
  // The request context's fingerprint: the row versions (xmin) of the session, user, membership,
  // account and role rows it was read from, and the subsidiary scope's value. Any update or delete
  // of one of those rows changes it, so a context read earlier with the same fingerprint is exactly
  // what reading it again would give (the `check` shape answers only this, not the rows).
  const roleSql = (column: SQL) =>
    sql`case when ${fullAccess} then null else (select ${column} from ${roles} where ${roles.slug} = ${accountMembers.roleSlug} and (${roles.accountId} = ${accountMembers.accountId} or ${roles.accountId} is null) order by ${roles.accountId} nulls last limit 1) end`;
  const printSql = (scope: SQL) =>
    sql<string>`concat_ws('|', ${sessions}.xmin::text, ${users}.xmin::text, coalesce(${accountMembers}.xmin::text, '-'), coalesce(${accounts}.xmin::text, '-'), coalesce(${roleSql(sql`${roles}.xmin::text`)}, '-'), coalesce((${scope})::text, '-'))`;
  return { hash, fullAccess, member, subHeader, join, stale, roleSql, printSql };
}
type ContextSql = ReturnType<typeof contextSql>;

type Shape = { def: FusedList; variant: string; mode: FusedMode };
const shapeName = (variant: string, fused: Shape | undefined) =>
  !fused ? variant : `${variant}_${fused.def.key}_${fused.variant}${fused.mode === 'fill' ? '_fill' : ''}`;

/** One shape of the request-context statement (with or without a fused list's page). */
function buildContextStatement(
  db: Db,
  q: ContextSql,
  resolver: SubsidiaryResolver | undefined,
  variant: string,
  fused: Shape | undefined,
) {
  const scope = resolver?.select(q.member, variant, q.subHeader) ?? sql`null`;
  const list = fused ? fused.def.columns(sql`${accountMembers.accountId}`, fused.variant) : null;
  return db
    .select({
      s: liveSessionColumns,
      u: users,
      memberId: accountMembers.id,
      memberAccountId: accountMembers.accountId,
      roleSlug: accountMembers.roleSlug,
      accountName: accounts.name,
      accountType: accounts.type,
      fullAccess: sql<boolean | null>`${q.fullAccess}`,
      resources: sql<Resources | (string & {}) | null>`${q.roleSql(sql`${roles.resources}`)}`,
      scope: sql<unknown>`${scope}`,
      fusedPage: list?.page ?? sql<string | null>`null`,
      fusedTotal: list?.total ?? sql<number | null>`null`,
      fusedPrint: fused?.mode === 'fill' ? q.printSql(scope) : sql<string | null>`null`,
      fusedSnap:
        fused && fused.mode !== 'plain' ? sql<string>`pg_current_snapshot()::text` : sql<string | null>`null`,
    })
    .from(sessions)
    .innerJoin(users, q.join.user)
    .leftJoin(accountMembers, q.join.member)
    .leftJoin(accounts, q.join.account)
    .where(q.join.session)
    .prepare(`owo_guard_ctx_${shapeName(resolver ? variant : 'none', fused)}`);
}
type ContextStatement = ReturnType<typeof buildContextStatement>;
type ContextRowFull = Awaited<ReturnType<ContextStatement['execute']>>[number];

/** The `check` shape of a cached list: the context's fingerprint and whether the cached page is stale. */
function buildCheckStatement(
  db: Db,
  q: ContextSql,
  resolver: SubsidiaryResolver | undefined,
  variant: string,
  def: FusedList,
) {
  const scope = resolver?.select(q.member, variant, q.subHeader) ?? sql`null`;
  return db
    .select({
      print: q.printSql(scope),
      stale: sql<boolean | null>`case when ${accountMembers.id} is not null then ${q.stale} end`,
      snap: sql<string>`pg_current_snapshot()::text`,
    })
    .from(sessions)
    .innerJoin(users, q.join.user)
    .leftJoin(accountMembers, q.join.member)
    .leftJoin(accounts, q.join.account)
    .where(q.join.session)
    .prepare(`owo_guard_ctx_${resolver ? variant : 'none'}_${def.key}_check`);
}
type CheckStatement = ReturnType<typeof buildCheckStatement>;

type SessionRow = NonNullable<Parameters<typeof liveSession>[2]>;
type CachedContext = { row: SessionRow; member: ContextMember };
type LoaderState = {
  db: Db;
  cache: ListCache | null;
  q: ContextSql;
  prepared: Map<string, ContextStatement>;
  checks: Map<string, CheckStatement>;
  contexts: ContextCache<CachedContext> | null;
};
type MemberOpts = {
  withMember: true;
  accountId: string | null;
  resolver?: SubsidiaryResolver;
  subHeader: string;
  fused?: FusedRequest | null;
};
/** What the loader read for a token: the session row (undefined: no such session), member and page. */
export type LoadedContext = {
  row: SessionRow | undefined;
  member: ContextMember | null;
  fusedPage: FusedPage | null;
};
const NO_SESSION: LoadedContext = { row: undefined, member: null, fusedPage: null };

/**
 * The whole request context in one round trip: the session and its user by the token's hash, then
 * (when `withMember`) the ACTIVE membership of the requested account (`accountId`, or the user's
 * active account when null), the account's name and type, the role's permissions (owner/admin need
 * none) and the subsidiary module's scope expression. Every join is by a unique index. Each shape
 * is a named prepared statement (built once per process, parsed and planned once per connection).
 */
export function requestContextLoader(db: Db, cache: ListCache | null) {
  const q = contextSql();
  const sessionOnly = db
    .select({ s: liveSessionColumns, u: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.accessTokenHash, q.hash))
    .prepare('owo_guard_session');
  const state: LoaderState = {
    db,
    cache,
    q,
    prepared: new Map(),
    checks: new Map(),
    contexts: cache ? new ContextCache<CachedContext>(cache.maxAgeMs) : null,
  };

  return Object.assign(load, { db });
  async function load(token: string, opts: { withMember: false } | MemberOpts): Promise<LoadedContext> {
    if (!opts.withMember) {
      const [row] = await sessionOnly.execute({ hash: sha256(token) });
      return { row, member: null, fusedPage: null };
    }
    return loadWithMember(state, token, opts);
  }
}
export type ContextLoader = ReturnType<typeof requestContextLoader>;

type Lookup = {
  resolver: SubsidiaryResolver | undefined;
  variant: string;
  fused: FusedRequest | null;
  base: { hash: string; account: string | null; subsidiary: string | null };
};

async function loadWithMember(st: LoaderState, token: string, opts: MemberOpts): Promise<LoadedContext> {
  const { resolver, subHeader: header } = opts;
  const variant = resolver ? resolver.variant(header) : 'none';
  const fused = opts.fused ?? null;
  const cached = !!(st.cache && fused?.cacheable);
  const account = opts.accountId === null ? null : UUID_RE.test(opts.accountId) ? opts.accountId : NIL_UUID;
  const hash = sha256(token);
  const look: Lookup = {
    resolver,
    variant,
    fused,
    base: { hash, account, subsidiary: variant === 'check' ? header.trim() : null },
  };
  // A cached page's key: the list, its parameters, and the account asked for (the header, or this
  // token's active account); the check makes sure the membership's account is the page's.
  const cacheKey = cached
    ? `${fused!.def.key}|${account ?? `token:${hash}`}|${JSON.stringify(fused!.params)}`
    : null;
  const entry = cacheKey ? st.cache!.get(cacheKey) : undefined;
  // The context this token was last given for this account and subsidiary header, if any.
  const contextKey = cacheKey ? `${hash}|${account ?? ''}|${variant}|${look.base.subsidiary ?? ''}` : null;
  const context = contextKey ? st.contexts!.get(contextKey) : undefined;
  if (entry && context) {
    const hit = await checkCachedContext(st, look, entry, context);
    if (hit) return hit;
  }
  const [row] = await runContext(st, look, cached ? 'fill' : 'plain', fused?.params ?? {});
  if (!row) return NO_SESSION;
  let fusedPage: FusedPage | null = null;
  const member = memberOf(row);
  const read = { s: row.s, u: row.u };
  if (member && fused && row.fusedPage !== null) {
    fusedPage = { page: row.fusedPage, total: Number(row.fusedTotal ?? 0) };
    if (cacheKey && row.fusedSnap && row.fusedPrint) {
      st.cache!.set(cacheKey, member.accountId, fusedPage, row.fusedSnap);
      st.contexts!.set(contextKey!, { print: row.fusedPrint, row: read, member });
    }
  }
  return { row: read, member, fusedPage };
}

/** Runs the shape of the request-context statement this lookup needs (prepared on first use). */
function runContext(st: LoaderState, look: Lookup, mode: FusedMode, params: Record<string, unknown>) {
  const { resolver, variant, fused } = look;
  const shape = fused
    ? { def: fused.def, variant: fused.def.variant?.(fused.params) ?? 'any', mode }
    : undefined;
  const key = shapeName(resolver ? variant : 'none', shape);
  let q = st.prepared.get(key);
  if (!q) st.prepared.set(key, (q = buildContextStatement(st.db, st.q, resolver, variant, shape)));
  return q.execute({ ...params, ...look.base });
}

/**
 * The `check` shape for a cached page and context: the cached answer when both are still exact,
 * NO_SESSION when the token has no session (401), null when the context must be read again.
 */
async function checkCachedContext(
  st: LoaderState,
  look: Lookup,
  entry: CachedPage,
  context: CachedContext & { print: string; checkedAt: number },
): Promise<LoadedContext | null> {
  const { resolver, variant } = look;
  const def = look.fused!.def;
  const checkKey = `${resolver ? variant : 'none'}|${def.key}`;
  let q = st.checks.get(checkKey);
  if (!q) st.checks.set(checkKey, (q = buildCheckStatement(st.db, st.q, resolver, variant, def)));
  const [c] = await q.execute({
    ...look.base,
    snap: entry.snap,
    snapXmin: snapshotXmin(entry.snap),
    cachedAccount: entry.accountId,
  });
  if (!c) return NO_SESSION; // no such session: 401
  if (c.print === context.print && c.stale === false && context.member.accountId === entry.accountId) {
    // The same rows as when the context was read, and nothing of the account changed since the
    // page's snapshot: both are exact at this statement's snapshot too.
    st.cache!.confirm(entry, c.snap);
    st.contexts!.confirm(context);
    return { row: context.row, member: context.member, fusedPage: entry.page };
  }
  return null;
}

/** The member context of a request-context row, or null when the caller is not an active member. */
function memberOf(row: ContextRowFull): ContextMember | null {
  if (!(row.memberId && row.memberAccountId && row.roleSlug)) return null;
  const isFullAccess = row.fullAccess === true;
  const raw = row.resources;
  const resources: Resources = isFullAccess
    ? '*'
    : ((typeof raw === 'string' ? (JSON.parse(raw) as Resources) : raw) ?? {});
  return {
    id: row.memberId,
    accountId: row.memberAccountId,
    accountName: row.accountName ?? '',
    accountType: row.accountType ?? '',
    roleSlug: row.roleSlug,
    resources,
    isFullAccess,
    scope: row.scope,
  };
}
