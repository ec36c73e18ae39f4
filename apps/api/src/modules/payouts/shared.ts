// What the payouts module's use-case files share (create, edit, approval, schedule, recurring,
// read): the row type, the queue names, dates in Lagos, the payout lock, and the checks creation
// and edit run alike (category, assets, the price from the wallet).
import { and, eq, inArray, sql } from 'drizzle-orm';
import { PAYOUT_MSG, type PayoutStatus } from '@owo/contract';
import type { DbOrTx, Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { fieldError, notFound } from '../../platform/errors';
import { transactions, payoutCategories, payoutAssets } from '../../platform/schema';
import { lagosToday } from '../../platform/dates';
import { checkPayoutLimit, computeFee, getWallet, quoteExchange } from '../money';
import { payouts } from './tables';

export type Row = typeof payouts.$inferSelect;
export type AfterCommit = (fn: () => Promise<void> | void) => void;
export type PayoutWallet = NonNullable<Awaited<ReturnType<typeof getWallet>>>;

export const Q_SCHEDULED_PAYOUT = 'payouts.scheduled';
export const Q_RECURRING_PAYOUT = 'payouts.recurring';

export const transferReference = (p: Pick<Row, 'reference' | 'paymentAttempt'>) =>
  `${p.reference}-${p.paymentAttempt}`;

/** Seconds from now until 00:05 Lagos time on `date` (0 when already due). */
export function secondsUntil(date: string): number {
  const at = Date.parse(`${date}T00:05:00+01:00`);
  return Math.max(0, Math.ceil((at - Date.now()) / 1000));
}
export function assertFutureDate(date: string) {
  if (date <= lagosToday()) throw fieldError('scheduledDate', PAYOUT_MSG.scheduledDatePast);
}

/** The effective status: while paying, the payout transaction decides completed or failed. */
export const effectiveStatusSql = sql<PayoutStatus>`case
  when ${payouts.status} = 'paying' and ${transactions.status} = 'success' then 'completed'
  when ${payouts.status} = 'paying' and ${transactions.status} in ('failed', 'reversed') then 'failed'
  else ${payouts.status} end`;

export async function lockPayout(tx: DbOrTx, accountId: string, id: string): Promise<Row> {
  const [p] = await tx
    .select()
    .from(payouts)
    .where(and(eq(payouts.id, id), eq(payouts.accountId, accountId)))
    .for('update');
  if (!p) throw notFound('Payout');
  return p;
}

/** The payout's category is one of the company's own. */
export async function checkCategory(tx: Tx, accountId: string, categoryId: string) {
  const [c] = await tx
    .select({ id: payoutCategories.id })
    .from(payoutCategories)
    .where(and(eq(payoutCategories.id, categoryId), eq(payoutCategories.accountId, accountId)));
  if (!c) throw fieldError('categoryId', 'Category not found');
}

/** Every asset the payout names is one of the company's own. */
export async function checkAssets(tx: Tx, accountId: string, assets: { id: string }[]) {
  const ids = [...new Set(assets.map((a) => a.id))];
  const found = await tx
    .select({ id: payoutAssets.id })
    .from(payoutAssets)
    .where(and(eq(payoutAssets.accountId, accountId), inArray(payoutAssets.id, ids)));
  if (found.length !== ids.length) throw fieldError('assets', 'Asset not found');
}

/**
 * What paying `amount` in `currency` takes from the wallet: in the wallet's currency, the amount
 * and the fee rule's fee (after the payout limit); in another, the exchange quote's amount, fee and
 * rate (`exchanged`). A wallet that cannot cover amount + fee is refused.
 */
export async function priceFromWallet(
  tx: Tx,
  deps: AppDeps,
  p: { accountId: string; wallet: PayoutWallet; amount: number; currency: string },
): Promise<{ amountMinor: number; fee: number; exchanged: boolean; rate: string | null }> {
  const { accountId, wallet } = p;
  let amountMinor = p.amount;
  let fee: number;
  let rate: string | null = null;
  const exchanged = wallet.currency !== p.currency;
  if (!exchanged) {
    await checkPayoutLimit(deps, tx, { accountId, amountMinor: p.amount, currency: p.currency });
    fee = await computeFee(tx, {
      accountId,
      method: 'bank-transfer',
      amount: p.amount,
      currency: p.currency,
    });
  } else {
    // Another currency: the exchange quote converts at the rails' rate and states the fees.
    const q = await quoteExchange(deps, {
      accountId,
      walletId: wallet.id,
      amount: p.amount,
      currency: p.currency,
      method: 'bank-transfer',
    });
    amountMinor = q.amount;
    fee = q.exchangeFee;
    rate = q.rate;
  }
  if (wallet.balance < amountMinor + fee) throw fieldError('amount', PAYOUT_MSG.insufficientFunds);
  return { amountMinor, fee, exchanged, rate };
}
