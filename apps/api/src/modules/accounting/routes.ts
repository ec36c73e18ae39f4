import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ACCOUNTING_MSG,
  authStatusSchema,
  callbackQuery,
  connectAnswer,
  connectBody,
  envelope,
  errorEnvelope,
  integrationSchema,
  providerParam,
} from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { authOf, needs, tenantOf } from '../../platform/guard';
import { ok, routerOf, type Router } from '../../platform/http';
import { defineQueue, defineTicker, sendJobSoon } from '../../platform/jobs';

import { dispatchDuePostings, POST_QUEUE, postOne, sweepPaid } from './post';
import { BUILT_IN_POSTING_SOURCES } from './posting-sources';
import { authStatus, completeConnect, disconnect, listIntegrations, startConnect } from './connect';
import {
  authorizeSandboxBooksRoute,
  expireSandboxTokensRoute,
  setSandboxBooksFaultsRoute,
} from './sandbox-routes';
import {
  listAccountingAccountsRoute,
  listAccountingClassesRoute,
  syncAccountingAccountsRoute,
  listAccountingLocationsRoute,
  syncAccountingLocationsRoute,
  getPaymentTagMappingRoute,
  savePaymentTagMappingRoute,
  listAccountingPostingsRoute,
  retryAccountingPostingRoute,
} from './books-routes';

const tags = ['accounting'];
const SWEEP_QUEUE = 'accounting-sweep';

/** The sandbox company of an Owo account (stable, so reconnecting finds the same books). */

/** Accounting integration (001 §7 Accounting; issue 27 §1). */
export async function registerAccounting(app: FastifyInstance, deps: AppDeps) {
  const r = routerOf(app);
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
  connectAccountingRoute(r, deps);
  completeAccountingConnectRoute(r, deps);
  disconnectAccountingRoute(r, deps);
  listAccountingIntegrationsRoute(r, deps);
  getAccountingAuthStatusRoute(r, deps);
  listAccountingAccountsRoute(r, deps);
  listAccountingClassesRoute(r, deps);
  syncAccountingAccountsRoute(r, deps);
  listAccountingLocationsRoute(r, deps);
  syncAccountingLocationsRoute(r, deps);
  getPaymentTagMappingRoute(r, deps);
  savePaymentTagMappingRoute(r, deps);
  listAccountingPostingsRoute(r, deps);
  retryAccountingPostingRoute(r, deps);
  authorizeSandboxBooksRoute(r, deps);
  expireSandboxTokensRoute(r, deps);
  setSandboxBooksFaultsRoute(r, deps);
}

function connectAccountingRoute(r: Router, deps: AppDeps) {
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
          host: req.headers.host,
        }),
        ACCOUNTING_MSG.connectStarted,
      );
    },
  );
}

function completeAccountingConnectRoute(r: Router, deps: AppDeps) {
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
}

function disconnectAccountingRoute(r: Router, deps: AppDeps) {
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
}

function listAccountingIntegrationsRoute(r: Router, deps: AppDeps) {
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
}

function getAccountingAuthStatusRoute(r: Router, deps: AppDeps) {
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
}
