import { and, asc, count, eq, sql } from 'drizzle-orm';
import { ACCOUNT_MSG, ALL_SUBSIDIARIES, FULL_ACCESS_ROLES } from '@owo/contract';
import type { Db, DbOrTx } from '../../platform/db';
import { conflict, fieldError, forbidden, notFound } from '../../platform/errors';
import { NO_SUBSIDIARY, type SubsidiaryResolver, type TenantContext } from '../../platform/guard';
import { escapeLike } from '../../platform/text';
import { users, accountMembers } from '../../platform/tenancy-tables';
import { subsidiaries, subsidiaryAccess } from './tables';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUniqueViolation = (e: unknown) =>
  (e as { code?: string; cause?: { code?: string } })?.code === '23505' ||
  (e as { cause?: { code?: string } })?.cause?.code === '23505';

type Row = typeof subsidiaries.$inferSelect;
const shape = (s: Row, membersCount: number) => ({
  id: s.id,
  name: s.name,
  description: s.description,
  active: s.active,
  membersCount,
  createdAt: s.createdAt.toISOString(),
});

const membersCountSql = sql<number>`(select count(*)::int from ${subsidiaryAccess} where ${subsidiaryAccess.subsidiaryId} = ${subsidiaries.id} and ${subsidiaryAccess.active})`;

export async function listSubsidiaries(
  db: DbOrTx,
  accountId: string,
  q: { page: number; limit: number; search?: string },
) {
  const where = and(
    eq(subsidiaries.accountId, accountId),
    q.search ? sql`${subsidiaries.name} ilike ${`%${escapeLike(q.search)}%`}` : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ s: subsidiaries, n: membersCountSql })
      .from(subsidiaries)
      .where(where)
      .orderBy(asc(subsidiaries.name))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ total: count() }).from(subsidiaries).where(where),
  ]);
  return { items: rows.map((r) => shape(r.s, r.n)), total };
}

async function findSubsidiary(db: DbOrTx, accountId: string, id: string) {
  const [row] = await db
    .select()
    .from(subsidiaries)
    .where(and(eq(subsidiaries.accountId, accountId), eq(subsidiaries.id, id)));
  if (!row) throw notFound('Subsidiary');
  return row;
}

export async function getSubsidiary(db: DbOrTx, accountId: string, id: string) {
  const s = await findSubsidiary(db, accountId, id);
  const members = await db
    .select({
      access: subsidiaryAccess,
      member: accountMembers,
      user: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
    })
    .from(subsidiaryAccess)
    .innerJoin(accountMembers, eq(accountMembers.id, subsidiaryAccess.memberId))
    .innerJoin(users, eq(users.id, accountMembers.userId))
    .where(and(eq(subsidiaryAccess.subsidiaryId, s.id), eq(subsidiaryAccess.accountId, accountId)))
    .orderBy(asc(users.firstName));
  return {
    ...shape(s, members.filter((m) => m.access.active).length),
    members: members.map((m) => ({
      id: m.access.id,
      memberId: m.member.id,
      active: m.access.active,
      role: m.member.roleSlug,
      user: m.user,
    })),
  };
}

export async function createSubsidiary(
  db: DbOrTx,
  p: { accountId: string; userId: string; name: string; description?: string | null },
) {
  try {
    const [row] = await db
      .insert(subsidiaries)
      .values({
        accountId: p.accountId,
        name: p.name,
        description: p.description ?? null,
        createdBy: p.userId,
      })
      .returning();
    return shape(row, 0);
  } catch (e) {
    if (isUniqueViolation(e))
      throw conflict(ACCOUNT_MSG.subsidiaryExists, { name: [ACCOUNT_MSG.subsidiaryExists] });
    throw e;
  }
}

export async function updateSubsidiary(
  db: Db,
  accountId: string,
  id: string,
  p: { name?: string; description?: string | null; active?: boolean },
) {
  await findSubsidiary(db, accountId, id);
  try {
    await db
      .update(subsidiaries)
      .set({ ...p, updatedAt: new Date() })
      .where(and(eq(subsidiaries.accountId, accountId), eq(subsidiaries.id, id)));
  } catch (e) {
    if (isUniqueViolation(e))
      throw conflict(ACCOUNT_MSG.subsidiaryExists, { name: [ACCOUNT_MSG.subsidiaryExists] });
    throw e;
  }
  return getSubsidiary(db, accountId, id);
}

/**
 * Deletes a subsidiary that no record names (issue 21: DELETE /expense-subsidiary/{id}). Records
 * name a subsidiary by a `subsidiary_id` column in many areas' tables, which this module may not
 * import; so the check reads every such column from the catalogue, and a subsidiary in use answers
 * 409 (deactivate it instead). Members' sub-access to it goes with it.
 */
export async function deleteSubsidiary(db: Db, accountId: string, id: string) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: subsidiaries.id })
      .from(subsidiaries)
      .where(and(eq(subsidiaries.accountId, accountId), eq(subsidiaries.id, id)))
      .for('update');
    if (!row) throw notFound('Subsidiary');
    const cols = await tx.execute<{ table_name: string }>(sql`
      select table_name from information_schema.columns
      where table_schema = current_schema() and column_name = 'subsidiary_id'
        and table_name not in ('subsidiary_access', 'subsidiaries')`);
    for (const { table_name } of cols.rows) {
      const used = await tx.execute(
        sql`select 1 from ${sql.identifier(table_name)} where subsidiary_id = ${id} limit 1`,
      );
      if (used.rows.length) throw conflict(ACCOUNT_MSG.subsidiaryInUse);
    }
    await tx.delete(subsidiaryAccess).where(eq(subsidiaryAccess.subsidiaryId, id));
    await tx.delete(subsidiaries).where(eq(subsidiaries.id, id));
  });
}

async function findMember(db: DbOrTx, accountId: string, memberId: string) {
  const [m] = await db
    .select()
    .from(accountMembers)
    .where(and(eq(accountMembers.accountId, accountId), eq(accountMembers.id, memberId)));
  return m ?? null;
}

/**
 * Gives a member access to a subsidiary (or reactivates it). Exported for the teams module
 * (an invitation carrying a subsidiary grants this on acceptance); call it inside your transaction.
 */
export async function grantSubsidiaryAccess(
  db: DbOrTx,
  p: { accountId: string; memberId: string; subsidiaryId: string },
) {
  await findSubsidiary(db, p.accountId, p.subsidiaryId);
  const [row] = await db
    .insert(subsidiaryAccess)
    .values({ accountId: p.accountId, memberId: p.memberId, subsidiaryId: p.subsidiaryId, active: true })
    .onConflictDoUpdate({
      target: [subsidiaryAccess.memberId, subsidiaryAccess.subsidiaryId],
      set: { active: true, updatedAt: new Date() },
    })
    .returning();
  return row;
}

export async function addSubsidiaryMember(
  db: Db,
  p: { accountId: string; subsidiaryId: string; memberId: string },
) {
  await findSubsidiary(db, p.accountId, p.subsidiaryId);
  const member = await findMember(db, p.accountId, p.memberId);
  if (!member || !member.active) throw fieldError('memberId', ACCOUNT_MSG.memberUnknown);
  if ((FULL_ACCESS_ROLES as readonly string[]).includes(member.roleSlug))
    throw fieldError('memberId', ACCOUNT_MSG.memberFullAccess);
  await grantSubsidiaryAccess(db, p);
  return getSubsidiary(db, p.accountId, p.subsidiaryId);
}

async function findAccess(db: DbOrTx, p: { accountId: string; subsidiaryId: string; memberId: string }) {
  await findSubsidiary(db, p.accountId, p.subsidiaryId);
  const [row] = await db
    .select()
    .from(subsidiaryAccess)
    .where(
      and(
        eq(subsidiaryAccess.accountId, p.accountId),
        eq(subsidiaryAccess.subsidiaryId, p.subsidiaryId),
        eq(subsidiaryAccess.memberId, p.memberId),
      ),
    );
  if (!row) throw notFound('Subsidiary member');
  return row;
}

export async function removeSubsidiaryMember(
  db: Db,
  p: { accountId: string; subsidiaryId: string; memberId: string },
) {
  const row = await findAccess(db, p);
  await db.delete(subsidiaryAccess).where(eq(subsidiaryAccess.id, row.id));
  return getSubsidiary(db, p.accountId, p.subsidiaryId);
}

export async function setSubsidiaryMemberActive(
  db: Db,
  p: { accountId: string; subsidiaryId: string; memberId: string; active: boolean },
) {
  const row = await findAccess(db, p);
  await db
    .update(subsidiaryAccess)
    .set({ active: p.active, updatedAt: new Date() })
    .where(eq(subsidiaryAccess.id, row.id));
  return getSubsidiary(db, p.accountId, p.subsidiaryId);
}

/**
 * x-subsidiary-id (000 §4.10, §6): `all` is for owners and admins only; a subsidiary must belong to
 * the active account and be active; other roles need an active sub-access to it.
 */
export function subsidiaryResolver(): SubsidiaryResolver {
  return {
    variant(header) {
      const value = header.trim();
      if (!value) return 'default';
      return value.toLowerCase() === ALL_SUBSIDIARIES || !UUID_RE.test(value) ? 'none' : 'check';
    },
    // Evaluated inside the guard's one request-context query (no round trip of its own).
    select(member, variant, header) {
      if (variant === 'default') {
        // No header: owners and admins see every subsidiary; a restricted member is scoped to their
        // first active sub-access, and one with none (in a company that has subsidiaries) to no
        // subsidiary at all: scopes never widen by removal. A company without subsidiaries has no
        // subsidiary scope (every member sees the company's records).
        return sql`case when ${member.fullAccess} then null else coalesce((select ${subsidiaryAccess.subsidiaryId}::text from ${subsidiaryAccess} inner join ${subsidiaries} on ${subsidiaries.id} = ${subsidiaryAccess.subsidiaryId} where ${subsidiaryAccess.memberId} = ${member.id} and ${subsidiaryAccess.active} and ${subsidiaries.active} order by ${subsidiaryAccess.createdAt} limit 1), (select 'none' where exists (select 1 from ${subsidiaries} where ${subsidiaries.accountId} = ${member.accountId}))) end`;
      }
      if (variant !== 'check') return null;
      return sql`case when not exists (select 1 from ${subsidiaries} where ${subsidiaries.id} = ${header} and ${subsidiaries.accountId} = ${member.accountId} and ${subsidiaries.active}) then 'unknown' when ${member.fullAccess} or exists (select 1 from ${subsidiaryAccess} where ${subsidiaryAccess.subsidiaryId} = ${header} and ${subsidiaryAccess.memberId} = ${member.id} and ${subsidiaryAccess.active}) then 'ok' else 'no-access' end`;
    },
    resolve(found, tenant: Omit<TenantContext, 'subsidiaryId'>, header) {
      const value = header.trim();
      if (!value) return found === 'none' ? NO_SUBSIDIARY : typeof found === 'string' ? found : null;
      if (value.toLowerCase() === ALL_SUBSIDIARIES) {
        if (!tenant.isFullAccess) throw forbidden(ACCOUNT_MSG.allSubsidiariesForbidden);
        return null;
      }
      if (!UUID_RE.test(value) || found === 'unknown') throw forbidden(ACCOUNT_MSG.subsidiaryUnknown);
      if (found !== 'ok') throw forbidden(ACCOUNT_MSG.subsidiaryNoAccess);
      return value.toLowerCase();
    },
  };
}

/** The same rules outside a request (one query of its own): for services and tests. */
export async function resolveSubsidiaryFor(
  db: DbOrTx,
  tenant: Omit<TenantContext, 'subsidiaryId'>,
  header: string,
): Promise<string | null> {
  const r = subsidiaryResolver();
  const variant = r.variant(header);
  const expr = r.select(
    {
      id: sql`${tenant.memberId}::uuid`,
      accountId: sql`${tenant.accountId}::uuid`,
      fullAccess: sql`${tenant.isFullAccess}::boolean`,
    },
    variant,
    sql`${variant === 'check' ? header.trim() : null}::uuid`,
  );
  const found = expr ? (await db.execute<{ v: unknown }>(sql`select ${expr} as v`)).rows[0]?.v : null;
  return r.resolve(found, tenant, header);
}
