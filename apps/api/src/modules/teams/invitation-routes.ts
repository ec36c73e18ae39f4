import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  acceptInvitationBody,
  changeRoleBody,
  createInvitationBody,
  envelope,
  idParam,
  invitationPreviewSchema,
  invitationSchema,
  inviteCodeParam,
  listEnvelope,
  listQuery,
  TEAM_MSG,
} from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { authOf, isPublic, needs, needsSession, tenantOf } from '../../platform/guard';
import { bodyRefs } from '../../platform/refs';
import { ok, paged, routerOf, type Router } from '../../platform/http';
import { clientIp, hit } from '../../platform/rate-limit';
import {
  acceptInvitationAsUser,
  cancelInvitation,
  changeInvitationRole,
  createInvitation,
  listInvitations,
  previewInvitation,
  resendInvitation,
} from './invitations';

const tags = ['teams'];

export async function registerInvitationRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = routerOf(app);
  createInvitationRoute(r, deps);
  listInvitationsRoute(r, deps);
  resendInvitationRoute(r, deps);
  updateInvitationRoute(r, deps);
  cancelInvitationRoute(r, deps);
  getInvitationByCodeRoute(r, deps);
  acceptInvitationRoute(r, deps);
}

function createInvitationRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.post(
    '/api/invitations',
    {
      config: {
        ...needs('invitations', 'post'),
        ...bodyRefs({ subsidiaryId: { table: 'subsidiaries', message: TEAM_MSG.subsidiaryUnknown } }),
      },
      schema: {
        operationId: 'createInvitation',
        summary: 'Invite someone to the account',
        tags,
        body: createInvitationBody,
        response: { 201: envelope(invitationSchema) },
      },
    },
    async (req, reply) => {
      const inv = await db.transaction((tx) =>
        createInvitation(deps, tx, { tenant: tenantOf(req), inviterId: authOf(req).user.id, body: req.body }),
      );
      return reply.code(201).send(ok(inv, 'Invitation sent successfully'));
    },
  );
}

function listInvitationsRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    '/api/invitations',
    {
      config: needs('invitations', 'get'),
      schema: {
        operationId: 'listInvitations',
        summary: 'List pending invitations',
        tags,
        querystring: listQuery,
        response: { 200: listEnvelope(invitationSchema) },
      },
    },
    async (req) => {
      const { items, total } = await listInvitations(db, {
        accountId: tenantOf(req).accountId,
        q: req.query,
      });
      return paged(items, req.query, total);
    },
  );
}

function resendInvitationRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  // A GET that changes state because the spec names it so (002 §7); it needs the edit right.
  r.get(
    '/api/invitations/:id/resend',
    {
      config: { ...needs('invitations', 'put'), action: true },
      schema: {
        operationId: 'resendInvitation',
        summary: 'Send an invitation again',
        tags,
        params: idParam,
        response: { 200: envelope(invitationSchema) },
      },
    },
    async (req) =>
      ok(
        await db.transaction((tx) =>
          resendInvitation(deps, tx, {
            tenant: tenantOf(req),
            inviterId: authOf(req).user.id,
            id: req.params.id,
          }),
        ),
        'Invitation resent successfully',
      ),
  );
}

function updateInvitationRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.put(
    '/api/invitations/:id',
    {
      config: needs('invitations', 'put'),
      schema: {
        operationId: 'updateInvitation',
        summary: "Change a pending invitation's role",
        tags,
        params: idParam,
        body: changeRoleBody,
        response: { 200: envelope(invitationSchema) },
      },
    },
    async (req) =>
      ok(
        await db.transaction((tx) =>
          changeInvitationRole(tx, { tenant: tenantOf(req), id: req.params.id, role: req.body.role }),
        ),
        'Invitation updated successfully',
      ),
  );
}

function cancelInvitationRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.delete(
    '/api/invitations/:id',
    {
      config: needs('invitations', 'delete'),
      schema: {
        operationId: 'cancelInvitation',
        summary: 'Cancel a pending invitation',
        tags,
        params: idParam,
        response: { 200: envelope(invitationSchema) },
      },
    },
    async (req) =>
      ok(
        await db.transaction((tx) =>
          cancelInvitation(tx, { accountId: tenantOf(req).accountId, id: req.params.id }),
        ),
        'Invitation cancelled successfully',
      ),
  );
}

function getInvitationByCodeRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  // The accept page: shows who invited whom before sign-in. Codes are long and random; the limit stops guessing.
  r.get(
    '/api/auth/invite/:code',
    {
      config: isPublic(),
      schema: {
        operationId: 'getInvitationByCode',
        summary: 'Look up an invitation by its code',
        tags,
        params: inviteCodeParam,
        response: { 200: envelope(invitationPreviewSchema) },
      },
    },
    async (req) => {
      await hit(deps, `invite-preview:ip:${clientIp(req)}`, 30, 60);
      return ok(await previewInvitation(db, req.params.code));
    },
  );
}

function acceptInvitationRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.post(
    '/api/auth/invite',
    {
      config: needsSession({ allowUnverified: true }),
      schema: {
        operationId: 'acceptInvitation',
        summary: 'Accept an invitation and create the user',
        tags,
        body: acceptInvitationBody,
        response: { 200: envelope(z.object({ accountId: z.string() })) },
      },
    },
    async (req) => {
      const user = authOf(req).user;
      await hit(deps, `invite-accept:user:${user.id}`, 20, 60);
      const out = await db.transaction((tx) => acceptInvitationAsUser(tx, { code: req.body.code, user }));
      return ok(out, 'Invitation accepted');
    },
  );
}
