// Projects (001 §7 /project; issue 21 §0, §3): budget, members, active/completed, timeline, and
// spend read from every area that names a project. Other areas call `requireActiveProject` when a
// record names a project and `projectSpend` to show what a project has used (see index.ts).
import { and, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { fromMinor, PROJECT_MSG, type Project } from '@owo/contract';
import type { DbOrTx } from '../../platform/db';
import { AppError, badRequest, fieldError } from '../../platform/errors';
import { fetchPage, type PageQuery } from '../../platform/list';
import { escapeLike } from '../../platform/text';
import { users, accountMembers } from '../../platform/tenancy-tables';
import { projectMembers, projects } from './tables';

type Row = typeof projects.$inferSelect;
export type ProjectUse = { spentMinor: number; committedMinor: number };
const MAX_BUDGET = 100_000_000_000_000;

export const projectNotFound = () => new AppError(404, 'not-found', PROJECT_MSG.notFound);

/**
 * Spend per project: spent = paying, completed or retired (not failed or reversed on the rail);
 * committed = pending or approved. Read from expenses; payouts add their own term when they exist.
 */
export async function projectSpend(db: DbOrTx, accountId: string, projectIds: string[]) {
  const use = new Map<string, ProjectUse>();
  if (!projectIds.length) return use;
  const ids = sql.join(
    projectIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const rows = await db.execute<{ project: string; spent: string; committed: string }>(sql`
    select e.project_id as project,
      coalesce(sum(e.amount_minor) filter (where e.status in ('paying', 'completed', 'retired')
        and coalesce(t.status, '') not in ('failed', 'reversed')), 0)::bigint as spent,
      coalesce(sum(e.amount_minor) filter (where e.status in ('pending', 'approved')), 0)::bigint as committed
    from expenses e left join transactions t on t.id = e.transaction_id
    where e.account_id = ${accountId}::uuid and e.project_id in (${ids})
    group by 1`);
  for (const r of rows.rows)
    use.set(r.project, { spentMinor: Number(r.spent), committedMinor: Number(r.committed) });
  return use;
}

async function membersOf(db: DbOrTx, projectIds: string[]) {
  const by = new Map<string, Project['members']>();
  if (!projectIds.length) return by;
  const rows = await db
    .select({
      projectId: projectMembers.projectId,
      accessId: projectMembers.accessId,
      userId: accountMembers.userId,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(projectMembers)
    .innerJoin(accountMembers, eq(accountMembers.id, projectMembers.accessId))
    .innerJoin(users, eq(users.id, accountMembers.userId))
    .where(inArray(projectMembers.projectId, projectIds))
    .orderBy(users.firstName, users.lastName);
  for (const r of rows) {
    const list = by.get(r.projectId) ?? [];
    list.push({ accessId: r.accessId, userId: r.userId, name: `${r.firstName} ${r.lastName}` });
    by.set(r.projectId, list);
  }
  return by;
}

async function toDtos(db: DbOrTx, accountId: string, rows: Row[]): Promise<Project[]> {
  const ids = rows.map((r) => r.id);
  const [use, members] = await Promise.all([projectSpend(db, accountId, ids), membersOf(db, ids)]);
  return rows.map((r) => {
    const u = use.get(r.id) ?? { spentMinor: 0, committedMinor: 0 };
    const remaining = r.budgetMinor === null ? null : r.budgetMinor - u.spentMinor - u.committedMinor;
    return {
      id: r.id,
      name: r.name,
      description: r.description,
      active: r.active,
      budget: r.budgetMinor === null ? null : fromMinor(r.budgetMinor),
      budgetMinor: r.budgetMinor,
      startDate: r.startDate,
      endDate: r.endDate,
      spent: fromMinor(u.spentMinor),
      spentMinor: u.spentMinor,
      committed: fromMinor(u.committedMinor),
      committedMinor: u.committedMinor,
      remaining: remaining === null ? null : fromMinor(remaining),
      remainingMinor: remaining,
      members: members.get(r.id) ?? [],
      completedAt: r.completedAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
    };
  });
}

async function findRow(db: DbOrTx, accountId: string, id: string) {
  const [row] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.id, id), eq(projects.accountId, accountId)));
  return row ?? null;
}

export async function getProject(db: DbOrTx, accountId: string, id: string): Promise<Project> {
  const row = await findRow(db, accountId, id);
  if (!row) throw projectNotFound();
  return (await toDtos(db, accountId, [row]))[0];
}

/**
 * For areas whose records name a project (expenses now, payouts later): the project must be this
 * account's and active. Throws a 400 on `field` ('Project not found' or the completed message).
 */
export async function requireActiveProject(
  db: DbOrTx,
  accountId: string,
  projectId: string,
  field = 'projectId',
) {
  const row = await findRow(db, accountId, projectId);
  if (!row) throw fieldError(field, PROJECT_MSG.notFound);
  if (!row.active) throw fieldError(field, PROJECT_MSG.inactive);
  return { id: row.id, name: row.name };
}

/** `{ id, name }` of the named projects of this account (for read answers such as expenseData.project). */
export async function projectNames(db: DbOrTx, accountId: string, ids: string[]) {
  if (!ids.length) return new Map<string, string>();
  const rows = await db
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .where(and(eq(projects.accountId, accountId), inArray(projects.id, ids)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

const checkBudget = (b: number | null | undefined) => {
  if (b != null && b > MAX_BUDGET)
    throw badRequest('Budget is too large', { budget: ['Budget is too large'] });
};

export async function createProject(
  db: DbOrTx,
  accountId: string,
  b: {
    name: string;
    description?: string | null;
    budget?: number | null;
    startDate?: string | null;
    endDate?: string | null;
  },
) {
  checkBudget(b.budget);
  const [row] = await db
    .insert(projects)
    .values({
      accountId,
      name: b.name,
      description: b.description ?? null,
      budgetMinor: b.budget ?? null,
      startDate: b.startDate ?? null,
      endDate: b.endDate ?? null,
    })
    .returning();
  return (await toDtos(db, accountId, [row]))[0];
}

export async function setProjectBudget(db: DbOrTx, accountId: string, id: string, budget: number | null) {
  checkBudget(budget);
  const [row] = await db
    .update(projects)
    .set({ budgetMinor: budget, updatedAt: sql`now()` })
    .where(and(eq(projects.id, id), eq(projects.accountId, accountId)))
    .returning();
  if (!row) throw projectNotFound();
  return (await toDtos(db, accountId, [row]))[0];
}

export async function setProjectActive(db: DbOrTx, accountId: string, id: string, active: boolean) {
  const [row] = await db
    .update(projects)
    .set({
      active,
      completedAt: active ? null : sql`coalesce(${projects.completedAt}, now())`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(projects.id, id), eq(projects.accountId, accountId)))
    .returning();
  if (!row) throw projectNotFound();
  return (await toDtos(db, accountId, [row]))[0];
}

/** Replaces the project's members with `accessIds` (active members of this account). */
export async function assignProject(db: DbOrTx, accountId: string, id: string, accessIds: string[]) {
  const unique = [...new Set(accessIds)];
  return db.transaction(async (tx) => {
    // Lock the project: two assignments at once run one after the other (no duplicate-key 5xx).
    const [row] = await tx
      .select()
      .from(projects)
      .where(and(eq(projects.id, id), eq(projects.accountId, accountId)))
      .for('update');
    if (!row) throw projectNotFound();
    if (unique.length) {
      const found = await tx
        .select({ id: accountMembers.id })
        .from(accountMembers)
        .where(
          and(
            eq(accountMembers.accountId, accountId),
            eq(accountMembers.active, true),
            inArray(accountMembers.id, unique),
          ),
        );
      const have = new Set(found.map((f) => f.id));
      const missing = accessIds.findIndex((a) => !have.has(a));
      if (missing >= 0)
        throw badRequest(PROJECT_MSG.memberNotFound, {
          [`accessIds.${missing}`]: [PROJECT_MSG.memberNotFound],
        });
    }
    await tx.delete(projectMembers).where(eq(projectMembers.projectId, id));
    if (unique.length)
      await tx.insert(projectMembers).values(unique.map((accessId) => ({ projectId: id, accessId })));
    await tx
      .update(projects)
      .set({ updatedAt: sql`now()` })
      .where(eq(projects.id, id));
    return (await toDtos(tx, accountId, [row]))[0];
  });
}

export async function listProjects(
  db: DbOrTx,
  accountId: string,
  q: PageQuery & { search?: string; active?: 'true' | 'false' },
) {
  const where: SQL = and(
    eq(projects.accountId, accountId),
    q.active ? eq(projects.active, q.active === 'true') : undefined,
    q.search ? ilike(projects.name, `%${escapeLike(q.search)}%`) : undefined,
  )!;
  const { rows, total } = await fetchPage(db, projects, {
    ...q,
    where,
    orderBy: [desc(projects.createdAt), desc(projects.id)],
  });
  return { items: await toDtos(db, accountId, rows as Row[]), total };
}
