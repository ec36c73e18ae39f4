import type { SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Action, Resource, Resources } from '@owo/contract';
import type { Config } from './config';
import { forbidden, unauthorized } from './errors';
import type { AuthContext } from './sessions';
import type { LinkMessages, LinkPrincipal } from './tokens';

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
  | { kind: 'permission'; resource: Resource; action: Action; orAnyOf?: readonly Right[] }
  | { kind: 'link'; link: string; action: string; messages?: LinkMessages };

export const isPublic = (): { access: Access } => ({ access: { kind: 'public' } });
/** `allowUnverified` admits users who have not confirmed their email (profile, logout, resend). */
export const needsSession = (
  opts: { allowPending2fa?: boolean; allowUnverified?: boolean } = {},
): { access: Access } => ({ access: { kind: 'session', ...opts } });
export const needs = (resource: Resource, action: Action): { access: Access } => ({
  access: { kind: 'permission', resource, action },
});
export type Right = { resource: Resource; action: Action };
/** A permission route open to whoever holds ANY of these rights (e.g. may post a bill or an expense). */
export const needsAny = (first: Right, ...rest: Right[]): { access: Access } => ({
  access: { kind: 'permission', ...first, orAnyOf: rest },
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
