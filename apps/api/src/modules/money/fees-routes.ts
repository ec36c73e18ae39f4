import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CURRENCIES,
  envelope,
  FEE_METHODS,
  feePolicyAnswerSchema,
  feePolicyInput,
  toFeePolicyAnswer,
} from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { needs, tenantOf, authOf } from '../../platform/guard';
import { ok } from '../../platform/http';
import { notFound } from '../../platform/errors';
import { listFeePolicies, resetFeePolicy, setFeePolicy } from './fees';

/** Settings > fee-policy (002 settings). Registered by the banks module's registration line. */
export async function registerFeeRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

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
      return ok(toFeePolicyAnswer(policy), 'Fee policy saved successfully');
    },
  );

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
      return ok(null, 'Fee policy reset to the default');
    },
  );
}
