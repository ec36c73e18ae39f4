import { recordAuditChange } from '../audit';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  APPROVAL_MSG,
  SELF_APPROVAL_MSG,
  APPROVAL_COMMENT_MSG,
  approvalCommentBody,
  approvalCommentSchema,
  approvalIdParam,
  approvalListItemSchema,
  approvalTypeParam,
  approverOutlookQuery,
  approverOutlookSchema,
  decisionBody,
  envelope,
  errorEnvelope,
  listEnvelope,
  listQuery,
  pendingApprovalItemSchema,
  resolveBody,
  selfApprovalBody,
} from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { authOf, loadMembership, needs, needsSession, tenantOf } from '../../platform/guard';
import { notFound } from '../../platform/errors';
import { addComment, commentThread, itemForCommenter } from './comments';
import { ok, paged, routerOf, type Router } from '../../platform/http';
import { decide, selfApprove } from './decide';
import { runAfterCommit } from './handlers';
import { approverOutlook } from './outlook';
import { getItem, listForViewer, presentItem } from './read';
import { resolve } from './submit';
import {
  getApPolicyRoute,
  updateApPolicyRoute,
  getPlatformKycCapRoute,
  setPlatformKycCapRoute,
} from './policy-routes';
import {
  listApprovalTypesRoute,
  listApprovalWorkflowsRoute,
  createApprovalWorkflowRoute,
  getApprovalWorkflowRoute,
  updateApprovalWorkflowRoute,
  deleteApprovalWorkflowRoute,
} from './workflow-routes';

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

const tags = ['approvals'];
const errors = { 400: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope };

/** The approvals engine's routes (issue 21 §1) and the AP policy (§3). */
export async function registerApprovals(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const r = routerOf(app);
  listApprovalTypesRoute(r, deps);
  listApprovalWorkflowsRoute(r, deps);
  createApprovalWorkflowRoute(r, deps);
  getApprovalWorkflowRoute(r, deps);
  updateApprovalWorkflowRoute(r, deps);
  deleteApprovalWorkflowRoute(r, deps);
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
  getApproverOutlookRoute(r, deps);
  getApprovalItemRoute(r, deps);
  listApprovalCommentsRoute(r, deps);
  addApprovalCommentRoute(r, deps);
  decideApprovalRoute(r, deps);
  selfApproveApprovalRoute(r, deps);
  resolveApprovalRoute(r, deps);
  getApPolicyRoute(r, deps);
  updateApPolicyRoute(r, deps);
  getPlatformKycCapRoute(r, deps);
  setPlatformKycCapRoute(r, deps);
}

function getApproverOutlookRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
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
}

function getApprovalItemRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
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
}

function listApprovalCommentsRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  // The comment thread (issue 24 §0): any member involved with the item (maker, approvers,
  // resolvers) or holding approvalWorkflows get; the tenant is the caller's active account
  // (x-account-id or the session's), resolved in comments.ts because makers need no approvals grant.
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
}

function addApprovalCommentRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  // The comment thread (issue 24 §0): any member involved with the item (maker, approvers,
  // resolvers) or holding approvalWorkflows get; the tenant is the caller's active account
  // (x-account-id or the session's), resolved in comments.ts because makers need no approvals grant.
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
}

function decideApprovalRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
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
}

function selfApproveApprovalRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
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
}

function resolveApprovalRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
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
}
