import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCOUNTING_MSG,
  accountTypeParam,
  authStatusSchema,
  callbackQuery,
  connectAnswer,
  connectBody,
  envelope,
  errorEnvelope,
  idParam,
  integrationSchema,
  listEnvelope,
  mappingAnswer,
  mappingBody,
  postingListQuery,
  postingSchema,
  providerAccountSchema,
  providerParam,
} from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { badRequest, conflict } from '../../platform/errors';
import { authOf, needs, tenantOf } from '../../platform/guard';
import { bodyRefs } from '../../platform/refs';
import { ok, paged } from '../../platform/http';
import { defineQueue, defineTicker, sendJobSoon } from '../../platform/jobs';
import { sha256 } from '../../platform/tokens';
import { sandboxProvider } from './provider/sandbox';
import {
  BUILT_IN_POSTING_SOURCES,
  dispatchDuePostings,
  listPostings,
  POST_QUEUE,
  postOne,
  retryPosting,
  sweepPaid,
} from './posting';
import {
  authStatus,
  completeConnect,
  connectionOf,
  disconnect,
  getMapping,
  listIntegrations,
  listRefs,
  saveMapping,
  startConnect,
  syncAccounts,
  syncLocations,
} from './service';

const tags = ['accounting'];
const SWEEP_QUEUE = 'accounting-sweep';

/** The sandbox company of an Owo account (stable, so reconnecting finds the same books). */
export const sandboxRealmOf = (accountId: string) => `sbx${sha256(`realm:${accountId}`).slice(0, 13)}`;

/** Accounting integration (001 §7 Accounting; issue 27 §1). */
export async function registerAccounting(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  // ------------------------------------------------------------------ jobs
  defineQueue<{ postingId: string }>(deps, POST_QUEUE, (d) => postOne(deps, d.postingId), {
    concurrency: 2,
    retryLimit: 3, // a crash; the provider's own retries live on the posting row
    expireInSeconds: 90,
  });
  defineQueue<{ accountId?: string }>(
    deps,
    SWEEP_QUEUE,
    async (d) => void (await sweepPaid(deps, d.accountId)),
    {
      policy: 'short',
      retryLimit: 1,
    },
  );
  defineTicker(deps, 'accounting-postings', 2000, async (d) => {
    await sweepPaid(d);
    await dispatchDuePostings(d);
  });
  for (const s of BUILT_IN_POSTING_SOURCES) deps.seams.on('postingSource', s.sourceType, s);
  // The money core announces each paid record; the sweep for that account runs at once.
  deps.seams.on('recordPaid', 'accounting', (e) =>
    sendJobSoon(deps, SWEEP_QUEUE, { accountId: e.accountId }, { singletonKey: e.accountId }),
  );

  // ------------------------------------------------------------------ connect
  r.post(
    '/api/accounting',
    {
      config: needs('accountingIntegrations', 'post'),
      schema: {
        operationId: 'connectAccounting',
        summary: 'Start connecting accounting software; answers the consent URL',
        tags,
        body: connectBody,
        response: { 200: envelope(connectAnswer), 400: errorEnvelope },
      },
    },
    async (req) => {
      const a = authOf(req);
      return ok(
        await startConnect(deps, {
          accountId: tenantOf(req).accountId,
          sessionId: a.sessionId,
          provider: req.body.type,
        }),
        ACCOUNTING_MSG.connectStarted,
      );
    },
  );

  r.get(
    '/api/accounting/auth/callbacks/:provider',
    {
      config: needs('accountingIntegrations', 'post'),
      schema: {
        operationId: 'completeAccountingConnect',
        summary: 'OAuth callback: spend the state, exchange the code, store the tokens',
        tags,
        params: providerParam,
        querystring: callbackQuery,
        response: { 200: envelope(integrationSchema), 400: errorEnvelope, 503: errorEnvelope },
      },
    },
    async (req) => {
      const a = authOf(req);
      return ok(
        await completeConnect(deps, {
          accountId: tenantOf(req).accountId,
          sessionId: a.sessionId,
          userId: a.user.id,
          provider: req.params.provider,
          ...req.query,
        }),
        ACCOUNTING_MSG.connected,
      );
    },
  );

  r.delete(
    '/api/accounting',
    {
      config: needs('accountingIntegrations', 'delete'),
      schema: {
        operationId: 'disconnectAccounting',
        summary: 'Disconnect the accounting software (tokens are deleted)',
        tags,
        response: { 200: envelope(z.null()), 409: errorEnvelope },
      },
    },
    async (req) => {
      await disconnect(deps, tenantOf(req).accountId);
      return ok(null, ACCOUNTING_MSG.disconnected);
    },
  );

  r.get(
    '/api/accounting/integrations',
    {
      config: needs('accountingIntegrations', 'get'),
      schema: {
        operationId: 'listAccountingIntegrations',
        summary: 'The connected accounting software: type, enabled, authTokenValid',
        tags,
        response: { 200: envelope(z.array(integrationSchema)) },
      },
    },
    async (req) => ok(await listIntegrations(deps, tenantOf(req).accountId)),
  );

  r.get(
    '/api/accounting/auth/status',
    {
      // Checked before expense submit and payroll creation, by members who may do those.
      config: needs('expenses', 'get'),
      schema: {
        operationId: 'getAccountingAuthStatus',
        summary: 'Whether the accounting authorisation is still valid (asks the provider)',
        tags,
        response: { 200: envelope(authStatusSchema), 503: errorEnvelope },
      },
    },
    async (req) => ok(await authStatus(deps, tenantOf(req).accountId)),
  );

  // ------------------------------------------------------------------ chart of accounts
  r.get(
    '/api/accounting/accounts/:type',
    {
      config: needs('accountingIntegrations', 'get'),
      schema: {
        operationId: 'listAccountingAccounts',
        summary: 'Synced provider accounts of one account type (Expense, Bank, …)',
        tags,
        params: accountTypeParam,
        response: { 200: envelope(z.array(providerAccountSchema)) },
      },
    },
    async (req) => ok(await listRefs(db, tenantOf(req).accountId, 'account', req.params.type)),
  );

  r.get(
    '/api/accounting/classes',
    {
      config: needs('accountingIntegrations', 'get'),
      schema: {
        operationId: 'listAccountingClasses',
        summary: 'Synced provider classes',
        tags,
        response: { 200: envelope(z.array(providerAccountSchema)) },
      },
    },
    async (req) => ok(await listRefs(db, tenantOf(req).accountId, 'class')),
  );

  r.post(
    '/api/accounting/accounts/sync',
    {
      config: needs('accountingIntegrations', 'post'),
      schema: {
        operationId: 'syncAccountingAccounts',
        summary: 'Sync the chart of accounts and classes from the provider',
        tags,
        response: {
          200: envelope(z.object({ accounts: z.number().int(), classes: z.number().int() })),
          409: errorEnvelope,
          422: errorEnvelope,
          503: errorEnvelope,
        },
      },
    },
    async (req) => ok(await syncAccounts(deps, tenantOf(req).accountId), ACCOUNTING_MSG.accountsSynced),
  );

  r.get(
    '/api/accounting/locations/sync',
    {
      config: needs('accountingIntegrations', 'get'),
      schema: {
        operationId: 'listAccountingLocations',
        summary: 'Synced provider locations',
        tags,
        response: { 200: envelope(z.array(providerAccountSchema)) },
      },
    },
    async (req) => ok(await listRefs(db, tenantOf(req).accountId, 'location')),
  );

  r.post(
    '/api/accounting/locations/sync',
    {
      config: needs('accountingIntegrations', 'post'),
      schema: {
        operationId: 'syncAccountingLocations',
        summary: 'Sync locations from the provider',
        tags,
        response: {
          200: envelope(z.array(providerAccountSchema)),
          409: errorEnvelope,
          422: errorEnvelope,
          503: errorEnvelope,
        },
      },
    },
    async (req) => ok(await syncLocations(deps, tenantOf(req).accountId), ACCOUNTING_MSG.locationsSynced),
  );

  // ------------------------------------------------------------------ payment tags
  r.get(
    '/api/accounting/payment-tags',
    {
      config: needs('paymentTags', 'get'),
      schema: {
        operationId: 'getPaymentTagMapping',
        summary: 'Payout categories with the provider account and class each maps to',
        tags,
        response: { 200: envelope(mappingAnswer) },
      },
    },
    async (req) => ok(await getMapping(db, tenantOf(req).accountId)),
  );

  r.put(
    '/api/accounting/payment-tags',
    {
      config: { ...needs('paymentTags', 'post'), ...bodyRefs({ 'mappings.*.categoryId': 'categories' }) },
      schema: {
        operationId: 'savePaymentTagMapping',
        summary: 'Import payment tags: map payout categories to provider accounts and classes',
        tags,
        body: mappingBody,
        response: { 200: envelope(mappingAnswer), 400: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (req) =>
      ok(await saveMapping(deps, tenantOf(req).accountId, req.body), ACCOUNTING_MSG.mappingSaved),
  );

  // ------------------------------------------------------------------ postings
  r.get(
    '/api/accounting/postings',
    {
      config: needs('accountingIntegrations', 'get'),
      schema: {
        operationId: 'listAccountingPostings',
        summary: 'Paid records posted (or failing to post) to the books',
        tags,
        querystring: postingListQuery,
        response: { 200: listEnvelope(postingSchema) },
      },
    },
    async (req) => {
      const { items, total } = await listPostings(deps, tenantOf(req).accountId, req.query);
      return paged(items, req.query, total);
    },
  );

  r.post(
    '/api/accounting/postings/:id/retry',
    {
      config: needs('accountingIntegrations', 'post'),
      schema: {
        operationId: 'retryAccountingPosting',
        summary: 'Post a failed record again (same idempotency key)',
        tags,
        params: idParam,
        response: { 200: envelope(postingSchema), 409: errorEnvelope },
      },
    },
    async (req) =>
      ok(await retryPosting(deps, tenantOf(req).accountId, req.params.id), ACCOUNTING_MSG.postingRetried),
  );

  // ------------------------------------------------------------------ the sandbox provider's own pages
  const sandboxOnly = () => {
    if (deps.config.isProduction) throw badRequest('The sandbox books are not available in production');
  };
  r.post(
    '/api/accounting/sandbox/authorize',
    {
      config: needs('accountingIntegrations', 'post'),
      schema: {
        operationId: 'authorizeSandboxBooks',
        summary: 'Sandbox consent page: grant access, answers the code and realm for the redirect',
        tags,
        body: z.object({ state: z.string().trim().min(1).max(128) }),
        response: { 200: envelope(z.object({ code: z.string(), realmId: z.string(), state: z.string() })) },
      },
    },
    async (req) => {
      sandboxOnly();
      const realmId = sandboxRealmOf(tenantOf(req).accountId);
      const code = await sandboxProvider(deps).grant(realmId);
      return ok({ code, realmId, state: req.body.state });
    },
  );

  r.post(
    '/api/accounting/sandbox/expire',
    {
      config: needs('accountingIntegrations', 'put'),
      schema: {
        operationId: 'expireSandboxTokens',
        summary: 'Sandbox: expire the access and refresh tokens now (to see the expired modal)',
        tags,
        response: { 200: envelope(z.null()), 409: errorEnvelope },
      },
    },
    async (req) => {
      sandboxOnly();
      const conn = await connectionOf(db, tenantOf(req).accountId);
      if (!conn || conn.provider !== 'sandbox') throw conflict(ACCOUNTING_MSG.notConnected);
      await sandboxProvider(deps).expire(conn.realmId);
      return ok(null, 'Sandbox tokens expired');
    },
  );

  r.post(
    '/api/accounting/sandbox/faults',
    {
      config: needs('accountingIntegrations', 'put'),
      schema: {
        operationId: 'setSandboxBooksFaults',
        summary: 'Sandbox: fail the next N postings, or take the books down',
        tags,
        body: z.object({
          failNext: z.number().int().min(0).max(100).default(0),
          down: z.boolean().default(false),
        }),
        response: { 200: envelope(z.null()), 409: errorEnvelope },
      },
    },
    async (req) => {
      sandboxOnly();
      const conn = await connectionOf(db, tenantOf(req).accountId);
      if (!conn || conn.provider !== 'sandbox') throw conflict(ACCOUNTING_MSG.notConnected);
      await sandboxProvider(deps).setFaults(conn.realmId, req.body);
      return ok(null, 'Sandbox faults set');
    },
  );
}
