// Marketplace (issue 26): meters verified with the vending provider, electricity orders held through
// the money core at creation (money/outflow.ts `reserveOutflow`), approved through the approvals
// engine (type `marketplace`, one approval per order, its manifest: every meter's amount, disco and
// number, the wallet), then vended per meter with its own request id, each vend only after
// `authorizeOutflow` finds the order as approved (issue 34 §1: else the hold is released, nothing is
// vended); a pending vend is requeried by a job.
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  DISCOS,
  formatMoney,
  fromMinor,
  MARKETPLACE_MSG as MSG,
  PLACEHOLDER_TOKEN,
  type Meter,
  type MeterAddBody,
  type Vending,
  type VendingCreateInput,
  type VendingDetail,
  type VendStatus,
} from '@owo/contract';
import type { Db, DbOrTx, Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest, conflict, notFound, unprocessable } from '../../platform/errors';
import type { TenantContext } from '../../platform/guard';
import { preparedPage } from '../../platform/list';
import { defineQueue, defineTicker, sendJob } from '../../platform/jobs';
import { escapeLike, newReference } from '../../platform/text';
import { budgetCheck } from '../categories';
import { emitAreaEvent } from '../developers';
import {
  authorizeOutflow,
  batchManifest,
  getWallet,
  isOutflowRefusal,
  reserveOutflow,
  settleTransfer,
  type OutflowDraft,
} from '../money';
import {
  approvalOf,
  registerApprovable,
  resubmitForApproval,
  submitForApproval,
  type HandlerContext,
} from '../approvals';
import { VendUnknownOutcome, type VendResult } from './provider/port';
import { vendingOf } from './provider/registry';
import { meters, vendingOrders, vendings, type VendingMeta } from './tables';
import { transactions } from '../../platform/schema';

type MeterRow = typeof meters.$inferSelect;
type VendingRow = typeof vendings.$inferSelect;

export const Q_VEND = 'marketplace-vend';
export const Q_REQUERY = 'marketplace-requery';
export const VEND_TIMING = {
  requeryAfterSeconds: 2,
  maxRequeries: 60,
  staleSeconds: 30,
  sweepEveryMs: 15_000,
  concurrency: 16,
};

const requestIdOf = (v: Pick<VendingRow, 'reference' | 'attempt'>) => `${v.reference}-${v.attempt}`;

// ---- meters ----

export const listDiscos = () => [...DISCOS];

export function meterDto(m: MeterRow): Meter {
  return {
    id: m.id,
    meterNo: m.meterNo,
    name: m.name,
    address: m.address,
    disco: m.disco,
    vendType: m.vendType,
    label: m.label,
    phoneNo: m.phoneNo,
    email: m.email,
    state: m.state,
    createdAt: m.createdAt.toISOString(),
  };
}

export async function verifyMeter(
  deps: AppDeps,
  q: { disco: string; meterNo: string; vendType: 'prepaid' | 'postpaid' },
) {
  const found = await vendingOf(deps).verifyMeter(q);
  if (!found) throw unprocessable(MSG.verificationFailed, { meterNo: [MSG.verificationFailed] });
  return { ...q, ...found };
}

export async function addMeter(
  deps: AppDeps,
  p: {
    accountId: string;
    userId: string;
    body: Omit<MeterAddBody, 'label' | 'email' | 'name'> & { label?: string | null };
  },
): Promise<Meter> {
  const b = p.body;
  const [dup] = await deps.db
    .select({ id: meters.id })
    .from(meters)
    .where(and(eq(meters.accountId, p.accountId), eq(meters.disco, b.disco), eq(meters.meterNo, b.meterNo)));
  if (dup) throw conflict(MSG.meterDuplicate, { meterNo: [MSG.meterDuplicate] });
  // The stored name and address are the provider's, never what the form sent.
  const v = await verifyMeter(deps, { disco: b.disco, meterNo: b.meterNo, vendType: b.vendType });
  const [row] = await deps.db
    .insert(meters)
    .values({
      accountId: p.accountId,
      meterNo: b.meterNo,
      disco: b.disco,
      vendType: b.vendType,
      name: v.name,
      address: v.address,
      label: b.label?.trim() ? b.label.trim() : null,
      phoneNo: b.phoneNo,
      email: '',
      state: b.state,
      createdBy: p.userId,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict(MSG.meterDuplicate, { meterNo: [MSG.meterDuplicate] });
  return meterDto(row);
}

const P = (n: string) => sql.placeholder(n);
const metersPage = preparedPage('marketplace_meters', meters, {
  columns: {
    id: meters.id,
    meterNo: meters.meterNo,
    name: meters.name,
    address: meters.address,
    disco: meters.disco,
    vendType: meters.vendType,
    label: meters.label,
    phoneNo: meters.phoneNo,
    email: meters.email,
    state: meters.state,
    createdAt: meters.createdAt,
    accountId: meters.accountId,
    createdBy: meters.createdBy,
  },
  where: and(
    eq(meters.accountId, P('accountId')),
    sql`(${P('disco')}::text is null or ${meters.disco} = ${P('disco')})`,
    sql`(${P('vendType')}::text is null or ${meters.vendType} = ${P('vendType')})`,
    sql`(${P('like')}::text is null or ${meters.meterNo} ilike ${P('like')} or ${meters.name} ilike ${P('like')} or ${meters.label} ilike ${P('like')})`,
  )!,
  orderBy: [desc(meters.createdAt), desc(meters.id)],
});

export async function listMeters(
  db: Db,
  accountId: string,
  q: { page: number; limit: number; search?: string; disco?: string; vendType?: string },
) {
  const { rows, total } = await metersPage(
    db,
    {
      accountId,
      disco: q.disco ?? null,
      vendType: q.vendType ?? null,
      like: q.search ? `%${escapeLike(q.search)}%` : null,
    },
    q,
  );
  return { items: rows.map((r) => meterDto(r as MeterRow)), total };
}

export async function getMeter(db: DbOrTx, accountId: string, id: string): Promise<Meter> {
  const [m] = await db
    .select()
    .from(meters)
    .where(and(eq(meters.id, id), eq(meters.accountId, accountId)));
  if (!m) throw new AppError(404, 'not-found', MSG.meterNotFound);
  return meterDto(m);
}

export async function deleteMeter(db: Db, accountId: string, id: string): Promise<Meter> {
  const [m] = await db
    .delete(meters)
    .where(and(eq(meters.id, id), eq(meters.accountId, accountId)))
    .returning();
  if (!m) throw new AppError(404, 'not-found', MSG.meterNotFound);
  return meterDto(m);
}

// ---- vendings: creation (one service for vendings/create and electricity/asset/bulk) ----

/** What a vending pays (the manifest's row): its amount to its meter at its disco, no fee (001 §9). */
const vendingDraft = (v: VendingRow, walletId: string): OutflowDraft => ({
  amountMinor: v.amountMinor,
  currency: v.currency,
  walletId,
  bankCode: 'electricity',
  bankName: v.meta.disco,
  accountNumber: v.meta.meter,
  accountName: `${v.meta.disco} meter ${v.meta.meter}`,
  payee: v.meterId,
  date: null,
  statedFeeMinor: 0, // 001 §9: electricity service charge is 0
});

/** The order's manifest (every vending in order, from the order's wallet): what its approval covers. */
async function orderManifest(db: DbOrTx, accountId: string, orderId: string) {
  const [order] = await db
    .select()
    .from(vendingOrders)
    .where(and(eq(vendingOrders.id, orderId), eq(vendingOrders.accountId, accountId)));
  if (!order) return null;
  const vs = await db
    .select()
    .from(vendings)
    .where(eq(vendings.orderId, orderId))
    .orderBy(asc(vendings.createdAt), asc(vendings.id));
  return batchManifest(
    db,
    accountId,
    vs.map((v) => vendingDraft(v, order.walletId)),
  );
}

/** Holds one vending's amount under a new attempt's request id (the payout transaction's reference). */
async function hold(
  tx: Tx,
  deps: AppDeps,
  v: VendingRow,
  walletId: string,
  makerUserId: string,
  attempt: number,
  opts: { deferUpdate?: boolean } = {},
): Promise<{ id: string; transactionId: string }> {
  const { transaction: t } = await reserveOutflow(tx, {
    accountId: v.accountId,
    authority: { approval: 'marketplace', resourceId: v.orderId },
    draft: vendingDraft(v, walletId),
    narration: `Electricity ${v.meta.disco} ${v.meta.meter}`,
    reference: requestIdOf({ reference: v.reference, attempt }),
    initiatedBy: makerUserId,
    sourceType: 'vending',
    sourceId: v.id,
    provider: `vending-${vendingOf(deps).name}`,
    metadata: { vertical: 'ELECTRICITY', meter: v.meta.meter, disco: v.meta.disco },
  });
  if (opts.deferUpdate) return { id: v.id, transactionId: t.id };
  await tx
    .update(vendings)
    .set({
      attempt,
      state: 'held',
      transactionId: t.id,
      response: null,
      failureReason: null,
      updatedAt: sql`now()`,
    })
    .where(eq(vendings.id, v.id));
  return { id: v.id, transactionId: t.id };
}

function checkAmount(deps: AppDeps, amountMinor: number, field: string) {
  const { ELECTRICITY_MIN_VEND_MINOR: min, ELECTRICITY_MAX_VEND_MINOR: max } = deps.config;
  if (amountMinor < min)
    throw badRequest(MSG.amountMin(formatMoney(min, 'NGN')), {
      [field]: [MSG.amountMin(formatMoney(min, 'NGN'))],
    });
  if (amountMinor > max)
    throw badRequest(MSG.amountMax(formatMoney(max, 'NGN')), {
      [field]: [MSG.amountMax(formatMoney(max, 'NGN'))],
    });
}

export async function createVendings(
  deps: AppDeps,
  p: { tenant: TenantContext; userId: string; body: VendingCreateInput },
): Promise<{ orderId: string; afterCommit: (() => Promise<void> | void)[] }> {
  const { accountId } = p.tenant;
  const wallet = await getWallet(deps.db, accountId, p.body.walletId);
  if (!wallet || wallet.currency !== 'NGN')
    throw unprocessable(MSG.ngnWalletNotFound, { walletId: [MSG.ngnWalletNotFound] });
  const ids = p.body.assets.map((a) => a.assetId);
  const seen = new Set<string>();
  p.body.assets.forEach((a, i) => {
    if (seen.has(a.assetId))
      throw badRequest(MSG.duplicateMeter, { [`assets.${i}.assetId`]: [MSG.duplicateMeter] });
    seen.add(a.assetId);
    checkAmount(deps, a.amount, `assets.${i}.amount`);
  });
  const found = await deps.db
    .select()
    .from(meters)
    .where(and(eq(meters.accountId, accountId), inArray(meters.id, ids)));
  const byId = new Map(found.map((m) => [m.id, m]));
  p.body.assets.forEach((a, i) => {
    if (!byId.has(a.assetId)) throw notFoundField(`assets.${i}.assetId`);
  });
  // The marketplace budget: the payout category's monthly budget counts this spend like any other.
  const categoryId = p.body.categoryId ?? null;
  if (categoryId) {
    const total = p.body.assets.reduce((s, a) => s + a.amount, 0);
    let b: Awaited<ReturnType<typeof budgetCheck>>;
    try {
      b = await budgetCheck(deps.db, { accountId, categoryId, amountMinor: total, stage: 'submit' });
    } catch {
      throw notFound('Category');
    }
    if (b.exceeds)
      throw unprocessable(MSG.overBudget(b.category.name), { categoryId: [MSG.overBudget(b.category.name)] });
  }

  const after: (() => Promise<void> | void)[] = [];
  const orderId = await deps.db.transaction(async (tx) => {
    const [order] = await tx
      .insert(vendingOrders)
      .values({
        accountId,
        reference: newReference('vno'),
        walletId: wallet.id,
        currency: 'NGN',
        makerUserId: p.userId,
      })
      .returning();
    const rows = await tx
      .insert(vendings)
      .values(
        p.body.assets.map((a) => {
          const m = byId.get(a.assetId)!;
          const meta: VendingMeta = {
            vertical: 'ELECTRICITY',
            meter: m.meterNo,
            name: m.name,
            address: m.address,
            disco: m.disco,
            vendType: m.vendType,
            label: m.label,
            phoneNo: m.phoneNo,
          };
          return {
            accountId,
            orderId: order.id,
            meterId: m.id,
            reference: newReference('vnd'),
            amountMinor: a.amount,
            currency: 'NGN',
            meta,
            categoryId,
            attempt: 0,
          };
        }),
      )
      .returning();
    const held: { id: string; transactionId: string }[] = [];
    for (const v of rows) held.push(await hold(tx, deps, v, wallet.id, p.userId, 1, { deferUpdate: true }));
    // One statement links every vending to its hold (attempt 1).
    await tx.execute(sql`
      update vendings set attempt = 1, transaction_id = h.tid, updated_at = now()
      from (values ${sql.join(
        held.map((h) => sql`(${h.id}::uuid, ${h.transactionId}::uuid)`),
        sql`, `,
      )}) as h(id, tid)
      where vendings.id = h.id`);
    await submitForApproval(tx, deps, {
      accountId,
      type: 'marketplace',
      resourceId: order.id,
      afterCommit: (fn) => after.push(fn),
    });
    return order.id;
  });
  return { orderId, afterCommit: after };
}

const notFoundField = (field: string) =>
  new AppError(404, 'not-found', MSG.meterNotFound, { [field]: [MSG.meterNotFound] });

// ---- the approvable handler (type marketplace: one approval per order) ----

async function lockOrderVendings(tx: DbOrTx, accountId: string, orderId: string): Promise<VendingRow[]> {
  return tx
    .select()
    .from(vendings)
    .where(and(eq(vendings.orderId, orderId), eq(vendings.accountId, accountId)))
    .orderBy(asc(vendings.createdAt), asc(vendings.id))
    .for('update');
}

async function referenceOf(db: DbOrTx, transactionId: string | null): Promise<string | null> {
  if (!transactionId) return null;
  const [t] = await db
    .select({ reference: transactions.reference })
    .from(transactions)
    .where(eq(transactions.id, transactionId));
  return t?.reference ?? null;
}

/** Settles the money core's hold inside the caller's transaction (a savepoint there). */
async function settleIn(
  tx: Tx,
  deps: Pick<AppDeps, 'seams'>,
  reference: string,
  outcome: 'success' | 'failed',
  reason?: string,
  providerRef?: string,
) {
  await settleTransfer(
    { db: tx as unknown as Db, seams: deps.seams },
    { reference, outcome, reason, providerRef },
  );
}

/** Re-holds every released vending of an order (a resolve or an amount update): a new attempt each. */
async function reholdOrder(tx: Tx, deps: AppDeps, accountId: string, orderId: string) {
  const [order] = await tx.select().from(vendingOrders).where(eq(vendingOrders.id, orderId));
  for (const v of await lockOrderVendings(tx, accountId, orderId))
    if (v.state === 'released') await hold(tx, deps, v, order.walletId, order.makerUserId, v.attempt + 1);
  await tx.update(vendings).set({ approvalStatus: 'pending' }).where(eq(vendings.orderId, orderId));
}

export function registerMarketplaceApprovals(deps: AppDeps) {
  registerApprovable(deps, {
    type: 'marketplace',
    load: async (db, accountId, id) => {
      const [o] = await db
        .select()
        .from(vendingOrders)
        .where(and(eq(vendingOrders.id, id), eq(vendingOrders.accountId, accountId)));
      if (!o) return null;
      const vs = await db.select().from(vendings).where(eq(vendings.orderId, id));
      const total = vs.reduce((s, v) => s + v.amountMinor, 0);
      const payee =
        vs.length === 1
          ? `${vs[0].meta.disco} meter ${vs[0].meta.meter} (${vs[0].meta.name})`
          : `Electricity for ${vs.length} meters`;
      return {
        amountMinor: total,
        currency: o.currency,
        payee,
        description: `Electricity purchase ${o.reference}`,
        categoryId: null,
        subsidiaryId: null,
        makerUserId: o.makerUserId,
        reference: o.reference,
      };
    },
    manifest: orderManifest,
    onFinalApproval: async ({ tx, item, afterCommit }: HandlerContext) => {
      const vs = await lockOrderVendings(tx, item.accountId, item.resourceId);
      const held = vs.filter((v) => v.state === 'held').map((v) => v.id);
      await tx
        .update(vendings)
        .set({ approvalStatus: 'approved', updatedAt: sql`now()` })
        .where(eq(vendings.orderId, item.resourceId));
      if (!held.length) return;
      await tx
        .update(vendings)
        .set({ state: 'vending', updatedAt: sql`now()` })
        .where(inArray(vendings.id, held));
      afterCommit(() =>
        sendJob(deps, Q_VEND, { orderId: item.resourceId }, { singletonKey: item.resourceId }).then(
          () => undefined,
        ),
      );
    },
    onRejection: async ({ tx, item }) => {
      for (const v of await lockOrderVendings(tx, item.accountId, item.resourceId)) {
        if (v.state !== 'held') continue;
        const ref = await referenceOf(tx, v.transactionId);
        if (ref) await settleIn(tx, deps, ref, 'failed', 'The vending was rejected');
        await tx
          .update(vendings)
          .set({ state: 'released', updatedAt: sql`now()` })
          .where(eq(vendings.id, v.id));
      }
      await tx
        .update(vendings)
        .set({ approvalStatus: 'rejected' })
        .where(eq(vendings.orderId, item.resourceId));
    },
    onResolve: async ({ tx, deps: d, item }) => {
      await reholdOrder(tx, d, item.accountId, item.resourceId);
    },
  });
}

/** PATCH marketplace/vendings/{id}: a rejected vending's new amount; the order goes back to approval. */
export async function updateVendingAmount(
  deps: AppDeps,
  p: { tenant: TenantContext; userId: string; id: string; amountMinor: number },
): Promise<(() => Promise<void> | void)[]> {
  checkAmount(deps, p.amountMinor, 'amount');
  const after: (() => Promise<void> | void)[] = [];
  await deps.db.transaction(async (tx) => {
    const [v] = await tx
      .select()
      .from(vendings)
      .where(and(eq(vendings.id, p.id), eq(vendings.accountId, p.tenant.accountId)))
      .for('update');
    if (!v) throw notFound('Vending');
    if (v.state !== 'released' || v.approvalStatus !== 'rejected') throw conflict(MSG.notRejected);
    await tx.update(vendings).set({ amountMinor: p.amountMinor }).where(eq(vendings.id, v.id));
    await reholdOrder(tx, deps, p.tenant.accountId, v.orderId);
    await resubmitForApproval(tx, deps, {
      accountId: p.tenant.accountId,
      type: 'marketplace',
      resourceId: v.orderId,
      userId: p.userId,
      comments: `Amount updated to ${formatMoney(p.amountMinor, v.currency)} for meter ${v.meta.meter}`,
      afterCommit: (fn) => after.push(fn),
    });
  });
  return after;
}

// ---- vending (jobs) ----

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
      key: `${state}:${t.id}`,
      extra: {
        transactionId: t.id,
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

// ---- reading ----

export function vendStatusOf(state: VendingRow['state']): VendStatus {
  return state === 'success' ? 'SUCCESS' : state === 'failed' ? 'FAILED' : 'pending';
}

const nullableMoney = (m: number | null | undefined) => (m === null || m === undefined ? null : fromMinor(m));

export function vendingDto(v: Omit<VendingRow, 'requeries' | 'updatedAt'>): Vending {
  const r = v.response;
  return {
    id: v.id,
    orderId: v.orderId,
    reference: v.reference,
    amount: fromMinor(v.amountMinor),
    amountMinor: v.amountMinor,
    currency: v.currency,
    createdAt: v.createdAt.toISOString(),
    vendStatus: vendStatusOf(v.state),
    approvalStatus: v.approvalStatus,
    assetId: v.meterId,
    assetIdentifier: v.meta.meter,
    assetLabel: v.meta.label,
    metadata: {
      vertical: 'ELECTRICITY',
      meter: v.meta.meter,
      name: v.meta.name,
      address: v.meta.address,
      disco: v.meta.disco,
      vendType: v.meta.vendType,
    },
    response: r
      ? {
          token: r.token,
          units: r.units,
          receiptNo: r.receiptNo,
          orderId: r.orderId,
          debtAmount: nullableMoney(r.debtAmountMinor),
          debtAmountMinor: r.debtAmountMinor,
          debtRemaining: nullableMoney(r.debtRemainingMinor),
          debtRemainingMinor: r.debtRemainingMinor,
        }
      : null,
    failureReason: v.failureReason,
    successTransaction: v.state === 'success' && v.transactionId ? { id: v.transactionId } : null,
    transactionId: v.transactionId,
  };
}

export async function getVending(
  db: DbOrTx,
  p: { accountId: string; id: string; viewerId: string },
): Promise<VendingDetail> {
  const [v] = await db
    .select()
    .from(vendings)
    .where(and(eq(vendings.id, p.id), eq(vendings.accountId, p.accountId)));
  if (!v) throw new AppError(404, 'not-found', MSG.vendingNotFound);
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(vendings)
    .where(eq(vendings.orderId, v.orderId));
  return {
    ...vendingDto(v),
    orderSize: Number(n),
    approvalWorkflowPendingApprovalItem: await approvalOf(db, {
      accountId: p.accountId,
      type: 'marketplace',
      resourceId: v.orderId,
      viewerId: p.viewerId,
    }),
  };
}

export async function orderVendings(db: DbOrTx, accountId: string, orderId: string): Promise<Vending[]> {
  const rows = await db
    .select()
    .from(vendings)
    .where(and(eq(vendings.orderId, orderId), eq(vendings.accountId, accountId)))
    .orderBy(asc(vendings.createdAt), asc(vendings.id));
  return rows.map(vendingDto);
}

const vendingsPage = preparedPage('marketplace_vendings', vendings, {
  columns: {
    id: vendings.id,
    orderId: vendings.orderId,
    meterId: vendings.meterId,
    reference: vendings.reference,
    amountMinor: vendings.amountMinor,
    currency: vendings.currency,
    attempt: vendings.attempt,
    state: vendings.state,
    approvalStatus: vendings.approvalStatus,
    transactionId: vendings.transactionId,
    meta: vendings.meta,
    response: vendings.response,
    failureReason: vendings.failureReason,
    createdAt: vendings.createdAt,
    accountId: vendings.accountId,
  },
  where: and(
    eq(vendings.accountId, P('accountId')),
    sql`(${P('approval')}::text is null or ${vendings.approvalStatus} = ${P('approval')})`,
    sql`(${P('states')}::text[] is null or ${vendings.state} = any(${P('states')}::text[]))`,
    sql`(${P('meterId')}::uuid is null or ${vendings.meterId} = ${P('meterId')}::uuid)`,
    sql`(${P('from')}::timestamptz is null or ${vendings.createdAt} >= ${P('from')}::timestamptz)`,
    sql`(${P('to')}::timestamptz is null or ${vendings.createdAt} < ${P('to')}::timestamptz)`,
    sql`(${P('like')}::text is null or ${vendings.meta}->>'meter' ilike ${P('like')} or ${vendings.meta}->>'name' ilike ${P('like')} or ${vendings.reference} ilike ${P('like')})`,
  )!,
  orderBy: [desc(vendings.createdAt), desc(vendings.id)],
});

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const startOf = (s: string) => (DATE_ONLY.test(s) ? `${s}T00:00:00+01:00` : s);
const endOf = (s: string) =>
  DATE_ONLY.test(s) ? new Date(new Date(`${s}T00:00:00+01:00`).getTime() + 86_400_000).toISOString() : s;

export async function listVendings(
  db: Db,
  accountId: string,
  q: {
    page: number;
    limit: number;
    search?: string;
    status?: string;
    assetId?: string;
    from?: string;
    to?: string;
  },
) {
  const s = q.status;
  const { rows, total } = await vendingsPage(
    db,
    {
      accountId,
      approval: s === 'pending' ? 'pending' : s === 'rejected' ? 'rejected' : null,
      states:
        s === 'SUCCESS'
          ? ['success']
          : s === 'FAILED'
            ? ['failed']
            : s === 'awaiting'
              ? ['vending']
              : s === 'pending'
                ? ['held']
                : null,
      meterId: q.assetId ?? null,
      from: q.from ? startOf(q.from) : null,
      to: q.to ? endOf(q.to) : null,
      like: q.search ? `%${escapeLike(q.search)}%` : null,
    },
    q,
  );
  return { items: rows.map((r) => vendingDto(r as never)), total };
}
