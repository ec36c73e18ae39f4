// Approval workflow routes (002 §7 Approval workflows), registered by registerApprovals.
import { z } from 'zod';
import {
  APPROVAL_MSG,
  APPROVAL_TYPE_LABELS,
  APPROVAL_TYPES,
  approvalTypesSchema,
  envelope,
  errorEnvelope,
  idParam,
  workflowBody,
  workflowListQuery,
  workflowSchema,
} from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { authOf, needs, tenantOf } from '../../platform/guard';
import { bodyRefs } from '../../platform/refs';
import { ok, type Router } from '../../platform/http';
import { createWorkflow, deleteWorkflow, getWorkflow, listWorkflows, updateWorkflow } from './workflows';

/** The workflow's category, subsidiary and approvers are the company's own. */
const WORKFLOW_REFS = bodyRefs({
  categoryId: 'categories',
  subsidiaryId: 'subsidiaries',
  'levels.*.approverIds': { table: 'memberUsers', message: APPROVAL_MSG.approverUnknown },
}).refs;

const tags = ['approvals'];

const errors = { 400: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope };

export function listApprovalTypesRoute(r: Router, _deps: AppDeps) {
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
}

export function listApprovalWorkflowsRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
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
}

export function createApprovalWorkflowRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
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
}

export function getApprovalWorkflowRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
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
}

export function updateApprovalWorkflowRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
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
}

export function deleteApprovalWorkflowRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
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
}
