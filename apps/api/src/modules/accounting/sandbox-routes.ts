// The sandbox books' test controls (sandbox provider only), registered by registerAccounting.
import { z } from 'zod';
import { ACCOUNTING_MSG, envelope, errorEnvelope } from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { badRequest, conflict } from '../../platform/errors';
import { needs, tenantOf } from '../../platform/guard';
import { sha256 } from '../../platform/tokens';
import { ok, type Router } from '../../platform/http';
import { sandboxProvider } from './provider/sandbox';
import { connectionOf } from './connection';

/** The sandbox books' realm for an account: stable, and not its id. */
export const sandboxRealmOf = (accountId: string) => `sbx${sha256(`realm:${accountId}`).slice(0, 13)}`;

/** The sandbox provider's own pages exist outside production only. */
function sandboxOnly(deps: AppDeps) {
  if (deps.config.isProduction) throw badRequest('The sandbox books are not available in production');
}

const tags = ['accounting'];

export function authorizeSandboxBooksRoute(r: Router, deps: AppDeps) {
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
      sandboxOnly(deps);
      const realmId = sandboxRealmOf(tenantOf(req).accountId);
      const code = await sandboxProvider(deps).grant(realmId);
      return ok({ code, realmId, state: req.body.state });
    },
  );
}

export function expireSandboxTokensRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
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
      sandboxOnly(deps);
      const conn = await connectionOf(db, tenantOf(req).accountId);
      if (!conn || conn.provider !== 'sandbox') throw conflict(ACCOUNTING_MSG.notConnected);
      await sandboxProvider(deps).expire(conn.realmId);
      return ok(null, 'Sandbox tokens expired');
    },
  );
}

export function setSandboxBooksFaultsRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
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
      sandboxOnly(deps);
      const conn = await connectionOf(db, tenantOf(req).accountId);
      if (!conn || conn.provider !== 'sandbox') throw conflict(ACCOUNTING_MSG.notConnected);
      await sandboxProvider(deps).setFaults(conn.realmId, req.body);
      return ok(null, 'Sandbox faults set');
    },
  );
}
