// Subsidiaries (002 §2 Settings, §3) and members' sub-access to them (000 §3 subaccess, §6), and the
// same subsidiaries seen from spend under the spec's /expense-subsidiary paths (000 §7, 001 §7;
// issue 21 §0, decision 006). ONE service (./subsidiaries) and ONE route builder, mounted twice:
// the two sets differ only in their paths, the member field's name and their operation ids.
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
  subsidiaryMemberActiveBody,
  subsidiarySchema,
  updateSubsidiaryBody,
} from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { authOf, needs, tenantOf } from '../../platform/guard';
import { bodyRefs } from '../../platform/refs';
import { ok, paged, routerOf, type Router } from '../../platform/http';
import {
  addSubsidiaryMember,
  createSubsidiary,
  getSubsidiary,
  listSubsidiaries,
  removeSubsidiaryMember,
  deleteSubsidiary,
  setSubsidiaryMemberActive,
  updateSubsidiary,
} from './subsidiaries';

const tags = ['subsidiaries'];
const errors = { 400: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope };

type RouteSet = {
  base: string;
  /** Path under `${base}/:id` for members, and the member id's name (body field and path param). */
  members: string;
  memberKey: 'memberId' | 'accessId';
  /** operationId and summary per route. */
  ops: Record<
    'list' | 'create' | 'get' | 'update' | 'remove' | 'addMember' | 'removeMember',
    [string, string]
  >;
};

const SUBSIDIARIES: RouteSet = {
  base: '/api/subsidiaries',
  members: 'members',
  memberKey: 'memberId',
  ops: {
    list: ['listSubsidiaries', 'List subsidiaries'],
    create: ['createSubsidiary', 'Create a subsidiary'],
    get: ['getSubsidiary', 'Get a subsidiary'],
    update: ['updateSubsidiary', 'Update a subsidiary'],
    remove: ['deleteSubsidiary', 'Delete a subsidiary that no record names (409 otherwise)'],
    addMember: ['addSubsidiaryMembers', 'Give members access to a subsidiary'],
    removeMember: ['removeSubsidiaryMember', "Remove a member's access to a subsidiary"],
  },
};

export const EXPENSE_SUBSIDIARIES: RouteSet = {
  base: '/api/expense-subsidiary',
  members: 'manage-access',
  memberKey: 'accessId',
  ops: {
    list: ['listExpenseSubsidiaries', 'Subsidiaries, seen from spend (same as GET /subsidiaries)'],
    create: ['createExpenseSubsidiary', 'Create a subsidiary exactly as POST /subsidiaries does'],
    get: ['getExpenseSubsidiary', 'One subsidiary with its members'],
    update: ['updateExpenseSubsidiary', 'Change a subsidiary (as PUT /subsidiaries/:id)'],
    remove: ['deleteExpenseSubsidiary', 'Delete a subsidiary (as DELETE /subsidiaries/:id)'],
    addMember: ['grantExpenseSubsidiaryAccess', 'Give a member (account access id) access to a subsidiary'],
    removeMember: ['revokeExpenseSubsidiaryAccess', 'Remove a member’s access to a subsidiary'],
  },
};

/** The subsidiary routes of one route set, all over the one service. */
export async function registerSubsidiaryRouteSet(app: FastifyInstance, deps: AppDeps, set: RouteSet) {
  const r = routerOf(app);
  const d: SetDeps = { db: deps.db, set };
  listSubsidiariesRoute(r, d);
  createSubsidiaryRoute(r, d);
  getSubsidiaryRoute(r, d);
  updateSubsidiaryRoute(r, d);
  deleteSubsidiaryRoute(r, d);
  addSubsidiaryMemberRoute(r, d);
  removeSubsidiaryMemberRoute(r, d);
}

type SetDeps = { db: AppDeps['db']; set: RouteSet };
const memberOf = (set: RouteSet, o: Record<string, unknown>) => o[set.memberKey] as string;

function listSubsidiariesRoute(r: Router, { db, set }: SetDeps) {
  const { base, ops } = set;
  r.get(
    base,
    {
      config: needs('subsidiaries', 'get'),
      schema: {
        operationId: ops.list[0],
        summary: ops.list[1],
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
}

function createSubsidiaryRoute(r: Router, { db, set }: SetDeps) {
  const { base, ops } = set;
  r.post(
    base,
    {
      config: needs('subsidiaries', 'post'),
      schema: {
        operationId: ops.create[0],
        summary: ops.create[1],
        tags,
        body: subsidiaryBody,
        response: { 201: envelope(subsidiarySchema), ...errors },
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
}

function getSubsidiaryRoute(r: Router, { db, set }: SetDeps) {
  const { base, ops } = set;
  r.get(
    `${base}/:id`,
    {
      config: needs('subsidiaries', 'get'),
      schema: {
        operationId: ops.get[0],
        summary: ops.get[1],
        tags,
        params: idParam,
        response: { 200: envelope(subsidiaryDetailSchema), 404: errorEnvelope },
      },
    },
    async (req) => ok(await getSubsidiary(db, tenantOf(req).accountId, req.params.id)),
  );
}

function updateSubsidiaryRoute(r: Router, { db, set }: SetDeps) {
  const { base, ops } = set;
  r.put(
    `${base}/:id`,
    {
      config: needs('subsidiaries', 'put'),
      schema: {
        operationId: ops.update[0],
        summary: ops.update[1],
        tags,
        params: idParam,
        body: updateSubsidiaryBody,
        response: { 200: envelope(subsidiaryDetailSchema), ...errors },
      },
    },
    async (req) =>
      ok(
        await updateSubsidiary(db, tenantOf(req).accountId, req.params.id, req.body),
        'Subsidiary updated successfully',
      ),
  );
}

function deleteSubsidiaryRoute(r: Router, { db, set }: SetDeps) {
  const { base, ops } = set;
  r.delete(
    `${base}/:id`,
    {
      config: needs('subsidiaries', 'delete'),
      schema: {
        operationId: ops.remove[0],
        summary: ops.remove[1],
        tags,
        params: idParam,
        response: { 200: envelope(z.null()), 404: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (req) => {
      await deleteSubsidiary(db, tenantOf(req).accountId, req.params.id);
      return ok(null, 'Subsidiary deleted successfully');
    },
  );
}

function addSubsidiaryMemberRoute(r: Router, { db, set }: SetDeps) {
  const { base, ops } = set;
  const memberId = z.string({ error: ACCOUNT_MSG.memberRequired }).uuid(ACCOUNT_MSG.memberRequired);
  const memberBody = z.object({ [set.memberKey]: memberId });
  r.post(
    `${base}/:id/${set.members}`,
    {
      config: {
        ...needs('subsidiaryMembers', 'post'),
        ...bodyRefs({ [set.memberKey]: { table: 'members', message: ACCOUNT_MSG.memberUnknown } }),
      },
      schema: {
        operationId: ops.addMember[0],
        summary: ops.addMember[1],
        tags,
        params: idParam,
        body: memberBody,
        response: { 200: envelope(subsidiaryDetailSchema), ...errors },
      },
    },
    async (req) =>
      ok(
        await addSubsidiaryMember(db, {
          accountId: tenantOf(req).accountId,
          subsidiaryId: req.params.id,
          memberId: memberOf(set, req.body),
        }),
        'Member added to subsidiary',
      ),
  );
}

function removeSubsidiaryMemberRoute(r: Router, { db, set }: SetDeps) {
  const { base, ops } = set;
  const memberParams = z.object({ id: z.string().uuid(), [set.memberKey]: z.string().uuid() });
  r.delete(
    `${base}/:id/${set.members}/:${set.memberKey}`,
    {
      config: needs('subsidiaryMembers', 'delete'),
      schema: {
        operationId: ops.removeMember[0],
        summary: ops.removeMember[1],
        tags,
        params: memberParams,
        response: { 200: envelope(subsidiaryDetailSchema), 404: errorEnvelope },
      },
    },
    async (req) =>
      ok(
        await removeSubsidiaryMember(db, {
          accountId: tenantOf(req).accountId,
          subsidiaryId: req.params.id,
          memberId: memberOf(set, req.params),
        }),
        'Member removed from subsidiary',
      ),
  );
}

/** Subsidiaries (002 §2 Settings, §3), plus PATCH of a member's sub-access (on /subsidiaries only). */
export async function registerSubsidiaryRoutes(app: FastifyInstance, deps: AppDeps) {
  await registerSubsidiaryRouteSet(app, deps, SUBSIDIARIES);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const memberParams = z.object({ id: z.string().uuid(), memberId: z.string().uuid() });
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
        response: { 200: envelope(subsidiaryDetailSchema), ...errors },
      },
    },
    async (req) =>
      ok(
        await setSubsidiaryMemberActive(deps.db, {
          accountId: tenantOf(req).accountId,
          subsidiaryId: req.params.id,
          memberId: req.params.memberId,
          active: req.body.active,
        }),
        req.body.active ? 'Subsidiary access activated' : 'Subsidiary access deactivated',
      ),
  );
}
