import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  envelope,
  errorEnvelope,
  fundRequestBody,
  fundRequestDecisionBody,
  fundRequestDetailSchema,
  fundRequestListQuery,
  fundRequestSchema,
  listEnvelope,
  REQUEST_MSG,
} from '@owo/contract';
import { sendCsv, wantsCsv } from '../../platform/csv';
import type { AppDeps } from '../../platform/deps';
import { authOf, needs, tenantOf } from '../../platform/guard';
import { bodyRefs } from '../../platform/refs';
import { ok, paged, routerOf, type Router } from '../../platform/http';
import { fastList } from '../../platform/list';
import { runAfterCommit } from '../approvals';
import { registerRequestApprovals } from './approval';
import { createFundRequest, decideFundRequest } from './create';
import { payApprovedRequest } from './pay';
import { fundRequestsCsv, getFundRequest, listFundRequests } from './read';
import { readerOf } from '../../platform/read-replica';

const tags = ['requests'];
const refParam = z.object({ ref: z.string().min(1).max(64) });

/** Fund requests (issue 23 §0 "Requests"). Register after approvals, payouts and payees. */
export async function registerRequests(app: FastifyInstance, deps: AppDeps) {
  const r = routerOf(app);
  registerRequestApprovals(deps);
  createFundRequestRoute(r, deps);
  listFundRequestsRoute(r, deps);
  getFundRequestRoute(r, deps);
  decideFundRequestRoute(r, deps);
  payFundRequestRoute(r, deps);
}

function createFundRequestRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.post(
    '/api/requests',
    {
      config: {
        ...needs('requests', 'post'),
        ...bodyRefs({
          walletId: { table: 'wallets', message: REQUEST_MSG.selectWallet },
          payeeId: { table: 'payees', message: REQUEST_MSG.payeeNotFound },
        }),
      },
      schema: {
        operationId: 'createFundRequest',
        summary: 'Ask the company to pay money out for a purpose; it goes to approval (type request)',
        description:
          'The payee is an existing vendor (payeeId) or the member’s own bank account (bankCode + accountNumber, NUBAN-checked and resolved). Nothing is held until an approver chooses Approve and pay (or schedule).',
        tags,
        body: fundRequestBody,
        response: { 201: envelope(fundRequestDetailSchema), 400: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (req, reply) => {
      const tenant = tenantOf(req);
      const userId = authOf(req).user.id;
      const { reference, afterCommit } = await createFundRequest(deps, { tenant, userId, body: req.body });
      await runAfterCommit(afterCommit);
      const data = await getFundRequest(db, { tenant, ref: reference, viewerId: userId });
      return reply.code(201).send(ok(data, REQUEST_MSG.created));
    },
  );
}

function listFundRequestsRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    '/api/requests',
    {
      ...fastList(),
      config: needs('requests', 'get'),
      schema: {
        operationId: 'listFundRequests',
        summary: 'List fund requests (status, search, from/to), newest first',
        description:
          'format=csv answers every row the same filters select as a streamed text/csv attachment.',
        tags,
        querystring: fundRequestListQuery,
        response: {
          200: listEnvelope(fundRequestSchema).describe('JSON page, or text/csv with format=csv'),
          400: errorEnvelope,
        },
      },
    },
    async (req, reply) => {
      const tenant = tenantOf(req);
      if (wantsCsv(req.query))
        return sendCsv(reply, 'owo-requests.csv', fundRequestsCsv(readerOf(deps), tenant, req.query));
      const { items, total } = await listFundRequests(db, tenant, req.query);
      return paged(items, req.query, total);
    },
  );
}

function getFundRequestRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    '/api/requests/:ref',
    {
      config: needs('requests', 'get'),
      schema: {
        operationId: 'getFundRequest',
        summary: 'One fund request, with its approval item for the shared approval modals',
        tags,
        params: refParam,
        response: { 200: envelope(fundRequestDetailSchema), 404: errorEnvelope },
      },
    },
    async (req) => {
      const data = await getFundRequest(db, {
        tenant: tenantOf(req),
        ref: req.params.ref,
        viewerId: authOf(req).user.id,
      });
      return ok(data);
    },
  );
}

function decideFundRequestRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.post(
    '/api/requests/:ref/decision',
    {
      config: needs('approvalWorkflows', 'post'),
      schema: {
        operationId: 'decideFundRequest',
        summary: 'Approve and pay, approve only, approve and schedule, or request more info',
        description:
          'Recorded by the approvals engine as one decision (four eyes, levels, spend limits apply). pay and schedule create a payout at the final approval (amount + the bank-transfer fee held through the money core); moreInfo is a rejection with the comment, which the maker answers with the engine’s resolve.',
        tags,
        params: refParam,
        body: fundRequestDecisionBody,
        response: {
          200: envelope(fundRequestDetailSchema),
          400: errorEnvelope,
          403: errorEnvelope,
          404: errorEnvelope,
          409: errorEnvelope,
        },
      },
    },
    async (req) => {
      const tenant = tenantOf(req);
      const userId = authOf(req).user.id;
      const { afterCommit } = await decideFundRequest(deps, {
        tenant,
        userId,
        ref: req.params.ref,
        body: req.body,
      });
      await runAfterCommit(afterCommit);
      const data = await getFundRequest(db, { tenant, ref: req.params.ref, viewerId: userId });
      const msg =
        req.body.decision === 'moreInfo'
          ? REQUEST_MSG.moreInfo
          : data.status === 'approved'
            ? REQUEST_MSG.approved
            : data.status === 'scheduled'
              ? REQUEST_MSG.scheduled
              : data.status === 'pending'
                ? REQUEST_MSG.approved
                : REQUEST_MSG.paid;
      return ok(data, msg);
    },
  );
}

function payFundRequestRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.post(
    '/api/requests/:ref/pay',
    {
      config: needs('approvalWorkflows', 'post'),
      schema: {
        operationId: 'payFundRequest',
        summary: 'Pay an "Approve only" request now (creates and holds its payout), once',
        tags,
        params: refParam,
        response: { 200: envelope(fundRequestDetailSchema), 404: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (req) => {
      const tenant = tenantOf(req);
      const { afterCommit } = await payApprovedRequest(deps, { tenant, ref: req.params.ref });
      await runAfterCommit(afterCommit);
      const data = await getFundRequest(db, { tenant, ref: req.params.ref, viewerId: authOf(req).user.id });
      return ok(data, REQUEST_MSG.paid);
    },
  );
}
