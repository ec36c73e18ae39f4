import { and, count, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import { fromMinor, TEAM_MSG, type ListQuery, type Member, type MemberDetail } from '@owo/contract';
import type { Db, DbOrTx, Tx } from '../../platform/db';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import type { TenantContext } from '../../platform/guard';
import { accounts, users } from '../../platform/schema';
import { escapeLike } from '../../platform/text';
import { createNotification } from '../notifications';
import { requireRole, roleNames } from './roles';
import { memberSpendLimits } from './tables';
import { accountMembers } from '../../platform/tenancy-tables';

export type MemberStats = (
  db: Db,
  accountId: string,
  memberUserId: string,
) => Promise<{ totalCashOutFlow: number; totalTransactions: number }>;

const memberColumns = {
  member: accountMembers,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  limitMinor: memberSpendLimits.limitMinor,
};
type MemberRow = {
  member: typeof accountMembers.$inferSelect;
  firstName: string;
  lastName: string;
  email: string;
  limitMinor: number | null;
};

function toMember(r: MemberRow, names: Map<string, string>): Member {
  return {
    id: r.member.id,
    accountId: r.member.accountId,
    user: { id: r.member.userId, name: `${r.firstName} ${r.lastName}`.trim(), email: r.email },
    role: r.member.roleSlug,
    roleName: names.get(r.member.roleSlug) ?? r.member.roleSlug,
    active: r.member.active,
    updatedAt: r.member.updatedAt.toISOString(),
    limit: r.limitMinor === null ? null : { limit: fromMinor(r.limitMinor), limitMinor: r.limitMinor },
  };
}

function baseQuery(db: DbOrTx) {
  return db
    .select(memberColumns)
    .from(accountMembers)
    .innerJoin(users, eq(users.id, accountMembers.userId))
    .leftJoin(memberSpendLimits, eq(memberSpendLimits.memberId, accountMembers.id));
}

/** `where` is `agents` (role agent) or `members` (everyone else); search matches name or email. */
export async function listMembers(db: DbOrTx, p: { accountId: string; q: ListQuery }) {
  const conds: (SQL | undefined)[] = [eq(accountMembers.accountId, p.accountId)];
  const filter = p.q.where?.trim();
  if (filter === 'agents') conds.push(eq(accountMembers.roleSlug, 'agent'));
  else if (filter === 'members') conds.push(ne(accountMembers.roleSlug, 'agent'));
  else if (filter)
    throw badRequest("where must be 'agents' or 'members'", {
      where: ["where must be 'agents' or 'members'"],
    });
  if (p.q.search) {
    const like = `%${escapeLike(p.q.search)}%`;
    conds.push(
      or(ilike(users.email, like), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like)),
    );
  }
  const where = and(...conds);
  const [{ n }] = await db
    .select({ n: count() })
    .from(accountMembers)
    .innerJoin(users, eq(users.id, accountMembers.userId))
    .where(where);
  const rows = await baseQuery(db)
    .where(where)
    .orderBy(desc(accountMembers.active), desc(accountMembers.updatedAt), desc(accountMembers.id))
    .limit(p.q.limit)
    .offset((p.q.page - 1) * p.q.limit);
  const names = await roleNames(db, p.accountId);
  return { items: rows.map((r) => toMember(r, names)), total: Number(n) };
}

async function findMember(db: DbOrTx, accountId: string, id: string, lock = false): Promise<MemberRow> {
  const q = baseQuery(db).where(and(eq(accountMembers.id, id), eq(accountMembers.accountId, accountId)));
  const [row] = lock ? await q.for('update', { of: accountMembers }) : await q;
  if (!row) throw notFound('Team member');
  return row;
}

export async function getMember(
  db: Db,
  p: { accountId: string; id: string; stats?: MemberStats },
): Promise<MemberDetail> {
  const row = await findMember(db, p.accountId, p.id);
  const raw = p.stats
    ? await p.stats(db, p.accountId, row.member.userId)
    : { totalCashOutFlow: 0, totalTransactions: 0 };
  const stats = {
    totalCashOutFlow: fromMinor(raw.totalCashOutFlow),
    totalCashOutFlowMinor: raw.totalCashOutFlow,
    totalTransactions: raw.totalTransactions,
  };
  return { ...toMember(row, await roleNames(db, p.accountId)), stats };
}

/** The account's owner (by role or by the account record) is never changed or revoked here. */
async function isOwner(db: DbOrTx, row: MemberRow): Promise<boolean> {
  if (row.member.roleSlug === 'owner') return true;
  const [a] = await db
    .select({ ownerUserId: accounts.ownerUserId })
    .from(accounts)
    .where(eq(accounts.id, row.member.accountId));
  return a?.ownerUserId === row.member.userId;
}

export async function changeMemberRole(
  tx: Tx,
  p: { tenant: TenantContext; id: string; role: string },
): Promise<Member> {
  const row = await findMember(tx, p.tenant.accountId, p.id, true);
  if (row.member.id === p.tenant.memberId) throw badRequest(TEAM_MSG.ownRoleFixed);
  if (await isOwner(tx, row)) throw badRequest(TEAM_MSG.ownerRoleFixed);
  const role = await requireRole(tx, { accountId: p.tenant.accountId, slug: p.role });
  if (role.slug === 'owner' && p.tenant.roleSlug !== 'owner') throw forbidden(TEAM_MSG.onlyOwnerGrantsOwner);
  if (role.slug !== row.member.roleSlug) {
    await tx
      .update(accountMembers)
      .set({ roleSlug: role.slug, updatedAt: sql`now()` })
      .where(eq(accountMembers.id, row.member.id));
    await createNotification(tx, {
      accountId: p.tenant.accountId,
      userIds: [row.member.userId],
      topic: 'Role changed',
      value: `Your role in ${p.tenant.accountName} is now ${role.name}.`,
    });
  }
  return toMember(await findMember(tx, p.tenant.accountId, p.id), await roleNames(tx, p.tenant.accountId));
}

/** Revokes access (active=false). The guard reads membership on every request, so it takes effect at once. */
export async function revokeMember(tx: Tx, p: { tenant: TenantContext; id: string }): Promise<Member> {
  const row = await findMember(tx, p.tenant.accountId, p.id, true);
  if (row.member.id === p.tenant.memberId) throw badRequest(TEAM_MSG.ownAccessNotRevocable);
  if (await isOwner(tx, row)) throw badRequest(TEAM_MSG.ownerNotRevocable);
  if (row.member.active) {
    await tx
      .update(accountMembers)
      .set({ active: false, updatedAt: sql`now()` })
      .where(eq(accountMembers.id, row.member.id));
    // Their next sign-in should not land on an account they can no longer open.
    await tx
      .update(users)
      .set({ activeAccountId: null })
      .where(and(eq(users.id, row.member.userId), eq(users.activeAccountId, p.tenant.accountId)));
  }
  return toMember(await findMember(tx, p.tenant.accountId, p.id), await roleNames(tx, p.tenant.accountId));
}

/** Sets (create) or changes (update) a member's spend limit; `amountMinor` is kobo. */
export async function setMemberSpendLimit(
  tx: Tx,
  p: { accountId: string; id: string; amountMinor: number; mode: 'create' | 'update' },
): Promise<Member> {
  const row = await findMember(tx, p.accountId, p.id, true);
  if (p.mode === 'create' && row.limitMinor !== null)
    throw badRequest('This member already has a spend limit; update it instead');
  if (p.mode === 'update' && row.limitMinor === null) throw notFound('Spend limit');
  await tx
    .insert(memberSpendLimits)
    .values({ accountId: p.accountId, memberId: row.member.id, limitMinor: p.amountMinor })
    .onConflictDoUpdate({
      target: memberSpendLimits.memberId,
      set: { limitMinor: p.amountMinor, updatedAt: sql`now()` },
    });
  return toMember(await findMember(tx, p.accountId, p.id), await roleNames(tx, p.accountId));
}
