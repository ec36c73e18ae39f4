import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  ACCOUNT_MSG,
  can,
  DEVELOPER_MSG,
  FULL_ACCESS_ROLES,
  mayActOn,
  MSG,
  STATUS,
  type Action,
  type ObjectRule,
  type Resource,
  type Resources,
} from '@owo/contract';
import type { Config } from './config';
import type { Db } from './db';
import { AppError, forbidden, unauthorized } from './errors';
import { findNul } from './http';
import { accountMembers, accounts, roles, sessions, users } from './tenancy-tables';
import {
  COOKIE_ACCESS,
  COOKIE_CSRF,
  csrfFor,
  liveSession,
  liveSessionColumns,
  type AuthContext,
} from './sessions';
import { resolveLink, safeEqual, sha256, type LinkMessages, type LinkPrincipal } from './tokens';
import { changedSinceSql, ContextCache, ListCache, snapshotXmin } from './list-cache';

/**
 * What a route needs, declared in its `config.access`:
 * - `public`: no session;
 * - `session`: a signed-in user, no account context (profile, account list, account creation);
 * - a resource and action: a signed-in member of the active account holding that permission.
 * `allowPending2fa` lets the 2FA step itself through before the second factor is given.
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'session'; allowPending2fa?: boolean; allowUnverified?: boolean }
  | { kind: 'permission'; resource: Resource; action: Action }
  | { kind: 'link'; link: string; action: string; messages?: LinkMessages };

export const isPublic = (): { access: Access } => ({ access: { kind: 'public' } });
/** `allowUnverified` admits users who have not confirmed their email (profile, logout, resend). */
export const needsSession = (
  opts: { allowPending2fa?: boolean; allowUnverified?: boolean } = {},
): { access: Access } => ({ access: { kind: 'session', ...opts } });
export const needs = (resource: Resource, action: Action): { access: Access } => ({
  access: { kind: 'permission', resource, action },
});
/**
 * A public link (platform/tokens.ts): the route's `:token` path parameter must be a live link token
 * of this kind and action; the guard sets `req.link` to its principal (the one object it allows), or
 * answers 401 (no token), 404 (unknown, or a token of another kind or action) or 410 (spent, expired,
 * revoked). The handler spends it (`spendLink`) in the transaction of the action.
 */
export const needsLink = (link: string, action: string, messages?: LinkMessages): { access: Access } => ({
  access: { kind: 'link', link, action, messages },
});

/**
 * A list read in the SAME statement as the request context (docs/platform.md "Lists"): one
 * round trip for the session, membership, role, subsidiary scope, the
 * page (as JSON text built by PostgreSQL) and its total. The page's tenant is the membership row's
 * account column, so nothing is read for an account the caller is not an active member of; and the
 * page is only handed to the handler after every check of the guard has passed (otherwise it is
 * discarded unread). The guard fuses only when the query is valid (`query`) and `params` accepts
 * it; otherwise (a 400 to come, `format=csv`, an API key) the handler runs its own query as before.
 * - `key` names the statement (unique per list);
 * - `params` answers the placeholders of `columns` for a parsed query (with `limit` and `offset`),
 *   or null to not fuse; throwing counts as null (the handler will answer the 400);
 * - `variant(params)` (optional) names a shape of the statement, e.g. 'all' when no filter is set:
 *   each variant is its own prepared statement, so the common shape can carry no optional
 *   predicates at all and PostgreSQL settles on one generic plan for it (a statement full of
 *   `($n is null or …)` is re-planned on every execution, which costs more than running it);
 * - `columns(tenantAccountId, variant)` answers the page as JSON text (`[…]`) and the total.
 * - `cache(q)` (optional) keeps the page in this process (platform/list-cache.ts): answer true for a
 *   query whose page depends only on the account's rows and the parameters, never on the clock (a
 *   rolling period does). Every table the page reads must note its changes in `list_changes`
 *   (the `list_changes_note` triggers, migration 0021). The request's statement then reads the page
 *   only when something of the account changed since the cached page's snapshot.
 */
export type FusedList<Q = never> = {
  key: string;
  query: z.ZodType<Q>;
  params: (q: Q) => Record<string, unknown> | null;
  variant?: (params: Record<string, unknown>) => string;
  columns: (tenantAccountId: SQL, variant: string) => { page: SQL<string>; total: SQL<number> };
  cache?: (q: Q) => boolean;
};
/** A fused list's page; `body` is the whole JSON answer, built once per page (`sendJsonPage`). */
export type FusedPage = { page: string; total: number; body?: Buffer };
/** `config: { ...needs(…), ...fusedList(def) }`: typed helper for a route's fused list. */
export const fusedList = <Q>(def: FusedList<Q>): { fused: FusedList } => ({
  fused: def as unknown as FusedList,
});

export type TenantContext = {
  accountId: string;
  accountName: string;
  accountType: string;
  memberId: string;
  roleSlug: string;
  resources: Resources;
  isFullAccess: boolean;
  /**
   * null means "All Subsidiaries" (owners and admins, or a company with no subsidiaries);
   * `NO_SUBSIDIARY` means none at all (a restricted member without sub-access: every list filtered
   * by subsidiary is empty, and `subsidiaryForWrite` refuses to create records).
   */
  subsidiaryId: string | null;
};

/**
 * The subsidiary scope of a restricted member who has access to no subsidiary of a company that has
 * subsidiaries: the nil uuid, which no subsidiary has, so every `subsidiary_id = $scope` filter
 * matches nothing. Scopes never widen by removal.
 */
export const NO_SUBSIDIARY = '00000000-0000-0000-0000-000000000000';

/** The subsidiary a new record is filed under; 403 when the caller has access to none. */
export function subsidiaryForWrite(tenant: TenantContext): string | null {
  if (tenant.subsidiaryId === NO_SUBSIDIARY) throw forbidden(ACCOUNT_MSG.noSubsidiaryAccess);
  return tenant.subsidiaryId;
}

/**
 * Who is calling: every principal is evaluated by the same guard (`authorizeMember`) against the
 * route's `access`. A session acts with its member's rights; an API key with the intersection of
 * its role and its creator's CURRENT rights (read in the key's one statement, so demoting or
 * removing the creator narrows or stops the key at once). A public link's token is the third kind:
 * it allows one object and one action (`needsLink`, platform/tokens.ts), nothing else.
 */
export type Principal =
  | { kind: 'session'; userId: string; sessionId: string; familyId: string; via: 'bearer' | 'cookie' }
  | { kind: 'apiKey'; keyId: string; userId: string; accountId: string }
  | { kind: 'link'; link: LinkPrincipal };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** A list whose page rides in the guard's own statement (see `FusedList`). */
    fused?: FusedList;
    /**
     * A GET the spec defines as an action (resend, reminder, retry): it changes state, so a cookie
     * session must send the CSRF token as for unsafe methods.
     */
    action?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    /** The authenticated principal (set as soon as it is known, before its rights are checked). */
    principal: Principal | null;
    tenant: TenantContext | null;
    /** The fused list's page, when the guard could read it in its own statement (else null). */
    fused: FusedPage | null;
    /** A `needsLink` route's principal: the one object and action its token allows. */
    link: LinkPrincipal | null;
  }
}

const GUARDED_PREFIXES = ['/api/', '/webhooks/'];
/** The OpenAPI documentation (swagger-ui's own routes) is public by design. */
const DOCS_PREFIX = '/api/docs';
const isGuardedUrl = (url: string) =>
  !url.startsWith(DOCS_PREFIX) && GUARDED_PREFIXES.some((p) => url.startsWith(p));
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Loads the member's role and permissions in an account; null when not an active member. */
export async function loadMembership(db: Db, userId: string, accountId: string) {
  const [row] = await db
    .select({ member: accountMembers, account: accounts })
    .from(accountMembers)
    .innerJoin(accounts, eq(accounts.id, accountMembers.accountId))
    .where(
      and(
        eq(accountMembers.accountId, accountId),
        eq(accountMembers.userId, userId),
        eq(accountMembers.active, true),
      ),
    );
  if (!row) return null;
  const isFullAccess = (FULL_ACCESS_ROLES as readonly string[]).includes(row.member.roleSlug);
  let resources: Resources = '*';
  if (!isFullAccess) {
    const [role] = await db
      .select({ resources: roles.resources })
      .from(roles)
      .where(
        and(eq(roles.slug, row.member.roleSlug), or(eq(roles.accountId, accountId), isNull(roles.accountId))),
      );
    resources = role?.resources ?? {};
  }
  return { member: row.member, account: row.account, resources, isFullAccess };
}

/**
 * The x-subsidiary-id rules, registered by the accounts module (subsidiaries live there), in parts
 * that cost no round trip of their own:
 * - `variant` names the SQL shape a header needs ('' when absent); there are few, and each shape
 *   of the guard's query is a prepared statement, planned once per connection;
 * - `select` is that shape's SQL expression inside the guard's request-context query, given the
 *   member row's columns (`fullAccess` is true for owner/admin) and the header as a uuid parameter;
 *   null when the header alone decides;
 * - `resolve` applies the rules to the value: the subsidiary id, null for "All Subsidiaries", or 403.
 */
export type SubsidiaryResolver = {
  variant: (header: string) => string;
  select: (member: { id: SQL; accountId: SQL; fullAccess: SQL }, variant: string, header: SQL) => SQL | null;
  resolve: (value: unknown, tenant: Omit<TenantContext, 'subsidiaryId'>, header: string) => string | null;
};

/**
 * API keys (`Authorization: Bearer sk_…`), registered by the developers module: reads the key in
 * ONE statement (by its hash) with its creator's current membership, and answers the principal,
 * the auth context and the member context the guard then checks like a session's (`authorizeMember`):
 * its resources are the intersection of the key's role and the creator's role, and its subsidiary
 * scope the creator's (`resolver`'s expression over the creator's member row). Throws 401 for an
 * unknown, revoked or orphaned key (after setting `req.principal` when the key is known).
 */
export type ApiKeyAuthenticator = (
  req: FastifyRequest,
  ctx: { resolver?: SubsidiaryResolver; subHeader: string },
) => Promise<{ auth: AuthContext; principal: Principal & { kind: 'apiKey' }; member: ContextMember | null }>;
export const API_KEY_BEARER = /^Bearer\s+sk_/i;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function registerGuard(
  app: FastifyInstance,
  db: Db,
  config: Config,
  opts: {
    resolveSubsidiary?: () => SubsidiaryResolver | undefined;
    apiKeys?: () => ApiKeyAuthenticator | undefined;
  } = {},
) {
  const cache = config.LIST_CACHE_MB > 0 ? new ListCache(config.LIST_CACHE_MB * 1024 * 1024) : null;
  const load = requestContextLoader(db, cache);
  app.decorateRequest('auth', null);
  app.decorateRequest('principal', null);
  app.decorateRequest('tenant', null);
  app.decorateRequest('fused', null);
  app.decorateRequest('link', null);

  // Safe by default: a guarded route that declares nothing refuses to register, so the app cannot boot.
  app.addHook('onRoute', (route) => {
    const url = route.url;
    if (!isGuardedUrl(url)) return;
    const access = route.config?.access;
    if (!access)
      throw new Error(
        `Route ${String(route.method)} ${url} declares no access (public, session or permission)`,
      );
  });

  // preValidation: who may call is settled before what they sent is examined (401/403 before 400).
  app.addHook('preValidation', async (req) => {
    const access = req.routeOptions.config?.access;
    const url = req.routeOptions.url ?? '';
    if (!access) {
      if (isGuardedUrl(url)) throw forbidden();
      return; // static files and the SPA fallback
    }
    if (access.kind === 'public') {
      await tryAuthenticate(req, config, load); // public routes may still use a session when present
      return;
    }
    if (access.kind === 'link') {
      // The link's token is the whole credential: a session or key the visitor also has adds nothing.
      const token = (req.params as Record<string, string | undefined> | undefined)?.token;
      const link = await resolveLink(db, token, {
        kind: access.link,
        action: access.action,
        messages: access.messages,
      });
      req.link = link;
      req.principal = { kind: 'link', link };
      return;
    }
    const sub = req.headers['x-subsidiary-id'];
    const subHeader = typeof sub === 'string' ? sub : '';
    const headerAccount = req.headers['x-account-id'];
    const wanted = typeof headerAccount === 'string' && headerAccount ? headerAccount : null;
    const resolver = access.kind === 'permission' ? opts.resolveSubsidiary?.() : undefined;
    // An API key: its own statement, in the developers module (by the key's hash), then the same
    // checks as a session's member context.
    const apiKeys = API_KEY_BEARER.test(req.headers.authorization ?? '') ? opts.apiKeys?.() : undefined;
    if (apiKeys) {
      const k = await apiKeys(req, { resolver, subHeader });
      req.auth = k.auth;
      if (access.kind !== 'permission') throw forbidden(DEVELOPER_MSG.keyOnlyAccountRoutes);
      if (wanted && wanted !== k.principal.accountId) throw forbidden('You are not a member of this account');
      req.tenant = authorizeMember(access, k.member, resolver, subHeader);
      return;
    }
    const fused = access.kind === 'permission' ? fusedParams(req) : null;
    // ONE query: session, user, and for permission routes the membership, account, role's
    // permissions and subsidiary scope of the active account (never cached: a revoked member or a
    // changed role applies on the very next request, in every process).
    const found = await requireAuthentication(req, config, load, (token) =>
      access.kind === 'permission'
        ? load(token, { withMember: true, accountId: wanted, resolver, subHeader, fused })
        : load(token, { withMember: false }),
    );
    const auth = found.auth;
    if (auth.twoFactorPending && !(access.kind === 'session' && access.allowPending2fa)) {
      throw unauthorized('Two-factor authentication required', STATUS.twoFaRequired);
    }
    if (!auth.user.emailVerifiedAt && !(access.kind === 'session' && access.allowUnverified)) {
      throw forbidden('Please confirm your email address first');
    }
    if (access.kind === 'session') return;

    const accountId = wanted ?? auth.user.activeAccountId;
    if (!accountId) throw forbidden('No active account; choose an account first');
    if (!UUID_RE.test(accountId)) throw forbidden('You are not a member of this account');
    req.tenant = authorizeMember(access, found.member, resolver, subHeader);
    // Every check passed: the page read in the same statement may now be handed to the handler.
    if (found.fusedPage) req.fused = found.fusedPage;
  });
  return cache;
}

/**
 * The one place a principal's member context meets the route's permission: active membership of
 * the account, the permission itself, then the subsidiary scope (with or without the header: an
 * absent header still scopes restricted members). Sessions and API keys both pass through here.
 */
function authorizeMember(
  access: Access & { kind: 'permission' },
  m: ContextMember | null,
  resolver: SubsidiaryResolver | undefined,
  subHeader: string,
): TenantContext {
  if (!m) throw forbidden('You are not a member of this account');
  const base = {
    accountId: m.accountId,
    accountName: m.accountName,
    accountType: m.accountType,
    memberId: m.id,
    roleSlug: m.roleSlug,
    resources: m.resources,
    isFullAccess: m.isFullAccess,
  };
  if (!can(m.resources, access.resource, access.action)) throw forbidden(MSG.forbidden);
  const subsidiaryId = resolver ? resolver.resolve(m.scope, base, subHeader) : null;
  return { ...base, subsidiaryId };
}

/**
 * Object rules inside a company (own vs any, `OBJECT_RULES` in the contract), checked here for every
 * area: `ownerUserId` is the object's own person (the card's holder, the expense's maker), `actor`
 * the caller (`actorOf(req)`: the principal's user and its rights in the account). A caller who may
 * not act on the object gets 403 (`message` when given) and nothing changes.
 */
export function checkObjectRule(
  actor: ObjectActor,
  rule: ObjectRule,
  ownerUserId: string | null,
  message?: string,
): void {
  const isOwn = !!ownerUserId && ownerUserId === actor.userId;
  if (!mayActOn(actor.resources, rule, isOwn)) throw forbidden(message ?? MSG.forbidden);
}
export type ObjectActor = { userId: string; resources: Resources };
/** The caller of a permission route as object rules see it. */
export const actorOf = (req: FastifyRequest): ObjectActor => ({
  userId: authOf(req).user.id,
  resources: tenantOf(req).resources,
});

type FusedMode = 'plain' | 'fill';
type FusedRequest = { def: FusedList; params: Record<string, unknown>; cacheable: boolean };

/** The fused list's parameters for this request, or null when the guard should not read its page. */
function fusedParams(req: FastifyRequest): FusedRequest | null {
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

/** The member context a principal acts with (a session's membership, or an API key's effective one). */
export type ContextMember = {
  id: string;
  accountId: string;
  accountName: string;
  accountType: string;
  roleSlug: string;
  resources: Resources;
  isFullAccess: boolean;
  scope: unknown;
};
type RequestContext = { auth: AuthContext; member: ContextMember | null; fusedPage: FusedPage | null };

const NIL_UUID = '00000000-0000-0000-0000-000000000000';

/**
 * The whole request context in one round trip: the session and its user by the token's hash, then
 * (when `withMember`) the ACTIVE membership of the requested account (`accountId`, or the user's
 * active account when null), the account's name and type, the role's permissions (owner/admin need
 * none) and the subsidiary module's scope expression. Every join is by a unique index. Each shape
 * is a named prepared statement (built once per process, parsed and planned once per connection).
 */
function requestContextLoader(db: Db, cache: ListCache | null) {
  const hash = sql.placeholder('hash');
  const sessionOnly = db
    .select({ s: liveSessionColumns, u: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.accessTokenHash, hash))
    .prepare('owo_guard_session');
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
  type Shape = { def: FusedList; variant: string; mode: FusedMode };
  const shapeName = (variant: string, fused: Shape | undefined) =>
    !fused ? variant : `${variant}_${fused.def.key}_${fused.variant}${fused.mode === 'fill' ? '_fill' : ''}`;
  const build = (resolver: SubsidiaryResolver | undefined, variant: string, fused: Shape | undefined) => {
    const scope = resolver?.select(member, variant, subHeader) ?? sql`null`;
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
        fullAccess: sql<boolean | null>`${fullAccess}`,
        resources: sql<Resources | (string & {}) | null>`${roleSql(sql`${roles.resources}`)}`,
        scope: sql<unknown>`${scope}`,
        fusedPage: list?.page ?? sql<string | null>`null`,
        fusedTotal: list?.total ?? sql<number | null>`null`,
        fusedPrint: fused?.mode === 'fill' ? printSql(scope) : sql<string | null>`null`,
        fusedSnap:
          fused && fused.mode !== 'plain'
            ? sql<string>`pg_current_snapshot()::text`
            : sql<string | null>`null`,
      })
      .from(sessions)
      .innerJoin(users, join.user)
      .leftJoin(accountMembers, join.member)
      .leftJoin(accounts, join.account)
      .where(join.session)
      .prepare(`owo_guard_ctx_${shapeName(resolver ? variant : 'none', fused)}`);
  };
  const prepared = new Map<string, ReturnType<typeof build>>();
  const buildCheck = (resolver: SubsidiaryResolver | undefined, variant: string, def: FusedList) => {
    const scope = resolver?.select(member, variant, subHeader) ?? sql`null`;
    return db
      .select({
        print: printSql(scope),
        stale: sql<boolean | null>`case when ${accountMembers.id} is not null then ${stale} end`,
        snap: sql<string>`pg_current_snapshot()::text`,
      })
      .from(sessions)
      .innerJoin(users, join.user)
      .leftJoin(accountMembers, join.member)
      .leftJoin(accounts, join.account)
      .where(join.session)
      .prepare(`owo_guard_ctx_${resolver ? variant : 'none'}_${def.key}_check`);
  };
  const checks = new Map<string, ReturnType<typeof buildCheck>>();
  const contexts = cache
    ? new ContextCache<{ row: NonNullable<Parameters<typeof liveSession>[2]>; member: ContextMember }>(
        cache.maxAgeMs,
      )
    : null;

  return Object.assign(load, { db });
  async function load(
    token: string,
    opts:
      | { withMember: false }
      | {
          withMember: true;
          accountId: string | null;
          resolver?: SubsidiaryResolver;
          subHeader: string;
          fused?: FusedRequest | null;
        },
  ) {
    if (!opts.withMember) {
      const [row] = await sessionOnly.execute({ hash: sha256(token) });
      return { row, member: null, fusedPage: null };
    }
    const { resolver, subHeader: header } = opts;
    const variant = resolver ? resolver.variant(header) : 'none';
    const fused = opts.fused ?? null;
    const cached = !!(cache && fused?.cacheable);
    const account = opts.accountId === null ? null : UUID_RE.test(opts.accountId) ? opts.accountId : NIL_UUID;
    const hash = sha256(token);
    const base = { hash, account, subsidiary: variant === 'check' ? header.trim() : null };
    const run = (mode: FusedMode, params: Record<string, unknown>) => {
      const shape = fused
        ? { def: fused.def, variant: fused.def.variant?.(fused.params) ?? 'any', mode }
        : undefined;
      const key = shapeName(resolver ? variant : 'none', shape);
      let q = prepared.get(key);
      if (!q) prepared.set(key, (q = build(resolver, variant, shape)));
      return q.execute({ ...params, ...base });
    };
    // A cached page's key: the list, its parameters, and the account asked for (the header, or this
    // token's active account); the check makes sure the membership's account is the page's.
    const cacheKey = cached
      ? `${fused!.def.key}|${account ?? `token:${hash}`}|${JSON.stringify(fused!.params)}`
      : null;
    const entry = cacheKey ? cache!.get(cacheKey) : undefined;
    // The context this token was last given for this account and subsidiary header, if any.
    const contextKey = cacheKey ? `${hash}|${account ?? ''}|${variant}|${base.subsidiary ?? ''}` : null;
    const context = contextKey ? contexts!.get(contextKey) : undefined;
    if (entry && context) {
      const checkKey = `${resolver ? variant : 'none'}|${fused!.def.key}`;
      let q = checks.get(checkKey);
      if (!q) checks.set(checkKey, (q = buildCheck(resolver, variant, fused!.def)));
      const [c] = await q.execute({
        ...base,
        snap: entry.snap,
        snapXmin: snapshotXmin(entry.snap),
        cachedAccount: entry.accountId,
      });
      if (!c) return { row: undefined, member: null, fusedPage: null }; // no such session: 401
      if (c.print === context.print && c.stale === false && context.member.accountId === entry.accountId) {
        // The same rows as when the context was read, and nothing of the account changed since the
        // page's snapshot: both are exact at this statement's snapshot too.
        cache!.confirm(entry, c.snap);
        contexts!.confirm(context);
        return { row: context.row, member: context.member, fusedPage: entry.page };
      }
    }
    const [row] = await run(cached ? 'fill' : 'plain', fused?.params ?? {});
    if (!row) return { row: undefined, member: null, fusedPage: null };
    let fusedPage: FusedPage | null = null;
    let member: ContextMember | null = null;
    if (row.memberId && row.memberAccountId && row.roleSlug) {
      const isFullAccess = row.fullAccess === true;
      const raw = row.resources;
      const resources: Resources = isFullAccess
        ? '*'
        : ((typeof raw === 'string' ? (JSON.parse(raw) as Resources) : raw) ?? {});
      member = {
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
    const read = { s: row.s, u: row.u };
    if (member && fused && row.fusedPage !== null) {
      fusedPage = { page: row.fusedPage, total: Number(row.fusedTotal ?? 0) };
      if (cacheKey && row.fusedSnap && row.fusedPrint) {
        cache!.set(cacheKey, member.accountId, fusedPage, row.fusedSnap);
        contexts!.set(contextKey!, { print: row.fusedPrint, row: read, member });
      }
    }
    return { row: read, member, fusedPage };
  }
}
type ContextLoader = ReturnType<typeof requestContextLoader>;

function readBearer(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(.+)$/i.exec(h);
  return m ? m[1].trim() : null;
}

async function tryAuthenticate(req: FastifyRequest, config: Config, load: ContextLoader) {
  if (!readBearer(req) && !req.cookies?.[COOKIE_ACCESS]) return; // no credentials: no query
  try {
    await requireAuthentication(req, config, load);
  } catch {
    req.auth = null;
    req.principal = null;
  }
}

type Loaded = Awaited<ReturnType<ContextLoader>>;

async function requireAuthentication(
  req: FastifyRequest,
  config: Config,
  load: ContextLoader,
  loadFor: (token: string) => Promise<Loaded> = (token) => load(token, { withMember: false }),
): Promise<RequestContext> {
  const bearer = readBearer(req);
  const cookie = req.cookies?.[COOKIE_ACCESS];
  if (!bearer && !cookie) throw unauthorized('Authentication required');
  const via = bearer ? 'bearer' : 'cookie';
  const loaded = await loadFor((bearer ?? cookie)!);
  const auth = await liveSession(load.db, config, loaded.row, via);
  if (auth.via === 'cookie' && (!SAFE_METHODS.has(req.method) || req.routeOptions.config?.action)) {
    const sent = req.headers['x-csrf-token'];
    const cookieCsrf = req.cookies?.[COOKIE_CSRF];
    const expected = csrfFor(config, auth.familyId);
    if (
      typeof sent !== 'string' ||
      !safeEqual(sent, expected) ||
      (cookieCsrf && !safeEqual(cookieCsrf, expected))
    ) {
      throw forbidden('Missing or invalid CSRF token');
    }
  }
  req.auth = auth;
  req.principal = {
    kind: 'session',
    userId: auth.user.id,
    sessionId: auth.sessionId,
    familyId: auth.familyId,
    via: auth.via,
  };
  return { auth, member: loaded.member, fusedPage: loaded.fusedPage };
}

/**
 * Platform administrators (issue 34 §5): signed-in users whose confirmed email is listed in
 * PLATFORM_ADMIN_EMAILS. They alone change platform rules (default fees, the KYC cap); no company
 * role grants it.
 */
export function isPlatformAdmin(config: Pick<Config, 'platformAdminEmails'>, req: FastifyRequest): boolean {
  const u = req.auth?.user;
  return !!u?.emailVerifiedAt && config.platformAdminEmails.includes(u.email.toLowerCase());
}

/** For handlers of permission routes: the guard guarantees these are set. */
export function tenantOf(req: FastifyRequest): TenantContext {
  if (!req.tenant) throw forbidden();
  return req.tenant;
}
export function authOf(req: FastifyRequest): AuthContext {
  if (!req.auth) throw unauthorized();
  return req.auth;
}
/** For handlers of `needsLink` routes: the guard guarantees the link's principal. */
export function linkOf(req: FastifyRequest): LinkPrincipal {
  if (!req.link) throw unauthorized();
  return req.link;
}
