// The order's approval (type marketplace: one approval per order, its manifest every meter's amount,
// disco and number, and the wallet): final approval sends it to vend, rejection releases the holds,
// resolve re-holds them; a rejected vending's new amount sends the order back to approval.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { formatMoney, MARKETPLACE_MSG as MSG } from '@owo/contract';
import type { DbOrTx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { conflict, notFound } from '../../platform/errors';
import type { TenantContext } from '../../platform/guard';
import { sendJob } from '../../platform/jobs';
import { registerApprovable, resubmitForApproval, type HandlerContext } from '../approvals';
import { checkAmount, lockOrderVendings, orderManifest, referenceOf, reholdOrder, settleIn } from './shared';
import { vendingOrders, vendings } from './tables';
import { Q_VEND } from './vend';

export function registerMarketplaceApprovals(deps: AppDeps) {
  registerApprovable(deps, {
    type: 'marketplace',
    load: loadOrder,
    manifest: orderManifest,
    onFinalApproval: (ctx: HandlerContext) => approveOrder(deps, ctx),
    onRejection: (ctx) => rejectOrder(deps, ctx),
    onResolve: async ({ tx, deps: d, item }) => {
      await reholdOrder(tx, d, item.accountId, item.resourceId);
    },
  });
}

/** What the approval shows of an order: its total, its meter (or how many), its maker. */
async function loadOrder(db: DbOrTx, accountId: string, id: string) {
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
}

/** Final approval: the held vendings go to vend (a job, once the decision commits). */
async function approveOrder(deps: AppDeps, { tx, item, afterCommit }: HandlerContext) {
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
}

/** Rejection: every held vending's hold is released. */
async function rejectOrder(deps: AppDeps, { tx, item }: HandlerContext) {
  for (const v of await lockOrderVendings(tx, item.accountId, item.resourceId)) {
    if (v.state !== 'held') continue;
    const ref = await referenceOf(tx, v.transactionId);
    if (ref) await settleIn(tx, deps, ref, 'failed', 'The vending was rejected');
    await tx
      .update(vendings)
      .set({ state: 'released', updatedAt: sql`now()` })
      .where(eq(vendings.id, v.id));
  }
  await tx.update(vendings).set({ approvalStatus: 'rejected' }).where(eq(vendings.orderId, item.resourceId));
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
