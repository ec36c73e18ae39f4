import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createWalletBody,
  CURRENCIES,
  CURRENCY_INFO,
  envelope,
  errorEnvelope,
  idParam,
  payoutCurrencySchema,
  transactionSchema,
  transferBody,
  walletSchema,
} from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { fieldError, notFound } from '../../platform/errors';
import { authOf, needs, needsSession, tenantOf } from '../../platform/guard';
import { bodyRefs } from '../../platform/refs';
import { ok } from '../../platform/http';
import {
  IDEMPOTENCY_KEY_INVALID,
  IDEMPOTENCY_KEY_MAX,
  pruneIdempotencyKeys,
  withIdempotency,
} from '../../platform/idempotency';
import { defineTicker } from '../../platform/jobs';
import { pruneRateLimits } from '../../platform/rate-limit';
import { listChangesPruner } from '../../platform/list-cache';
import { seedMoneyDemo } from './demo';
import { railsOf } from '../../rails';
import { ACCOUNT_NOT_VERIFIED, resolveAccountName, UNKNOWN_BANK } from '../banks';
import { assignVirtualAccountSoon, dispatchSoon } from '../funding';
import { transactionDto, walletDto } from './dto';
import { computeFee } from './fees';
import { checkPayoutLimit } from './limits';
import { memberPayoutStats, startTransfer } from './transfers';
import { createWallet, getWallet, listWallets } from './wallets';

const idempotencyHeader = z
  .object({ 'idempotency-key': z.string().max(IDEMPOTENCY_KEY_MAX, IDEMPOTENCY_KEY_INVALID).optional() })
  .passthrough();

/** Wallets, transfers and transactions. Register after funding (it sets the rails adapter). */
export async function registerMoney(app: FastifyInstance, deps: AppDeps) {
  deps.hooks.accountCreated.push(async (tx, account) => {
    await createWallet(tx, { accountId: account.id, currency: 'NGN' });
  });
  deps.services.memberStats = memberPayoutStats;
  deps.hooks.demo.push(seedMoneyDemo);
  // Housekeeping: idempotency keys are kept 48 h (>= the promised 24 h); rate-limit windows a day.
  defineTicker(deps, 'maintenance.prune', 60 * 60_000, async (d) => {
    await pruneIdempotencyKeys(d.db);
    await pruneRateLimits(d);
  });
  // The list cache's change feed (platform/list-cache.ts): rows no cached page can need any more.
  const pruneListChanges = listChangesPruner();
  defineTicker(deps, 'maintenance.list-changes', 60_000, async (d) => {
    await pruneListChanges(d.db);
  });

  const r = app.withTypeProvider<ZodTypeProvider>();

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
      assignVirtualAccountSoon(deps, w.id);
      reply.code(201);
      return ok(walletDto(w), `${w.currency} wallet created`);
    },
  );

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

  r.post(
    '/api/transfers',
    {
      config: { ...needs('payouts', 'post'), ...bodyRefs({ walletId: 'wallets' }) },
      schema: {
        operationId: 'createBankTransfer',
        summary: 'Send money from a wallet to a Nigerian bank account',
        tags: ['transfers'],
        description:
          'Sends money from a wallet to a Nigerian bank account. Requires an Idempotency-Key header; a retry with the same key answers the first result.',
        headers: idempotencyHeader,
        body: transferBody,
        response: {
          201: envelope(transactionSchema),
          400: errorEnvelope,
          404: errorEnvelope,
          409: errorEnvelope,
          422: errorEnvelope,
        },
      },
    },
    async (req, reply) => {
      const { accountId } = tenantOf(req);
      const userId = authOf(req).user.id;
      const body = req.body;
      return withIdempotency(deps, req, reply, async (tx) => {
        const wallet = await getWallet(tx, accountId, body.walletId);
        if (!wallet) throw notFound('Wallet');
        if (wallet.currency !== 'NGN')
          throw fieldError('walletId', 'Bank transfers are sent from the NGN wallet');
        await checkPayoutLimit(deps, tx, { accountId, amountMinor: body.amount, currency: wallet.currency });
        const resolved = await resolveAccountName(deps, {
          accountNumber: body.accountNumber,
          bankCode: body.bankCode,
        });
        if (!resolved.bank) throw fieldError('bankCode', UNKNOWN_BANK);
        if (!resolved.accountName) throw fieldError('accountNumber', ACCOUNT_NOT_VERIFIED);
        const fee = await computeFee(tx, {
          accountId,
          method: 'bank-transfer',
          amount: body.amount,
          currency: wallet.currency,
        });
        const t = await startTransfer(tx, {
          accountId,
          walletId: wallet.id,
          amount: body.amount,
          fee,
          bankCode: resolved.bank.code,
          bankName: resolved.bank.name,
          accountNumber: body.accountNumber,
          accountName: resolved.accountName,
          narration: body.narration,
          initiatedBy: userId,
          sourceType: 'transfer',
          provider: railsOf(deps).name,
        });
        return {
          statusCode: 201,
          body: ok(transactionDto(t), 'Transfer initiated'),
          afterCommit: async () => dispatchSoon(deps, t.reference),
        };
      });
    },
  );
  // Transaction history (list, detail, receipts, statements) lives in history-routes.ts.
}
