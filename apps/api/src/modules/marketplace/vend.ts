// Vending (jobs): an approved order's vendings sent to the provider, each under its attempt's
// request id and only after `authorizeOutflow` finds the order as approved (issue 34 §1: else the
// hold is released, nothing is vended); a pending or unknown vend is requeried by a job, and a
// ticker sweeps the stale ones. A final outcome settles the hold once.
import { and, asc, eq, sql } from 'drizzle-orm';
import { PLACEHOLDER_TOKEN } from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { defineQueue, defineTicker, sendJob } from '../../platform/jobs';
import { emitAreaEvent } from '../developers';
import { authorizeOutflow, isOutflowRefusal, settleTransfer } from '../money';
import { VendUnknownOutcome, type VendResult } from './provider/port';
import { vendingOf } from './provider/registry';
import { orderManifest, referenceOf, requestIdOf, type VendingRow } from './shared';
import { vendings } from './tables';

export const Q_VEND = 'marketplace-vend';
export const Q_REQUERY = 'marketplace-requery';
export const VEND_TIMING = {
  requeryAfterSeconds: 2,
  maxRequeries: 60,
  staleSeconds: 30,
  sweepEveryMs: 15_000,
  concurrency: 16,
};

/** Applies a final provider outcome once: the hold is settled (success) or released (failed). */
export async function finalizeVend(deps: AppDeps, vendingId: string, r: VendResult): Promise<boolean> {
  if (r.status === 'pending') return false;
  const [v] = await deps.db.select().from(vendings).where(eq(vendings.id, vendingId));
  if (!v || v.state !== 'vending') return false;
  const ref = await referenceOf(deps.db, v.transactionId);
  if (!ref || ref !== r.requestId) return false;
  const success = r.status === 'success';
  // The money core settles the hold exactly once (row lock + status check in its own transaction); a
  // repeat after a crash between the two steps changes nothing there and completes the vending here.
  const { transaction: t } = await settleTransfer(deps, {
    reference: ref,
    outcome: success ? 'success' : 'failed',
    reason: r.failureReason ?? undefined,
    providerRef: r.orderId ?? undefined,
  });
  const state =
    t.status === 'success' ? 'success' : t.status === 'failed' || t.status === 'reversed' ? 'failed' : null;
  if (!state) return false;
  const failureReason = state === 'success' ? null : (t.failureReason ?? r.failureReason ?? 'Vend failed');
  const token = r.token ?? (success && v.meta.vendType === 'prepaid' ? PLACEHOLDER_TOKEN : null);
  // The vending's final state and its `vending` webhook event commit together.
  return completeVending(deps, v, r, { state, failureReason, token, transactionId: t.id });
}

type Outcome = {
  state: 'success' | 'failed';
  failureReason: string | null;
  token: string | null;
  transactionId: string;
};

/** The vending's final state and response, and its `vending` webhook event, in one transaction. */
function completeVending(deps: AppDeps, v: VendingRow, r: VendResult, o: Outcome): Promise<boolean> {
  const { state, failureReason, token } = o;
  return deps.db.transaction(async (tx) => {
    const [done] = await tx
      .update(vendings)
      .set({
        state,
        failureReason,
        response: {
          token,
          units: r.units,
          receiptNo: r.receiptNo,
          orderId: r.orderId,
          debtAmountMinor: r.debtAmountMinor,
          debtRemainingMinor: r.debtRemainingMinor,
        },
        updatedAt: sql`now()`,
      })
      .where(and(eq(vendings.id, v.id), eq(vendings.state, 'vending')))
      .returning({ id: vendings.id });
    if (!done) return false;
    // The electricity token is the one token a webhook carries (what was bought); only on success.
    await emitAreaEvent(tx, {
      accountId: v.accountId,
      event: 'vending',
      id: v.id,
      reference: v.reference,
      status: state,
      amountMinor: v.amountMinor,
      currency: v.currency,
      key: `${state}:${o.transactionId}`,
      extra: {
        transactionId: o.transactionId,
        meter: v.meta.meter,
        disco: v.meta.disco,
        vendType: v.meta.vendType,
        ...(state === 'success'
          ? { token, units: r.units ?? null, receiptNo: r.receiptNo ?? null }
          : { failureReason }),
      },
    });
    return true;
  });
}

async function scheduleRequery(deps: AppDeps, vendingId: string, requeries: number) {
  await deps.db
    .update(vendings)
    .set({ requeries: sql`${vendings.requeries} + 1`, updatedAt: sql`now()` })
    .where(eq(vendings.id, vendingId));
  if (requeries >= VEND_TIMING.maxRequeries) return; // the sweep keeps asking, less often
  await sendJob(deps, Q_REQUERY, { vendingId }, { startAfterSeconds: VEND_TIMING.requeryAfterSeconds });
}

/**
 * The money leaves at the vend: the order must still be what its final approval covered
 * (`authorizeOutflow`). Answers the refusal's reason (409 OutflowRefused), or null when it may vend.
 */
async function vendRefusal(deps: AppDeps, v: VendingRow): Promise<string | null> {
  const manifest = await orderManifest(deps.db, v.accountId, v.orderId);
  if (!manifest) return 'The vending order no longer exists';
  try {
    await authorizeOutflow(deps.db, {
      accountId: v.accountId,
      authority: { approval: 'marketplace', resourceId: v.orderId },
      manifest,
    });
    return null;
  } catch (err) {
    if (isOutflowRefusal(err)) return err.message;
    throw err;
  }
}

/** Sends one approved vending to the provider under its attempt's request id (idempotent there). */
export async function vendOne(deps: AppDeps, v: VendingRow): Promise<void> {
  if (v.state !== 'vending') return;
  const requestId = requestIdOf(v);
  const refused = await vendRefusal(deps, v);
  if (refused) {
    // Nothing reaches the provider: the hold is released and the vending fails with the reason.
    await finalizeVend(deps, v.id, {
      requestId,
      status: 'failed',
      token: null,
      units: null,
      receiptNo: null,
      orderId: null,
      debtAmountMinor: null,
      debtRemainingMinor: null,
      failureReason: refused,
    });
    return;
  }
  let r: VendResult;
  try {
    r = await vendingOf(deps).vend({
      requestId,
      disco: v.meta.disco,
      meterNo: v.meta.meter,
      vendType: v.meta.vendType,
      amountMinor: v.amountMinor,
      phone: v.meta.phoneNo,
    });
  } catch (err) {
    if (!(err instanceof VendUnknownOutcome)) throw err;
    return scheduleRequery(deps, v.id, v.requeries); // unknown: requery the same request id, never re-vend blindly
  }
  if (!(await finalizeVend(deps, v.id, r)) && r.status === 'pending')
    await scheduleRequery(deps, v.id, v.requeries);
}

export async function vendOrder(deps: AppDeps, orderId: string): Promise<void> {
  const todo = await deps.db
    .select()
    .from(vendings)
    .where(and(eq(vendings.orderId, orderId), eq(vendings.state, 'vending')))
    .orderBy(asc(vendings.createdAt), asc(vendings.id));
  let i = 0;
  const worker = async () => {
    while (i < todo.length) {
      const v = todo[i++];
      await vendOne(deps, v);
    }
  };
  await Promise.all(Array.from({ length: Math.min(VEND_TIMING.concurrency, todo.length) }, worker));
}

/** A pending or unknown vend: ask the provider by request id; never seen -> send again (same id). */
export async function requeryVending(deps: AppDeps, vendingId: string): Promise<void> {
  const [v] = await deps.db.select().from(vendings).where(eq(vendings.id, vendingId));
  if (!v || v.state !== 'vending') return;
  const r = await vendingOf(deps)
    .requery(requestIdOf(v))
    .catch((err) => {
      if (err instanceof VendUnknownOutcome) return undefined;
      throw err;
    });
  if (r === null) return vendOne(deps, v);
  if (r && (await finalizeVend(deps, v.id, r))) return;
  await scheduleRequery(deps, v.id, v.requeries);
}

export async function sweepVendings(deps: AppDeps): Promise<void> {
  const stale = await deps.db
    .select({ id: vendings.id })
    .from(vendings)
    .where(
      and(
        eq(vendings.state, 'vending'),
        sql`${vendings.updatedAt} < now() - make_interval(secs => ${VEND_TIMING.staleSeconds})`,
      ),
    )
    .limit(500);
  for (const v of stale)
    await sendJob(
      deps,
      Q_REQUERY,
      { vendingId: v.id },
      { singletonKey: v.id, singletonSeconds: VEND_TIMING.staleSeconds },
    );
}

export function registerVendingJobs(deps: AppDeps) {
  defineQueue<{ orderId: string }>(deps, Q_VEND, (d) => vendOrder(deps, d.orderId), {
    policy: 'short',
    concurrency: 2,
    retryLimit: 8,
    retryDelay: 1,
    retryBackoff: true,
    expireInSeconds: 300,
    pollSeconds: 0.5,
  });
  defineQueue<{ vendingId: string }>(deps, Q_REQUERY, (d) => requeryVending(deps, d.vendingId), {
    policy: 'standard',
    concurrency: 4,
    retryLimit: 5,
    retryDelay: 2,
    expireInSeconds: 60,
    pollSeconds: 0.5,
  });
  defineTicker(deps, 'vendings', VEND_TIMING.sweepEveryMs, sweepVendings);
}
