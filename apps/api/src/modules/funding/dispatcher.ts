// The rails side of payouts: pending payout transactions are sent to the provider with their own
// reference (so a retry never pays twice), marked processing on acceptance, and settled from the
// provider's answer. Jobs make it prompt; the sweep makes it crash-proof (docs/rails-sandbox.md).
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { AppDeps } from '../../platform/deps';
import { defineQueue, defineTicker, sendJob, sendJobSoon, sendJobs } from '../../platform/jobs';
import { RailsError } from '../../rails/errors';
import { railsOf } from '../../rails';
import type { ForeignBeneficiary, TransferRequest, TransferResult } from '../../rails/port';
import { markProcessing, markProcessingMany, settleTransfer, type SettleOutcome } from '../money';
import { transactions } from '../../platform/schema';

export const Q_DISPATCH = 'rails.dispatch';
/** A bulk run's transfers, DISPATCH_BATCH to a job, sent by the rails' bulk call when it has one. */
export const Q_DISPATCH_MANY = 'rails.dispatch-many';
const DISPATCH_BATCH = 100;
export const Q_VERIFY = 'rails.verify';

export const DISPATCH_TIMING = {
  sweepEveryMs: 3000,
  /** A pending payout older than this without a live job is (re)sent. */
  pendingAfterSeconds: 5,
  /** A processing payout not settled after this is re-verified with the provider. */
  staleProcessingSeconds: 60,
};

/** Final provider statuses as ledger outcomes; null while the provider has not decided. */
export function outcomeOf(status: TransferResult['status']): SettleOutcome | null {
  if (status === 'success') return 'success';
  if (status === 'reversed') return 'reversed';
  if (status === 'failed' || status === 'abandoned' || status === 'blocked' || status === 'rejected')
    return 'failed';
  return null;
}

/** Call right after startTransfer commits; a lost call is recovered by the sweep. */
export function dispatchSoon(deps: AppDeps, reference: string): void {
  sendJobSoon(deps, Q_DISPATCH, { reference }, { singletonKey: reference });
}

/**
 * dispatchSoon for many transfers (a bulk disbursement, a payroll run): one job per 100 transfers,
 * sent through the provider's bulk call when it has one; the sweep covers a lost call.
 */
export function dispatchManySoon(deps: AppDeps, references: string[]): void {
  const jobs = [];
  for (let i = 0; i < references.length; i += DISPATCH_BATCH)
    jobs.push({ data: { references: references.slice(i, i + DISPATCH_BATCH) } });
  sendJobs(deps, Q_DISPATCH_MANY, jobs).catch((err) => {
    if (deps.config.LOG_LEVEL !== 'silent')
      console.error(`[jobs] could not enqueue ${Q_DISPATCH_MANY}:`, (err as Error).message);
  });
}

async function payoutByReference(deps: AppDeps, reference: string) {
  const [t] = await deps.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.reference, reference), eq(transactions.type, 'payout')));
  return t ?? null;
}

/** Applies what the provider says about a transfer: settle when final, else mark processing. */
export async function applyProviderStatus(
  deps: AppDeps,
  reference: string,
  r: TransferResult,
): Promise<void> {
  const outcome = outcomeOf(r.status);
  if (outcome) {
    await settleTransfer(deps, {
      reference,
      outcome,
      reason: r.failureReason ?? undefined,
      providerRef: r.providerRef ?? undefined,
    });
    return;
  }
  await markProcessing(deps.db, reference, r.providerRef, railsOf(deps).name);
}

/** The wire a payout transaction carries in `metadata.wire` (see payouts' startPayment). */
export type WireMetadata = {
  currency: 'USD' | 'GBP';
  amount: number;
  rate: string;
  beneficiary: ForeignBeneficiary;
};

/** Sends one pending payout to the provider (idempotent by reference). */
export async function dispatchTransfer(deps: AppDeps, reference: string): Promise<void> {
  const t = await payoutByReference(deps, reference);
  if (!t || t.status !== 'pending' || !railsCarries(t)) return;
  await sendToProvider(deps, t);
}

/** What the rails are asked to carry for a payout; a RailsError('rejected') when they cannot. */
function requestOf(t: typeof transactions.$inferSelect, railsName: string): TransferRequest {
  const { reference, counterparty: cp } = t;
  if (!cp.bankCode || !cp.accountNumber)
    throw new RailsError('rejected', 'Transfer has no beneficiary bank account');
  // A wire (pay-someone USD/GBP): the hold is in the wallet's currency, the rails carry what the
  // recipient gets in theirs (metadata.wire, fixed at creation by the exchange quote).
  const wire = (t.metadata as { wire?: WireMetadata } | null)?.wire;
  if (wire)
    return {
      reference,
      amount: wire.amount,
      currency: wire.currency,
      bankCode: cp.bankCode,
      accountNumber: cp.accountNumber,
      accountName: cp.accountName ?? cp.name ?? '',
      reason: t.narration ?? undefined,
      beneficiary: wire.beneficiary,
    };
  if (t.currency !== 'NGN')
    throw new RailsError('rejected', `${t.currency} bank transfers are not supported by ${railsName}`);
  return {
    reference,
    amount: t.amount,
    currency: 'NGN',
    bankCode: cp.bankCode,
    accountNumber: cp.accountNumber,
    accountName: cp.accountName ?? cp.name ?? '',
    reason: t.narration ?? undefined,
  };
}

async function sendToProvider(deps: AppDeps, t: typeof transactions.$inferSelect): Promise<void> {
  const rails = railsOf(deps);
  const { reference } = t;
  let result: TransferResult;
  try {
    result = await rails.createTransfer(requestOf(t, rails.name));
  } catch (err) {
    if (!(err instanceof RailsError && err.kind === 'rejected')) throw err; // unknown outcome: retry with the same reference
    return refused(deps, reference, err);
  }
  await applyProviderStatus(deps, reference, result);
}

/** Refused; but if the provider holds a transfer under this reference, its status wins. */
async function refused(deps: AppDeps, reference: string, err: RailsError): Promise<void> {
  const known = await railsOf(deps).getTransfer(reference);
  if (known) return applyProviderStatus(deps, reference, known);
  await settleTransfer(deps, { reference, outcome: 'failed', reason: err.message });
}

/**
 * Sends a bulk run's pending payouts: one read, the provider's bulk call (else one by one), and the
 * accepted ones marked processing in one statement. A refusal or a final answer takes the single
 * transfer's path; an unknown outcome goes back to a single dispatch job (same reference, so never
 * paid twice). Anything not pending any more (sent by the sweep meanwhile) is skipped.
 */
export async function dispatchTransfers(deps: AppDeps, references: string[]): Promise<void> {
  const rails = railsOf(deps);
  const rows = (
    await deps.db
      .select()
      .from(transactions)
      .where(
        and(
          inArray(transactions.reference, references),
          eq(transactions.type, 'payout'),
          eq(transactions.status, 'pending'),
        ),
      )
  ).filter(railsCarries);
  if (!rails.createTransfers) {
    for (const t of rows) await sendToProvider(deps, t);
    return;
  }
  const sendable: { t: (typeof rows)[number]; req: TransferRequest }[] = [];
  for (const t of rows) {
    try {
      sendable.push({ t, req: requestOf(t, rails.name) });
    } catch (err) {
      if (!(err instanceof RailsError)) throw err;
      await refused(deps, t.reference, err);
    }
  }
  if (!sendable.length) return;
  const results = await rails.createTransfers(sendable.map((s) => s.req));
  const accepted: { reference: string; providerRef: string | null }[] = [];
  for (const [i, r] of results.entries()) {
    const { reference } = sendable[i].t;
    if (r instanceof RailsError) {
      if (r.kind === 'rejected') await refused(deps, reference, r);
      else dispatchSoon(deps, reference);
    } else if (outcomeOf(r.status)) await applyProviderStatus(deps, reference, r);
    else accepted.push({ reference, providerRef: r.providerRef });
  }
  await markProcessingMany(deps.db, accepted, rails.name);
}

/** Re-verifies a payout in flight with the provider and settles it when final. */
export async function verifyTransfer(deps: AppDeps, reference: string): Promise<void> {
  const t = await payoutByReference(deps, reference);
  if (!t || (t.status !== 'processing' && t.status !== 'pending') || !railsCarries(t)) return;
  const known = await railsOf(deps).getTransfer(reference);
  // The provider never saw it (the request was lost): send it again under the same reference.
  if (!known) return sendToProvider(deps, t);
  const outcome = outcomeOf(known.status);
  if (outcome)
    await settleTransfer(deps, {
      reference,
      outcome,
      reason: known.failureReason ?? undefined,
      providerRef: known.providerRef ?? undefined,
    });
  else if (t.status === 'pending')
    await markProcessing(deps.db, reference, known.providerRef, railsOf(deps).name);
}

/**
 * Payouts another provider carries (electricity vendings: the marketplace's vending port settles their
 * holds) are never sent to the bank rails.
 */
export const NOT_RAILS_SOURCES = ['vending'] as const;
const railsCarries = (t: { sourceType: string | null }) =>
  !(NOT_RAILS_SOURCES as readonly string[]).includes(t.sourceType ?? '');
const railsSourceSql = sql`coalesce(${transactions.sourceType}, '') not in ('vending')`;

export async function sweepPayouts(deps: AppDeps): Promise<void> {
  const pending = await deps.db
    .select({ reference: transactions.reference })
    .from(transactions)
    .where(
      and(
        eq(transactions.type, 'payout'),
        eq(transactions.status, 'pending'),
        railsSourceSql,
        lt(
          transactions.updatedAt,
          sql`now() - make_interval(secs => ${DISPATCH_TIMING.pendingAfterSeconds})`,
        ),
      ),
    )
    .limit(500);
  for (const t of pending)
    await sendJob(deps, Q_DISPATCH, { reference: t.reference }, { singletonKey: t.reference });
  const stale = await deps.db
    .select({ reference: transactions.reference })
    .from(transactions)
    .where(
      and(
        eq(transactions.type, 'payout'),
        inArray(transactions.status, ['processing']),
        railsSourceSql,
        lt(
          transactions.updatedAt,
          sql`now() - make_interval(secs => ${DISPATCH_TIMING.staleProcessingSeconds})`,
        ),
      ),
    )
    .limit(500);
  // At most one re-verification per transfer per interval: a long-pending one must not flood the provider.
  for (const t of stale)
    await sendJob(
      deps,
      Q_VERIFY,
      { reference: t.reference },
      { singletonKey: t.reference, singletonSeconds: DISPATCH_TIMING.staleProcessingSeconds },
    );
}

export function registerDispatcher(deps: AppDeps) {
  defineQueue<{ reference: string }>(deps, Q_DISPATCH, (d) => dispatchTransfer(deps, d.reference), {
    policy: 'short',
    concurrency: 2,
    batchSize: 25,
    retryLimit: 8,
    retryDelay: 1,
    retryBackoff: true,
    expireInSeconds: 60,
    pollSeconds: 0.5,
  });
  defineQueue<{ references: string[] }>(deps, Q_DISPATCH_MANY, (d) => dispatchTransfers(deps, d.references), {
    concurrency: 2,
    retryLimit: 8,
    retryDelay: 1,
    retryBackoff: true,
    expireInSeconds: 120,
    pollSeconds: 0.5,
  });
  defineQueue<{ reference: string }>(deps, Q_VERIFY, (d) => verifyTransfer(deps, d.reference), {
    policy: 'short',
    concurrency: 2,
    retryLimit: 3,
    retryDelay: 5,
    expireInSeconds: 60,
  });
  defineTicker(deps, 'payouts', DISPATCH_TIMING.sweepEveryMs, sweepPayouts);
}
