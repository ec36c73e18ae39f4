import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CURRENCIES,
  envelope,
  errorEnvelope,
  FEE_METHODS,
  FEE_MSG,
  feePolicyAnswerSchema,
  feePolicyInput,
  feeQuoteQuery,
  feeQuoteSchema,
  fromMinor,
  platformFeePoliciesSchema,
  toFeePolicyAnswer,
} from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { isPlatformAdmin, needs, needsSession, tenantOf, authOf } from '../../platform/guard';
import type { FastifyRequest } from 'fastify';
import { ok, routerOf, type Router } from '../../platform/http';
import { forbidden, notFound } from '../../platform/errors';
import { listFeePolicies, listPlatformFeePolicies, quoteFee, resetFeePolicy, setFeePolicy } from './fees';

/** Settings > fee-policy (002 settings). Registered by the banks module's registration line. */
export async function registerFeeRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = routerOf(app);
  listFeePoliciesRoute(r, deps);
  setFeePolicyRoute(r, deps);
  deleteFeePolicyRoute(r, deps);
  quoteFeePolicyRoute(r, deps);
  listPlatformFeePoliciesRoute(r, deps);
  setPlatformFeePolicyRoute(r, deps);
  deletePlatformFeePolicyRoute(r, deps);
}

function listFeePoliciesRoute(r: Router, deps: AppDeps) {
  r.get(
    '/api/settings/fee-policy',
    {
      config: needs('feePolicies', 'get'),
      schema: {
        operationId: 'listFeePolicies',
        summary: "List the account's fee policies",
        tags: ['settings'],
        response: { 200: envelope(z.array(feePolicyAnswerSchema)) },
      },
    },
    async (req) => ok((await listFeePolicies(deps.db, tenantOf(req).accountId)).map(toFeePolicyAnswer)),
  );
}

function setFeePolicyRoute(r: Router, deps: AppDeps) {
  r.put(
    '/api/settings/fee-policy',
    {
      config: needs('feePolicies', 'put'),
      schema: {
        operationId: 'setFeePolicy',
        summary: 'Set a fee policy for a method and currency',
        tags: ['settings'],
        body: feePolicyInput,
        response: { 200: envelope(feePolicyAnswerSchema) },
      },
    },
    async (req) => {
      const policy = await setFeePolicy(deps.db, {
        accountId: tenantOf(req).accountId,
        userId: authOf(req).user.id,
        policy: req.body,
      });
      return ok(toFeePolicyAnswer(policy), FEE_MSG.saved);
    },
  );
}

function deleteFeePolicyRoute(r: Router, deps: AppDeps) {
  r.delete(
    '/api/settings/fee-policy/:method/:currency',
    {
      config: needs('feePolicies', 'delete'),
      schema: {
        operationId: 'deleteFeePolicy',
        summary: 'Remove a fee policy',
        tags: ['settings'],
        params: z.object({ method: z.enum(FEE_METHODS), currency: z.enum(CURRENCIES) }),
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      const removed = await resetFeePolicy(deps.db, { accountId: tenantOf(req).accountId, ...req.params });
      if (!removed) throw notFound('Fee policy');
      return ok(null, FEE_MSG.reset);
    },
  );
}

function quoteFeePolicyRoute(r: Router, deps: AppDeps) {
  r.get(
    '/api/settings/fee-policy/quote',
    {
      config: needs('feePolicies', 'get'),
      schema: {
        operationId: 'quoteFeePolicy',
        summary: 'Preview the fee the policy in force takes from an amount',
        tags: ['settings'],
        querystring: feeQuoteQuery,
        response: { 200: envelope(feeQuoteSchema), 400: errorEnvelope },
      },
    },
    async (req) => {
      const { method, currency, amount } = req.query;
      const q = await quoteFee(deps.db, { accountId: tenantOf(req).accountId, method, currency, amount });
      return ok({
        method,
        currency,
        amount: fromMinor(amount),
        amountMinor: amount,
        fee: fromMinor(q.fee),
        feeMinor: q.fee,
        total: fromMinor(amount + q.fee),
        totalMinor: amount + q.fee,
        source: q.policy.source,
        bandIndex: q.bandIndex,
      });
    },
  );
}

// Platform defaults (fee_policies rows with no account): everyone signed in reads them (they are
// what every account pays unless it has its own row); only a platform administrator
// (PLATFORM_ADMIN_EMAILS, confirmed email) changes them. Nothing here is scoped to an account.
function platformAdminOnly(deps: AppDeps, req: FastifyRequest) {
  if (!isPlatformAdmin(deps.config, req)) throw forbidden(FEE_MSG.platformAdminOnly);
}

function listPlatformFeePoliciesRoute(r: Router, deps: AppDeps) {
  r.get(
    '/api/platform/fee-policy',
    {
      config: needsSession(),
      schema: {
        operationId: 'listPlatformFeePolicies',
        summary: 'The platform default fee policies (editable by platform administrators)',
        tags: ['settings'],
        response: { 200: envelope(platformFeePoliciesSchema) },
      },
    },
    async (req) =>
      ok({
        editable: isPlatformAdmin(deps.config, req),
        policies: (await listPlatformFeePolicies(deps.db)).map(toFeePolicyAnswer),
      }),
  );
}

function setPlatformFeePolicyRoute(r: Router, deps: AppDeps) {
  r.put(
    '/api/platform/fee-policy',
    {
      config: needsSession(),
      schema: {
        operationId: 'setPlatformFeePolicy',
        summary: 'Set a platform default fee policy (platform administrators only)',
        tags: ['settings'],
        body: feePolicyInput,
        response: { 200: envelope(feePolicyAnswerSchema) },
      },
    },
    async (req) => {
      platformAdminOnly(deps, req);
      const policy = await setFeePolicy(deps.db, {
        accountId: null,
        userId: authOf(req).user.id,
        policy: req.body,
      });
      req.log.info({ method: policy.method, currency: policy.currency }, 'platform default fee changed');
      return ok(toFeePolicyAnswer(policy), FEE_MSG.defaultSaved);
    },
  );
}

function deletePlatformFeePolicyRoute(r: Router, deps: AppDeps) {
  r.delete(
    '/api/platform/fee-policy/:method/:currency',
    {
      config: needsSession(),
      schema: {
        operationId: 'deletePlatformFeePolicy',
        summary: 'Reset a platform default fee policy to the built-in one (platform administrators only)',
        tags: ['settings'],
        params: z.object({ method: z.enum(FEE_METHODS), currency: z.enum(CURRENCIES) }),
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      platformAdminOnly(deps, req);
      const removed = await resetFeePolicy(deps.db, { accountId: null, ...req.params });
      if (!removed) throw notFound('Fee policy');
      return ok(null, FEE_MSG.defaultReset);
    },
  );
}
