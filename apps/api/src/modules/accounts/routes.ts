import { eq } from 'drizzle-orm';
import { recordAuditChange } from '../audit';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  accountEntrySchema,
  activeAccountSchema,
  createAccountBody,
  envelope,
  organisationSchema,
  setActiveAccountBody,
  updateOrganisationBody,
} from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import type { DbOrTx } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { authOf, needs, needsSession, tenantOf } from '../../platform/guard';
import { ok, routerOf, type Router } from '../../platform/http';
import { hit } from '../../platform/rate-limit';
import { users, accounts } from '../../platform/tenancy-tables';
import { kybSummary } from './kyb';
import { createAccount, getActiveAccount, listMyAccounts, setActiveAccount } from './service';

const tags = ['accounts'];

async function organisation(db: DbOrTx, accountId: string) {
  const [row] = await db
    .select({
      a: accounts,
      owner: { firstName: users.firstName, lastName: users.lastName, email: users.email },
    })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.ownerUserId))
    .where(eq(accounts.id, accountId));
  if (!row) throw notFound('Account');
  const k = await kybSummary(db, accountId);
  return {
    id: row.a.id,
    name: row.a.name,
    type: row.a.type,
    createdAt: row.a.createdAt.toISOString(),
    owner: { name: `${row.owner.firstName} ${row.owner.lastName}`.trim(), email: row.owner.email },
    kyb: {
      legalName: k.info?.legalName ?? null,
      tradingName: k.info?.tradingName ?? null,
      registrationNumber: k.info?.registrationNumber ?? null,
      industry: k.info?.industry ?? null,
      email: k.contact?.email ?? null,
      phone: k.contact?.phone ?? null,
      address: k.contact?.address ?? null,
      state: k.contact?.state ?? null,
      progress: k.progress,
    },
  };
}

/** Account creation and switching (000 §2.2, §3, §7) and the organisation settings page. */
export async function registerAccountRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = routerOf(app);
  createAccountRoute(r, deps);
  listMyAccountsRoute(r, deps);
  getActiveAccountRoute(r, deps);
  setActiveAccountRoute(r, deps);
  getOrganisationRoute(r, deps);
  updateOrganisationRoute(r, deps);
}

function createAccountRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.post(
    '/api/accounts',
    {
      config: needsSession(),
      schema: {
        operationId: 'createAccount',
        summary: 'Create a business account',
        tags,
        body: createAccountBody,
        response: { 201: envelope(accountEntrySchema) },
      },
    },
    async (req, reply) => {
      const userId = authOf(req).user.id;
      await hit(deps, `account-create:user:${userId}`, 10, 3600);
      const { account } = await createAccount(db, deps.seams, { ...req.body, userId });
      const [entry] = await listMyAccounts(db, userId, account.id);
      return reply.code(201).send(ok(entry, 'Account created successfully'));
    },
  );
}

function listMyAccountsRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    '/api/me/accounts',
    {
      config: needsSession(),
      schema: {
        operationId: 'listMyAccounts',
        summary: 'List the accounts the user belongs to',
        tags,
        response: { 200: envelope(z.array(accountEntrySchema)) },
      },
    },
    async (req) => ok(await listMyAccounts(db, authOf(req).user.id)),
  );
}

function getActiveAccountRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    '/api/me/accounts/active',
    {
      config: needsSession(),
      schema: {
        operationId: 'getActiveAccount',
        summary: "Get the user's active account",
        tags,
        response: { 200: envelope(activeAccountSchema) },
      },
    },
    async (req) => ok(await getActiveAccount(db, authOf(req).user.id)),
  );
}

function setActiveAccountRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.put(
    '/api/me/accounts/active',
    {
      config: needsSession(),
      schema: {
        operationId: 'setActiveAccount',
        summary: "Switch the user's active account",
        tags,
        body: setActiveAccountBody,
        response: { 200: envelope(activeAccountSchema) },
      },
    },
    async (req) => ok(await setActiveAccount(db, authOf(req).user.id, req.body.id), 'Active account changed'),
  );
}

function getOrganisationRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    '/api/settings/organisation',
    {
      config: needs('parameters', 'get'),
      schema: {
        operationId: 'getOrganisation',
        summary: 'Get the organisation settings',
        tags,
        response: { 200: envelope(organisationSchema) },
      },
    },
    async (req) => ok(await organisation(db, tenantOf(req).accountId)),
  );
}

function updateOrganisationRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.put(
    '/api/settings/organisation',
    {
      config: needs('parameters', 'put'),
      schema: {
        operationId: 'updateOrganisation',
        summary: 'Update the organisation settings',
        tags,
        body: updateOrganisationBody,
        response: { 200: envelope(organisationSchema) },
      },
    },
    async (req) => {
      const { accountId } = tenantOf(req);
      const before = await organisation(db, accountId);
      await db
        .update(accounts)
        .set({ name: req.body.name, updatedAt: new Date() })
        .where(eq(accounts.id, accountId));
      const after = await organisation(db, accountId);
      recordAuditChange(req, before, after);
      return ok(after, 'Organisation updated successfully');
    },
  );
}
