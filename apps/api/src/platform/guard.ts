// The one authority guard for sessions, API keys and public links. A route declares its access
// (guard-access.ts); the guard reads the request context in one statement (guard-context.ts),
// authenticates the session (guard-authenticate.ts) and checks the member's rights (guard-rights.ts).
// Other code imports all of it from here.
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { DEVELOPER_MSG, STATUS } from '@owo/contract';
import type { Config } from './config';
import type { Db } from './db';
import { forbidden, unauthorized } from './errors';
import {
  API_KEY_BEARER,
  type Access,
  type ApiKeyAuthenticator,
  type SubsidiaryResolver,
} from './guard-access';
import { requireAuthentication, tryAuthenticate } from './guard-authenticate';
import { fusedParams, requestContextLoader, UUID_RE, type ContextLoader } from './guard-context';
import { authorizeMember } from './guard-rights';
import { ListCache } from './list-cache';
import { resolveLink } from './tokens';

export {
  API_KEY_BEARER,
  authOf,
  fusedList,
  isPlatformAdmin,
  isPublic,
  linkOf,
  needs,
  needsAny,
  needsLink,
  needsSession,
  NO_SUBSIDIARY,
  tenantOf,
  type Access,
  type ApiKeyAuthenticator,
  type ContextMember,
  type FusedList,
  type FusedPage,
  type Principal,
  type Right,
  type SubsidiaryResolver,
  type TenantContext,
} from './guard-access';
export {
  actorOf,
  checkObjectRule,
  loadMembership,
  subsidiaryForWrite,
  type ObjectActor,
} from './guard-rights';

const GUARDED_PREFIXES = ['/api/', '/webhooks/'];
/** The OpenAPI documentation (swagger-ui's own routes) is public by design. */
const DOCS_PREFIX = '/api/docs';
const isGuardedUrl = (url: string) =>
  !url.startsWith(DOCS_PREFIX) && GUARDED_PREFIXES.some((p) => url.startsWith(p));

type GuardOptions = {
  resolveSubsidiary?: () => SubsidiaryResolver | undefined;
  apiKeys?: () => ApiKeyAuthenticator | undefined;
};
type Guard = { db: Db; config: Config; load: ContextLoader; opts: GuardOptions };

export function registerGuard(app: FastifyInstance, db: Db, config: Config, opts: GuardOptions = {}) {
  const cache = config.LIST_CACHE_MB > 0 ? new ListCache(config.LIST_CACHE_MB * 1024 * 1024) : null;
  const load = requestContextLoader(db, cache);
  app.decorateRequest('auth', null);
  app.decorateRequest('principal', null);
  app.decorateRequest('tenant', null);
  app.decorateRequest('fused', null);
  app.decorateRequest('link', null);

  // Safe by default: a guarded route that declares nothing refuses to register, so the app cannot boot.
  app.addHook('onRoute', refuseUndeclaredRoute);

  // preValidation: who may call is settled before what they sent is examined (401/403 before 400).
  const guard: Guard = { db, config, load, opts };
  app.addHook('preValidation', async (req) => guardRequest(guard, req));
  return cache;
}

function refuseUndeclaredRoute(route: RouteOptions) {
  const url = route.url;
  if (!isGuardedUrl(url)) return;
  const access = route.config?.access;
  if (!access)
    throw new Error(
      `Route ${String(route.method)} ${url} declares no access (public, session or permission)`,
    );
}

async function guardRequest(g: Guard, req: FastifyRequest) {
  const access = req.routeOptions.config?.access;
  const url = req.routeOptions.url ?? '';
  if (!access) {
    if (isGuardedUrl(url)) throw forbidden();
    return; // static files and the SPA fallback
  }
  if (access.kind === 'public') {
    await tryAuthenticate(req, g.config, g.load); // public routes may still use a session when present
    return;
  }
  if (access.kind === 'link') {
    // The link's token is the whole credential: a session or key the visitor also has adds nothing.
    const token = (req.params as Record<string, string | undefined> | undefined)?.token;
    const link = await resolveLink(g.db, token, {
      kind: access.link,
      action: access.action,
      messages: access.messages,
    });
    req.link = link;
    req.principal = { kind: 'link', link };
    return;
  }
  await guardMember(g, req, access);
}

/** A session or permission route: an API key or a session, then the member's rights. */
async function guardMember(
  g: Guard,
  req: FastifyRequest,
  access: Access & { kind: 'session' | 'permission' },
) {
  const sub = req.headers['x-subsidiary-id'];
  const subHeader = typeof sub === 'string' ? sub : '';
  const headerAccount = req.headers['x-account-id'];
  const wanted = typeof headerAccount === 'string' && headerAccount ? headerAccount : null;
  const resolver = access.kind === 'permission' ? g.opts.resolveSubsidiary?.() : undefined;
  // An API key: its own statement, in the developers module (by the key's hash), then the same
  // checks as a session's member context.
  const apiKeys = API_KEY_BEARER.test(req.headers.authorization ?? '') ? g.opts.apiKeys?.() : undefined;
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
  const found = await requireAuthentication(req, g.config, g.load, (token) =>
    access.kind === 'permission'
      ? g.load(token, { withMember: true, accountId: wanted, resolver, subHeader, fused })
      : g.load(token, { withMember: false }),
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
}
