import { and, eq, isNull, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  can,
  FULL_ACCESS_ROLES,
  MSG,
  STATUS,
  type Action,
  type Resource,
  type Resources,
} from '@owo/contract';
import type { Config } from './config';
import type { Db } from './db';
import { forbidden, unauthorized } from './errors';
import { accountMembers, accounts, roles } from './schema';
import { authenticate, COOKIE_ACCESS, COOKIE_CSRF, csrfFor, type AuthContext } from './sessions';
import { safeEqual } from './tokens';

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
  | { kind: 'permission'; resource: Resource; action: Action };

export const isPublic = (): { access: Access } => ({ access: { kind: 'public' } });
/** `allowUnverified` admits users who have not confirmed their email (profile, logout, resend). */
export const needsSession = (
  opts: { allowPending2fa?: boolean; allowUnverified?: boolean } = {},
): { access: Access } => ({ access: { kind: 'session', ...opts } });
export const needs = (resource: Resource, action: Action): { access: Access } => ({
  access: { kind: 'permission', resource, action },
});

export type TenantContext = {
  accountId: string;
  accountName: string;
  accountType: string;
  memberId: string;
  roleSlug: string;
  resources: Resources;
  isFullAccess: boolean;
  /** null means "All Subsidiaries" (only owner and admin may choose it). */
  subsidiaryId: string | null;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    tenant: TenantContext | null;
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

/** Resolves x-subsidiary-id ('' when absent); registered by the accounts module (subsidiaries live there). */
export type SubsidiaryResolver = (
  req: FastifyRequest,
  tenant: Omit<TenantContext, 'subsidiaryId'>,
  header: string,
) => Promise<string | null>;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function registerGuard(
  app: FastifyInstance,
  db: Db,
  config: Config,
  opts: { resolveSubsidiary?: () => SubsidiaryResolver | undefined } = {},
) {
  app.decorateRequest('auth', null);
  app.decorateRequest('tenant', null);

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
      await tryAuthenticate(req, db, config); // public routes may still use a session when present
      return;
    }
    const auth = await requireAuthentication(req, db, config);
    if (auth.twoFactorPending && !(access.kind === 'session' && access.allowPending2fa)) {
      throw unauthorized('Two-factor authentication required', STATUS.twoFaRequired);
    }
    if (!auth.user.emailVerifiedAt && !(access.kind === 'session' && access.allowUnverified)) {
      throw forbidden('Please confirm your email address first');
    }
    if (access.kind === 'session') return;

    const headerAccount = req.headers['x-account-id'];
    const accountId =
      typeof headerAccount === 'string' && headerAccount ? headerAccount : auth.user.activeAccountId;
    if (!accountId) throw forbidden('No active account; choose an account first');
    if (!UUID_RE.test(accountId)) throw forbidden('You are not a member of this account');
    const m = await loadMembership(db, auth.user.id, accountId);
    if (!m) throw forbidden('You are not a member of this account');
    const base = {
      accountId,
      accountName: m.account.name,
      accountType: m.account.type,
      memberId: m.member.id,
      roleSlug: m.member.roleSlug,
      resources: m.resources,
      isFullAccess: m.isFullAccess,
    };
    if (!can(m.resources, access.resource, access.action)) throw forbidden(MSG.forbidden);
    const sub = req.headers['x-subsidiary-id'];
    const resolver = opts.resolveSubsidiary?.();
    // The resolver runs with or without the header: an absent header still scopes restricted members.
    const subsidiaryId = resolver ? await resolver(req, base, typeof sub === 'string' ? sub : '') : null;
    req.tenant = { ...base, subsidiaryId };
  });
}

function readBearer(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(.+)$/i.exec(h);
  return m ? m[1].trim() : null;
}

async function tryAuthenticate(req: FastifyRequest, db: Db, config: Config) {
  try {
    await requireAuthentication(req, db, config);
  } catch {
    req.auth = null;
  }
}

async function requireAuthentication(req: FastifyRequest, db: Db, config: Config): Promise<AuthContext> {
  const bearer = readBearer(req);
  const cookie = req.cookies?.[COOKIE_ACCESS];
  if (!bearer && !cookie) throw unauthorized('Authentication required');
  const auth = await authenticate(db, config, (bearer ?? cookie)!, bearer ? 'bearer' : 'cookie');
  if (auth.via === 'cookie' && !SAFE_METHODS.has(req.method)) {
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
  return auth;
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
