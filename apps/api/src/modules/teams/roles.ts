import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { TEAM_MSG, type Resources, type Role, type RoleBody } from '@owo/contract';
import type { DbOrTx } from '../../platform/db';
import { badRequest, conflict, fieldError, notFound } from '../../platform/errors';
import { roles } from '../../platform/tenancy-tables';

type RoleRow = typeof roles.$inferSelect;

export const toRole = (r: RoleRow): Role => ({
  id: r.id,
  name: r.name,
  slug: r.slug,
  description: r.description,
  resources: r.resources,
  isBuiltIn: r.isBuiltIn,
});

/** "Field Sales (Lagos)" -> "field-sales-lagos"; never empty. */
export function slugifyRoleName(name: string): string {
  const s = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return s || 'role';
}

const visibleTo = (accountId: string) => or(isNull(roles.accountId), eq(roles.accountId, accountId));

/** Built-in roles first (in the contract's order of creation), then the account's own. */
export async function listRoles(db: DbOrTx, p: { accountId: string }): Promise<Role[]> {
  const rows = await db
    .select()
    .from(roles)
    .where(visibleTo(p.accountId))
    .orderBy(desc(roles.isBuiltIn), asc(roles.createdAt), asc(roles.name));
  return rows.map(toRole);
}

/** The role a slug names for this account (built-in or the account's own), or null. */
export async function findRoleBySlug(
  db: DbOrTx,
  p: { accountId: string; slug: string },
): Promise<RoleRow | null> {
  const [row] = await db
    .select()
    .from(roles)
    .where(and(visibleTo(p.accountId), eq(roles.slug, p.slug)));
  return row ?? null;
}

/** Like findRoleBySlug but a missing role is the caller's mistake in the `role` field. */
export async function requireRole(db: DbOrTx, p: { accountId: string; slug: string }): Promise<RoleRow> {
  const role = await findRoleBySlug(db, p);
  if (!role) throw fieldError('role', TEAM_MSG.roleUnknown);
  return role;
}

export async function roleNames(db: DbOrTx, accountId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ slug: roles.slug, name: roles.name })
    .from(roles)
    .where(visibleTo(accountId));
  return new Map(rows.map((r) => [r.slug, r.name]));
}

export async function createRole(db: DbOrTx, p: { accountId: string; body: RoleBody }): Promise<Role> {
  const slug = slugifyRoleName(p.body.name);
  if (await findRoleBySlug(db, { accountId: p.accountId, slug }))
    throw conflict(TEAM_MSG.roleExists, { name: [TEAM_MSG.roleExists] });
  const [row] = await db
    .insert(roles)
    .values({
      accountId: p.accountId,
      slug,
      name: p.body.name,
      description: p.body.description,
      resources: p.body.resources as Resources,
      isBuiltIn: false,
    })
    .onConflictDoNothing()
    .returning();
  // Lost a race with a concurrent create of the same name.
  if (!row) throw conflict(TEAM_MSG.roleExists, { name: [TEAM_MSG.roleExists] });
  return toRole(row);
}

/**
 * Updates a custom role of this account. The slug stays as created: memberships and invitations
 * refer to it, so renaming a role never detaches anyone from it.
 */
export async function updateRole(
  db: DbOrTx,
  p: { accountId: string; id: string; body: RoleBody },
): Promise<Role> {
  const [existing] = await db
    .select()
    .from(roles)
    .where(and(eq(roles.id, p.id), visibleTo(p.accountId)));
  if (!existing) throw notFound('Role');
  if (existing.isBuiltIn || existing.accountId === null) throw badRequest(TEAM_MSG.builtInRoleReadOnly);
  const [row] = await db
    .update(roles)
    .set({
      name: p.body.name,
      description: p.body.description,
      resources: p.body.resources,
      updatedAt: sql`now()`,
    })
    .where(and(eq(roles.id, p.id), eq(roles.accountId, p.accountId)))
    .returning();
  return toRole(row);
}
