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
export async function registerKybRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  r.get(
    '/api/parameter/account',
    {
      config: needs('parameters', 'get'),
      schema: { tags, response: { 200: envelope(kybAccountSchema) } },
    },
    async (req) => ok(await getKyb(db, tenantOf(req).accountId)),
  );

  r.get(
    '/api/parameter/account/parameters',
    {
      config: needs('parameters', 'get'),
      schema: { tags, response: { 200: envelope(kybFormSchema) } },
    },
    async () => ok({ steps: KYB_FORM }),
  );

  for (const step of Object.keys(kybStepBodies) as KybStep[]) {
    // The guard admits members who may read parameters; saving needs post or put on them (000 §2.6).
    r.put(
      `/api/parameter/account/${step}`,
      {
        config: needs('parameters', 'get'),
        schema: { tags, body: kybStepBodies[step], response: { 200: envelope(kybAccountSchema) } },
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
