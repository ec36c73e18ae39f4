import { createHmac } from 'node:crypto';
import { and, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import {
  DEVELOPER_MSG,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
  type Webhook,
  type WebhookDelivery,
} from '@owo/contract';
import type { Config } from '../../platform/config';
import type { DbOrTx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { fieldError, notFound } from '../../platform/errors';
import { sendJob } from '../../platform/jobs';
import { newToken } from '../../platform/tokens';
import { vaultFor } from '../../platform/vault';
import { vaultField } from '../../platform/vault/fields';
import { sealed } from '../../platform/vault/ops';
import { webhookDeliveries, webhookEndpoints } from './tables';

export const DELIVER_QUEUE = 'webhook-deliver';
/** A claimed delivery is not re-dispatched for this long (a worker killed mid-send is retried after it). */
const LEASE_SECONDS = 120;
const MAX_DELAY_SECONDS = 6 * 3600;
const SEND_TIMEOUT_MS = 10_000;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const endpointDto = (e: typeof webhookEndpoints.$inferSelect): Webhook => ({
  id: e.id,
  url: e.url,
  events: e.events,
  enabled: e.enabled,
  createdAt: e.createdAt.toISOString(),
});
export const deliveryDto = (d: typeof webhookDeliveries.$inferSelect): WebhookDelivery => ({
  id: d.id,
  event: d.event,
  eventId: d.eventId,
  status: d.status,
  attempts: d.attempts,
  lastStatusCode: d.lastStatusCode,
  lastError: d.lastError,
  nextAttemptAt: d.status === 'pending' ? iso(d.nextAttemptAt) : null,
  deliveredAt: iso(d.deliveredAt),
  createdAt: d.createdAt.toISOString(),
});

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;
const PRIVATE_V4 = /^(10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|169\.254\.|0\.|127\.)/;

/**
 * Production: https to a public host only. Elsewhere also plain http to a loopback host, so a
 * developer can point an endpoint at a receiver on their own machine. (Host names are not resolved
 * here; a name that resolves to a private address is refused by the sender's network policy.)
 */
export function checkWebhookUrl(raw: string, config: Pick<Config, 'isProduction'>) {
  const u = new URL(raw);
  const host = u.hostname;
  const privateHost =
    LOOPBACK.test(host) || PRIVATE_V4.test(host) || host.startsWith('[') || host.endsWith('.local');
  if (u.protocol === 'https:' && (!config.isProduction || !privateHost)) return;
  if (!config.isProduction && u.protocol === 'http:' && LOOPBACK.test(host)) return;
  throw fieldError('url', DEVELOPER_MSG.urlHttps);
}

export async function listWebhooks(db: DbOrTx, accountId: string) {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.accountId, accountId), isNull(webhookEndpoints.deletedAt)))
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
  return rows.map(endpointDto);
}

export async function createWebhook(
  tx: DbOrTx,
  config: Config,
  p: { accountId: string; userId: string; url: string; events: string[]; enabled: boolean },
) {
  checkWebhookUrl(p.url, config);
  const secret = `whsec_${newToken(32)}`;
  const [row] = await tx
    .insert(webhookEndpoints)
    .values({
      accountId: p.accountId,
      url: p.url,
      events: [...new Set(p.events)],
      enabled: p.enabled,
      createdBy: p.userId,
      ...(sealed(vaultField('webhook_endpoints.secret'), vaultFor(config), secret) as { secret: string }),
    })
    .returning();
  return { ...endpointDto(row), secret };
}

async function endpointOf(db: DbOrTx, accountId: string, id: string) {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.id, id),
        eq(webhookEndpoints.accountId, accountId),
        isNull(webhookEndpoints.deletedAt),
      ),
    );
  if (!row) throw notFound('Webhook endpoint');
  return row;
}

export async function updateWebhook(
  tx: DbOrTx,
  config: Config,
  p: { accountId: string; id: string; url: string; events: string[]; enabled: boolean },
) {
  await endpointOf(tx, p.accountId, p.id);
  checkWebhookUrl(p.url, config);
  const [row] = await tx
    .update(webhookEndpoints)
    .set({ url: p.url, events: [...new Set(p.events)], enabled: p.enabled })
    .where(eq(webhookEndpoints.id, p.id))
    .returning();
  return endpointDto(row);
}

/** Deleted endpoints keep their delivery log; pending deliveries stop. */
export async function deleteWebhook(tx: DbOrTx, p: { accountId: string; id: string }) {
  const row = await endpointOf(tx, p.accountId, p.id);
  await tx.update(webhookEndpoints).set({ deletedAt: new Date() }).where(eq(webhookEndpoints.id, row.id));
  await tx
    .update(webhookDeliveries)
    .set({ status: 'failed', lastError: 'Endpoint deleted' })
    .where(and(eq(webhookDeliveries.endpointId, row.id), eq(webhookDeliveries.status, 'pending')));
  return endpointDto(row);
}

export async function listDeliveries(db: DbOrTx, p: { accountId: string; id: string }) {
  await endpointOf(db, p.accountId, p.id);
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, p.id))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(100);
  return rows.map(deliveryDto);
}

/**
 * Writes one delivery per enabled endpoint of the account that wants `event`, in the caller's
 * transaction (the outbox): an event that rolls back is never sent; the same `eventId` twice to
 * one endpoint is written once. The dispatcher ticker hands them to the delivery queue.
 */
export async function emitWebhookEvent(
  tx: DbOrTx,
  e: { accountId: string; event: string; eventId: string; data: Record<string, unknown> },
) {
  await tx.execute(sql`
    insert into ${webhookDeliveries} (account_id, endpoint_id, event, event_id, payload)
    select ${e.accountId}, ${webhookEndpoints.id}, ${e.event}, ${e.eventId}, ${JSON.stringify({
      id: e.eventId,
      event: e.event,
      createdAt: new Date().toISOString(),
      data: e.data,
    })}::jsonb
    from ${webhookEndpoints}
    where ${webhookEndpoints.accountId} = ${e.accountId} and ${webhookEndpoints.enabled}
      and ${webhookEndpoints.deletedAt} is null and ${webhookEndpoints.events} ? ${e.event}
    on conflict (endpoint_id, event_id) do nothing`);
}

/** `emitWebhookEvent` for many events in one statement (a batch of money events). */
export async function emitWebhookEvents(
  tx: DbOrTx,
  es: { accountId: string; event: string; eventId: string; data: Record<string, unknown> }[],
) {
  if (!es.length) return;
  const createdAt = new Date().toISOString();
  const rows = es.map((e, n) => ({
    n,
    account_id: e.accountId,
    event: e.event,
    event_id: e.eventId,
    payload: { id: e.eventId, event: e.event, createdAt, data: e.data },
  }));
  await tx.execute(sql`
    insert into ${webhookDeliveries} (account_id, endpoint_id, event, event_id, payload)
    select x.account_id, ${webhookEndpoints.id}, x.event, x.event_id, x.payload
    from json_to_recordset(${JSON.stringify(rows)}::json) as x(n int, account_id uuid, event text, event_id text, payload jsonb)
    join ${webhookEndpoints} on ${webhookEndpoints.accountId} = x.account_id and ${webhookEndpoints.enabled}
      and ${webhookEndpoints.deletedAt} is null and ${webhookEndpoints.events} ? x.event
    order by x.n
    on conflict (endpoint_id, event_id) do nothing`);
}

/** A test event to one endpoint, queued at once. */
export async function sendTestEvent(deps: AppDeps, p: { accountId: string; id: string }) {
  const ep = await endpointOf(deps.db, p.accountId, p.id);
  const eventId = `evt_test_${newToken(12)}`;
  const [row] = await deps.db
    .insert(webhookDeliveries)
    .values({
      accountId: ep.accountId,
      endpointId: ep.id,
      event: 'test',
      eventId,
      payload: {
        id: eventId,
        event: 'test',
        createdAt: new Date().toISOString(),
        data: { message: 'This is a test event from Owo' },
      },
      nextAttemptAt: new Date(Date.now() + LEASE_SECONDS * 1000),
    })
    .returning();
  await sendJob(deps, DELIVER_QUEUE, { deliveryId: row.id });
  return deliveryDto(row);
}

/** Sends a delivery again (delivered or failed): back to pending, queued at once. */
export async function replayDelivery(
  deps: AppDeps,
  p: { accountId: string; id: string; deliveryId: string },
) {
  await endpointOf(deps.db, p.accountId, p.id);
  const [row] = await deps.db
    .update(webhookDeliveries)
    .set({
      status: 'pending',
      createdAt: new Date(), // the 72-hour retry window starts again
      nextAttemptAt: new Date(Date.now() + LEASE_SECONDS * 1000),
    })
    .where(and(eq(webhookDeliveries.id, p.deliveryId), eq(webhookDeliveries.endpointId, p.id)))
    .returning();
  if (!row) throw notFound('Delivery');
  await sendJob(deps, DELIVER_QUEUE, { deliveryId: row.id });
  return deliveryDto(row);
}

/** `v1=<hex HMAC-SHA512(secret, "<timestamp>.<raw body>")>` */
export const signWebhook = (secret: string, timestamp: number, body: string) =>
  `v1=${createHmac('sha512', secret).update(`${timestamp}.${body}`).digest('hex')}`;

export const retryDelaySeconds = (config: Config, attempts: number) =>
  Math.min(MAX_DELAY_SECONDS, config.WEBHOOK_RETRY_BASE_SECONDS * 2 ** Math.max(0, attempts - 1));

export type DeliveryObserver = (outcome: 'delivered' | 'retry' | 'failed') => void;

/**
 * The delivery job: locks the row (a second worker skips it), sends the signed body, and records
 * the outcome. A 2xx marks it delivered, never sent again; anything else schedules the next attempt
 * with exponential backoff until WEBHOOK_RETRY_HOURS after it was written, then marks it failed.
 */
export async function deliver(deps: AppDeps, deliveryId: string, observe?: DeliveryObserver) {
  const { config } = deps;
  await deps.db.transaction(async (tx) => {
    const [d] = await tx
      .select({ d: webhookDeliveries, url: webhookEndpoints.url, secret: webhookEndpoints.secret })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(eq(webhookDeliveries.id, deliveryId))
      .for('update', { of: webhookDeliveries, skipLocked: true });
    if (!d || d.d.status !== 'pending') return;
    const secret = vaultFor(config).decrypt('webhook_endpoints.secret', d.secret);
    const body = JSON.stringify(d.d.payload);
    const timestamp = Math.floor(Date.now() / 1000);
    let statusCode: number | null = null;
    let error: string | null = null;
    try {
      const res = await fetch(d.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Owo-Webhooks/1',
          [WEBHOOK_TIMESTAMP_HEADER]: String(timestamp),
          [WEBHOOK_SIGNATURE_HEADER]: signWebhook(secret, timestamp, body),
          'x-owo-event': d.d.event,
          'x-owo-delivery': d.d.id,
        },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      statusCode = res.status;
      await res.body?.cancel().catch(() => {});
      if (res.status < 200 || res.status >= 300) error = `HTTP ${res.status}`;
    } catch (err) {
      error = ((err as Error).message || 'Network error').slice(0, 300);
    }
    const attempts = d.d.attempts + 1;
    if (!error) {
      await tx
        .update(webhookDeliveries)
        .set({
          status: 'delivered',
          attempts,
          lastStatusCode: statusCode,
          lastError: null,
          deliveredAt: new Date(),
        })
        .where(eq(webhookDeliveries.id, d.d.id));
      observe?.('delivered');
      return;
    }
    const next = new Date(Date.now() + retryDelaySeconds(config, attempts) * 1000);
    const giveUpAt = d.d.createdAt.getTime() + config.WEBHOOK_RETRY_HOURS * 3_600_000;
    const failed = next.getTime() > giveUpAt;
    await tx
      .update(webhookDeliveries)
      .set({
        status: failed ? 'failed' : 'pending',
        attempts,
        lastStatusCode: statusCode,
        lastError: error,
        nextAttemptAt: failed ? null : next,
      })
      .where(eq(webhookDeliveries.id, d.d.id));
    observe?.(failed ? 'failed' : 'retry');
  });
}

/**
 * The dispatcher ticker: hands every due pending delivery to the queue and leases it for
 * LEASE_SECONDS (so it is not handed out twice; a worker killed mid-send is re-dispatched after).
 */
export async function dispatchDue(deps: AppDeps, limit = 200): Promise<number> {
  const due = await deps.db
    .update(webhookDeliveries)
    .set({ nextAttemptAt: sql`now() + make_interval(secs => ${LEASE_SECONDS})` })
    .where(
      sql`${webhookDeliveries.id} in (select id from ${webhookDeliveries} where ${webhookDeliveries.status} = 'pending' and ${lte(webhookDeliveries.nextAttemptAt, sql`now()`)} order by ${webhookDeliveries.nextAttemptAt} limit ${limit} for update skip locked)`,
    )
    .returning({ id: webhookDeliveries.id });
  for (const d of due) await sendJob(deps, DELIVER_QUEUE, { deliveryId: d.id });
  return due.length;
}
