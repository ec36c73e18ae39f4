import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CARD_MSG,
  cardCreateBody,
  cardCreatedSchema,
  cardDecisionSchema,
  cardFundBody,
  cardIssuerEventSchema,
  cardListQuery,
  cardSchema,
  cardSpendSchema,
  CARD_TX_MSG,
  envelope,
  errorEnvelope,
  idParam,
  listEnvelope,
  listQuery,
  sandboxAuthorizationBody,
} from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { badRequest, fieldError, unauthorized } from '../../platform/errors';
import { readUploadedFile } from '../../platform/spreadsheet';
import { actorOf, authOf, isPublic, needs, tenantOf } from '../../platform/guard';
import { bodyRefs } from '../../platform/refs';
import { ok, paged, routerOf, type Router } from '../../platform/http';
import { ISSUER_SIGNATURE_HEADER, verifyIssuerSignature } from './issuer';
import { authorize } from './authorize';
import { createCard } from './create';
import { applyIssuerEvent } from './issuer-events';
import { fundCardFromWallet, setCardStatus } from './lifecycle';
import { getCard, issuerTokenOf, listCards } from './read';
import { attachCardReceipt, listCardSpends } from './spends';
import { randomBytes } from 'node:crypto';
import multipart from '@fastify/multipart';
import { z } from 'zod';

const tags = ['cards'];
const errors = { 400: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope };

type Ids = (req: Parameters<typeof tenantOf>[0]) => { accountId: string; userId: string };

const ids: Ids = (req) => ({
  accountId: tenantOf(req).accountId,
  userId: authOf(req).user.id,
});

/** Company cards (issue 26 §4) and the issuer's signed webhook. */
export async function registerCards(app: FastifyInstance, deps: AppDeps) {
  const r = routerOf(app);
  createCardRoute(r, deps);
  listCardsRoute(r, deps);
  getCardRoute(r, deps);
  listCardSpendsRoute(r, deps);
  await attachCardReceiptRoute(app, deps);
  fundCardRoute(r, deps);
  cardStatusRoutes(r, deps);
  simulateCardAuthorizationRoute(r, deps);
  await receiveCardIssuerWebhookRoute(app, deps);
}

function createCardRoute(r: Router, deps: AppDeps) {
  r.post(
    '/api/cards',
    {
      config: {
        ...needs('wallets', 'post'),
        ...bodyRefs({ holderId: { table: 'memberUsers', message: CARD_MSG.holderInvalid } }),
      },
      schema: {
        operationId: 'createCard',
        summary: 'Issue a virtual card (the full number and CVV appear in this answer only)',
        tags,
        body: cardCreateBody,
        response: { 201: envelope(cardCreatedSchema), ...errors },
      },
    },
    async (req, reply) =>
      reply.code(201).send(ok(await createCard(deps, { ...ids(req), body: req.body }), CARD_MSG.created)),
  );
}

function listCardsRoute(r: Router, { db }: AppDeps) {
  r.get(
    '/api/cards',
    {
      config: needs('wallets', 'get'),
      schema: {
        operationId: 'listCards',
        summary: "The company's cards (status), newest first",
        tags,
        querystring: cardListQuery,
        response: { 200: listEnvelope(cardSchema), 400: errorEnvelope },
      },
    },
    async (req) => {
      const { items, total } = await listCards(db, tenantOf(req).accountId, req.query);
      return paged(items, req.query, total);
    },
  );
}

function getCardRoute(r: Router, { db }: AppDeps) {
  r.get(
    '/api/cards/:id',
    {
      config: needs('wallets', 'get'),
      schema: {
        operationId: 'getCard',
        summary: 'A card: status, last 4 digits, balance, limits and this month’s spend',
        tags,
        params: idParam,
        response: { 200: envelope(cardSchema), 404: errorEnvelope },
      },
    },
    async (req) => ok(await getCard(db, tenantOf(req).accountId, req.params.id)),
  );
}

function listCardSpendsRoute(r: Router, { db }: AppDeps) {
  r.get(
    '/api/cards/:id/spends',
    {
      config: needs('wallets', 'get'),
      schema: {
        operationId: 'listCardSpends',
        summary:
          "A card's approved spends (authorised, settled or reversed), refunds and receipts, newest first",
        tags,
        params: idParam,
        querystring: listQuery,
        response: { 200: listEnvelope(cardSpendSchema), 400: errorEnvelope, 404: errorEnvelope },
      },
    },
    async (req) => {
      const { items, total } = await listCardSpends(db, tenantOf(req).accountId, req.params.id, req.query);
      return paged(items, req.query, total);
    },
  );
}

/** The holder's receipt: multipart in this scope only (as files does); stored by the files module. */
async function attachCardReceiptRoute(app: FastifyInstance, deps: AppDeps) {
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: 1024 * 1024 + 1, files: 1, fields: 2, parts: 3 } });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/cards/transactions/:transactionId/receipt',
      {
        config: needs('wallets', 'get'),
        schema: {
          operationId: 'attachCardReceipt',
          summary:
            "Upload or replace the receipt of a card spend: the card's holder, or a card manager (multipart: file; stored by the files module)",
          tags,
          consumes: ['multipart/form-data'],
          params: z.object({ transactionId: z.string().uuid('Transaction not found') }),
          response: {
            200: envelope(cardSpendSchema),
            400: errorEnvelope,
            403: errorEnvelope,
            404: errorEnvelope,
          },
        },
      },
      async (req) => {
        const file = await readUploadedFile(req);
        if (!file) throw fieldError('file', CARD_TX_MSG.receiptRequired);
        return ok(
          await attachCardReceipt(deps, {
            accountId: tenantOf(req).accountId,
            actor: actorOf(req),
            transactionId: req.params.transactionId,
            file,
          }),
          CARD_TX_MSG.receiptSaved,
        );
      },
    );
  });
}

function fundCardRoute(r: Router, deps: AppDeps) {
  r.post(
    '/api/cards/:id/fund',
    {
      config: { ...needs('wallets', 'post'), ...bodyRefs({ walletId: 'wallets' }) },
      schema: {
        operationId: 'fundCard',
        summary: "Move money from a wallet to the card's own ledger account (no fee)",
        tags,
        params: idParam,
        body: cardFundBody,
        response: { 200: envelope(cardSchema), ...errors },
      },
    },
    async (req) =>
      ok(
        await fundCardFromWallet(deps, {
          ...ids(req),
          id: req.params.id,
          amount: req.body.amount,
          walletId: req.body.walletId,
        }),
        CARD_MSG.funded,
      ),
  );
}

/** freezeCard, unfreezeCard, terminateCard: one shape, three status moves. */
function cardStatusRoutes(r: Router, deps: AppDeps) {
  for (const [action, to, message, summary] of [
    ['freeze', 'frozen', CARD_MSG.frozen, 'Freeze a card: every authorisation is declined until unfrozen'],
    ['unfreeze', 'active', CARD_MSG.unfrozen, 'Unfreeze a frozen card'],
    [
      'terminate',
      'terminated',
      CARD_MSG.terminated,
      'Terminate a card for good; its balance returns to the wallet',
    ],
  ] as const)
    r.post(
      `/api/cards/:id/${action}`,
      {
        config: needs('wallets', 'put'),
        schema: {
          operationId: `${action}Card`,
          summary,
          tags,
          params: idParam,
          response: { 200: envelope(cardSchema), 404: errorEnvelope, 409: errorEnvelope },
        },
      },
      async (req) => ok(await setCardStatus(deps, { ...ids(req), id: req.params.id, to }), message),
    );
}

function simulateCardAuthorizationRoute(r: Router, deps: AppDeps) {
  r.post(
    '/api/cards/:id/sandbox-authorization',
    {
      config: needs('wallets', 'put'),
      schema: {
        operationId: 'simulateCardAuthorization',
        summary: 'Sandbox issuer: ask for an authorisation on this card as a merchant would',
        tags,
        params: idParam,
        body: sandboxAuthorizationBody,
        response: { 200: envelope(cardDecisionSchema), ...errors },
      },
    },
    async (req) => {
      if (deps.config.isProduction) throw badRequest('The sandbox issuer is not available in production');
      const { token, currency } = await issuerTokenOf(deps.db, tenantOf(req).accountId, req.params.id);
      const d = await authorize(deps, {
        event: 'authorization.request',
        id: `evt_${randomBytes(8).toString('hex')}`,
        data: {
          authorizationId: `auth_${randomBytes(10).toString('hex')}`,
          cardToken: token,
          amount: req.body.amount,
          currency,
          merchant: { name: req.body.merchant, category: req.body.category },
        },
      });
      return ok(d, d.approved ? 'Authorisation approved' : `Authorisation declined: ${d.reason}`);
    },
  );
}

/** The issuer's webhook needs the exact bytes that were signed: this scope keeps the raw body. */
async function receiveCardIssuerWebhookRoute(app: FastifyInstance, deps: AppDeps) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/webhooks/card-issuer',
      {
        config: isPublic(),
        schema: {
          operationId: 'receiveCardIssuerWebhook',
          summary:
            "The card issuer's signed events: authorisation (approve or decline), settlement, reversal, refund (once per event id)",
          tags: ['webhooks'],
          response: { 200: envelope(cardDecisionSchema), 400: errorEnvelope, 401: errorEnvelope },
        },
      },
      async (req) => {
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        // Its own secret (configured, else generated per DATA_DIR): never the rails' one, never a constant.
        const secret = deps.config.CARD_ISSUER_WEBHOOK_SECRET!;
        if (!verifyIssuerSignature(secret, raw, req.headers[ISSUER_SIGNATURE_HEADER]))
          throw unauthorized('Invalid webhook signature');
        let json: unknown;
        try {
          json = JSON.parse(raw.toString('utf8'));
        } catch {
          throw badRequest('Body must be JSON');
        }
        const ev = cardIssuerEventSchema.safeParse(json);
        if (!ev.success) throw badRequest('Unknown event shape');
        const d = await applyIssuerEvent(deps, ev.data);
        return ok(d, d.approved ? 'Approved' : 'Declined');
      },
    );
  });
}
