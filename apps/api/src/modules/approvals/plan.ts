// Which plan an approvable record gets (issue 21 §1): the most specific workflow, or the AP policy;
// and the record's manifest (issue 34 §1) with its digest.
import { and, eq, sql } from 'drizzle-orm';
import type { ApprovalType } from '@owo/contract';
import type { DbOrTx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { handlerOf, type ApprovalItemRow, type ApprovalSubject } from './handlers';
import { getApPolicy } from './policy';
import { approvalWorkflows, type StoredLevel } from './tables';
import { manifestDigest } from './trail';

export const AP_POLICY_NAME = 'AP policy';
export const SYSTEM_NAME = 'AP policy (auto-approved)';

export type Plan =
  | { kind: 'workflow'; workflowId: string | null; name: string; levels: StoredLevel[] }
  | { kind: 'auto'; thresholdMinor: number };

/**
 * The most specific matching workflow (most conditions set; then the narrowest amount range; then
 * the newest). None: the AP policy — auto-approve below its threshold, else the named approver,
 * else one approval from an owner or admin.
 */
export async function planFor(
  db: DbOrTx,
  p: {
    accountId: string;
    type: ApprovalType;
    subject: ApprovalSubject;
    approverId?: string | null;
    noAuto?: boolean;
  },
): Promise<Plan> {
  const { subject: s } = p;
  if (s.workflowId) {
    const [named] = await db
      .select()
      .from(approvalWorkflows)
      .where(
        and(
          eq(approvalWorkflows.id, s.workflowId),
          eq(approvalWorkflows.accountId, p.accountId),
          eq(approvalWorkflows.type, p.type),
        ),
      );
    if (named) return { kind: 'workflow', workflowId: named.id, name: named.name, levels: named.levels };
  }
  const rows = await db
    .select()
    .from(approvalWorkflows)
    .where(
      and(
        eq(approvalWorkflows.accountId, p.accountId),
        eq(approvalWorkflows.type, p.type),
        sql`(${approvalWorkflows.amountFromMinor} is null or ${approvalWorkflows.amountFromMinor} <= ${s.amountMinor})`,
        sql`(${approvalWorkflows.amountToMinor} is null or ${approvalWorkflows.amountToMinor} >= ${s.amountMinor})`,
        s.categoryId
          ? sql`(${approvalWorkflows.categoryId} is null or ${approvalWorkflows.categoryId} = ${s.categoryId}::uuid)`
          : sql`${approvalWorkflows.categoryId} is null`,
        s.subsidiaryId
          ? sql`(${approvalWorkflows.subsidiaryId} is null or ${approvalWorkflows.subsidiaryId} = ${s.subsidiaryId}::uuid)`
          : sql`${approvalWorkflows.subsidiaryId} is null`,
      ),
    );
  if (rows.length) {
    const score = (w: (typeof rows)[number]) =>
      [w.categoryId, w.subsidiaryId, w.amountFromMinor, w.amountToMinor].filter((v) => v !== null).length;
    const width = (w: (typeof rows)[number]) =>
      (w.amountToMinor ?? Number.MAX_SAFE_INTEGER) - (w.amountFromMinor ?? 0);
    rows.sort(
      (a, b) => score(b) - score(a) || width(a) - width(b) || b.updatedAt.getTime() - a.updatedAt.getTime(),
    );
    const w = rows[0];
    return { kind: 'workflow', workflowId: w.id, name: w.name, levels: w.levels };
  }
  const policy = await getApPolicy(db, p.accountId);
  if (!p.noAuto && s.amountMinor < policy.autoApproveBelowMinor)
    return { kind: 'auto', thresholdMinor: policy.autoApproveBelowMinor };
  if (p.approverId)
    return {
      kind: 'workflow',
      workflowId: null,
      name: 'Named approver',
      levels: [{ approverIds: [p.approverId], rule: 'any' }],
    };
  // The level names nobody: one approval from whoever is an owner or admin when it is decided.
  return {
    kind: 'workflow',
    workflowId: null,
    name: AP_POLICY_NAME,
    levels: [{ approverIds: [], rule: 'any' }],
  };
}

/** The record's manifest now and its digest; null for a handler without one (moves no money). */
export async function manifestOf(
  db: DbOrTx,
  deps: Pick<AppDeps, 'seams'>,
  item: Pick<ApprovalItemRow, 'type' | 'accountId' | 'resourceId'>,
): Promise<{ manifest: unknown; digest: string } | null> {
  const h = handlerOf(deps, item.type);
  if (!h.manifest) return null;
  const manifest = await h.manifest(db, item.accountId, item.resourceId);
  return manifest == null ? null : { manifest, digest: manifestDigest(manifest) };
}
