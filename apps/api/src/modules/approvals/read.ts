// Reading approval items: one item as the viewer sees it, a record's item, the lists of what the
// caller can act on, and the approved manifest (issue 34 §1; read by money/outflow.ts).
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { fromMinor, type ApprovalType, type PendingApprovalItem } from '@owo/contract';
import type { Db, DbOrTx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { accountMembers, users } from '../../platform/schema';
import type { ApprovalItemRow } from './handlers';
import { manifestOf } from './plan';
import { approvalItems } from './tables';
import { APPROVING_ROLES, approverLimit, resolveApprovers, selfApprovalRefusal, teamNow } from './team';
import { trailOf, verifyChain } from './trail';

/** `approvers`: who may act now (`resolveApprovers`). */
function canApproveFor(
  item: ApprovalItemRow,
  viewerId: string,
  limit: number | null,
  approvers: string[],
): boolean {
  return (
    item.status === 'pending' &&
    approvers.includes(viewerId) &&
    !(item.fourEyes && item.makerUserId === viewerId) &&
    (limit === null || item.amountMinor <= limit)
  );
}
const canResolveFor = (item: ApprovalItemRow, viewerId: string) =>
  item.status === 'rejected' && item.rejectionResolverIds.includes(viewerId);

async function namesOf(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  const uniq = [...new Set(ids)];
  if (!uniq.length) return new Map();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, uniq));
  return new Map(rows.map((r) => [r.id, `${r.firstName} ${r.lastName}`.trim()]));
}

/** `approvalWorkflowPendingApprovalItem` as the viewer sees it (canApprove/canResolve computed here). */
export async function presentItem(
  db: DbOrTx,
  item: ApprovalItemRow,
  viewerId: string,
): Promise<PendingApprovalItem> {
  const trail = await trailOf(db, item.id);
  // Who may act, from the team of this moment (with the viewer's own role, for self-approval).
  const team =
    item.status === 'pending'
      ? await teamNow(db, item.accountId, [...item.currentApproverIds, viewerId])
      : null;
  const approvers = team ? resolveApprovers(item, team) : [];
  const names = await namesOf(db, approvers);
  const limit = await approverLimit(db, item.accountId, viewerId);
  const canSelfApprove =
    !!team &&
    item.makerUserId === viewerId &&
    (await selfApprovalRefusal(db, item, viewerId, team)) === null &&
    (limit === null || item.amountMinor <= limit);
  return {
    id: item.id,
    type: item.type,
    status: item.status,
    canApprove: canApproveFor(item, viewerId, limit, approvers),
    canResolve: canResolveFor(item, viewerId),
    canSelfApprove,
    rejectionResolverIds: item.rejectionResolverIds,
    currentLevel: item.currentLevel,
    totalLevels: item.levels.length,
    workflowId: item.workflowId,
    workflowName: item.workflowName,
    currentApprovers: approvers.map((id) => ({ id, name: names.get(id) ?? 'Unknown user' })),
    approvals: trail.map((d) => ({
      status: d.status,
      comments: d.comments,
      dateApproved: d.decidedAt.toISOString(),
      level: d.level,
      userData: { id: d.userId, name: d.userName },
      uniqueHash: d.hash,
    })),
    trailVerified: verifyChain(item.id, trail, item.lastHash).length === 0,
  };
}

/** The item of one record (for the record's own detail answer); null before submission. */
export async function approvalOf(
  db: DbOrTx,
  p: { accountId: string; type: ApprovalType; resourceId: string; viewerId: string },
): Promise<PendingApprovalItem | null> {
  const [item] = await db
    .select()
    .from(approvalItems)
    .where(
      and(
        eq(approvalItems.accountId, p.accountId),
        eq(approvalItems.type, p.type),
        eq(approvalItems.resourceId, p.resourceId),
      ),
    );
  return item ? presentItem(db, item, p.viewerId) : null;
}

export async function getItem(db: DbOrTx, accountId: string, id: string): Promise<ApprovalItemRow> {
  const [item] = await db
    .select()
    .from(approvalItems)
    .where(and(eq(approvalItems.id, id), eq(approvalItems.accountId, accountId)));
  if (!item) throw notFound('Approval item');
  return item;
}

type ListRow = ApprovalItemRow & { makerFirst: string; makerLast: string };

/** `approver`: the list's query found the viewer among who may act now (pending list only). */
function listItem(r: ListRow, viewerId: string, limit: number | null, approver: boolean) {
  return {
    resourceItem: {
      id: r.resourceId,
      type: r.type,
      reference: r.reference,
      amount: fromMinor(r.amountMinor),
      amountMinor: r.amountMinor,
      currency: r.currency,
      payee: r.payee,
      description: r.description,
      maker: { id: r.makerUserId, name: `${r.makerFirst} ${r.makerLast}`.trim() },
      createdAt: r.createdAt.toISOString(),
    },
    pendingApprovalItem: {
      id: r.id,
      status: r.status,
      canApprove: canApproveFor(r, viewerId, limit, approver ? [viewerId] : []),
      canResolve: canResolveFor(r, viewerId),
      currentLevel: r.currentLevel,
      totalLevels: r.levels.length,
    },
  };
}

/**
 * What the caller can act on: pending items of `type` where they may act now (`resolveApprovers`,
 * in SQL), not the maker (four eyes) and within their limit (rejected: where they are a rejection
 * resolver). One query: a named approver's items through the GIN index over current_approver_ids;
 * an owner's or admin's also take the items whose named approvers can none act now (or that name
 * nobody, as the AP policy's), checked per row against account_members' unique index.
 */
export async function listForViewer(
  db: Db,
  p: {
    accountId: string;
    viewerId: string;
    type: ApprovalType;
    which: 'pending' | 'rejected';
    page: number;
    limit: number;
  },
) {
  const limit = await approverLimit(db, p.accountId, p.viewerId);
  const [viewer] = await db
    .select({ roleSlug: accountMembers.roleSlug })
    .from(accountMembers)
    .where(
      and(
        eq(accountMembers.accountId, p.accountId),
        eq(accountMembers.userId, p.viewerId),
        eq(accountMembers.active, true),
      ),
    );
  const standsIn = !!viewer && APPROVING_ROLES.includes(viewer.roleSlug);
  const nobodyNamedCanAct = sql`not exists (
    select 1 from ${accountMembers} m
    where m.account_id = ${approvalItems.accountId} and m.active
      and m.user_id = any(${approvalItems.currentApproverIds})
      and not (${approvalItems.fourEyes} and m.user_id = ${approvalItems.makerUserId}))`;
  const where =
    p.which === 'pending'
      ? and(
          eq(approvalItems.accountId, p.accountId),
          eq(approvalItems.type, p.type),
          eq(approvalItems.status, 'pending'),
          viewer
            ? or(
                sql`${approvalItems.currentApproverIds} @> array[${p.viewerId}::uuid]`,
                standsIn ? nobodyNamedCanAct : undefined,
              )
            : sql`false`,
          sql`not (${approvalItems.fourEyes} and ${approvalItems.makerUserId} = ${p.viewerId}::uuid)`,
          limit === null ? undefined : sql`${approvalItems.amountMinor} <= ${limit}`,
        )
      : and(
          eq(approvalItems.accountId, p.accountId),
          eq(approvalItems.type, p.type),
          eq(approvalItems.status, 'rejected'),
          sql`${approvalItems.rejectionResolverIds} @> array[${p.viewerId}::uuid]`,
        );
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(approvalItems)
    .where(where);
  const rows = await db
    .select({
      item: approvalItems,
      makerFirst: users.firstName,
      makerLast: users.lastName,
    })
    .from(approvalItems)
    .innerJoin(users, eq(users.id, approvalItems.makerUserId))
    .where(where)
    .orderBy(sql`${approvalItems.createdAt} desc`, sql`${approvalItems.id} desc`)
    .limit(p.limit)
    .offset((p.page - 1) * p.limit);
  return {
    items: rows.map((r) =>
      listItem(
        { ...r.item, makerFirst: r.makerFirst, makerLast: r.makerLast },
        p.viewerId,
        limit,
        p.which === 'pending',
      ),
    ),
    total: Number(n),
  };
}

// ---- the manifest (issue 34 §1; read by money/outflow.ts) ----

/**
 * The approval behind a payment: the item's status, and the manifest (with its digest) of its last
 * final approval. Null when the record was never submitted for approval.
 */
export async function approvedManifest(
  db: DbOrTx,
  p: { accountId: string; type: ApprovalType; resourceId: string },
): Promise<Pick<ApprovalItemRow, 'id' | 'status' | 'manifest' | 'manifestDigest'> | null> {
  const [item] = await db
    .select({
      id: approvalItems.id,
      status: approvalItems.status,
      manifest: approvalItems.manifest,
      manifestDigest: approvalItems.manifestDigest,
    })
    .from(approvalItems)
    .where(
      and(
        eq(approvalItems.accountId, p.accountId),
        eq(approvalItems.type, p.type),
        eq(approvalItems.resourceId, p.resourceId),
      ),
    );
  return item ?? null;
}

/** The record's manifest as its handler builds it now (null: its handler declares none). */
export async function currentManifest(
  db: DbOrTx,
  deps: Pick<AppDeps, 'seams'>,
  p: { accountId: string; type: ApprovalType; resourceId: string },
): Promise<unknown> {
  return (await manifestOf(db, deps, p))?.manifest ?? null;
}
