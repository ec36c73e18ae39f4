// Approval workflows: CRUD (GET/POST /api/approval-workflows, GET/PUT/DELETE /api/approval-workflows/{id}).
import { and, desc, eq, inArray } from 'drizzle-orm';
import { APPROVAL_MSG, fromMinor, type ApprovalType, type Workflow } from '@owo/contract';
import type { DbOrTx, Tx } from '../../platform/db';
import { badRequest, notFound } from '../../platform/errors';
import { users } from '../../platform/schema';
import { approvalWorkflows, type StoredLevel } from './tables';

type Row = typeof approvalWorkflows.$inferSelect;
export type WorkflowInput = {
  name: string;
  type: ApprovalType;
  amountFrom?: number | null;
  amountTo?: number | null;
  categoryId?: string | null;
  subsidiaryId?: string | null;
  levels: StoredLevel[];
};

async function present(db: DbOrTx, rows: Row[]): Promise<Workflow[]> {
  const ids = [...new Set(rows.flatMap((r) => r.levels.flatMap((l) => l.approverIds)))];
  const names = new Map<string, string>();
  if (ids.length) {
    const us = await db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(inArray(users.id, ids));
    for (const u of us) names.set(u.id, `${u.firstName} ${u.lastName}`.trim());
  }
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    type: r.type,
    amountFrom: r.amountFromMinor === null ? null : fromMinor(r.amountFromMinor),
    amountFromMinor: r.amountFromMinor,
    amountTo: r.amountToMinor === null ? null : fromMinor(r.amountToMinor),
    amountToMinor: r.amountToMinor,
    categoryId: r.categoryId,
    subsidiaryId: r.subsidiaryId,
    levels: r.levels.map((l) => ({
      rule: l.rule,
      approvers: l.approverIds.map((id) => ({ id, name: names.get(id) ?? 'Former member' })),
    })),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

/**
 * No one twice in a level; the range is ordered. That the approvers are active members, and the
 * category and subsidiary the company's own, is checked before the handler by the route's
 * `bodyRefs` (platform/refs.ts).
 */
function validate(w: WorkflowInput) {
  if (w.amountFrom != null && w.amountTo != null && w.amountTo <= w.amountFrom)
    throw badRequest(APPROVAL_MSG.rangeOrder, { amountTo: [APPROVAL_MSG.rangeOrder] });
  w.levels.forEach((l, i) => {
    if (new Set(l.approverIds).size !== l.approverIds.length)
      throw badRequest(APPROVAL_MSG.approverDuplicate, {
        [`levels.${i}.approverIds`]: [APPROVAL_MSG.approverDuplicate],
      });
  });
}

export async function listWorkflows(db: DbOrTx, accountId: string, type?: ApprovalType) {
  const rows = await db
    .select()
    .from(approvalWorkflows)
    .where(
      and(eq(approvalWorkflows.accountId, accountId), type ? eq(approvalWorkflows.type, type) : undefined),
    )
    .orderBy(desc(approvalWorkflows.updatedAt));
  return present(db, rows);
}

export async function getWorkflow(db: DbOrTx, accountId: string, id: string): Promise<Workflow> {
  const [row] = await db
    .select()
    .from(approvalWorkflows)
    .where(and(eq(approvalWorkflows.id, id), eq(approvalWorkflows.accountId, accountId)));
  if (!row) throw notFound('Approval workflow');
  return (await present(db, [row]))[0];
}

const columns = (w: WorkflowInput) => ({
  name: w.name,
  type: w.type,
  amountFromMinor: w.amountFrom ?? null,
  amountToMinor: w.amountTo ?? null,
  categoryId: w.categoryId ?? null,
  subsidiaryId: w.subsidiaryId ?? null,
  levels: w.levels.map((l) => ({ approverIds: l.approverIds, rule: l.rule })),
});

export async function createWorkflow(
  tx: Tx,
  p: { accountId: string; userId: string; body: WorkflowInput },
): Promise<Workflow> {
  validate(p.body);
  const [row] = await tx
    .insert(approvalWorkflows)
    .values({ accountId: p.accountId, createdBy: p.userId, ...columns(p.body) })
    .returning();
  return (await present(tx, [row]))[0];
}

/** Items already in flight keep the levels they were submitted with. */
export async function updateWorkflow(
  tx: Tx,
  p: { accountId: string; id: string; body: WorkflowInput },
): Promise<Workflow> {
  validate(p.body);
  const [row] = await tx
    .update(approvalWorkflows)
    .set({ ...columns(p.body), updatedAt: new Date() })
    .where(and(eq(approvalWorkflows.id, p.id), eq(approvalWorkflows.accountId, p.accountId)))
    .returning();
  if (!row) throw notFound('Approval workflow');
  return (await present(tx, [row]))[0];
}

export async function deleteWorkflow(tx: Tx, p: { accountId: string; id: string }): Promise<Workflow> {
  const existing = await getWorkflow(tx, p.accountId, p.id);
  await tx
    .delete(approvalWorkflows)
    .where(and(eq(approvalWorkflows.id, p.id), eq(approvalWorkflows.accountId, p.accountId)));
  return existing;
}
