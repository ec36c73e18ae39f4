// The comment thread of an approval item (002 §2 approval history "link to a comment thread";
// issue 24 §0), for every approvable type: the decisions' comments (from the hashed trail) and free
// comments (`approval_comments`), in time order, with author names.
//
// Who may read and add: an active member of the item's account who is its maker, one of its
// approvers at any level, one of its rejection resolvers, or holds `approvalWorkflows` get (owner and
// admin always). Anyone else in the account gets 403; an item of another account is 404.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { can, MSG, type ApprovalComment } from '@owo/contract';
import type { Db, DbOrTx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { forbidden, notFound } from '../../platform/errors';
import { loadMembership } from '../../platform/guard';
import { users } from '../../platform/schema';
import { createNotification } from '../notifications';
import type { ApprovalItemRow } from './handlers';
import { describe as describeItem, mailUsers } from './notify';
import { getItem } from './read';
import { approvalComments, approvalDecisions } from './tables';

/**
 * The item as `userId` may see it in `accountId` (the caller's active account or x-account-id):
 * 404 when the caller is not a member there or the item is not that account's; 403 when the
 * member is neither maker, approver, resolver nor holder of the approvals permission.
 */
export async function itemForCommenter(
  db: Db,
  p: { userId: string; accountId: string | null; approvalId: string },
): Promise<ApprovalItemRow> {
  if (!p.accountId) throw notFound('Approval item');
  const m = await loadMembership(db, p.userId, p.accountId).catch(() => null);
  if (!m) throw notFound('Approval item');
  const item = await getItem(db, p.accountId, p.approvalId);
  const involved =
    item.makerUserId === p.userId ||
    item.currentApproverIds.includes(p.userId) ||
    item.rejectionResolverIds.includes(p.userId) ||
    item.levels.some((l) => l.approverIds.includes(p.userId));
  if (!involved && !m.isFullAccess && !can(m.resources, 'approvalWorkflows', 'get'))
    throw forbidden(MSG.forbidden);
  return item;
}

/** The thread: decisions' comments and free comments, oldest first. */
export async function commentThread(db: DbOrTx, item: ApprovalItemRow): Promise<ApprovalComment[]> {
  const decisions = await db
    .select()
    .from(approvalDecisions)
    .where(and(eq(approvalDecisions.itemId, item.id), eq(approvalDecisions.accountId, item.accountId)))
    .orderBy(asc(approvalDecisions.seq));
  const free = await db
    .select({
      id: approvalComments.id,
      body: approvalComments.body,
      createdAt: approvalComments.createdAt,
      userId: approvalComments.userId,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(approvalComments)
    .leftJoin(users, eq(users.id, approvalComments.userId))
    .where(and(eq(approvalComments.itemId, item.id), eq(approvalComments.accountId, item.accountId)))
    .orderBy(asc(approvalComments.createdAt), asc(approvalComments.id));
  const entries: (ApprovalComment & { at: number; order: number })[] = [
    ...decisions.map((d, i) => ({
      id: d.id,
      kind: 'decision' as const,
      status: d.status,
      body: d.comments,
      createdAt: d.decidedAt.toISOString(),
      user: { id: d.userId, name: d.userName },
      at: d.decidedAt.getTime(),
      order: i,
    })),
    ...free.map((c, i) => ({
      id: c.id,
      kind: 'comment' as const,
      status: null,
      body: c.body,
      createdAt: c.createdAt.toISOString(),
      user: {
        id: c.userId,
        name: c.firstName != null ? `${c.firstName} ${c.lastName ?? ''}`.trim() : 'Former user',
      },
      at: c.createdAt.getTime(),
      order: decisions.length + i,
    })),
  ];
  entries.sort((a, b) => a.at - b.at || a.order - b.order);
  return entries.map(({ at: _at, order: _order, ...e }) => e);
}

/**
 * Adds a free comment and tells the maker and everyone who commented or decided on the item before
 * (in-app, category `approvals`), never the author.
 */
export async function addComment(
  deps: AppDeps,
  p: { item: ApprovalItemRow; userId: string; body: string },
): Promise<void> {
  const { item } = p;
  await deps.db.transaction(async (tx) => {
    const earlier = await tx
      .selectDistinct({ userId: approvalComments.userId })
      .from(approvalComments)
      .where(and(eq(approvalComments.itemId, item.id), eq(approvalComments.accountId, item.accountId)));
    const deciders = await tx
      .selectDistinct({ userId: approvalDecisions.userId })
      .from(approvalDecisions)
      .where(eq(approvalDecisions.itemId, item.id));
    await tx.insert(approvalComments).values({
      itemId: item.id,
      accountId: item.accountId,
      userId: p.userId,
      body: p.body,
    });
    const [author] = await tx
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(inArray(users.id, [p.userId]));
    const name = author ? `${author.firstName} ${author.lastName}`.trim() : 'Someone';
    const to = [item.makerUserId, ...earlier.map((r) => r.userId), ...deciders.map((r) => r.userId)].filter(
      (u): u is string => !!u && u !== p.userId,
    );
    if (!to.length) return;
    const recipients = [...new Set(to)];
    const value = `${name} commented on ${describeItem(item)}: "${p.body.length > 140 ? `${p.body.slice(0, 140)}…` : p.body}"`;
    await createNotification(tx, {
      accountId: item.accountId,
      userIds: recipients,
      topic: 'New approval comment',
      value,
      props: { approvalType: item.type, resourceId: item.resourceId, approvalId: item.id },
      category: 'approvals',
    });
    // Mailed like the engine's own approval mail, to those who keep email on for approvals.
    await mailUsers(tx, deps, item, recipients, {
      subject: `New comment: ${describeItem(item)}`,
      text: value,
    });
  });
}
