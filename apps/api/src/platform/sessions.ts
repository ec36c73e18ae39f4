import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { STATUS } from '@owo/contract';
import type { Config } from './config';
import type { DbOrTx } from './db';
import { unauthorized } from './errors';
import { hmac, newToken, sha256 } from './tokens';
import { sessions, users } from './tenancy-tables';

export const COOKIE_ACCESS = 'owo_at';
export const COOKIE_REFRESH = 'owo_rt';
export const COOKIE_CSRF = 'owo_csrf';

export type IssuedSession = {
  sessionId: string;
  familyId: string;
  accessToken: string;
  refreshToken: string;
  accessExpiresAt: Date;
  csrfToken: string;
};

export const csrfFor = (config: Config, familyId: string) => hmac(config.sessionSecret, `csrf:${familyId}`);

/** Starts a new session family (login) or continues one (rotation). */
export async function issueSession(
  db: DbOrTx,
  config: Config,
  userId: string,
  opts: {
    familyId?: string;
    familyExpiresAt?: Date;
    twoFactorPending?: boolean;
    userAgent?: string;
    ip?: string;
  } = {},
): Promise<IssuedSession> {
  const accessToken = newToken();
  const refreshToken = newToken(48);
  const now = Date.now();
  const accessExpiresAt = new Date(now + config.ACCESS_TOKEN_TTL_MINUTES * 60_000);
  const familyId = opts.familyId ?? crypto.randomUUID();
  const [row] = await db
    .insert(sessions)
    .values({
      userId,
      familyId,
      accessTokenHash: sha256(accessToken),
      refreshTokenHash: sha256(refreshToken),
      twoFactorPending: opts.twoFactorPending ?? false,
      accessExpiresAt,
      familyExpiresAt: opts.familyExpiresAt ?? new Date(now + config.SESSION_ABSOLUTE_HOURS * 3_600_000),
      userAgent: opts.userAgent?.slice(0, 300),
      ip: opts.ip,
    })
    .returning({ id: sessions.id });
  return {
    sessionId: row.id,
    familyId,
    accessToken,
    refreshToken,
    accessExpiresAt,
    csrfToken: csrfFor(config, familyId),
  };
}

/**
 * Exchanges a refresh token for a new pair. A token that was already rotated is a replay:
 * the whole family is revoked and the caller must sign in again.
 */
export async function rotateSession(
  db: DbOrTx,
  config: Config,
  refreshToken: string,
  meta: { userAgent?: string; ip?: string } = {},
) {
  const hash = sha256(refreshToken);
  const [current] = await db.select().from(sessions).where(eq(sessions.refreshTokenHash, hash)).for('update');
  if (!current) throw unauthorized('Invalid refresh token', STATUS.sessionExpired);
  if (current.state !== 'active') {
    if (current.state === 'rotated') await revokeFamily(db, current.familyId);
    throw unauthorized('Session has ended, please sign in again', STATUS.sessionExpired);
  }
  const now = Date.now();
  const idleLimit = current.lastSeenAt.getTime() + config.SESSION_IDLE_MINUTES * 60_000;
  if (current.familyExpiresAt.getTime() <= now || idleLimit <= now) {
    await revokeFamily(db, current.familyId);
    throw unauthorized('Session has expired, please sign in again', STATUS.sessionExpired);
  }
  await db.update(sessions).set({ state: 'rotated' }).where(eq(sessions.id, current.id));
  const issued = await issueSession(db, config, current.userId, {
    familyId: current.familyId,
    familyExpiresAt: current.familyExpiresAt,
    twoFactorPending: current.twoFactorPending,
    ...meta,
  });
  return { ...issued, userId: current.userId, twoFactorPending: current.twoFactorPending };
}

export async function revokeFamily(db: DbOrTx, familyId: string) {
  await db.update(sessions).set({ state: 'revoked' }).where(eq(sessions.familyId, familyId));
}

/** Ends every session of a user, optionally keeping one family (change password keeps the caller's). */
export async function revokeUserSessions(db: DbOrTx, userId: string, exceptFamilyId?: string) {
  await db
    .update(sessions)
    .set({ state: 'revoked' })
    .where(
      and(
        eq(sessions.userId, userId),
        exceptFamilyId ? sql`${sessions.familyId} <> ${exceptFamilyId}` : sql`true`,
      ),
    );
}

export type SessionUser = typeof users.$inferSelect;
/** The session columns the rules read (the guard selects only these on every request). */
export const liveSessionColumns = {
  id: sessions.id,
  familyId: sessions.familyId,
  state: sessions.state,
  twoFactorPending: sessions.twoFactorPending,
  accessExpiresAt: sessions.accessExpiresAt,
  familyExpiresAt: sessions.familyExpiresAt,
  lastSeenAt: sessions.lastSeenAt,
};
type LiveSessionRow = Pick<typeof sessions.$inferSelect, keyof typeof liveSessionColumns>;
export type AuthContext = {
  user: SessionUser;
  sessionId: string;
  familyId: string;
  twoFactorPending: boolean;
  via: 'bearer' | 'cookie';
  /** Set when an API key (not a session) authenticated the request. */
  apiKeyId?: string;
};

/** Resolves an access token to its live session, enforcing expiry and idle timeout. */
export async function authenticate(
  db: DbOrTx,
  config: Config,
  accessToken: string,
  via: AuthContext['via'],
): Promise<AuthContext> {
  const [row] = await db
    .select({ s: liveSessionColumns, u: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.accessTokenHash, sha256(accessToken)));
  return liveSession(db, config, row, via);
}

/**
 * The session rules on a loaded session + user row (missing, revoked, rotated, expired, idle), and the
 * once-a-minute `lastSeenAt` touch. Shared by `authenticate` and the guard's one request-context query.
 */
export async function liveSession(
  db: DbOrTx,
  config: Config,
  row: { s: LiveSessionRow; u: SessionUser } | undefined,
  via: AuthContext['via'],
): Promise<AuthContext> {
  if (!row || row.s.state === 'revoked')
    throw unauthorized('Session has ended, please sign in again', STATUS.sessionExpired);
  const now = Date.now();
  if (row.s.state === 'rotated' || row.s.accessExpiresAt.getTime() <= now)
    throw unauthorized('Access token expired');
  if (
    row.s.familyExpiresAt.getTime() <= now ||
    row.s.lastSeenAt.getTime() + config.SESSION_IDLE_MINUTES * 60_000 <= now
  ) {
    throw unauthorized('Session has expired, please sign in again', STATUS.sessionExpired);
  }
  if (now - row.s.lastSeenAt.getTime() > 60_000) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.familyId, row.s.familyId));
  }
  return {
    user: row.u,
    sessionId: row.s.id,
    familyId: row.s.familyId,
    twoFactorPending: row.s.twoFactorPending,
    via,
  };
}

export function setSessionCookies(
  reply: FastifyReply,
  config: Config,
  s: Pick<IssuedSession, 'accessToken' | 'refreshToken' | 'csrfToken'>,
) {
  const secure = config.appUrl.startsWith('https://');
  const base = { httpOnly: true, sameSite: 'lax' as const, secure, path: '/' };
  const maxAge = config.SESSION_ABSOLUTE_HOURS * 3600;
  reply.setCookie(COOKIE_ACCESS, s.accessToken, { ...base, maxAge });
  reply.setCookie(COOKIE_REFRESH, s.refreshToken, { ...base, path: '/api/auth', maxAge });
  reply.setCookie(COOKIE_CSRF, s.csrfToken, { ...base, httpOnly: false, maxAge });
}

export function clearSessionCookies(reply: FastifyReply) {
  reply.clearCookie(COOKIE_ACCESS, { path: '/' });
  reply.clearCookie(COOKIE_REFRESH, { path: '/api/auth' });
  reply.clearCookie(COOKIE_CSRF, { path: '/' });
}
