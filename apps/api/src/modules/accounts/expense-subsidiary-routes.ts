// Expense subsidiaries (000 §7, 001 §7) are the existing subsidiaries seen from spend (issue 21 §0,
// decision 006): the subsidiary route set mounted at /expense-subsidiary (subsidiary-routes.ts),
// plus the session's active subsidiary. The shell keeps the active subsidiary and sends it as
// x-subsidiary-id on every request (re-checked by the guard each time); `manage-access/active`
// checks a switch under exactly the guard's rules before the shell stores it and reloads
// (000 §4.10), and `manage-access/deactivate` checks the switch back to All Subsidiaries.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  activeSubsidiaryBody,
  activeSubsidiarySchema,
  ALL_SUBSIDIARIES,
  envelope,
  errorEnvelope,
  SUBSIDIARY_SWITCH_MSG,
} from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import type { FastifyRequest } from 'fastify';
import { forbidden } from '../../platform/errors';
import { authOf, loadMembership, needsSession, type TenantContext } from '../../platform/guard';
import { ok } from '../../platform/http';
import { getSubsidiary, resolveSubsidiaryFor } from './subsidiaries';
import { EXPENSE_SUBSIDIARIES, registerSubsidiaryRouteSet } from './subsidiary-routes';

const tags = ['subsidiaries'];
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The caller's membership of the account the shell works in (x-account-id, else the active
 * account), without a resource permission: every member may pick among the subsidiaries they can
 * see, as the shell's selector offers them (owners/admins all; others their sub-access).
 */
async function memberTenant(
  db: AppDeps['db'],
  req: FastifyRequest,
): Promise<Omit<TenantContext, 'subsidiaryId'>> {
  const user = authOf(req).user;
  const header = req.headers['x-account-id'];
  const accountId = typeof header === 'string' && header ? header : user.activeAccountId;
  if (!accountId) throw forbidden('No active account; choose an account first');
  const m = UUID_RE.test(accountId) ? await loadMembership(db, user.id, accountId) : null;
  if (!m) throw forbidden('You are not a member of this account');
  return {
    accountId: m.account.id,
    accountName: m.account.name,
    accountType: m.account.type,
    memberId: m.member.id,
    roleSlug: m.member.roleSlug,
    resources: m.resources,
    isFullAccess: m.isFullAccess,
  };
}

export async function registerExpenseSubsidiaryRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const base = EXPENSE_SUBSIDIARIES.base;
  // Registered before the `/:id` routes' set so the literal path is explicit in the table.
  r.put(
    `${base}/manage-access/active`,
    {
      config: needsSession(),
      schema: {
        operationId: 'setActiveExpenseSubsidiary',
        summary: "Check and confirm the session's active subsidiary (the shell then sends it and reloads)",
        tags,
        body: activeSubsidiaryBody,
        response: { 200: envelope(activeSubsidiarySchema), 400: errorEnvelope, 403: errorEnvelope },
      },
    },
    async (req) => {
      const tenant = await memberTenant(db, req);
      const id = await resolveSubsidiaryFor(db, tenant, req.body.subsidiaryId);
      const sub = await getSubsidiary(db, tenant.accountId, id!);
      return ok({ subsidiaryId: sub.id, name: sub.name }, SUBSIDIARY_SWITCH_MSG.active(sub.name));
    },
  );

  r.delete(
    `${base}/manage-access/deactivate`,
    {
      config: needsSession(),
      schema: {
        operationId: 'deactivateExpenseSubsidiary',
        summary: 'Return to All Subsidiaries (owners and admins)',
        tags,
        response: { 200: envelope(activeSubsidiarySchema), 403: errorEnvelope },
      },
    },
    async (req) => {
      const tenant = await memberTenant(db, req);
      await resolveSubsidiaryFor(db, tenant, ALL_SUBSIDIARIES);
      return ok({ subsidiaryId: null, name: 'All Subsidiaries' }, SUBSIDIARY_SWITCH_MSG.all);
    },
  );

  await registerSubsidiaryRouteSet(app, deps, EXPENSE_SUBSIDIARIES);
}
