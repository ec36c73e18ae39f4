import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  agentCommissionSchema,
  agentDashboardSchema,
  agentSchema,
  agentsQuery,
  can,
  mayActOn,
  commissionConfigSchema,
  commissionDisbursementSchema,
  commissionSettingsBody,
  commissionsQuery,
  COMMISSION_MSG,
  commissionDisbursementItemParams,
  commissionDisbursementItemSchema,
  disbursementItemsQuery,
  envelope,
  errorEnvelope,
  idParam,
  listEnvelope,
  userIdParam,
} from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { authOf, needs, tenantOf } from '../../platform/guard';
import { bodyRefs } from '../../platform/refs';
import { ok, paged, routerOf, type Router } from '../../platform/http';
import { onCollected, onRefundStarted } from './accrual';
import { registerCommissionApprovals } from './batch-approval';
import { registerBatchJobs } from './batches';
import { refreshBankDetails, removeItem, retryDisbursement } from './pay-batch';
import { agentDashboard, getBatch, listBatches, listBatchItems, listCommissions, type Viewer } from './read';
import { seedCommissionsDemo } from './demo';
import { generalSetting, getAgent, listAgents, saveSettings } from './settings';

const tags = ['commissions'];
const batchSummarySchema = commissionDisbursementSchema.omit({
  approvalWorkflowPendingApprovalItem: true,
  commissions: true,
  canDeleteItems: true,
  payoutFrequency: true,
});

/** Managers (agentCommissionDisbursements get) read every agent's; anyone else only their own. */
function viewerOf(req: FastifyRequest): Viewer {
  const t = tenantOf(req);
  const userId = authOf(req).user.id;
  // Object rule `agentCommissions` (own vs any): a manager reads every agent's.
  const manager = t.roleSlug !== 'agent' && mayActOn(t.resources, 'agentCommissions', false);
  return {
    accountId: t.accountId,
    userId,
    agentUserId: manager ? null : userId,
    canDeleteItems: can(t.resources, 'agentCommissionDisbursements', 'delete'),
  };
}
const selfOf = (req: FastifyRequest): Viewer => ({ ...viewerOf(req), agentUserId: authOf(req).user.id });

/** Agent commissions and disbursement batches (issue 24 §5). Register after inflows and approvals. */
export async function registerCommissions(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  // ---- batches (001 §7) ----
  const batchesRoute = (path: string, operationId: string, self: boolean) =>
    r.get(
      path,
      {
        config: needs(self ? 'agentCommissions' : 'agentCommissionDisbursements', 'get'),
        schema: {
          operationId,
          summary: self
            ? 'The signed-in agent’s disbursement batches'
            : 'Commission disbursement batches, newest first',
          tags,
          querystring: disbursementItemsQuery,
          response: { 200: listEnvelope(batchSummarySchema), 400: errorEnvelope },
        },
      },
      async (req) => {
        const { items, total } = await listBatches(db, self ? selfOf(req) : viewerOf(req), req.query);
        return paged(items, req.query, total);
      },
    );
  const r = routerOf(app);
  deps.seams.on('inflowListener', 'commissions', { onCollected, onRefundStarted });
  registerCommissionApprovals(deps);
  registerBatchJobs(deps);
  deps.seams.on('demo', 'commissions', seedCommissionsDemo);
  getGeneralCommissionSettingsRoute(r, deps);
  saveCommissionSettingsRoute(r, deps);
  listAgentsRoute(r, deps);
  getAgentRoute(r, deps);
  listOwnCommissionsRoute(r, deps);
  listCommissionsRoute(r, deps);
  getAgentDashboardRoute(r, deps);
  batchesRoute('/api/agents/core/commission-disbursements', 'listCommissionDisbursements', false);
  batchesRoute('/api/agents/self/commission-disbursements', 'listOwnCommissionDisbursements', true);
  getCommissionDisbursementRoute(r, deps);
  listCommissionDisbursementItemsRoute(r, deps);
  retryCommissionDisbursementRoute(r, deps);
  refreshCommissionBankDetailsRoute(r, deps);
  removeCommissionDisbursementItemRoute(r, deps);
}

function getGeneralCommissionSettingsRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    '/api/agents/core/commission-settings/general',
    {
      config: needs('agentCommissionSettings', 'get'),
      schema: {
        operationId: 'getGeneralCommissionSettings',
        summary: 'The account’s general commission setting (defaults when never saved)',
        tags,
        response: { 200: envelope(commissionConfigSchema) },
      },
    },
    async (req) => ok(await generalSetting(db, tenantOf(req).accountId)),
  );
}

function saveCommissionSettingsRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.post(
    '/api/agents/core/commission-settings',
    {
      config: { ...needs('agentCommissionSettings', 'post'), ...bodyRefs({ userId: 'memberUsers' }) },
      schema: {
        operationId: 'saveCommissionSettings',
        summary: 'Save the general commission setting, or one agent’s (settingType agent + userId)',
        tags,
        body: commissionSettingsBody,
        response: { 200: envelope(commissionConfigSchema), 400: errorEnvelope },
      },
    },
    async (req) =>
      ok(
        await saveSettings(db, tenantOf(req).accountId, authOf(req).user.id, req.body),
        COMMISSION_MSG.saved,
      ),
  );
}

function listAgentsRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    '/api/agents/core',
    {
      config: needs('agents', 'get'),
      schema: {
        operationId: 'listAgents',
        summary: 'The account’s agents with the commission setting that applies to each (20 a page)',
        tags,
        querystring: agentsQuery,
        response: { 200: listEnvelope(agentSchema), 400: errorEnvelope },
      },
    },
    async (req) => {
      const { items, total } = await listAgents(db, tenantOf(req).accountId, req.query);
      return paged(items, req.query, total);
    },
  );
}

function getAgentRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    '/api/agents/core/:userId',
    {
      config: needs('agents', 'get'),
      schema: {
        operationId: 'getAgent',
        summary: 'One agent (by user id) with their commission setting',
        tags,
        params: userIdParam,
        response: { 200: envelope(agentSchema) },
      },
    },
    async (req) => ok(await getAgent(db, tenantOf(req).accountId, req.params.userId)),
  );
}

function listOwnCommissionsRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    '/api/agents/self/commissions',
    {
      config: needs('agentCommissions', 'get'),
      schema: {
        operationId: 'listOwnCommissions',
        summary:
          'The signed-in agent’s own commissions (20 a page; view: all, matured, disbursement, pending, rejected)',
        tags,
        querystring: commissionsQuery,
        response: { 200: listEnvelope(agentCommissionSchema), 400: errorEnvelope },
      },
    },
    async (req) => {
      const { items, total } = await listCommissions(db, selfOf(req), req.query);
      return paged(items, req.query, total);
    },
  );
}

function listCommissionsRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    '/api/agents/core/commissions',
    {
      config: needs('agentCommissionDisbursements', 'get'),
      schema: {
        operationId: 'listCommissions',
        summary: 'Every agent’s commissions (an agent sees only their own)',
        tags,
        querystring: commissionsQuery,
        response: { 200: listEnvelope(agentCommissionSchema), 400: errorEnvelope },
      },
    },
    async (req) => {
      const { items, total } = await listCommissions(db, viewerOf(req), req.query);
      return paged(items, req.query, total);
    },
  );
}

function getAgentDashboardRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    '/api/agents/self/dashboard',
    {
      config: needs('agentDashboard', 'get'),
      schema: {
        operationId: 'getAgentDashboard',
        summary: 'Earnings Insight: the agent’s commission summary and earnings per month',
        tags,
        response: { 200: envelope(agentDashboardSchema) },
      },
    },
    async (req) => ok(await agentDashboard(db, tenantOf(req).accountId, authOf(req).user.id)),
  );
}

function getCommissionDisbursementRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    '/api/agents/core/commission-disbursements/:id',
    {
      config: needs('agentCommissions', 'get'),
      schema: {
        operationId: 'getCommissionDisbursement',
        summary: 'A disbursement batch: summary, approval and its commissions (agents: their own only)',
        tags,
        params: idParam,
        response: { 200: envelope(commissionDisbursementSchema) },
      },
    },
    async (req) => ok(await getBatch(db, viewerOf(req), req.params.id)),
  );
}

function listCommissionDisbursementItemsRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    '/api/agents/core/commission-disbursements/:id/items',
    {
      config: needs('agentCommissions', 'get'),
      schema: {
        operationId: 'listCommissionDisbursementItems',
        summary: 'A batch’s payments (paged)',
        tags,
        params: idParam,
        querystring: disbursementItemsQuery,
        response: { 200: listEnvelope(commissionDisbursementItemSchema), 400: errorEnvelope },
      },
    },
    async (req) => {
      const { items, total } = await listBatchItems(db, viewerOf(req), req.params.id, req.query);
      return paged(items, req.query, total, { filter: {} });
    },
  );
}

function retryCommissionDisbursementRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.post(
    '/api/agents/core/commission-disbursements/:id/retry-disbursement',
    {
      config: needs('agentCommissionDisbursements', 'post'),
      schema: {
        operationId: 'retryCommissionDisbursement',
        summary: 'Pay the failed items of an approved batch again (a new attempt and reference each)',
        tags,
        params: idParam,
        response: { 200: envelope(commissionDisbursementSchema), 409: errorEnvelope },
      },
    },
    async (req) => {
      const v = viewerOf(req);
      await retryDisbursement(deps, v.accountId, req.params.id);
      return ok(await getBatch(db, v, req.params.id), COMMISSION_MSG.retried);
    },
  );
}

function refreshCommissionBankDetailsRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.post(
    '/api/agents/core/commission-disbursements/:id/refresh-bank-details',
    {
      config: needs('agentCommissionDisbursements', 'post'),
      schema: {
        operationId: 'refreshCommissionBankDetails',
        summary: 'Copy the agent’s current bank account onto the unpaid items (not while pending approval)',
        tags,
        params: idParam,
        response: { 200: envelope(commissionDisbursementSchema), 409: errorEnvelope },
      },
    },
    async (req) => {
      const v = viewerOf(req);
      await refreshBankDetails(deps, { accountId: v.accountId, id: req.params.id, userId: v.userId });
      return ok(await getBatch(db, v, req.params.id), COMMISSION_MSG.refreshed);
    },
  );
}

function removeCommissionDisbursementItemRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.delete(
    '/api/agents/core/commission-disbursements/:id/items/:itemId',
    {
      config: needs('agentCommissionDisbursements', 'delete'),
      schema: {
        operationId: 'removeCommissionDisbursementItem',
        summary: 'Remove an item from a rejected batch (its commissions wait for the next batch)',
        tags,
        params: commissionDisbursementItemParams,
        response: { 200: envelope(commissionDisbursementSchema), 409: errorEnvelope },
      },
    },
    async (req) => {
      const v = viewerOf(req);
      await removeItem(deps, {
        accountId: v.accountId,
        id: req.params.id,
        itemId: req.params.itemId,
        userId: v.userId,
      });
      return ok(await getBatch(db, v, req.params.id), COMMISSION_MSG.removed);
    },
  );
}
