import { and, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  API_KEY_PREFIX,
  DEVELOPER_MSG,
  FULL_ACCESS_ROLES,
  intersectResources,
  STATUS,
  withinRights,
  type ApiKey,
  type ApiKeyCreated,
  type Resources,
} from '@owo/contract';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError, fieldError, notFound, unauthorized } from '../../platform/errors';
import type { ApiKeyAuthenticator, SubsidiaryResolver } from '../../platform/guard';
import { newToken, sha256 } from '../../platform/tokens';
import { accounts, users, accountMembers, roles } from '../../platform/tenancy-tables';
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

/** The permissions of a role a key may be given (null when unknown; `owner` never: a key holds no ownership). */
async function keyRoleResources(db: DbOrTx, accountId: string, slug: string): Promise<Resources | null> {
  if (isFull(slug)) return slug === 'owner' ? null : '*';
  const [r] = await db
    .select({ resources: roles.resources })
    .from(roles)
    .where(and(eq(roles.slug, slug), or(eq(roles.accountId, accountId), isNull(roles.accountId))))
    .orderBy(sql`${roles.accountId} nulls last`)
    .limit(1);
  return r ? (r.resources as Resources) : null;
}

export async function listKeys(db: DbOrTx, accountId: string): Promise<ApiKey[]> {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.accountId, accountId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(dto);
}

/**
 * A new key. Its role must be within the creator's CURRENT rights (`creatorResources`: the
 * principal's own, which for a key creating a key is that key's effective rights): every
 * permission of the role is checked, and one the creator does not hold is a 403 on `role`.
 */
export async function createKey(
  tx: DbOrTx,
  p: {
    accountId: string;
    userId: string;
    creatorResources: Resources;
    name: string;
    role: string;
    live: boolean;
  },
): Promise<ApiKeyCreated> {
  // An API key never holds ownership rights: `owner` is refused like an unknown role.
  const resources = await keyRoleResources(tx, p.accountId, p.role);
  if (!resources) throw fieldError('role', DEVELOPER_MSG.roleUnknown);
  if (!withinRights(p.creatorResources, resources))
    throw new AppError(403, STATUS.forbidden, DEVELOPER_MSG.roleBeyondCreator, {
      role: [DEVELOPER_MSG.roleBeyondCreator],
    });
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
const isFull = (slug: string) => (FULL_ACCESS_ROLES as readonly string[]).includes(slug);
const parseResources = (raw: Resources | (string & {}) | null): Resources =>
  (typeof raw === 'string' ? (JSON.parse(raw) as Resources) : raw) ?? {};

/** One shape of the API key's statement (per subsidiary header variant). */
function apiKeyStatement(db: Db, resolver: SubsidiaryResolver | undefined, variant: string) {
  const hash = sql.placeholder('hash');
  const fullAccess = sql`(${apiKeys.roleSlug} in (${FULL_ACCESS_SQL}) and ${accountMembers.roleSlug} in (${FULL_ACCESS_SQL}))`;
  const roleResources = (slug: SQL) =>
    sql<
      Resources | (string & {}) | null
    >`case when ${slug} in (${FULL_ACCESS_SQL}) then null else (select ${roles.resources} from ${roles} where ${roles.slug} = ${slug} and (${roles.accountId} = ${apiKeys.accountId} or ${roles.accountId} is null) order by ${roles.accountId} nulls last limit 1) end`;
  const member = { id: sql`${accountMembers.id}`, accountId: sql`${apiKeys.accountId}`, fullAccess };
  return db
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
      creatorRole: accountMembers.roleSlug,
      keyResources: roleResources(sql`${apiKeys.roleSlug}`),
      creatorResources: roleResources(sql`${accountMembers.roleSlug}`),
      scope: sql<unknown>`${resolver?.select(member, variant, sql`${sql.placeholder('subsidiary')}::uuid`) ?? sql`null`}`,
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
    .prepare(`owo_guard_api_key_${resolver ? variant : 'none'}`);
}
type ApiKeyStatement = ReturnType<typeof apiKeyStatement>;
type ApiKeyRow = Awaited<ReturnType<ApiKeyStatement['execute']>>[number];

/**
 * The guard's API-key branch: ONE statement by the key's hash (unique index) for the key, its
 * account, its creator and the creator's CURRENT membership (active only), the permissions of the
 * key's role and of the creator's role, and the creator's subsidiary scope (the resolver's
 * expression, one prepared shape per header variant). The key acts with the intersection of the two
 * roles, so demoting the creator narrows the key and removing them stops it, on the very next
 * request. Nothing is cached: a revoked or reset key answers 401 at once. The guard then checks
 * the permission and scope like a session's (`authorizeMember`).
 */
export function apiKeyAuthenticator(db: Db): ApiKeyAuthenticator {
  const prepared = new Map<string, ApiKeyStatement>();

  return async (req, { resolver, subHeader }) => {
    const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const variant = resolver ? resolver.variant(subHeader) : 'none';
    let q = prepared.get(variant);
    if (!q) prepared.set(variant, (q = apiKeyStatement(db, resolver, variant)));
    const [k] = await q.execute({
      hash: sha256(token),
      subsidiary: variant === 'check' ? subHeader.trim() : null,
    });
    if (!k) throw unauthorized('Invalid or revoked API key');
    const principal = { kind: 'apiKey' as const, keyId: k.id, userId: k.user.id, accountId: k.accountId };
    req.principal = principal; // known from here on: its use is audited whatever the outcome
    // A revoked key, or one whose creator has left the account, stops at once.
    if (k.revokedAt || !k.memberId || !k.creatorRole) throw unauthorized('Invalid or revoked API key');
    return keyContext(db, k, k.memberId, k.creatorRole, principal);
  };
}

/** The key's auth and member context: the intersection of the key's role and its creator's. */
async function keyContext(
  db: Db,
  k: ApiKeyRow,
  memberId: string,
  creatorRole: string,
  principal: { kind: 'apiKey'; keyId: string; userId: string; accountId: string },
): ReturnType<ApiKeyAuthenticator> {
  const keyFull = isFull(k.roleSlug);
  const creatorFull = isFull(creatorRole);
  const keyResources: Resources = keyFull ? '*' : parseResources(k.keyResources);
  const creatorResources: Resources = creatorFull ? '*' : parseResources(k.creatorResources);
  // Last use, at most once a minute per key (no write on the hot path otherwise).
  if (!k.lastUsedAt || Date.now() - k.lastUsedAt.getTime() > 60_000)
    await db.update(apiKeys).set({ lastUsedAt: new Date() }).where(eq(apiKeys.id, k.id));
  return {
    principal,
    auth: {
      user: k.user,
      sessionId: k.id,
      familyId: k.id,
      twoFactorPending: false,
      via: 'bearer',
      apiKeyId: k.id,
    },
    member: {
      id: memberId,
      accountId: k.accountId,
      accountName: k.accountName,
      accountType: k.accountType,
      // The narrower of the two roles names the key's rights (e.g. payroll's sensitive columns).
      roleSlug: keyFull ? creatorRole : k.roleSlug,
      resources: intersectResources(keyResources, creatorResources),
      isFullAccess: keyFull && creatorFull,
      scope: k.scope,
    },
  };
}
