import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  createWalletBody,
  CURRENCIES,
  CURRENCY_INFO,
  envelope,
  errorEnvelope,
  idParam,
  payoutCurrencySchema,
  walletSchema,
} from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { needs, needsSession, tenantOf } from '../../platform/guard';
import { ok, routerOf, type Router } from '../../platform/http';
import { pruneIdempotencyKeys } from '../../platform/idempotency';
import { defineTicker } from '../../platform/jobs';
import { pruneRateLimits } from '../../platform/rate-limit';
import { listChangesPruner } from '../../platform/list-cache';
import { seedMoneyDemo } from './demo';
import { walletDto } from './dto';
import { memberPayoutStats } from './transfers';
import { createWallet, getWallet, listWallets } from './wallets';

/** Wallets and transactions (a bank transfer is a payout: payouts/routes.ts). Register after funding (it sets the rails adapter). */
export async function registerMoney(app: FastifyInstance, deps: AppDeps) {
  // The list cache's change feed (platform/list-cache.ts): rows no cached page can need any more.
  const pruneListChanges = listChangesPruner();
  const r = routerOf(app);
  deps.seams.on('accountCreated', 'money.ngn-wallet', async (tx, account) => {
    await createWallet(tx, { accountId: account.id, currency: 'NGN' });
  });
  deps.seams.provide('memberStats', memberPayoutStats);
  deps.seams.on('demo', 'money', seedMoneyDemo);
  // Housekeeping: idempotency keys are kept 48 h (>= the promised 24 h); rate-limit windows a day.
  defineTicker(deps, 'maintenance.prune', 60 * 60_000, async (d) => {
    await pruneIdempotencyKeys(d.db);
    await pruneRateLimits(d);
  });
  defineTicker(deps, 'maintenance.list-changes', 60_000, async (d) => {
    await pruneListChanges(d.db);
  });
  listWalletsRoute(r, deps);
  getWalletRoute(r, deps);
  createWalletRoute(r, deps);
  listPayoutCurrenciesRoute(r, deps);
}

function listWalletsRoute(r: Router, deps: AppDeps) {
  r.get(
    '/api/wallet',
    {
      config: needs('wallets', 'get'),
      schema: {
        operationId: 'listWallets',
        summary: "List the account's wallets",
        tags: ['wallets'],
        response: { 200: envelope(z.array(walletSchema)) },
      },
    },
    async (req) => ok((await listWallets(deps.db, tenantOf(req).accountId)).map(walletDto)),
  );
}

function getWalletRoute(r: Router, deps: AppDeps) {
  r.get(
    '/api/wallet/:id',
    {
      config: needs('wallets', 'get'),
      schema: {
        operationId: 'getWallet',
        summary: 'Get a wallet',
        tags: ['wallets'],
        params: idParam,
        response: { 200: envelope(walletSchema), 404: errorEnvelope },
      },
    },
    async (req) => {
      const w = await getWallet(deps.db, tenantOf(req).accountId, req.params.id);
      if (!w) throw notFound('Wallet');
      return ok(walletDto(w));
    },
  );
}

function createWalletRoute(r: Router, deps: AppDeps) {
  r.post(
    '/api/wallet',
    {
      config: needs('wallets', 'post'),
      schema: {
        operationId: 'createWallet',
        summary: 'Open a wallet in another currency',
        tags: ['wallets'],
        body: createWalletBody,
        response: { 201: envelope(walletSchema), 409: errorEnvelope },
      },
    },
    async (req, reply) => {
      const w = await deps.db.transaction((tx) =>
        createWallet(tx, {
          accountId: tenantOf(req).accountId,
          currency: req.body.currency,
          name: req.body.name,
        }),
      );
      // Its receiving account (NGN) or details (USD/GBP) are issued in the background (and by the sweep).
      deps.seams.port('fundingAccounts').assignSoon(deps, w.id);
      reply.code(201);
      return ok(walletDto(w), `${w.currency} wallet created`);
    },
  );
}

function listPayoutCurrenciesRoute(r: Router, _deps: AppDeps) {
  r.get(
    '/api/content/payout/currency',
    {
      config: needsSession(),
      schema: {
        operationId: 'listPayoutCurrencies',
        summary: 'List the currencies payouts can be sent in',
        tags: ['wallets'],
        response: { 200: envelope(z.array(payoutCurrencySchema)) },
      },
    },
    async () => ok(CURRENCIES.map((c) => ({ alpha2: CURRENCY_INFO[c].alpha2, currency: c }))),
  );
}
