// What the marketplace's use cases share: a vending's request id and payment draft, the order's
// manifest (what its approval covers), holding and re-holding a vending's amount in the money core,
// settling a hold inside a transaction, and the amount limits.
import { and, asc, eq, sql } from 'drizzle-orm';
import { formatMoney, MARKETPLACE_MSG as MSG } from '@owo/contract';
import type { Db, DbOrTx, Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { badRequest } from '../../platform/errors';
import { batchManifest, reserveOutflow, settleTransfer, type OutflowDraft } from '../money';
import { vendingOf } from './provider/registry';
import { meters, vendingOrders, vendings } from './tables';
import { transactions } from '../../platform/schema';

export type MeterRow = typeof meters.$inferSelect;
export type VendingRow = typeof vendings.$inferSelect;

export const requestIdOf = (v: Pick<VendingRow, 'reference' | 'attempt'>) => `${v.reference}-${v.attempt}`;

/** A prepared page's parameter. */
export const P = (n: string) => sql.placeholder(n);

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
export async function orderManifest(db: DbOrTx, accountId: string, orderId: string) {
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
export async function hold(
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

export function checkAmount(deps: AppDeps, amountMinor: number, field: string) {
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

export async function lockOrderVendings(
  tx: DbOrTx,
  accountId: string,
  orderId: string,
): Promise<VendingRow[]> {
  return tx
    .select()
    .from(vendings)
    .where(and(eq(vendings.orderId, orderId), eq(vendings.accountId, accountId)))
    .orderBy(asc(vendings.createdAt), asc(vendings.id))
    .for('update');
}

export async function referenceOf(db: DbOrTx, transactionId: string | null): Promise<string | null> {
  if (!transactionId) return null;
  const [t] = await db
    .select({ reference: transactions.reference })
    .from(transactions)
    .where(eq(transactions.id, transactionId));
  return t?.reference ?? null;
}

/** Settles the money core's hold inside the caller's transaction (a savepoint there). */
export async function settleIn(
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
export async function reholdOrder(tx: Tx, deps: AppDeps, accountId: string, orderId: string) {
  const [order] = await tx.select().from(vendingOrders).where(eq(vendingOrders.id, orderId));
  for (const v of await lockOrderVendings(tx, accountId, orderId))
    if (v.state === 'released') await hold(tx, deps, v, order.walletId, order.makerUserId, v.attempt + 1);
  await tx.update(vendings).set({ approvalStatus: 'pending' }).where(eq(vendings.orderId, orderId));
}
