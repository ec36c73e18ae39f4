import { recordAuditChange } from '../audit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  APPROVAL_MSG,
  SELF_APPROVAL_MSG,
  APPROVAL_TYPE_LABELS,
  APPROVAL_TYPES,
  apPolicyBody,
  apPolicySchema,
  APPROVAL_COMMENT_MSG,
  approvalCommentBody,
  approvalCommentSchema,
  approvalIdParam,
  approvalListItemSchema,
  approvalTypeParam,
  approvalTypesSchema,
  approverOutlookQuery,
  approverOutlookSchema,
  decisionBody,
  envelope,
  errorEnvelope,
  fromMinor,
  idParam,
  listEnvelope,
  listQuery,
  pendingApprovalItemSchema,
  PLATFORM_LIMITS_MSG,
  platformKycCapBody,
  platformKycCapSchema,
  resolveBody,
  selfApprovalBody,
  workflowBody,
  workflowListQuery,
  workflowSchema,
} from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { authOf, isPlatformAdmin, loadMembership, needs, needsSession, tenantOf } from '../../platform/guard';
import { forbidden, notFound } from '../../platform/errors';
import { bodyRefs } from '../../platform/refs';
import { addComment, commentThread, itemForCommenter } from './comments';
import { ok, paged } from '../../platform/http';
import {
  approverOutlook,
  decide,
  getItem,
  listForViewer,
  presentItem,
  resolve,
  runAfterCommit,
  selfApprove,
} from './engine';
import { apPolicyDto, getApPolicy, platformKycCap, saveApPolicy, setPlatformKycCap } from './policy';
import { createWorkflow, deleteWorkflow, getWorkflow, listWorkflows, updateWorkflow } from './workflows';

/** The workflow's category, subsidiary and approvers are the company's own. */
const WORKFLOW_REFS = bodyRefs({
  categoryId: 'categories',
  subsidiaryId: 'subsidiaries',
  'levels.*.approverIds': { table: 'memberUsers', message: APPROVAL_MSG.approverUnknown },
}).refs;

const tags = ['approvals'];
const errors = { 400: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope };

/** The approvals engine's routes (issue 21 §1) and the AP policy (§3). */
export async function registerApprovals(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  r.get(
    '/api/approval-workflows/types',
    {
      config: needs('approvalWorkflows', 'get'),
      schema: {
        operationId: 'listApprovalTypes',
        summary: 'The approvable types (screens read them rather than hard-coding them)',
        tags,
        response: { 200: envelope(approvalTypesSchema) },
      },
    },
    async () => ok(APPROVAL_TYPES.map((type) => ({ type, label: APPROVAL_TYPE_LABELS[type] }))),
  );

  r.get(
    '/api/approval-workflows',
    {
      config: needs('approvalWorkflows', 'get'),
      schema: {
        operationId: 'listApprovalWorkflows',
        summary: 'List the account’s approval workflows',
        tags,
        querystring: workflowListQuery,
        response: { 200: envelope(z.array(workflowSchema)) },
      },
    },
    async (req) => ok(await listWorkflows(db, tenantOf(req).accountId, req.query.type)),
  );

  r.post(
    '/api/approval-workflows',
    {
      config: { ...needs('approvalWorkflows', 'post'), ...bodyRefs(WORKFLOW_REFS) },
      schema: {
        operationId: 'createApprovalWorkflow',
        summary: 'Create an approval workflow',
        tags,
        body: workflowBody,
        response: { 201: envelope(workflowSchema), ...errors },
      },
    },
    async (req, reply) => {
      const w = await db.transaction((tx) =>
        createWorkflow(tx, {
          accountId: tenantOf(req).accountId,
          userId: authOf(req).user.id,
          body: req.body,
        }),
      );
      return reply.code(201).send(ok(w, 'Approval workflow created successfully'));
    },
  );

  r.get(
    '/api/approval-workflows/:id',
    {
      config: needs('approvalWorkflows', 'get'),
      schema: {
        operationId: 'getApprovalWorkflow',
        summary: 'One approval workflow',
        tags,
        params: idParam,
        response: { 200: envelope(workflowSchema), 404: errorEnvelope },
      },
    },
    async (req) => ok(await getWorkflow(db, tenantOf(req).accountId, req.params.id)),
  );

  r.put(
    '/api/approval-workflows/:id',
    {
      config: { ...needs('approvalWorkflows', 'put'), ...bodyRefs(WORKFLOW_REFS) },
      schema: {
        operationId: 'updateApprovalWorkflow',
        summary: 'Change an approval workflow (items in flight keep their levels)',
        tags,
        params: idParam,
        body: workflowBody,
        response: { 200: envelope(workflowSchema), ...errors },
      },
    },
    async (req) =>
      ok(
        await db.transaction((tx) =>
          updateWorkflow(tx, { accountId: tenantOf(req).accountId, id: req.params.id, body: req.body }),
        ),
        'Approval workflow updated successfully',
      ),
  );

  r.delete(
    '/api/approval-workflows/:id',
    {
      config: needs('approvalWorkflows', 'delete'),
      schema: {
        operationId: 'deleteApprovalWorkflow',
        summary: 'Delete an approval workflow (items in flight keep their levels)',
        tags,
        params: idParam,
        response: { 200: envelope(workflowSchema), 404: errorEnvelope },
      },
    },
    async (req) =>
      ok(
        await db.transaction((tx) =>
          deleteWorkflow(tx, { accountId: tenantOf(req).accountId, id: req.params.id }),
        ),
        'Approval workflow deleted successfully',
      ),
  );

  for (const which of ['pending', 'rejected'] as const) {
    r.get(
      `/api/approval-workflows/${which}-approvals/:type`,
      {
        config: needs('approvalWorkflows', 'get'),
        schema: {
          operationId: which === 'pending' ? 'listPendingApprovals' : 'listRejectedApprovals',
          summary:
            which === 'pending'
              ? 'Pending items of a type the caller can approve now'
              : 'Rejected items of a type the caller can resolve',
          tags,
          params: approvalTypeParam,
          querystring: listQuery,
          response: { 200: listEnvelope(approvalListItemSchema), 400: errorEnvelope },
        },
      },
      async (req) => {
        const { items, total } = await listForViewer(db, {
          accountId: tenantOf(req).accountId,
          viewerId: authOf(req).user.id,
          type: req.params.type,
          which,
          page: req.query.page,
          limit: req.query.limit,
        });
        return paged(items, req.query, total);
      },
    );
  }

  // The comment thread (issue 24 §0): any member involved with the item (maker, approvers,
  // resolvers) or holding approvalWorkflows get; the tenant is the caller's active account
  // (x-account-id or the session's), resolved in comments.ts because makers need no approvals grant.
  const commenter = (
    req: { headers: Record<string, unknown> },
    userId: string,
    activeAccountId: string | null,
  ) => {
    const h = req.headers['x-account-id'];
    return { userId, accountId: typeof h === 'string' && h ? h : activeAccountId };
  };

  // Read by the forms that submit approvable items (a maker often holds no approvals grant): any
  // active member of the caller's account (x-account-id or the session's active account).
  r.get(
    '/api/approval-workflows/approvers/:type',
    {
      config: needsSession(),
      schema: {
        operationId: 'getApproverOutlook',
        summary:
          'Before submitting: can anyone but the caller approve an item of this type? (needsApprover: show "Invite an approver")',
        tags,
        params: approvalTypeParam,
        querystring: approverOutlookQuery,
        response: { 200: envelope(approverOutlookSchema), 400: errorEnvelope, 404: errorEnvelope },
      },
    },
    async (req) => {
      const user = authOf(req).user;
      const { accountId } = commenter(req, user.id, user.activeAccountId ?? null);
      if (!accountId || !(await loadMembership(db, user.id, accountId).catch(() => null)))
        throw notFound('Account');
      return ok(
        await approverOutlook(db, deps, {
          accountId,
          makerUserId: user.id,
          type: req.params.type,
          amountMinor: req.query.amount,
          categoryId: req.query.categoryId,
          subsidiaryId: req.query.subsidiaryId,
          approverId: req.query.approverId,
        }),
      );
    },
  );

  r.get(
    '/api/approval-workflows/items/:approvalId',
    {
      config: needs('approvalWorkflows', 'get'),
      schema: {
        operationId: 'getApprovalItem',
        summary: 'One approval item with its trail, as the caller sees it',
        tags,
        params: approvalIdParam,
        response: { 200: envelope(pendingApprovalItemSchema), 404: errorEnvelope },
      },
    },
    async (req) => {
      const item = await getItem(db, tenantOf(req).accountId, req.params.approvalId);
      return ok(await presentItem(db, item, authOf(req).user.id));
    },
  );

  r.get(
    '/api/approval-workflows/items/:approvalId/comments',
    {
      config: needsSession(),
      schema: {
        operationId: 'listApprovalComments',
        summary: 'The comment thread of an approval item: decision comments and free comments, oldest first',
        tags,
        params: approvalIdParam,
        response: { 200: envelope(z.array(approvalCommentSchema)), 403: errorEnvelope, 404: errorEnvelope },
      },
    },
    async (req) => {
      const user = authOf(req).user;
      const item = await itemForCommenter(db, {
        ...commenter(req, user.id, user.activeAccountId ?? null),
        approvalId: req.params.approvalId,
      });
      return ok(await commentThread(db, item));
    },
  );

  r.post(
    '/api/approval-workflows/items/:approvalId/comments',
    {
      config: needsSession(),
      schema: {
        operationId: 'addApprovalComment',
        summary: 'Add a comment to an approval item’s thread (notifies the maker and earlier participants)',
        tags,
        params: approvalIdParam,
        body: approvalCommentBody,
        response: { 201: envelope(z.array(approvalCommentSchema)), ...errors },
      },
    },
    async (req, reply) => {
      const user = authOf(req).user;
      const item = await itemForCommenter(db, {
        ...commenter(req, user.id, user.activeAccountId ?? null),
        approvalId: req.params.approvalId,
      });
      await addComment(deps, { item, userId: user.id, body: req.body.body });
      return reply.code(201).send(ok(await commentThread(db, item), APPROVAL_COMMENT_MSG.added));
    },
  );

  r.post(
    '/api/approval-workflows/pending-approvals/approve/:approvalId',
    {
      config: needs('approvalWorkflows', 'post'),
      schema: {
        operationId: 'decideApproval',
        summary: 'Approve or reject a pending item at its current level',
        tags,
        params: approvalIdParam,
        body: decisionBody,
        response: { 200: envelope(pendingApprovalItemSchema), ...errors },
      },
    },
    async (req) => {
      const userId = authOf(req).user.id;
      const { item, afterCommit } = await decide(deps, {
        accountId: tenantOf(req).accountId,
        userId,
        approvalId: req.params.approvalId,
        approvalStatus: req.body.approvalStatus,
        comments: req.body.comments,
        auditChange: (before, after) => recordAuditChange(req, before, after),
      });
      await runAfterCommit(afterCommit);
      const message =
        req.body.approvalStatus === 'approved'
          ? APPROVAL_MSG.approved(item.type)
          : APPROVAL_MSG.rejected(item.type);
      return ok(await presentItem(db, item, userId), message);
    },
  );

  r.post(
    '/api/approval-workflows/pending-approvals/self-approve/:approvalId',
    {
      config: needs('approvalWorkflows', 'post'),
      schema: {
        operationId: 'selfApproveApproval',
        summary:
          'The owner approves their own item at its current level because nobody else can (AP policy self-approval on); labelled in the trail and audited',
        tags,
        params: approvalIdParam,
        body: selfApprovalBody,
        response: { 200: envelope(pendingApprovalItemSchema), ...errors },
      },
    },
    async (req) => {
      const userId = authOf(req).user.id;
      const accountId = tenantOf(req).accountId;
      const before = await getItem(db, accountId, req.params.approvalId);
      const { item, afterCommit } = await selfApprove(deps, {
        accountId,
        userId,
        approvalId: req.params.approvalId,
        comments: req.body.comments,
        auditChange: (b, a) => recordAuditChange(req, b, a),
      });
      await runAfterCommit(afterCommit);
      // The audit row names the self-approval (the area's own before/after, if it set one, stays).
      if (!req.auditChange)
        recordAuditChange(
          req,
          { status: before.status, level: before.currentLevel + 1, type: before.type },
          {
            status: item.status,
            selfApproved: true,
            label: SELF_APPROVAL_MSG.label,
            reference: item.reference,
            amountMinor: item.amountMinor,
          },
        );
      return ok(await presentItem(db, item, userId), APPROVAL_MSG.selfApproved(item.type));
    },
  );

  r.put(
    '/api/approval-workflows/rejected-approvals/:approvalId/resolve',
    {
      config: needs('approvalWorkflows', 'put'),
      schema: {
        operationId: 'resolveApproval',
        summary: 'Resolve a rejected item after correcting it: back to level one',
        tags,
        params: approvalIdParam,
        body: resolveBody,
        response: { 200: envelope(pendingApprovalItemSchema), ...errors },
      },
    },
    async (req) => {
      const userId = authOf(req).user.id;
      const { item, afterCommit } = await resolve(deps, {
        accountId: tenantOf(req).accountId,
        userId,
        approvalId: req.params.approvalId,
        comments: req.body.comments,
      });
      await runAfterCommit(afterCommit);
      return ok(await presentItem(db, item, userId), APPROVAL_MSG.resolved(item.type));
    },
  );

  r.get(
    '/api/settings/ap-policy',
    {
      config: needs('policy', 'get'),
      schema: {
        operationId: 'getApPolicy',
        summary: 'The account’s AP policy',
        tags,
        response: { 200: envelope(apPolicySchema) },
      },
    },
    async (req) => ok(apPolicyDto(await getApPolicy(db, tenantOf(req).accountId))),
  );

  r.put(
    '/api/settings/ap-policy',
    {
      config: needs('policy', 'put'),
      schema: {
        operationId: 'updateApPolicy',
        summary: 'Change the AP policy (threshold, four eyes, budgets, receipts, KYC cap)',
        description:
          'The KYC cap may be lowered below the platform’s (platformKycIncompleteCap), never raised above it: 422 with a field error, nothing changes.',
        tags,
        body: apPolicyBody,
        response: { 200: envelope(apPolicySchema), 400: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (req) => {
      const before = apPolicyDto(await getApPolicy(db, tenantOf(req).accountId));
      const p = await db.transaction((tx) =>
        saveApPolicy(tx, { accountId: tenantOf(req).accountId, userId: authOf(req).user.id, body: req.body }),
      );
      recordAuditChange(req, before, apPolicyDto(p));
      return ok(apPolicyDto(p), 'AP policy updated successfully');
    },
  );

  // The platform's KYC cap (issue 34 §5): everyone signed in reads it (it bounds their own AP
  // policy); only a platform administrator (PLATFORM_ADMIN_EMAILS, confirmed email) changes it.
  const kycCapDto = (c: { capMinor: number; updatedAt: Date | null }, editable: boolean) => ({
    editable,
    kycIncompleteCap: fromMinor(c.capMinor),
    kycIncompleteCapMinor: c.capMinor,
    updatedAt: c.updatedAt?.toISOString() ?? null,
  });
  r.get(
    '/api/platform/kyc-cap',
    {
      config: needsSession(),
      schema: {
        operationId: 'getPlatformKycCap',
        summary: 'The platform KYC cap: the most a company without complete KYB pays in one transaction',
        tags,
        response: { 200: envelope(platformKycCapSchema) },
      },
    },
    async (req) => ok(kycCapDto(await platformKycCap(db), isPlatformAdmin(deps.config, req))),
  );
  r.put(
    '/api/platform/kyc-cap',
    {
      config: needsSession(),
      schema: {
        operationId: 'setPlatformKycCap',
        summary: 'Set the platform KYC cap (platform administrators only)',
        tags,
        body: platformKycCapBody,
        response: { 200: envelope(platformKycCapSchema), 400: errorEnvelope, 403: errorEnvelope },
      },
    },
    async (req) => {
      if (!isPlatformAdmin(deps.config, req)) throw forbidden(PLATFORM_LIMITS_MSG.platformAdminOnly);
      const c = await db.transaction((tx) =>
        setPlatformKycCap(tx, { userId: authOf(req).user.id, capMinor: req.body.kycIncompleteCap }),
      );
      req.log.info({ kycIncompleteCapMinor: c.capMinor }, 'platform KYC cap changed');
      return ok(kycCapDto(c, true), PLATFORM_LIMITS_MSG.saved);
    },
  );
}
