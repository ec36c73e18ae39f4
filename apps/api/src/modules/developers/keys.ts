import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  API_KEY_PREFIX,
  can,
  DEVELOPER_MSG,
  FULL_ACCESS_ROLES,
  MSG,
  type ApiKey,
  type ApiKeyCreated,
  type Resources,
} from '@owo/contract';
import type { Db, DbOrTx } from '../../platform/db';
import { fieldError, forbidden, notFound, unauthorized } from '../../platform/errors';
import type { Access, ApiKeyAuthenticator } from '../../platform/guard';
import { newToken, sha256 } from '../../platform/tokens';
import { accounts } from '../accounts/tables';
import { users } from '../identity/tables';
import { accountMembers, roles } from '../teams/tables';
import { apiKeys } from './tables';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const dto = (k: typeof apiKeys.$inferSelect): ApiKey => ({
  id: k.id,
  name: k.name,
  prefix: k.prefix,
  role: k.roleSlug,
  createdAt: k.createdAt.toISOString(),
  lastUsedAt: iso(k.lastUsedAt),
  revokedAt: iso(k.revokedAt),
});

function mintKey(live: boolean) {
  const key = `${API_KEY_PREFIX}${live ? 'live' : 'test'}_${newToken(32)}`;
  return { key, prefix: `${key.slice(0, 16)}…`, keyHash: sha256(key) };
}

async function roleExists(db: DbOrTx, accountId: string, slug: string) {
  if ((FULL_ACCESS_ROLES as readonly string[]).includes(slug)) return slug !== 'owner';
  const [r] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.slug, slug), or(eq(roles.accountId, accountId), isNull(roles.accountId))));
  return !!r;
}

export async function listKeys(db: DbOrTx, accountId: string): Promise<ApiKey[]> {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.accountId, accountId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(dto);
}

export async function createKey(
  tx: DbOrTx,
  p: { accountId: string; userId: string; name: string; role: string; live: boolean },
): Promise<ApiKeyCreated> {
  // An API key never holds ownership rights: `owner` is refused like an unknown role.
  if (!(await roleExists(tx, p.accountId, p.role))) throw fieldError('role', DEVELOPER_MSG.roleUnknown);
  const m = mintKey(p.live);
  const [row] = await tx
    .insert(apiKeys)
    .values({
      accountId: p.accountId,
      name: p.name,
      prefix: m.prefix,
      keyHash: m.keyHash,
      roleSlug: p.role,
      createdBy: p.userId,
    })
    .returning();
  return { ...dto(row), key: m.key };
}

/** A new secret for the same key id; the old one stops working at once. */
export async function resetKey(
  tx: DbOrTx,
  p: { accountId: string; id: string; live: boolean },
): Promise<ApiKeyCreated> {
  const m = mintKey(p.live);
  const [row] = await tx
    .update(apiKeys)
    .set({ keyHash: m.keyHash, prefix: m.prefix, lastUsedAt: null })
    .where(and(eq(apiKeys.id, p.id), eq(apiKeys.accountId, p.accountId), isNull(apiKeys.revokedAt)))
    .returning();
  if (!row) throw notFound('API key');
  return { ...dto(row), key: m.key };
}

export async function revokeKey(tx: DbOrTx, p: { accountId: string; id: string }): Promise<ApiKey> {
  const [row] = await tx
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, p.id), eq(apiKeys.accountId, p.accountId), isNull(apiKeys.revokedAt)))
    .returning();
  if (!row) throw notFound('API key');
  return dto(row);
}

const FULL_ACCESS_SQL = sql.raw(FULL_ACCESS_ROLES.map((r) => `'${r}'`).join(', '));

/**
 * The guard's API-key branch: ONE query by the key's hash (unique index) for the key, its account,
 * the member it is attributed to (still active) and its role's permissions. Nothing is cached: a
 * revoked or reset key answers 401 on its very next request. Only account routes
 * (`needs(resource, action)`) accept a key.
 */
export function apiKeyAuthenticator(db: Db): ApiKeyAuthenticator {
  const hash = sql.placeholder('hash');
  const q = db
    .select({
      id: apiKeys.id,
      accountId: apiKeys.accountId,
      roleSlug: apiKeys.roleSlug,
      revokedAt: apiKeys.revokedAt,
      lastUsedAt: apiKeys.lastUsedAt,
      accountName: accounts.name,
      accountType: accounts.type,
      user: users,
      memberId: accountMembers.id,
      resources: sql<
        Resources | (string & {}) | null
      >`case when ${apiKeys.roleSlug} in (${FULL_ACCESS_SQL}) then null else (select ${roles.resources} from ${roles} where ${roles.slug} = ${apiKeys.roleSlug} and (${roles.accountId} = ${apiKeys.accountId} or ${roles.accountId} is null) order by ${roles.accountId} nulls last limit 1) end`,
    })
    .from(apiKeys)
    .innerJoin(accounts, eq(accounts.id, apiKeys.accountId))
    .innerJoin(users, eq(users.id, apiKeys.createdBy))
    .leftJoin(
      accountMembers,
      and(
        eq(accountMembers.accountId, apiKeys.accountId),
        eq(accountMembers.userId, apiKeys.createdBy),
        eq(accountMembers.active, true),
      ),
    )
    .where(eq(apiKeys.keyHash, hash))
    .prepare('owo_guard_api_key');

  return async (req: FastifyRequest, access: Access) => {
    const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const [k] = await q.execute({ hash: sha256(token) });
    if (!k || k.revokedAt) throw unauthorized('Invalid or revoked API key');
    // The member the key is attributed to has left: the key stops with them.
    if (!k.memberId) throw unauthorized('Invalid or revoked API key');
    if (access.kind !== 'permission') throw forbidden(DEVELOPER_MSG.keyOnlyAccountRoutes);
    const wanted = req.headers['x-account-id'];
    if (typeof wanted === 'string' && wanted && wanted !== k.accountId)
      throw forbidden('You are not a member of this account');
    const isFullAccess = (FULL_ACCESS_ROLES as readonly string[]).includes(k.roleSlug);
    const raw = k.resources;
    const resources: Resources = isFullAccess
      ? '*'
      : ((typeof raw === 'string' ? (JSON.parse(raw) as Resources) : raw) ?? {});
    if (!can(resources, access.resource, access.action)) throw forbidden(MSG.forbidden);
    req.auth = {
      user: k.user,
      sessionId: k.id,
      familyId: k.id,
      twoFactorPending: false,
      via: 'bearer',
      apiKeyId: k.id,
    };
    req.tenant = {
      accountId: k.accountId,
      accountName: k.accountName,
      accountType: k.accountType,
      memberId: k.memberId,
      roleSlug: k.roleSlug,
      resources,
      isFullAccess,
      subsidiaryId: null,
    };
    // Last use, at most once a minute per key (no write on the hot path otherwise).
    if (!k.lastUsedAt || Date.now() - k.lastUsedAt.getTime() > 60_000)
      await db.update(apiKeys).set({ lastUsedAt: new Date() }).where(eq(apiKeys.id, k.id));
  };
}
