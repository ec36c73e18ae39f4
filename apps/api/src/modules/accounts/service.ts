import { and, eq, inArray, or } from 'drizzle-orm';
import { kybProgress, type AccountEntry, type CreateAccountBody, type Resources } from '@owo/contract';
import type { Db, DbOrTx } from '../../platform/db';
import type { Seams } from '../../platform/seams';
import { notFound } from '../../platform/errors';
import { loadMembership } from '../../platform/guard';
import { users, accountMembers, accounts } from '../../platform/tenancy-tables';
import { accountKyb, accountOwners, subsidiaries, subsidiaryAccess } from './tables';

/**
 * Tiers (000 §3 "tiers list") follow the KYB: tier 1 once the account exists, tier 2 once the
 * director's BVN is given, tier 3 when the setup is complete. Limits per tier belong to money.
 */
export function tiersFor(progress: { maxStep: number; isComplete: boolean }) {
  const tiers = [{ tier: 1 }];
  if (progress.maxStep >= 2) tiers.push({ tier: 2 });
  if (progress.isComplete) tiers.push({ tier: 3 });
  return tiers;
}

/** Creates the account, makes the creator its owner and active account, and runs every accountCreated hook: all or nothing. */
export async function createAccount(db: Db, seams: Seams, p: CreateAccountBody & { userId: string }) {
  return db.transaction(async (tx) => {
    const [account] = await tx
      .insert(accounts)
      .values({ name: p.name, type: p.type, ownerUserId: p.userId })
      .returning();
    const [member] = await tx
      .insert(accountMembers)
      .values({ accountId: account.id, userId: p.userId, roleSlug: 'owner' })
      .returning();
    for (const hook of seams.hooks('accountCreated')) await hook(tx, account);
    await tx
      .update(users)
      .set({ activeAccountId: account.id, updatedAt: new Date() })
      .where(eq(users.id, p.userId));
    return { account, member };
  });
}

/** The caller's active memberships shaped as 000 §3 accounts entries. */
export async function listMyAccounts(
  db: DbOrTx,
  userId: string,
  onlyAccountId?: string,
): Promise<AccountEntry[]> {
  const rows = await db
    .select({ member: accountMembers, account: accounts })
    .from(accountMembers)
    .innerJoin(accounts, eq(accounts.id, accountMembers.accountId))
    .where(
      and(
        eq(accountMembers.userId, userId),
        eq(accountMembers.active, true),
        onlyAccountId ? eq(accounts.id, onlyAccountId) : undefined,
      ),
    )
    .orderBy(accounts.createdAt);
  if (!rows.length) return [];
  const accountIds = rows.map((r) => r.account.id);
  const memberIds = rows.map((r) => r.member.id);
  const [kybRows, ownerRows, accessRows] = await Promise.all([
    db.select().from(accountKyb).where(inArray(accountKyb.accountId, accountIds)),
    db
      .select({ accountId: accountOwners.accountId })
      .from(accountOwners)
      .where(inArray(accountOwners.accountId, accountIds)),
    db
      .select({ access: subsidiaryAccess, subsidiary: { id: subsidiaries.id, name: subsidiaries.name } })
      .from(subsidiaryAccess)
      .innerJoin(subsidiaries, eq(subsidiaries.id, subsidiaryAccess.subsidiaryId))
      .where(and(inArray(subsidiaryAccess.memberId, memberIds), eq(subsidiaries.active, true)))
      .orderBy(subsidiaries.name),
  ]);
  return rows.map(({ member, account }) => {
    const kyb = kybRows.find((k) => k.accountId === account.id);
    const progress = kybProgress({
      info: kyb?.info,
      bvn: kyb?.bvn,
      contact: kyb?.contact,
      documents: kyb?.documents,
      ownersCount: ownerRows.filter((o) => o.accountId === account.id).length,
    });
    return {
      id: member.id,
      accountId: account.id,
      account: { id: account.id, name: account.name, type: account.type },
      tiers: tiersFor(progress),
      role: member.roleSlug,
      subaccess: accessRows
        .filter((a) => a.access.memberId === member.id)
        .map((a) => ({
          id: a.access.id,
          subsidiaryId: a.subsidiary.id,
          active: a.access.active,
          subsidiary: a.subsidiary,
        })),
    };
  });
}

/** 000 §3 "Active account response"; nulls when the user has no (longer a) usable active account. */
export async function getActiveAccount(
  db: Db,
  userId: string,
): Promise<{ activeAccount: AccountEntry | null; resources: Resources | null }> {
  const [user] = await db
    .select({ activeAccountId: users.activeAccountId })
    .from(users)
    .where(eq(users.id, userId));
  if (!user?.activeAccountId) return { activeAccount: null, resources: null };
  const membership = await loadMembership(db, userId, user.activeAccountId);
  if (!membership) return { activeAccount: null, resources: null };
  const [entry] = await listMyAccounts(db, userId, user.activeAccountId);
  return { activeAccount: entry ?? null, resources: membership.resources };
}

/** `id` may be the membership id or the account id; anything else answers 404 (never "exists but not yours"). */
export async function setActiveAccount(db: Db, userId: string, id: string) {
  const [m] = await db
    .select({ accountId: accountMembers.accountId })
    .from(accountMembers)
    .where(
      and(
        eq(accountMembers.userId, userId),
        eq(accountMembers.active, true),
        or(eq(accountMembers.id, id), eq(accountMembers.accountId, id)),
      ),
    );
  if (!m) throw notFound('Account');
  await db
    .update(users)
    .set({ activeAccountId: m.accountId, updatedAt: new Date() })
    .where(eq(users.id, userId));
  return getActiveAccount(db, userId);
}
