import type { FastifyInstance } from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import {
  apiKeyBody,
  apiKeyCreatedSchema,
  apiKeySchema,
  deliveryParams,
  DEVELOPER_MSG,
  envelope,
  errorEnvelope,
  fromMinor,
  idParam,
  webhookBody,
  webhookCreatedSchema,
  webhookDeliverySchema,
  webhookSchema,
} from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { authOf, needs, tenantOf } from '../../platform/guard';
import { ok, routerOf, type Router } from '../../platform/http';
import { defineQueue, defineTicker } from '../../platform/jobs';
import type { MoneyEvent } from '../notifications';
import type { DbOrTx } from '../../platform/db';
import { payrollOutcomeSweep, settleWebhookSql } from './events';
import { apiKeyAuthenticator, createKey, listKeys, resetKey, revokeKey } from './keys';
import {
  createWebhook,
  deleteWebhook,
  deliver,
  DELIVER_QUEUE,
  dispatchDue,
  emitWebhookEvents,
  listDeliveries,
  listWebhooks,
  replayDelivery,
  sendTestEvent,
  updateWebhook,
} from './webhooks';
import { transactions } from '../../platform/schema';

const hooks = '/api/developers/webhooks';

const keys = '/api/developers/keys';

const tags = ['developers'];
const errors = { 400: errorEnvelope, 404: errorEnvelope };

/** Settings > Developers (002 §2): API keys and signed webhooks. */
export async function registerDevelopers(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  // Money events become `transaction` webhook events, written in the event's own transaction
  // (a batch of events: one read of their transactions, one insert of the deliveries).
  const transactionEvents = async (tx: DbOrTx, es: MoneyEvent[]) => {
    const ids = [...new Set(es.map((e) => e.transactionId))];
    const rows = await tx
      .select({
        id: transactions.id,
        type: transactions.type,
        status: transactions.status,
        amount: transactions.amount,
        fee: transactions.fee,
        currency: transactions.currency,
        reference: transactions.reference,
        createdAt: transactions.createdAt,
      })
      .from(transactions)
      .where(ids.length === 1 ? eq(transactions.id, ids[0]) : inArray(transactions.id, ids));
    const byId = new Map(rows.map((t) => [t.id, t]));
    await emitWebhookEvents(
      tx,
      es.flatMap((e) => {
        const t = byId.get(e.transactionId);
        if (!t) return [];
        return [
          {
            accountId: e.accountId,
            event: 'transaction',
            eventId: `${t.id}:${t.status}`,
            data: {
              topic: e.topic,
              id: t.id,
              type: t.type,
              status: t.status,
              amount: fromMinor(t.amount),
              amountMinor: t.amount,
              fee: fromMinor(t.fee),
              feeMinor: t.fee,
              currency: t.currency,
              reference: t.reference,
              createdAt: t.createdAt.toISOString(),
            },
          },
        ];
      }),
    );
  };
  const r = routerOf(app);
  deps.seams.provide('apiKeyAuthenticator', apiKeyAuthenticator(db));
  deps.seams.on('moneyEvent', 'developers.webhooks', {
    one: (tx, e) => transactionEvents(tx, [e]),
    many: transactionEvents,
  });
  // Payouts' and payroll runs' paid/failed events, written inside the money core's settle.
  deps.seams.on('settleSql', 'developers.webhooks', settleWebhookSql);
  defineQueue<{ deliveryId: string }>(deps, DELIVER_QUEUE, (data) => deliver(deps, data.deliveryId), {
    concurrency: 2,
    retryLimit: 0, // our own schedule (72 h backoff) lives on the delivery row
    expireInSeconds: 60,
  });
  defineTicker(deps, 'webhook-payroll-outcomes', 3000, (d) => payrollOutcomeSweep(d.db));
  defineTicker(deps, 'webhook-dispatch', 1000, async (d) => {
    await dispatchDue(d);
  });
  listApiKeysRoute(r, deps);
  createApiKeyRoute(r, deps);
  resetApiKeyRoute(r, deps);
  revokeApiKeyRoute(r, deps);
  listWebhookEndpointsRoute(r, deps);
  createWebhookEndpointRoute(r, deps);
  updateWebhookEndpointRoute(r, deps);
  deleteWebhookEndpointRoute(r, deps);
  sendWebhookTestEventRoute(r, deps);
  listWebhookDeliveriesRoute(r, deps);
  replayWebhookDeliveryRoute(r, deps);
}

function listApiKeysRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  // ------------------------------------------------------------------ API keys
  r.get(
    keys,
    {
      config: needs('developer', 'get'),
      schema: {
        operationId: 'listApiKeys',
        summary: 'API keys of the account (prefix only)',
        tags,
        response: { 200: envelope(z.array(apiKeySchema)) },
      },
    },
    async (req) => ok(await listKeys(db, tenantOf(req).accountId)),
  );
}

function createApiKeyRoute(r: Router, deps: AppDeps) {
  const { db, config } = deps;
  // ------------------------------------------------------------------ API keys
  r.post(
    keys,
    {
      config: needs('developer', 'post'),
      schema: {
        operationId: 'createApiKey',
        summary: 'Create an API key with a role; the key is shown once',
        tags,
        body: apiKeyBody,
        response: { 201: envelope(apiKeyCreatedSchema), 400: errorEnvelope, 403: errorEnvelope },
      },
    },
    async (req, reply) => {
      const k = await db.transaction((tx) =>
        createKey(tx, {
          accountId: tenantOf(req).accountId,
          userId: authOf(req).user.id,
          creatorResources: tenantOf(req).resources,
          name: req.body.name,
          role: req.body.role,
          live: config.isProduction,
        }),
      );
      return reply.code(201).send(ok(k, DEVELOPER_MSG.keyCreated));
    },
  );
}

function resetApiKeyRoute(r: Router, deps: AppDeps) {
  const { db, config } = deps;
  // ------------------------------------------------------------------ API keys
  r.post(
    `${keys}/:id/reset`,
    {
      config: needs('developer', 'put'),
      schema: {
        operationId: 'resetApiKey',
        summary: 'Replace an API key’s secret; the old key stops at once',
        tags,
        params: idParam,
        response: { 200: envelope(apiKeyCreatedSchema), ...errors },
      },
    },
    async (req) =>
      ok(
        await db.transaction((tx) =>
          resetKey(tx, { accountId: tenantOf(req).accountId, id: req.params.id, live: config.isProduction }),
        ),
        DEVELOPER_MSG.keyReset,
      ),
  );
}

function revokeApiKeyRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  // ------------------------------------------------------------------ API keys
  r.delete(
    `${keys}/:id`,
    {
      config: needs('developer', 'delete'),
      schema: {
        operationId: 'revokeApiKey',
        summary: 'Revoke an API key; it answers 401 from the next request',
        tags,
        params: idParam,
        response: { 200: envelope(apiKeySchema), ...errors },
      },
    },
    async (req) =>
      ok(
        await db.transaction((tx) =>
          revokeKey(tx, { accountId: tenantOf(req).accountId, id: req.params.id }),
        ),
        DEVELOPER_MSG.keyRevoked,
      ),
  );
}

function listWebhookEndpointsRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  // ------------------------------------------------------------------ webhooks
  r.get(
    hooks,
    {
      config: needs('developerWebhooks', 'get'),
      schema: {
        operationId: 'listWebhookEndpoints',
        summary: 'Webhook endpoints and the events they receive',
        tags,
        response: { 200: envelope(z.array(webhookSchema)) },
      },
    },
    async (req) => ok(await listWebhooks(db, tenantOf(req).accountId)),
  );
}

function createWebhookEndpointRoute(r: Router, deps: AppDeps) {
  const { db, config } = deps;
  // ------------------------------------------------------------------ webhooks
  r.post(
    hooks,
    {
      config: needs('developerWebhooks', 'post'),
      schema: {
        operationId: 'createWebhookEndpoint',
        summary: 'Add a webhook endpoint; the signing secret is shown once',
        tags,
        body: webhookBody,
        response: { 201: envelope(webhookCreatedSchema), 400: errorEnvelope },
      },
    },
    async (req, reply) => {
      const w = await db.transaction((tx) =>
        createWebhook(tx, config, {
          accountId: tenantOf(req).accountId,
          userId: authOf(req).user.id,
          ...req.body,
          enabled: req.body.enabled ?? true,
        }),
      );
      return reply.code(201).send(ok(w, DEVELOPER_MSG.webhookCreated));
    },
  );
}

function updateWebhookEndpointRoute(r: Router, deps: AppDeps) {
  const { db, config } = deps;
  // ------------------------------------------------------------------ webhooks
  r.put(
    `${hooks}/:id`,
    {
      config: needs('developerWebhooks', 'put'),
      schema: {
        operationId: 'updateWebhookEndpoint',
        summary: 'Change a webhook endpoint’s URL, events or state',
        tags,
        params: idParam,
        body: webhookBody,
        response: { 200: envelope(webhookSchema), ...errors },
      },
    },
    async (req) =>
      ok(
        await db.transaction((tx) =>
          updateWebhook(tx, config, {
            accountId: tenantOf(req).accountId,
            id: req.params.id,
            ...req.body,
            enabled: req.body.enabled ?? true,
          }),
        ),
        DEVELOPER_MSG.webhookUpdated,
      ),
  );
}

function deleteWebhookEndpointRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  // ------------------------------------------------------------------ webhooks
  r.delete(
    `${hooks}/:id`,
    {
      config: needs('developerWebhooks', 'delete'),
      schema: {
        operationId: 'deleteWebhookEndpoint',
        summary: 'Delete a webhook endpoint (its delivery log is kept)',
        tags,
        params: idParam,
        response: { 200: envelope(webhookSchema), ...errors },
      },
    },
    async (req) =>
      ok(
        await db.transaction((tx) =>
          deleteWebhook(tx, { accountId: tenantOf(req).accountId, id: req.params.id }),
        ),
        DEVELOPER_MSG.webhookDeleted,
      ),
  );
}

function sendWebhookTestEventRoute(r: Router, deps: AppDeps) {
  // ------------------------------------------------------------------ webhooks
  r.post(
    `${hooks}/:id/test`,
    {
      config: needs('developerWebhooks', 'post'),
      schema: {
        operationId: 'sendWebhookTestEvent',
        summary: 'Send a signed test event to an endpoint',
        tags,
        params: idParam,
        response: { 200: envelope(webhookDeliverySchema), ...errors },
      },
    },
    async (req) =>
      ok(
        await sendTestEvent(deps, { accountId: tenantOf(req).accountId, id: req.params.id }),
        DEVELOPER_MSG.testSent,
      ),
  );
}

function listWebhookDeliveriesRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  // ------------------------------------------------------------------ webhooks
  r.get(
    `${hooks}/:id/deliveries`,
    {
      config: needs('developerWebhooks', 'get'),
      schema: {
        operationId: 'listWebhookDeliveries',
        summary: 'The latest 100 deliveries to an endpoint',
        tags,
        params: idParam,
        response: { 200: envelope(z.array(webhookDeliverySchema)), ...errors },
      },
    },
    async (req) => ok(await listDeliveries(db, { accountId: tenantOf(req).accountId, id: req.params.id })),
  );
}

function replayWebhookDeliveryRoute(r: Router, deps: AppDeps) {
  // ------------------------------------------------------------------ webhooks
  r.post(
    `${hooks}/:id/deliveries/:deliveryId/replay`,
    {
      config: needs('developerWebhooks', 'post'),
      schema: {
        operationId: 'replayWebhookDelivery',
        summary: 'Send a delivery again',
        tags,
        params: deliveryParams,
        response: { 200: envelope(webhookDeliverySchema), ...errors },
      },
    },
    async (req) =>
      ok(
        await replayDelivery(deps, {
          accountId: tenantOf(req).accountId,
          id: req.params.id,
          deliveryId: req.params.deliveryId,
        }),
        DEVELOPER_MSG.replayed,
      ),
  );
}
