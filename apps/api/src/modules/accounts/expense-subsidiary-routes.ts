// Expense subsidiaries (000 §7, 001 §7) are the existing subsidiaries seen from spend (issue 21 §0,
// decision 006): the same store and service functions, under the spec's paths. `accessId` is an
// account access (member) id. Active/deactivate of the session's subsidiary is not built here: the
// shell selects it with the x-subsidiary-id header.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCOUNT_MSG,
  envelope,
  errorEnvelope,
  idParam,
  listEnvelope,
  listQuery,
  subsidiaryBody,
  subsidiaryDetailSchema,
  subsidiarySchema,
  updateSubsidiaryBody,
} from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { authOf, needs, tenantOf } from '../../platform/guard';
import { ok, paged } from '../../platform/http';
import {
  addSubsidiaryMember,
  createSubsidiary,
  getSubsidiary,
  listSubsidiaries,
  removeSubsidiaryMember,
  updateSubsidiary,
} from './subsidiaries';

const tags = ['subsidiaries'];
const accessParams = z.object({ id: z.string().uuid(), accessId: z.string().uuid() });
const accessBody = z.object({
  accessId: z.string({ error: ACCOUNT_MSG.memberRequired }).uuid(ACCOUNT_MSG.memberRequired),
});

export async function registerExpenseSubsidiaryRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const base = '/api/expense-subsidiary';

  r.get(
    base,
    {
      config: needs('subsidiaries', 'get'),
      schema: {
        operationId: 'listExpenseSubsidiaries',
        summary: 'Subsidiaries, seen from spend (same as GET /subsidiaries)',
        tags,
        querystring: listQuery,
        response: { 200: listEnvelope(subsidiarySchema) },
      },
    },
    async (req) => {
      const { items, total } = await listSubsidiaries(db, tenantOf(req).accountId, req.query);
      return paged(items, req.query, total);
    },
  );

  r.post(
    base,
    {
      config: needs('subsidiaries', 'post'),
      schema: {
        operationId: 'createExpenseSubsidiary',
        summary: 'Create a subsidiary exactly as POST /subsidiaries does',
        tags,
        body: subsidiaryBody,
        response: { 201: envelope(subsidiarySchema), 400: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (req, reply) => {
      const data = await createSubsidiary(db, {
        accountId: tenantOf(req).accountId,
        userId: authOf(req).user.id,
        ...req.body,
      });
      return reply.code(201).send(ok(data, 'Subsidiary created successfully'));
    },
  );

  r.get(
    `${base}/:id`,
    {
      config: needs('subsidiaries', 'get'),
      schema: {
        operationId: 'getExpenseSubsidiary',
        summary: 'One subsidiary with its members',
        tags,
        params: idParam,
        response: { 200: envelope(subsidiaryDetailSchema), 404: errorEnvelope },
      },
    },
    async (req) => ok(await getSubsidiary(db, tenantOf(req).accountId, req.params.id)),
  );

  r.put(
    `${base}/:id`,
    {
      config: needs('subsidiaries', 'put'),
      schema: {
        operationId: 'updateExpenseSubsidiary',
        summary: 'Change a subsidiary (as PUT /subsidiaries/:id)',
        tags,
        params: idParam,
        body: updateSubsidiaryBody,
        response: { 200: envelope(subsidiaryDetailSchema), 400: errorEnvelope, 404: errorEnvelope },
      },
    },
    async (req) =>
      ok(
        await updateSubsidiary(db, tenantOf(req).accountId, req.params.id, req.body),
        'Subsidiary updated successfully',
      ),
  );

  r.post(
    `${base}/:id/manage-access`,
    {
      config: needs('subsidiaryMembers', 'post'),
      schema: {
        operationId: 'grantExpenseSubsidiaryAccess',
        summary: 'Give a member (account access id) access to a subsidiary',
        tags,
        params: idParam,
        body: accessBody,
        response: { 200: envelope(subsidiaryDetailSchema), 400: errorEnvelope, 404: errorEnvelope },
      },
    },
    async (req) =>
      ok(
        await addSubsidiaryMember(db, {
          accountId: tenantOf(req).accountId,
          subsidiaryId: req.params.id,
          memberId: req.body.accessId,
        }),
        'Member added to subsidiary',
      ),
  );

  r.delete(
    `${base}/:id/manage-access/:accessId`,
    {
      config: needs('subsidiaryMembers', 'delete'),
      schema: {
        operationId: 'revokeExpenseSubsidiaryAccess',
        summary: 'Remove a member’s access to a subsidiary',
        tags,
        params: accessParams,
        response: { 200: envelope(subsidiaryDetailSchema), 404: errorEnvelope },
      },
    },
    async (req) =>
      ok(
        await removeSubsidiaryMember(db, {
          accountId: tenantOf(req).accountId,
          subsidiaryId: req.params.id,
          memberId: req.params.accessId,
        }),
        'Member removed from subsidiary',
      ),
  );
}
