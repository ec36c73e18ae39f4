// Before submitting (issue 34 §9): whether anyone but the maker could approve an item of a type.
import { and, eq } from 'drizzle-orm';
import type { ApprovalType, ApproverOutlook } from '@owo/contract';
import type { DbOrTx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { fourEyesOf, maybeHandlerOf, type ApprovalSubject } from './handlers';
import { AP_POLICY_NAME, planFor, type Plan } from './plan';
import { getApPolicy } from './policy';
import { approvalWorkflows } from './tables';
import { resolveApprovers, teamNow } from './team';

/**
 * GET /approval-workflows/approvers/{type} (issue 34 §9): before submitting, whether anyone but the
 * maker could approve an item of `type`, so a form can say so ("Invite an approver") instead of
 * leaving the item waiting. With `amount` (and the record's category, subsidiary and named approver)
 * the plan the engine would pick is checked; without, every plan the type could get (its workflows,
 * and the AP policy's unless a workflow with no conditions catches everything). Another owner or
 * admin always can (they stand in for any level); else every level of each plan needs a named
 * approver, other than the maker, who is an active member.
 */
export async function approverOutlook(
  db: DbOrTx,
  deps: Pick<AppDeps, 'seams'>,
  p: {
    accountId: string;
    makerUserId: string;
    type: ApprovalType;
    amountMinor?: number;
    categoryId?: string | null;
    subsidiaryId?: string | null;
    approverId?: string | null;
  },
): Promise<ApproverOutlook> {
  const handler = maybeHandlerOf(deps, p.type);
  const policy = await getApPolicy(db, p.accountId);
  const fourEyes = handler ? fourEyesOf(handler, policy.fourEyes) : policy.fourEyes;
  const maker = { makerUserId: p.makerUserId, fourEyes: true };
  let plans: Plan[];
  if (p.amountMinor !== undefined) {
    const subject: ApprovalSubject = {
      amountMinor: p.amountMinor,
      currency: 'NGN',
      payee: null,
      description: null,
      categoryId: p.categoryId ?? null,
      subsidiaryId: p.subsidiaryId ?? null,
      makerUserId: p.makerUserId,
      reference: null,
    };
    const noAuto = !!handler && (!!handler.alwaysFourEyes || !!handler.externalMaker);
    plans = [
      await planFor(db, { accountId: p.accountId, type: p.type, subject, approverId: p.approverId, noAuto }),
    ];
  } else {
    const rows = await db
      .select()
      .from(approvalWorkflows)
      .where(and(eq(approvalWorkflows.accountId, p.accountId), eq(approvalWorkflows.type, p.type)));
    plans = rows.map((w) => ({ kind: 'workflow', workflowId: w.id, name: w.name, levels: w.levels }));
    const catchAll = rows.some(
      (w) =>
        w.categoryId === null &&
        w.subsidiaryId === null &&
        w.amountFromMinor === null &&
        w.amountToMinor === null,
    );
    if (!catchAll)
      plans.push({
        kind: 'workflow',
        workflowId: null,
        name: AP_POLICY_NAME,
        levels: [{ approverIds: p.approverId ? [p.approverId] : [], rule: 'any' }],
      });
  }
  const named = plans.flatMap((x) => (x.kind === 'workflow' ? x.levels.flatMap((l) => l.approverIds) : []));
  const team = await teamNow(db, p.accountId, [...new Set([...named, p.makerUserId])]);
  const levelStaffed = (approverIds: string[]) =>
    resolveApprovers({ ...maker, currentApproverIds: approverIds }, team).length > 0;
  const hasOtherApprover = plans.every(
    (x) => x.kind === 'auto' || x.levels.every((l) => levelStaffed(l.approverIds)),
  );
  return {
    type: p.type,
    fourEyes,
    hasOtherApprover,
    needsApprover: fourEyes && !hasOtherApprover,
    canSelfApprove: policy.selfApproval && team.roleOf.get(p.makerUserId) === 'owner',
  };
}
