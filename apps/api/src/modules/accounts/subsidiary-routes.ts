import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  idParam,
  listEnvelope,
  listQuery,
  subsidiaryBody,
  subsidiaryDetailSchema,
  subsidiaryMemberActiveBody,
  subsidiaryMemberBody,
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
  setSubsidiaryMemberActive,
  updateSubsidiary,
} from './subsidiaries';

const tags = ['subsidiaries'];
const memberParams = z.object({ id: z.string().uuid(), memberId: z.string().uuid() });

/** Subsidiaries (002 §2 Settings, §3) and members' sub-access to them (000 §3 subaccess, §6). */
export async function registerSubsidiaryRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  r.get(
    '/api/subsidiaries',
    {
      config: needs('subsidiaries', 'get'),
      schema: {
        operationId: 'listSubsidiaries',
        summary: 'List subsidiaries',
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
    '/api/subsidiaries',
    {
      config: needs('subsidiaries', 'post'),
      schema: {
        operationId: 'createSubsidiary',
        summary: 'Create a subsidiary',
        tags,
        body: subsidiaryBody,
        response: { 201: envelope(subsidiarySchema) },
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
    '/api/subsidiaries/:id',
    {
      config: needs('subsidiaries', 'get'),
      schema: {
        operationId: 'getSubsidiary',
        summary: 'Get a subsidiary',
        tags,
        params: idParam,
        response: { 200: envelope(subsidiaryDetailSchema) },
      },
    },
    async (req) => ok(await getSubsidiary(db, tenantOf(req).accountId, req.params.id)),
  );

  r.put(
    '/api/subsidiaries/:id',
    {
      config: needs('subsidiaries', 'put'),
      schema: {
        operationId: 'updateSubsidiary',
        summary: 'Update a subsidiary',
        tags,
        params: idParam,
        body: updateSubsidiaryBody,
        response: { 200: envelope(subsidiaryDetailSchema) },
      },
    },
    async (req) =>
      ok(
        await updateSubsidiary(db, tenantOf(req).accountId, req.params.id, req.body),
        'Subsidiary updated successfully',
      ),
  );

  r.post(
    '/api/subsidiaries/:id/members',
    {
      config: needs('subsidiaryMembers', 'post'),
      schema: {
        operationId: 'addSubsidiaryMembers',
        summary: 'Give members access to a subsidiary',
        tags,
        params: idParam,
        body: subsidiaryMemberBody,
        response: { 200: envelope(subsidiaryDetailSchema) },
      },
    },
    async (req) =>
      ok(
        await addSubsidiaryMember(db, {
          accountId: tenantOf(req).accountId,
          subsidiaryId: req.params.id,
          memberId: req.body.memberId,
        }),
        'Member added to subsidiary',
      ),
  );

  r.delete(
    '/api/subsidiaries/:id/members/:memberId',
    {
      config: needs('subsidiaryMembers', 'delete'),
      schema: {
        operationId: 'removeSubsidiaryMember',
        summary: "Remove a member's access to a subsidiary",
        tags,
        params: memberParams,
        response: { 200: envelope(subsidiaryDetailSchema) },
      },
    },
    async (req) =>
      ok(
        await removeSubsidiaryMember(db, {
          accountId: tenantOf(req).accountId,
          subsidiaryId: req.params.id,
          memberId: req.params.memberId,
        }),
        'Member removed from subsidiary',
      ),
  );

  r.patch(
    '/api/subsidiaries/:id/members/:memberId',
    {
      config: needs('subsidiaryMembers', 'patch'),
      schema: {
        operationId: 'updateSubsidiaryMember',
        summary: "Change a member's access to a subsidiary",
        tags,
        params: memberParams,
        body: subsidiaryMemberActiveBody,
        response: { 200: envelope(subsidiaryDetailSchema) },
      },
    },
    async (req) =>
      ok(
        await setSubsidiaryMemberActive(db, {
          accountId: tenantOf(req).accountId,
          subsidiaryId: req.params.id,
          memberId: req.params.memberId,
          active: req.body.active,
        }),
        req.body.active ? 'Subsidiary access activated' : 'Subsidiary access deactivated',
      ),
  );
}
