import { randomUUID } from 'node:crypto';
import { and, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { AppDeps } from '../../platform/deps';
import type { Tx } from '../../platform/db';
import { defineBatchQueue, defineTicker, sendJob, sendJobSoon } from '../../platform/jobs';
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

type OwedWebhook = {
  event: string;
  reference: string;
  payload: (eventId: string) => string;
  duplicate: boolean;
  delayMs: number;
};

/** Records the webhooks the sandbox owes, in one insert (in the caller's transaction); returns what to enqueue after commit. */
export async function queueDeliveries(tx: Tx, owed: OwedWebhook[]): Promise<Delivery[]> {
  if (!owed.length) return [];
  const values = owed.map((p) => {
    const eventId = `evt_${randomUUID().replace(/-/g, '')}`;
    return {
      eventId,
      event: p.event,
      reference: p.reference,
      payload: p.payload(eventId),
      copies: p.duplicate ? 2 : 1,
      nextAttemptAt: new Date(Date.now() + p.delayMs),
    };
  });
  const rows = await tx
    .insert(sandboxWebhookDeliveries)
    .values(values)
    .returning({ id: sandboxWebhookDeliveries.id, eventId: sandboxWebhookDeliveries.eventId });
  const idOf = new Map(rows.map((r) => [r.eventId, r.id]));
  return values.map((v, i) => ({ id: idOf.get(v.eventId)!, delayMs: owed[i].delayMs }));
}

/** Records one webhook the sandbox owes (in the caller's transaction); returns what to enqueue after commit. */
export async function queueDelivery(tx: Tx, p: OwedWebhook): Promise<Delivery> {
  const [d] = await queueDeliveries(tx, [p]);
  return d;
}

export function enqueueDeliveries(deps: AppDeps, deliveries: Delivery[]) {
  for (const d of deliveries)
    sendJobSoon(deps, Q_DELIVER, { id: d.id }, { startAfterSeconds: d.delayMs / 1000, singletonKey: d.id });
}

/** Decides the next step of a transfer when it is due (idempotent: a second run finds nothing due). */
export async function decideTransfer(deps: AppDeps, reference: string): Promise<void> {
  return decideTransfers(deps, [reference]);
}

type TransferEvent = TransferEventBody['event'];

/** A due transfer's next state (its behaviour's next step) and the webhook it owes, if any. */
function nextStep(
  t: Transfer,
  behaviour: ReturnType<typeof behaviourOf>,
  now: Date,
): { next: Partial<Transfer>; event: TransferEvent | null } {
  if (t.status === 'pending') {
    if (behaviour === 'staysPending') return { next: { decideAt: null }, event: null };
    if (behaviour === 'fails')
      return {
        next: { status: 'failed', failureReason: SANDBOX_FAILURE_REASON, decideAt: null },
        event: 'transfer.failed',
      };
    if (behaviour === 'reverses')
      return {
        next: { status: 'success', decideAt: new Date(now.getTime() + SANDBOX_TIMING.reversalDelayMs) },
        event: 'transfer.success',
      };
    return { next: { status: 'success', decideAt: null }, event: 'transfer.success' };
  }
  if (t.status === 'success' && behaviour === 'reverses')
    return {
      next: { status: 'reversed', failureReason: SANDBOX_REVERSAL_REASON, decideAt: null },
      event: 'transfer.reversed',
    };
  return { next: { decideAt: null }, event: null };
}

/**
 * decideTransfer for a batch, set-based: the due transfers are locked in one read (in id order),
 * their next states written in one update and the webhooks they owe recorded in one insert.
 */
export async function decideTransfers(deps: AppDeps, references: string[]): Promise<void> {
  const seed = deps.config.SANDBOX_FAULT_SEED;
  const again: { reference: string; ms: number }[] = [];
  const deliveries = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(sandboxTransfers)
      .where(inArray(sandboxTransfers.reference, [...new Set(references)]))
      .orderBy(sandboxTransfers.id)
      .for('update');
    const now = new Date();
    const updates: Transfer[] = [];
    const owed: OwedWebhook[] = [];
    for (const t of rows) {
      if (!t.decideAt) continue;
      const wait = t.decideAt.getTime() - now.getTime();
      if (wait > 50) {
        again.push({ reference: t.reference, ms: wait });
        continue;
      }
      const behaviour = behaviourOf(t.accountNumber, t.bankCode);
      const faults = faultsFor(seed, t.reference);
      const { next, event } = nextStep(t, behaviour, now);
      const updated: Transfer = { ...t, ...next, updatedAt: now };
      updates.push(updated);
      if (updated.decideAt)
        again.push({ reference: t.reference, ms: updated.decideAt.getTime() - now.getTime() });
      if (!event) continue;
      // Reordering: a success of a transfer that will be reversed arrives after its reversal;
      // others are held back a little so later events overtake them.
      const delayMs = !faults.reorder
        ? 0
        : event === 'transfer.success' && behaviour === 'reverses'
          ? SANDBOX_TIMING.reversalDelayMs + 1500
          : faults.delayMs;
      owed.push({
        event,
        reference: t.reference,
        payload: (id) => transferBody(updated, event, id),
        duplicate: faults.duplicate,
        delayMs,
      });
    }
    await writeDecisions(tx, updates);
    return queueDeliveries(tx, owed);
  });
  enqueueDeliveries(deps, deliveries);
  for (const a of again)
    sendJobSoon(
      deps,
      Q_OUTCOME,
      { reference: a.reference },
      { startAfterSeconds: Math.max(0.05, a.ms / 1000), singletonKey: a.reference },
    );
}

/** The decided transfers' next states, in one update. */
async function writeDecisions(tx: Tx, updates: Transfer[]) {
  if (updates.length)
    await tx.execute(sql`
        update sandbox_transfers s set status = x.status, failure_reason = x.failure_reason,
          decide_at = x.decide_at, updated_at = now()
        from json_to_recordset(${JSON.stringify(
          updates.map((u) => ({
            id: u.id,
            status: u.status,
            failure_reason: u.failureReason,
            decide_at: u.decideAt?.toISOString() ?? null,
          })),
        )}::json) as x(id uuid, status text, failure_reason text, decide_at timestamptz)
        where s.id = x.id`);
}

const backoffMs = (attempts: number) =>
  Math.min(SANDBOX_TIMING.maxBackoffMs, 500 * 2 ** Math.min(attempts, 20));

/** POSTs one owed webhook; a non-2xx or network error schedules the next attempt. */
export async function deliverWebhook(deps: AppDeps, id: string): Promise<void> {
  return deliverWebhooks(deps, [id]);
}

/** One signed POST to the app's webhook route: null when it answered 2xx, else the error. */
async function post(deps: AppDeps, payload: string): Promise<string | null> {
  try {
    const res = await fetch(sandboxWebhookUrl(deps), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: signBody(deps.config.RAILS_WEBHOOK_SECRET!, payload),
        'user-agent': 'owo-sandbox-rails/1',
      },
      body: payload,
      signal: AbortSignal.timeout(10_000),
    });
    await res.arrayBuffer().catch(() => undefined);
    return res.ok ? null : `HTTP ${res.status}`;
  } catch (err) {
    return (err as Error).message.slice(0, 300);
  }
}

/**
 * deliverWebhook for a batch: one read, the due ones POSTed at once (one request per event, as a
 * provider sends them), the attempts recorded in one update. No transaction or lock is held over
 * the HTTP calls (the receiver needs the same database: deliveries holding connections while the
 * app waits for one would starve the pool). An attempt is recorded only if no other worker
 * recorded one meanwhile (`attempts` unchanged); a rare double POST is what every provider does
 * anyway, and the receiver ignores a repeated event id.
 */
export async function deliverWebhooks(deps: AppDeps, ids: string[]): Promise<void> {
  const rows = await deps.db
    .select()
    .from(sandboxWebhookDeliveries)
    .where(inArray(sandboxWebhookDeliveries.id, [...new Set(ids)]));
  const follow: { id: string; ms: number }[] = [];
  const due = rows.filter((d) => {
    if (d.deliveredAt || d.givenUpAt) return false;
    const wait = d.nextAttemptAt.getTime() - Date.now();
    if (wait > 50) follow.push({ id: d.id, ms: wait });
    return wait <= 50;
  });
  const errors = await Promise.all(due.map((d) => post(deps, d.payload)));
  const now = Date.now();
  const attempts = due.map((d, i) => {
    const error = errors[i];
    const delivered = d.deliveredCount + (error ? 0 : 1);
    const done = !error && delivered >= d.copies;
    const giveUp = !!error && now - d.createdAt.getTime() > SANDBOX_TIMING.giveUpAfterMs;
    const delay = error ? backoffMs(d.attempts) : 300; // 300 ms: the duplicate copy
    return {
      id: d.id,
      seen: d.attempts,
      delivered_count: delivered,
      delivered_at: done ? new Date(now).toISOString() : null,
      next_attempt_at: new Date(now + delay).toISOString(),
      last_error: error,
      given_up_at: giveUp ? new Date(now).toISOString() : null,
      follow: done || giveUp ? null : delay,
    };
  });
  if (attempts.length) {
    const r = await deps.db.execute(sql`
      update sandbox_webhook_deliveries d set attempts = d.attempts + 1, delivered_count = x.delivered_count,
        delivered_at = x.delivered_at, next_attempt_at = x.next_attempt_at, last_error = x.last_error,
        given_up_at = x.given_up_at
      from json_to_recordset(${JSON.stringify(attempts)}::json) as x(id uuid, seen int, delivered_count int,
        delivered_at timestamptz, next_attempt_at timestamptz, last_error text, given_up_at timestamptz)
      where d.id = x.id and d.attempts = x.seen
      returning d.id`);
    const recorded = new Set((r.rows as { id: string }[]).map((x) => x.id));
    for (const a of attempts)
      if (a.follow !== null && recorded.has(a.id)) follow.push({ id: a.id, ms: a.follow });
  }
  for (const f of follow)
    sendJobSoon(
      deps,
      Q_DELIVER,
      { id: f.id },
      { startAfterSeconds: Math.max(0.05, f.ms / 1000), singletonKey: f.id },
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
  defineBatchQueue<{ reference: string }>(
    deps,
    Q_OUTCOME,
    (items) =>
      decideTransfers(
        deps,
        items.map((d) => d.reference),
      ),
    {
      policy: 'short',
      concurrency: 2,
      batchSize: 100,
      retryLimit: 5,
      retryDelay: 1,
      expireInSeconds: 60,
      pollSeconds: 0.5,
    },
  );
  defineBatchQueue<{ id: string }>(
    deps,
    Q_DELIVER,
    (items) =>
      deliverWebhooks(
        deps,
        items.map((d) => d.id),
      ),
    {
      policy: 'short',
      concurrency: 2,
      batchSize: 50,
      retryLimit: 3,
      retryDelay: 1,
      expireInSeconds: 60,
      pollSeconds: 0.5,
    },
  );
  defineTicker(deps, 'sandbox', SANDBOX_TIMING.sweepEveryMs, sweepSandbox);
}
