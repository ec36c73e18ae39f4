// Who may act on an approval item NOW (issue 34 §9): the team read at each read and decision, never
// frozen at submission; the approver's spend limit; whether the owner may self-approve.
import { and, eq, inArray, or } from 'drizzle-orm';
import { APPROVAL_MSG, SELF_APPROVAL_MSG } from '@owo/contract';
import type { DbOrTx } from '../../platform/db';
import { accountMembers, memberSpendLimits } from '../../platform/schema';
import type { ApprovalItemRow } from './handlers';
import { getApPolicy } from './policy';

/**
 * The team as the approvals engine sees it NOW (issue 34 §9): which of `named` are active members,
 * and the active owners and admins (oldest first). One query.
 */
export type Team = { active: Set<string>; ownersAndAdmins: string[]; roleOf: Map<string, string> };
export async function teamNow(db: DbOrTx, accountId: string, named: string[]): Promise<Team> {
  const rows = await db
    .select({ userId: accountMembers.userId, roleSlug: accountMembers.roleSlug })
    .from(accountMembers)
    .where(
      and(
        eq(accountMembers.accountId, accountId),
        eq(accountMembers.active, true),
        named.length
          ? or(inArray(accountMembers.userId, named), inArray(accountMembers.roleSlug, APPROVING_ROLES))
          : inArray(accountMembers.roleSlug, APPROVING_ROLES),
      ),
    )
    .orderBy(accountMembers.createdAt);
  return {
    active: new Set(rows.map((r) => r.userId)),
    ownersAndAdmins: rows.filter((r) => APPROVING_ROLES.includes(r.roleSlug)).map((r) => r.userId),
    roleOf: new Map(rows.map((r) => [r.userId, r.roleSlug])),
  };
}

/** The roles that approve when a level names nobody (or nobody it names can act): owner and admin. */
export const APPROVING_ROLES: string[] = ['owner', 'admin'];

type Resolvable = Pick<ApprovalItemRow, 'currentApproverIds' | 'makerUserId' | 'fourEyes'>;
/** The level's named approvers who can act now: active members, less the maker when four eyes is on. */
export const namedAble = (item: Resolvable, team: Team, named = item.currentApproverIds) =>
  named.filter((u) => team.active.has(u) && !(item.fourEyes && u === item.makerUserId));

/**
 * Who may act on a pending item at its current level, from the team of this moment: its named
 * approvers still active (less the maker when four eyes is on); when none is left (or the level
 * names nobody, as the AP policy's level), the active owners and admins (less the maker). Never
 * frozen at submission: an admin added today approves today; one removed or demoted cannot.
 */
export function resolveApprovers(item: Resolvable, team: Team): string[] {
  const named = namedAble(item, team);
  if (named.length) return named;
  return team.ownersAndAdmins.filter((u) => !(item.fourEyes && u === item.makerUserId));
}

/** `resolveApprovers` with the team read now; nobody for an item that is not pending. */
export async function approversNow(db: DbOrTx, item: ApprovalItemRow): Promise<string[]> {
  if (item.status !== 'pending') return [];
  return resolveApprovers(item, await teamNow(db, item.accountId, item.currentApproverIds));
}

/** The approver's own spend limit in kobo (null: none set, so no limit applies to approving). */
export async function approverLimit(db: DbOrTx, accountId: string, userId: string): Promise<number | null> {
  const [row] = await db
    .select({ limitMinor: memberSpendLimits.limitMinor })
    .from(memberSpendLimits)
    .innerJoin(accountMembers, eq(accountMembers.id, memberSpendLimits.memberId))
    .where(and(eq(accountMembers.accountId, accountId), eq(accountMembers.userId, userId)));
  return row ? Number(row.limitMinor) : null;
}

/**
 * Whether `userId` may self-approve `item` now (issue 34 §9): the item is pending, they made it, they
 * are the owner, nobody else can approve it at its current level, and the AP policy allows it.
 * Answers the refusal's message, or null when allowed.
 */
export async function selfApprovalRefusal(
  db: DbOrTx,
  item: ApprovalItemRow,
  userId: string,
  /** Read with `userId` among the named (`teamNow(…, [...currentApproverIds, userId])`). */
  team?: Team,
): Promise<string | null> {
  if (item.status !== 'pending') return APPROVAL_MSG.notPending;
  if (item.makerUserId !== userId) return SELF_APPROVAL_MSG.notMaker;
  // The team read with the caller among the named, so their current role is in it.
  const now = team ?? (await teamNow(db, item.accountId, [...item.currentApproverIds, userId]));
  if (now.roleOf.get(userId) !== 'owner') return SELF_APPROVAL_MSG.ownerOnly;
  if (resolveApprovers(item, now).some((u) => u !== userId)) return SELF_APPROVAL_MSG.otherApprover;
  // Four eyes off: the maker is an approver like any other, so there is nothing to self-approve.
  if (resolveApprovers(item, now).includes(userId)) return SELF_APPROVAL_MSG.approveDirectly;
  if (!(await getApPolicy(db, item.accountId)).selfApproval) return SELF_APPROVAL_MSG.off;
  return null;
}
