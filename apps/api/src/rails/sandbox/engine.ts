import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { AppDeps } from '../../platform/deps';
import type { Tx } from '../../platform/db';
import { defineQueue, defineTicker, sendJob, sendJobSoon } from '../../platform/jobs';
import { faultsFor } from './faults';
import { sandboxTransfers, sandboxWebhookDeliveries } from './tables';
import { behaviourOf, SANDBOX_FAILURE_REASON, SANDBOX_REVERSAL_REASON } from './test-accounts';
import { SANDBOX_SIGNATURE_HEADER, signBody, type TransferEventBody } from './webhook-format';

// The sandbox's back office: decides outcomes a little after acceptance and delivers signed
// webhooks over HTTP with retries. Jobs make it prompt; the sweep makes it survive crashes.

export const SANDBOX_TIMING = {
  /** From acceptance to outcome. */
  outcomeDelayMs: 1000,
  /** From success to reversal (documented reversal account). */
  reversalDelayMs: 1500,
  /** Retry backoff cap for webhooks (providers retry for up to 72 h). */
  maxBackoffMs: 10 * 60_000,
  giveUpAfterMs: 72 * 3600_000,
  sweepEveryMs: 2000,
};

export const Q_OUTCOME = 'sandbox.outcome';
export const Q_DELIVER = 'sandbox.deliver';

type Transfer = typeof sandboxTransfers.$inferSelect;
type Delivery = { id: string; delayMs: number };

export function sandboxWebhookUrl(deps: AppDeps) {
  return `${deps.config.appUrl.replace(/\/$/, '')}/webhooks/rails/sandbox`;
}

function transferBody(t: Transfer, event: TransferEventBody['event'], eventId: string): string {
  const body: TransferEventBody = {
    event,
    id: eventId,
    data: {
      reference: t.reference,
      transfer_code: t.providerRef,
      amount: t.amount,
      currency: t.currency,
      status: t.status,
      reason: t.reason,
      failures: t.failureReason,
      recipient: {
        details: { account_number: t.accountNumber, bank_code: t.bankCode, account_name: t.accountName },
      },
      created_at: t.createdAt.toISOString(),
      updated_at: new Date().toISOString(),
    },
  };
  return JSON.stringify(body);
}

/** Records a webhook the sandbox owes (in the caller's transaction); returns what to enqueue after commit. */
export async function queueDelivery(
  tx: Tx,
  p: {
    event: string;
    reference: string;
    payload: (eventId: string) => string;
    duplicate: boolean;
    delayMs: number;
  },
): Promise<Delivery> {
  const eventId = `evt_${randomUUID().replace(/-/g, '')}`;
  const [row] = await tx
    .insert(sandboxWebhookDeliveries)
    .values({
      eventId,
      event: p.event,
      reference: p.reference,
      payload: p.payload(eventId),
      copies: p.duplicate ? 2 : 1,
      nextAttemptAt: new Date(Date.now() + p.delayMs),
    })
    .returning({ id: sandboxWebhookDeliveries.id });
  return { id: row.id, delayMs: p.delayMs };
}

export function enqueueDeliveries(deps: AppDeps, deliveries: Delivery[]) {
  for (const d of deliveries)
    sendJobSoon(deps, Q_DELIVER, { id: d.id }, { startAfterSeconds: d.delayMs / 1000, singletonKey: d.id });
}

/** Decides the next step of a transfer when it is due (idempotent: a second run finds nothing due). */
export async function decideTransfer(deps: AppDeps, reference: string): Promise<void> {
  const seed = deps.config.SANDBOX_FAULT_SEED;
  let again: number | null = null;
  const deliveries = await deps.db.transaction(async (tx) => {
    const [t] = await tx
      .select()
      .from(sandboxTransfers)
      .where(eq(sandboxTransfers.reference, reference))
      .for('update');
    if (!t || !t.decideAt) return [];
    const wait = t.decideAt.getTime() - Date.now();
    if (wait > 50) {
      again = wait;
      return [];
    }
    const behaviour = behaviourOf(t.accountNumber, t.bankCode);
    const faults = faultsFor(seed, reference);
    const now = new Date();
    let event: TransferEventBody['event'] | null = null;
    let next: Partial<Transfer> = { decideAt: null };
    if (t.status === 'pending') {
      if (behaviour === 'staysPending') next = { decideAt: null };
      else if (behaviour === 'fails') {
        next = { status: 'failed', failureReason: SANDBOX_FAILURE_REASON, decideAt: null };
        event = 'transfer.failed';
      } else if (behaviour === 'reverses') {
        next = { status: 'success', decideAt: new Date(Date.now() + SANDBOX_TIMING.reversalDelayMs) };
        event = 'transfer.success';
      } else {
        next = { status: 'success', decideAt: null };
        event = 'transfer.success';
      }
    } else if (t.status === 'success' && behaviour === 'reverses') {
      next = { status: 'reversed', failureReason: SANDBOX_REVERSAL_REASON, decideAt: null };
      event = 'transfer.reversed';
    }
    const [updated] = await tx
      .update(sandboxTransfers)
      .set({ ...next, updatedAt: now })
      .where(eq(sandboxTransfers.id, t.id))
      .returning();
    if (updated.decideAt) again = updated.decideAt.getTime() - Date.now();
    if (!event) return [];
    // Reordering: a success of a transfer that will be reversed arrives after its reversal;
    // others are held back a little so later events overtake them.
    const delayMs = !faults.reorder
      ? 0
      : event === 'transfer.success' && behaviour === 'reverses'
        ? SANDBOX_TIMING.reversalDelayMs + 1500
        : faults.delayMs;
    const ev = event;
    return [
      await queueDelivery(tx, {
        event: ev,
        reference,
        payload: (id) => transferBody(updated, ev, id),
        duplicate: faults.duplicate,
        delayMs,
      }),
    ];
  });
  enqueueDeliveries(deps, deliveries);
  if (again !== null)
    await sendJob(
      deps,
      Q_OUTCOME,
      { reference },
      { startAfterSeconds: Math.max(0.05, again / 1000), singletonKey: reference },
    );
}

const backoffMs = (attempts: number) =>
  Math.min(SANDBOX_TIMING.maxBackoffMs, 500 * 2 ** Math.min(attempts, 20));

/** POSTs one owed webhook; a non-2xx or network error schedules the next attempt. */
export async function deliverWebhook(deps: AppDeps, id: string): Promise<void> {
  let follow: number | null = null;
  await deps.db.transaction(async (tx) => {
    // SKIP LOCKED: a delivery in flight in another worker is left to it.
    const [d] = await tx
      .select()
      .from(sandboxWebhookDeliveries)
      .where(eq(sandboxWebhookDeliveries.id, id))
      .for('update', { skipLocked: true });
    if (!d || d.deliveredAt || d.givenUpAt) return;
    const wait = d.nextAttemptAt.getTime() - Date.now();
    if (wait > 50) {
      follow = wait;
      return;
    }
    let error: string | null = null;
    try {
      const res = await fetch(sandboxWebhookUrl(deps), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [SANDBOX_SIGNATURE_HEADER]: signBody(deps.config.RAILS_WEBHOOK_SECRET!, d.payload),
          'user-agent': 'owo-sandbox-rails/1',
        },
        body: d.payload,
        signal: AbortSignal.timeout(10_000),
      });
      await res.arrayBuffer().catch(() => undefined);
      if (!res.ok) error = `HTTP ${res.status}`;
    } catch (err) {
      error = (err as Error).message.slice(0, 300);
    }
    const attempts = d.attempts + 1;
    if (!error) {
      const delivered = d.deliveredCount + 1;
      const done = delivered >= d.copies;
      await tx
        .update(sandboxWebhookDeliveries)
        .set({
          attempts,
          deliveredCount: delivered,
          deliveredAt: done ? new Date() : null,
          nextAttemptAt: new Date(Date.now() + 300),
          lastError: null,
        })
        .where(eq(sandboxWebhookDeliveries.id, d.id));
      if (!done) follow = 300; // the duplicate copy
      return;
    }
    const giveUp = Date.now() - d.createdAt.getTime() > SANDBOX_TIMING.giveUpAfterMs;
    const delay = backoffMs(d.attempts);
    await tx
      .update(sandboxWebhookDeliveries)
      .set({
        attempts,
        lastError: error,
        nextAttemptAt: new Date(Date.now() + delay),
        givenUpAt: giveUp ? new Date() : null,
      })
      .where(eq(sandboxWebhookDeliveries.id, d.id));
    if (!giveUp) follow = delay;
  });
  if (follow !== null)
    await sendJob(
      deps,
      Q_DELIVER,
      { id },
      { startAfterSeconds: Math.max(0.05, follow / 1000), singletonKey: id },
    );
}

/** Re-enqueues whatever is due and has no job (lost at a crash). */
export async function sweepSandbox(deps: AppDeps): Promise<void> {
  const grace = sql`now() - interval '1 second'`;
  const due = await deps.db
    .select({ reference: sandboxTransfers.reference })
    .from(sandboxTransfers)
    .where(lte(sandboxTransfers.decideAt, grace))
    .limit(500);
  for (const t of due)
    await sendJob(deps, Q_OUTCOME, { reference: t.reference }, { singletonKey: t.reference });
  const owed = await deps.db
    .select({ id: sandboxWebhookDeliveries.id })
    .from(sandboxWebhookDeliveries)
    .where(
      and(
        isNull(sandboxWebhookDeliveries.deliveredAt),
        isNull(sandboxWebhookDeliveries.givenUpAt),
        lte(sandboxWebhookDeliveries.nextAttemptAt, grace),
      ),
    )
    .limit(500);
  for (const d of owed) await sendJob(deps, Q_DELIVER, { id: d.id }, { singletonKey: d.id });
}

/** Declares the sandbox's queues and sweep on this app. */
export function registerSandboxJobs(deps: AppDeps) {
  defineQueue<{ reference: string }>(deps, Q_OUTCOME, (d) => decideTransfer(deps, d.reference), {
    policy: 'short',
    concurrency: 3,
    retryLimit: 5,
    retryDelay: 1,
    expireInSeconds: 60,
    pollSeconds: 0.5,
  });
  defineQueue<{ id: string }>(deps, Q_DELIVER, (d) => deliverWebhook(deps, d.id), {
    policy: 'short',
    concurrency: 4,
    retryLimit: 3,
    retryDelay: 1,
    expireInSeconds: 60,
    pollSeconds: 0.5,
  });
  defineTicker(deps, 'sandbox', SANDBOX_TIMING.sweepEveryMs, sweepSandbox);
}
