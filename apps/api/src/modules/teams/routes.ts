import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  changeRoleBody,
  envelope,
  idParam,
  listEnvelope,
  listQuery,
  memberDetailSchema,
  memberSchema,
  roleBody,
  roleSchema,
  spendLimitBody,
} from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { needs, tenantOf } from '../../platform/guard';
import { ok, paged, routerOf, type Router } from '../../platform/http';
import { registerInvitationRoutes } from './invitation-routes';
import { changeMemberRole, getMember, listMembers, revokeMember, setMemberSpendLimit } from './members';
import { createRole, listRoles, updateRole } from './roles';
import { syncBuiltInRoles } from './roles-sync';

const tags = ['teams'];

/** Teams: roles (resource roles), invitations (invitations) and members (accountAccess). */
export async function registerTeams(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const r = routerOf(app);
  deps.seams.on('boot', 'teams.roles', (d) => syncBuiltInRoles(d.db));
  listRolesRoute(r, deps);
  createRoleRoute(r, deps);
  updateRoleRoute(r, deps);
  listMembersRoute(r, deps);
  getMemberRoute(r, deps);
  updateMemberRoute(r, deps);
  revokeMemberRoute(r, deps);
  // Spend limits (002 §7): amount in whole naira; answered as limit.limit (naira) and limit.limitMinor (kobo).
  for (const [method, mode] of [
    ['post', 'create'],
    ['patch', 'update'],
  ] as const) {
    r[method](
      '/api/account_access/:id/expense-limit',
      {
        config: needs('accountAccess', 'patch'),
        schema: {
          operationId: mode === 'create' ? 'setMemberSpendLimit' : 'updateMemberSpendLimit',
          summary:
            mode === 'create' ? "Set a team member's spend limit" : "Change a team member's spend limit",
          tags,
          params: idParam,
          body: spendLimitBody,
          response: { 200: envelope(memberSchema) },
        },
      },
      async (req) => {
        const member = await db.transaction((tx) =>
          setMemberSpendLimit(tx, {
            accountId: tenantOf(req).accountId,
            id: req.params.id,
            amountMinor: req.body.amount * 100,
            mode,
          }),
        );
        return ok(
          member,
          `Spend limit ${mode === 'create' ? 'set' : 'updated'} to ₦${req.body.amount.toLocaleString('en-NG')}`,
        );
      },
    );
  }
  await registerInvitationRoutes(app, deps);
}

function listRolesRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    '/api/role',
    {
      config: needs('roles', 'get'),
      schema: {
        operationId: 'listRoles',
        summary: "List the account's roles",
        tags,
        response: { 200: envelope(z.array(roleSchema)) },
      },
    },
    async (req) => ok(await listRoles(db, { accountId: tenantOf(req).accountId })),
  );
}

function createRoleRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.post(
    '/api/role',
    {
      config: needs('roles', 'post'),
      schema: {
        operationId: 'createRole',
        summary: 'Create a custom role',
        tags,
        body: roleBody,
        response: { 201: envelope(roleSchema) },
      },
    },
    async (req, reply) => {
      const role = await db.transaction((tx) =>
        createRole(tx, { accountId: tenantOf(req).accountId, body: req.body }),
      );
      return reply.code(201).send(ok(role, 'Role created successfully'));
    },
  );
}

function updateRoleRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.put(
    '/api/role/:id',
    {
      config: needs('roles', 'put'),
      schema: {
        operationId: 'updateRole',
        summary: 'Update a custom role',
        tags,
        params: idParam,
        body: roleBody,
        response: { 200: envelope(roleSchema) },
      },
    },
    async (req) =>
      ok(
        await db.transaction((tx) =>
          updateRole(tx, { accountId: tenantOf(req).accountId, id: req.params.id, body: req.body }),
        ),
        'Role updated successfully',
      ),
  );
}

function listMembersRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    '/api/account_access',
    {
      config: needs('accountAccess', 'get'),
      schema: {
        operationId: 'listMembers',
        summary: "List the account's team members",
        tags,
        querystring: listQuery,
        response: { 200: listEnvelope(memberSchema) },
      },
    },
    async (req) => {
      const { items, total } = await listMembers(db, { accountId: tenantOf(req).accountId, q: req.query });
      return paged(items, req.query, total);
    },
  );
}

function getMemberRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    '/api/account_access/:id',
    {
      config: needs('accountAccess', 'get'),
      schema: {
        operationId: 'getMember',
        summary: 'Get a team member',
        tags,
        params: idParam,
        response: { 200: envelope(memberDetailSchema) },
      },
    },
    async (req) =>
      ok(
        await getMember(db, {
          accountId: tenantOf(req).accountId,
          id: req.params.id,
          stats: deps.seams.maybe('memberStats'),
        }),
      ),
  );
}

function updateMemberRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.patch(
    '/api/account_access/:id',
    {
      config: needs('accountAccess', 'patch'),
      schema: {
        operationId: 'updateMember',
        summary: "Change a team member's role or subsidiary access",
        tags,
        params: idParam,
        body: changeRoleBody,
        response: { 200: envelope(memberSchema) },
      },
    },
    async (req) =>
      ok(
        await db.transaction((tx) =>
          changeMemberRole(tx, { tenant: tenantOf(req), id: req.params.id, role: req.body.role }),
        ),
        'Role updated successfully',
      ),
  );
}

function revokeMemberRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.delete(
    '/api/account_access/:id',
    {
      config: needs('accountAccess', 'delete'),
      schema: {
        operationId: 'revokeMember',
        summary: "Revoke a team member's access",
        tags,
        params: idParam,
        response: { 200: envelope(memberSchema) },
      },
    },
    async (req) =>
      ok(
        await db.transaction((tx) => revokeMember(tx, { tenant: tenantOf(req), id: req.params.id })),
        'Access revoked successfully',
      ),
  );
}
