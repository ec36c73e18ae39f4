import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  envelope,
  errorEnvelope,
  fromMinor,
  fundingAccountSchema,
  FUNDING_MSG,
  idParam,
  sandboxDepositBody,
  sandboxDepositResult,
  sandboxStatusSchema,
} from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { notFound, unauthorized } from '../../platform/errors';
import { isPublic, needs, needsSession, tenantOf } from '../../platform/guard';
import { ok, routerOf, type Router } from '../../platform/http';
import { closeJobs, startJobs } from '../../platform/jobs';
import { railsOf } from '../../rails';
import { createRails, sandboxOf } from '../../rails/registry';
import { registerDispatcher } from './dispatcher';
import {
  assignVirtualAccount,
  assignVirtualAccountSoon,
  getFundingAccount,
  registerVirtualAccountJobs,
} from './virtual-accounts';
import { recordWebhookEvent, registerWebhookJobs } from './webhooks';

/**
 * Rails, jobs and funding: provides the `rails` seam (register BEFORE the money modules that use it),
 * declares the dispatcher, webhook and virtual-account jobs, and starts the job runner as a worker.
 */
export async function registerFunding(app: FastifyInstance, deps: AppDeps) {
  deps.seams.provide('rails', createRails(deps));
  deps.seams.provide('fundingAccounts', {
    assign: assignVirtualAccount,
    assignSoon: assignVirtualAccountSoon,
  });
  registerDispatcher(deps);
  registerWebhookJobs(deps);
  registerVirtualAccountJobs(deps);
  deps.seams.on('workers', 'jobs', (d) => startJobs(d));
  app.addHook('onClose', async () => closeJobs(deps));

  const r = routerOf(app);
  getWalletFundingAccountRoute(r, deps);
  // Outside production only: play a bank customer paying into a virtual account.
  if (!deps.config.isProduction) createSandboxDepositRoute(r, deps);
  getSandboxStatusRoute(r, deps);
  // Webhooks need the exact bytes that were signed: this scope keeps the raw body as a Buffer.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    receiveRailsWebhookRoute(routerOf(scope), deps);
  });
}

function getWalletFundingAccountRoute(r: Router, deps: AppDeps) {
  r.get(
    '/api/wallet/:id/funding-account',
    {
      config: needs('payments', 'get'),
      schema: {
        operationId: 'getWalletFundingAccount',
        summary: 'Get the account that funds a wallet: NGN virtual account or USD/GBP receiving details',
        tags: ['funding'],
        params: idParam,
        response: { 200: envelope(fundingAccountSchema), 404: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (req) => ok(await getFundingAccount(deps, tenantOf(req).accountId, req.params.id)),
  );
}

/** Whether the sandbox deposit is there, so the Add Funds screen asks instead of probing the POST. */
function getSandboxStatusRoute(r: Router, deps: AppDeps) {
  r.get(
    '/api/sandbox/status',
    {
      config: needsSession(),
      schema: {
        operationId: 'getSandboxStatus',
        summary: 'Whether this server simulates inbound deposits (sandbox rails outside production)',
        tags: ['sandbox'],
        response: { 200: envelope(sandboxStatusSchema) },
      },
    },
    async () => ok({ deposits: !deps.config.isProduction && sandboxOf(deps) !== null }),
  );
}

function createSandboxDepositRoute(r: Router, deps: AppDeps) {
  r.post(
    '/api/sandbox/deposits',
    {
      config: needsSession(),
      schema: {
        operationId: 'createSandboxDeposit',
        summary: 'Simulate an inbound bank deposit (sandbox rails only)',
        tags: ['sandbox'],
        body: sandboxDepositBody,
        response: { 200: envelope(sandboxDepositResult), 404: errorEnvelope },
      },
    },
    async (req) => {
      const sandbox = sandboxOf(deps);
      if (!sandbox) throw notFound('Route');
      const sent = await sandbox.sendDeposit({
        accountNumber: req.body.accountNumber,
        amount: req.body.amount,
        senderName: req.body.senderName ?? 'SANDBOX SENDER',
        senderAccountNumber: req.body.senderAccountNumber ?? null,
        senderBankCode: req.body.senderBankCode ?? null,
        narration: req.body.narration ?? null,
      });
      return ok(
        { reference: sent.reference, accountNumber: sent.accountNumber, amount: fromMinor(sent.amount) },
        FUNDING_MSG.depositSent,
      );
    },
  );
}

/** In the raw-body scope (registerFunding). */
function receiveRailsWebhookRoute(r: Router, deps: AppDeps) {
  r.post(
    '/webhooks/rails/:provider',
    {
      config: isPublic(),
      schema: {
        operationId: 'receiveRailsWebhook',
        summary: 'Receive a signed payment-provider webhook',
        tags: ['webhooks'],
        params: z.object({ provider: z.string().max(40) }),
        response: {
          200: envelope(z.object({ duplicate: z.boolean() })),
          401: errorEnvelope,
          404: errorEnvelope,
        },
      },
    },
    async (req) => {
      const rails = railsOf(deps);
      if (req.params.provider !== rails.name) throw notFound('Provider');
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      if (!rails.verifyWebhook(raw, req.headers)) throw unauthorized('Invalid webhook signature');
      const ev = rails.parseWebhook(raw);
      // A signed event we do not handle is acknowledged so the provider stops retrying it.
      if (!ev) return ok({ duplicate: false }, 'Ignored');
      const stored = await recordWebhookEvent(deps, rails.name, ev);
      return ok({ duplicate: stored.duplicate }, stored.duplicate ? 'Duplicate ignored' : 'Received');
    },
  );
}
