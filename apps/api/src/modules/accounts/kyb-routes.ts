import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  can,
  envelope,
  KYB_FORM,
  MSG,
  kybAccountSchema,
  kybFormSchema,
  kybStepBodies,
  type KybStep,
} from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { forbidden } from '../../platform/errors';
import { authOf, needs, tenantOf } from '../../platform/guard';
import { bodyRefs } from '../../platform/refs';
import { ok } from '../../platform/http';
import { getKyb, saveKybStep, type KybStepBody } from './kyb';
import { vaultFor, type Vault } from '../../platform/vault';

const tags = ['kyb'];
const SAVED: Record<KybStep, string> = {
  info: 'Company info saved',
  bvn: 'BVN details saved',
  contact: 'Company contacts saved',
  ownership: 'Owners saved',
  documents: 'Company documents saved',
};

/** Know-your-business setup (000 §2.6, §4.2, §7); resource parameters. */
/** How each KYB step is named in the OpenAPI document. */
const KYB_STEP_OPERATIONS: Record<KybStep, { operationId: string; summary: string }> = {
  info: { operationId: 'saveKybInfo', summary: 'Save the business information step' },
  bvn: { operationId: 'saveKybBvn', summary: "Save the director's BVN step" },
  contact: { operationId: 'saveKybContact', summary: 'Save the contact details step' },
  ownership: { operationId: 'saveKybOwnership', summary: 'Save the ownership step' },
  documents: { operationId: 'saveKybDocuments', summary: 'Save the documents step' },
};

export async function registerKybRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  r.get(
    '/api/parameter/account',
    {
      config: needs('parameters', 'get'),
      schema: {
        operationId: 'getKybStatus',
        summary: "Get the account's verification (KYB) status",
        tags,
        response: { 200: envelope(kybAccountSchema) },
      },
    },
    async (req) => ok(await getKyb(db, tenantOf(req).accountId)),
  );

  r.get(
    '/api/parameter/account/parameters',
    {
      config: needs('parameters', 'get'),
      schema: {
        operationId: 'getKybForm',
        summary: 'Get the verification (KYB) form definition',
        tags,
        response: { 200: envelope(kybFormSchema) },
      },
    },
    async () => ok({ steps: KYB_FORM }),
  );

  for (const step of Object.keys(kybStepBodies) as KybStep[]) {
    // The guard admits members who may read parameters; saving needs post or put on them (000 §2.6).
    r.put(
      `/api/parameter/account/${step}`,
      {
        // An owner kept by id (its BVN left out) is one of this company's owners.
        config: {
          ...needs('parameters', 'get'),
          ...(step === 'ownership' ? bodyRefs({ 'owners.*.id': 'kybOwners' }) : {}),
        },
        schema: {
          ...KYB_STEP_OPERATIONS[step],
          tags,
          body: kybStepBodies[step],
          response: { 200: envelope(kybAccountSchema) },
        },
      },
      async (req) => {
        const { resources } = tenantOf(req);
        if (!can(resources, 'parameters', 'post') && !can(resources, 'parameters', 'put'))
          throw forbidden(MSG.forbidden);
        const data = await saveKybStep(db, {
          accountId: tenantOf(req).accountId,
          userId: authOf(req).user.id,
          vault: vaultFor(deps.config),
          step,
          body: req.body,
        } as KybStepBody & { accountId: string; userId: string; vault: Vault });
        return ok(data, SAVED[step]);
      },
    );
  }
}
