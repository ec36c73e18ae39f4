// Provider webhooks: verified over the raw body, stored once per event id, acknowledged at once and
// processed by a job that re-verifies transfers with the provider before settling them.
import { and, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { defineBatchQueue, defineTicker, sendJob, sendJobSoon } from '../../platform/jobs';
import { railsOf } from '../../rails';
import type { ChargeRecord, RailsEvent } from '../../rails/port';
import { creditDeposit, creditDeposits, type CreditDepositInput } from '../money';
import { settleTransfer, settleTransfers, type SettleOutcome } from '../money';
import { outcomeOf } from './dispatcher';
import { railsWebhookEvents } from './tables';

export const Q_WEBHOOK = 'rails.webhook';

/** Stores a verified event; false when the same event was already received (acknowledged, ignored). */
export async function recordWebhookEvent(
  deps: AppDeps,
  provider: string,
  ev: RailsEvent,
): Promise<{ id: string | null; duplicate: boolean }> {
  const [row] = await deps.db
    .insert(railsWebhookEvents)
    .values({
      provider,
      eventId: ev.eventId,
      event: ev.event,
      reference: ev.reference,
      payload: ev,
    })
    .onConflictDoNothing()
    .returning({ id: railsWebhookEvents.id });
  if (!row) return { id: null, duplicate: true };
  // A transfer's outcome settles money already held, and is cheap: it goes before waiting deposits,
  // so a flood of collections never holds up the settlements they started.
  sendJobSoon(
    deps,
    Q_WEBHOOK,
    { id: row.id },
    { singletonKey: row.id, priority: ev.event === 'charge.success' ? 0 : 1 },
  );
  return { id: row.id, duplicate: false };
}

/** What an event does to our books; every path is idempotent (duplicates and reordering change nothing). */
async function applyEvent(deps: AppDeps, provider: string, ev: RailsEvent): Promise<string> {
  const rails = railsOf(deps);
  if (ev.event === 'charge.success') {
    const [c] = await confirmCharges(deps, provider, [ev]);
    return 'refused' in c ? c.refused : depositResult(await creditDeposit(deps, c.deposit));
  }
  // Never trust the body's status: ask the provider what the transfer is now.
  const known = await rails.getTransfer(ev.reference);
  if (!known) return 'unknown-to-provider';
  const outcome = outcomeOf(known.status);
  if (!outcome) return 'not-final';
  try {
    const r = await settleTransfer(deps, {
      reference: ev.reference,
      outcome,
      reason: known.failureReason ?? undefined,
      providerRef: known.providerRef ?? undefined,
    });
    return r.changed ? `settled:${outcome}` : `unchanged:${r.transaction.status}`;
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 404) return 'unknown-reference';
    throw err;
  }
}

type ChargeEvent = Extract<RailsEvent, { event: 'charge.success' }>;

function depositOf(provider: string, ev: ChargeEvent): CreditDepositInput {
  return {
    accountNumber: ev.accountNumber,
    amount: ev.amount,
    providerRef: ev.reference,
    senderName: ev.senderName,
    sender: {
      accountNumber: ev.senderAccountNumber ?? null,
      bankCode: ev.senderBankCode ?? null,
      bankName: ev.senderBankName ?? null,
    },
    provider,
    currency: ev.currency ?? undefined,
  };
}

type Confirmed = { deposit: CreditDepositInput } | { refused: string };

/**
 * Never trust a deposit webhook's body: each charge is looked up in the provider's own books
 * (`getCharges`/`getCharge`) and credited only when that record says `success` for the same
 * reference, amount, account number (and currency, when both say). What is credited is the record's
 * (the narration too); the body only adds the sender's name and account. A charge the provider does
 * not confirm credits nothing: its result says why and a warning is logged (provider, reference,
 * reason; never the body, signature or secrets).
 */
export async function confirmCharges(
  deps: AppDeps,
  provider: string,
  events: ChargeEvent[],
): Promise<Confirmed[]> {
  const rails = railsOf(deps);
  const refs = [...new Set(events.map((e) => e.reference))];
  const known = new Map<string, ChargeRecord>();
  // A provider other than the configured rails has no books to ask: nothing of it is credited.
  if (rails.name === provider) {
    if (rails.getCharges) for (const [r, c] of await rails.getCharges(refs)) known.set(r, c);
    else
      for (const r of refs) {
        const c = await rails.getCharge(r);
        if (c) known.set(r, c);
      }
  }
  return events.map((ev) => {
    const rec = known.get(ev.reference);
    const refused = !rec
      ? 'unknown-to-provider'
      : rec.status !== 'success'
        ? 'not-successful-at-provider'
        : rec.amount !== ev.amount ||
            rec.accountNumber !== ev.accountNumber ||
            (rec.currency && ev.currency && rec.currency !== ev.currency)
          ? 'differs-from-provider'
          : null;
    if (refused) {
      if (deps.config.LOG_LEVEL !== 'silent')
        console.warn(
          `[rails] deposit not credited (${refused}): provider=${provider} reference=${ev.reference}`,
        );
      return { refused };
    }
    return {
      deposit: {
        ...depositOf(provider, ev),
        currency: rec!.currency ?? ev.currency ?? undefined,
        narration: rec!.narration ?? undefined,
      },
    };
  });
}

const depositResult = (r: { credited: boolean; transactionId: string | null }) =>
  r.credited ? 'credited' : r.transactionId ? 'already-credited' : 'suspense-or-duplicate';

export async function processWebhookEvent(deps: AppDeps, id: string): Promise<void> {
  return processWebhookEvents(deps, [id]);
}

type EventRow = typeof railsWebhookEvents.$inferSelect;
type Applied = { id: string; result: string };
/** One processing run of a batch: what was applied, what failed (the first error is thrown at the end). */
type Run = {
  deps: AppDeps;
  done: Applied[];
  failed: { id: string; error: string }[];
  firstError: unknown;
};

/**
 * Applies stored events, a batch at a time: their attempts counted in one statement (events already
 * processed are skipped), each applied (events of one reference in the order received, different
 * references at once), the results and errors written in one statement each. A failure is thrown
 * after the others are recorded, so the queue, then the sweep, retries the batch: what was
 * processed is skipped then.
 */
export async function processWebhookEvents(deps: AppDeps, ids: string[]): Promise<void> {
  const all = await deps.db
    .update(railsWebhookEvents)
    .set({ attempts: sql`${railsWebhookEvents.attempts} + 1` })
    .where(and(inArray(railsWebhookEvents.id, [...new Set(ids)]), isNull(railsWebhookEvents.processedAt)))
    .returning();
  all.sort((x, y) => x.receivedAt.getTime() - y.receivedAt.getTime());
  // Deposits are credited together (one transaction for the batch, see creditDeposits); transfer
  // outcomes one by one, events of one reference in the order received.
  const charges = all.filter((r) => r.event === 'charge.success');
  const rows = all.filter((r) => r.event !== 'charge.success');
  const byReference = new Map<string, typeof rows>();
  for (const r of rows) byReference.set(r.reference, [...(byReference.get(r.reference) ?? []), r]);
  const run: Run = { deps, done: [], failed: [], firstError: null };
  await Promise.all([creditCharges(run, charges), settleAll(run, byReference)]);
  await recordRun(run);
}

/** The run's results and errors, one statement each; then its first error, thrown. */
async function recordRun({ deps, done, failed, firstError }: Run) {
  if (done.length)
    await deps.db.execute(sql`
      update rails_webhook_events e set processed_at = now(), result = x.result, last_error = null
      from json_to_recordset(${JSON.stringify(done)}::json) as x(id uuid, result text) where e.id = x.id`);
  if (failed.length) {
    await deps.db.execute(sql`
      update rails_webhook_events e set last_error = x.error
      from json_to_recordset(${JSON.stringify(failed)}::json) as x(id uuid, error text) where e.id = x.id`);
    throw firstError; // retried by the queue, then by the sweep
  }
}

async function applyOne(run: Run, row: EventRow) {
  try {
    run.done.push({
      id: row.id,
      result: await applyEvent(run.deps, row.provider, row.payload as unknown as RailsEvent),
    });
  } catch (err) {
    run.firstError ??= err;
    run.failed.push({ id: row.id, error: String((err as Error).message).slice(0, 500) });
  }
}

/** The deposits of the batch, credited together when there are several; else (or on an error) one by one. */
async function creditCharges(run: Run, charges: EventRow[]) {
  if (!charges.length) return;
  const { deps } = run;
  let results: { credited: boolean; transactionId: string | null }[] | null = null;
  const confirmed: { id: string; deposit: CreditDepositInput }[] = [];
  const refused: Applied[] = [];
  if (charges.length > 1)
    try {
      // One provider per batch in practice (the configured rails); confirmed per provider anyway.
      for (const provider of new Set(charges.map((r) => r.provider))) {
        const mine = charges.filter((r) => r.provider === provider);
        const answers = await confirmCharges(
          deps,
          provider,
          mine.map((r) => r.payload as unknown as ChargeEvent),
        );
        for (const [i, c] of answers.entries())
          if ('refused' in c) refused.push({ id: mine[i].id, result: c.refused });
          else confirmed.push({ id: mine[i].id, deposit: c.deposit });
      }
      results = await creditDeposits(
        deps,
        confirmed.map((c) => c.deposit),
      );
    } catch {
      results = null; // one bad deposit must not hold up the others: each on its own below
    }
  if (results) {
    run.done.push(...refused);
    for (const [i, r] of results.entries()) run.done.push({ id: confirmed[i].id, result: depositResult(r) });
  } else for (const row of charges) await applyOne(run, row);
}

/** Transfer outcomes one reference at a time (references at once), events of one reference in order. */
const oneByOne = (run: Run, byReference: Map<string, EventRow[]>) =>
  Promise.all(
    [...byReference.values()].map(async (events) => {
      for (const row of events) await applyOne(run, row);
    }),
  );

/**
 * Transfer outcomes of many references: the provider asked once (getTransfers) and every final
 * one settled by settleTransfers (set-based), when the rails can; else (or on an error) one by one.
 */
async function settleAll(run: Run, byReference: Map<string, EventRow[]>) {
  const { deps } = run;
  const refs = [...byReference.keys()];
  const rails = railsOf(deps);
  if (refs.length < 2 || !rails.getTransfers) return oneByOne(run, byReference);
  const mine: Applied[] = [];
  try {
    const known = await rails.getTransfers(refs);
    const final: { reference: string; outcome: SettleOutcome; reason?: string; providerRef?: string }[] = [];
    for (const ref of refs) {
      const k = known.get(ref);
      const outcome = k ? outcomeOf(k.status) : null;
      if (k && outcome)
        final.push({
          reference: ref,
          outcome,
          reason: k.failureReason ?? undefined,
          providerRef: k.providerRef ?? undefined,
        });
      else
        for (const row of byReference.get(ref)!)
          mine.push({ id: row.id, result: k ? 'not-final' : 'unknown-to-provider' });
    }
    const settled = await settleTransfers(deps, final);
    // Each reference's later events apply the same (current) outcome again: they change nothing.
    for (const [i, r] of settled.entries())
      for (const [j, row] of byReference.get(final[i].reference)!.entries())
        mine.push({
          id: row.id,
          result: !r
            ? 'unknown-reference'
            : j === 0 && r.changed
              ? `settled:${final[i].outcome}`
              : `unchanged:${r.transaction.status}`,
        });
  } catch {
    return oneByOne(run, byReference); // what settled is final: the single path then answers `unchanged`
  }
  run.done.push(...mine);
}

export async function sweepWebhookEvents(deps: AppDeps): Promise<void> {
  const rows = await deps.db
    .select({ id: railsWebhookEvents.id })
    .from(railsWebhookEvents)
    .where(
      and(
        isNull(railsWebhookEvents.processedAt),
        lt(railsWebhookEvents.attempts, 50),
        lt(railsWebhookEvents.receivedAt, sql`now() - interval '3 seconds'`),
      ),
    )
    .limit(500);
  for (const r of rows) await sendJob(deps, Q_WEBHOOK, { id: r.id }, { singletonKey: r.id });
}

export function registerWebhookJobs(deps: AppDeps) {
  defineBatchQueue<{ id: string }>(
    deps,
    Q_WEBHOOK,
    (items) =>
      processWebhookEvents(
        deps,
        items.map((d) => d.id),
      ),
    {
      policy: 'short',
      concurrency: 2,
      batchSize: 50,
      retryLimit: 10,
      retryDelay: 1,
      retryBackoff: true,
      expireInSeconds: 60,
      pollSeconds: 0.5,
    },
  );
  defineTicker(deps, 'webhooks', 3000, sweepWebhookEvents);
}
