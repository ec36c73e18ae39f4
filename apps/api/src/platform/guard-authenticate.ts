import type { FastifyRequest } from 'fastify';
import type { Config } from './config';
import { forbidden, unauthorized } from './errors';
import type { ContextMember, FusedPage } from './guard-access';
import type { ContextLoader, LoadedContext } from './guard-context';
import { COOKIE_ACCESS, COOKIE_CSRF, csrfFor, liveSession, type AuthContext } from './sessions';
import { safeEqual } from './tokens';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

type RequestContext = { auth: AuthContext; member: ContextMember | null; fusedPage: FusedPage | null };

function readBearer(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(.+)$/i.exec(h);
  return m ? m[1].trim() : null;
}

export async function tryAuthenticate(req: FastifyRequest, config: Config, load: ContextLoader) {
  if (!readBearer(req) && !req.cookies?.[COOKIE_ACCESS]) return; // no credentials: no query
  try {
    await requireAuthentication(req, config, load);
  } catch {
    req.auth = null;
    req.principal = null;
  }
}

export async function requireAuthentication(
  req: FastifyRequest,
  config: Config,
  load: ContextLoader,
  loadFor: (token: string) => Promise<LoadedContext> = (token) => load(token, { withMember: false }),
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
