// Company cards: the issuer's settlement, reversal and refund events.
import { eq, sql } from 'drizzle-orm';
import { formatMoney, type CardIssuerEvent } from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { lagosMonth } from '../../platform/dates';
import { newReference } from '../../platform/text';
import { markCardSpend, postCardRefund, postCardSpend, unloadCard } from '../money';
import { createNotification, MONEY_TOPICS, notifyMoneyEvent } from '../notifications';
import { type AuthRow, type CardRow, type Tx } from './shared';
import { authorize, type Decision } from './authorize';
import { CARD_RECEIPT_TOPIC } from './spends';
import { cardAuthorizations, cardIssuerEvents, cards } from './tables';

/**
 * Settlement, reversal and refund, once each per issuer event id (the event row is written in the
 * same transaction as the money; a redelivery answers what the first delivery did). The
 * authorisation row is locked first, so two events of one authorisation are applied one after the
 * other; then the card row (lock order authorisation -> card -> ledger account).
 * - settled: the spend transaction becomes success (a smaller settled amount returns the rest to the
 *   card); the owner and admins are told, the holder is asked for a receipt; a single-use card closes
 *   (terminated, any balance back to the wallet).
 * - reversal (before settlement): card <- clearing, the spend transaction becomes reversed.
 * - on a terminated card, whatever comes back to it (a reversal, a settlement below the
 *   authorisation, a refund) goes on to the wallet: a closed card holds nothing.
 * - refund (after settlement, up to what was settled): card <- clearing as a card_refund transaction.
 */
export async function applyIssuerEvent(deps: AppDeps, ev: CardIssuerEvent): Promise<Decision> {
  if (ev.event === 'authorization.request') return authorize(deps, ev);
  const e = ev.data;
  return deps.db.transaction(async (tx) => {
    const [a] = await tx
      .select()
      .from(cardAuthorizations)
      .where(eq(cardAuthorizations.issuerAuthorizationId, e.authorizationId))
      .for('update');
    if (!a) return { authorizationId: e.authorizationId, approved: false, reason: 'authorization_not_found' };
    const [seen] = await tx.select().from(cardIssuerEvents).where(eq(cardIssuerEvents.issuerEventId, ev.id));
    if (seen)
      return {
        authorizationId: e.authorizationId,
        approved: seen.outcome === 'applied',
        reason: seen.reason,
      };
    const [c] = await tx.select().from(cards).where(eq(cards.id, a.cardId)).for('update');
    const outcome = c.issuerToken !== e.cardToken ? 'card_mismatch' : await applyOne(deps, tx, ev, a, c);
    await tx.insert(cardIssuerEvents).values({
      issuerEventId: ev.id,
      event: ev.event,
      authorizationId: a.id,
      amountMinor: e.amount,
      outcome: outcome ? 'ignored' : 'applied',
      reason: outcome,
      transactionId: a.transactionId,
    });
    return { authorizationId: e.authorizationId, approved: !outcome, reason: outcome };
  });
}

/** An authorisation that was approved: it has its spend transaction. */
type SpendAuth = AuthRow & { transactionId: string };
const hasSpend = (a: AuthRow): a is SpendAuth => !!a.transactionId;

/** Applies one event; answers null when applied, else why it changed nothing. */
async function applyOne(
  deps: AppDeps,
  tx: Tx,
  ev: CardIssuerEvent,
  a: AuthRow,
  c: CardRow,
): Promise<string | null> {
  const e = ev.data;
  if (a.status === 'declined' || !hasSpend(a)) return 'authorization_declined';
  if (ev.event === 'authorization.reversal') return applyReversal(deps, tx, a, c);
  if (ev.event === 'transaction.settled') return applySettlement(deps, tx, a, c, e.amount);
  // transaction.refund
  return applyRefund(deps, tx, a, c, e.amount);
}

/** Takes `amount` off this Lagos month's spend on the card, when the authorisation counted in it. */
async function lessSpent(tx: Tx, a: AuthRow, c: CardRow, amount: number) {
  if (c.spentMonth === lagosMonth() && lagosMonth(a.createdAt) === c.spentMonth)
    await tx
      .update(cards)
      .set({ spentMonthMinor: sql`greatest(0, ${cards.spentMonthMinor} - ${amount})` })
      .where(eq(cards.id, c.id));
}

/** authorization.reversal (before settlement): card <- clearing, the spend transaction becomes reversed. */
async function applyReversal(deps: AppDeps, tx: Tx, a: SpendAuth, c: CardRow): Promise<string | null> {
  const card = `card •••• ${c.last4}`;
  if (a.status === 'reversed') return 'already_reversed';
  if (a.status === 'settled') return 'already_settled';
  await postCardSpend(deps.db, tx, {
    accountId: a.accountId,
    cardLedgerAccountId: c.ledgerAccountId,
    amount: a.amountMinor,
    currency: a.currency,
    memo: `reversal of ${a.issuerAuthorizationId}`,
    reverse: true,
    transactionId: a.transactionId,
  });
  await lessSpent(tx, a, c, a.amountMinor);
  if (c.singleUse) await tx.update(cards).set({ used: false }).where(eq(cards.id, c.id));
  await tx
    .update(cardAuthorizations)
    .set({ status: 'reversed', updatedAt: sql`now()` })
    .where(eq(cardAuthorizations.id, a.id));
  await markCardSpend(tx, a.transactionId, { status: 'reversed' });
  await notifyMoneyEvent(tx, deps, {
    accountId: a.accountId,
    transactionId: a.transactionId,
    topic: MONEY_TOPICS.cardSpendReversed,
    value: `${formatMoney(a.amountMinor, a.currency)} at ${a.merchantName} on ${card} was reversed to the card.`,
  });
  // A closed card keeps nothing: the reversed spend goes on to the wallet.
  if (c.status === 'terminated') await closeCard(deps, tx, c, 'Reversal to a closed card');
  return null;
}

/**
 * transaction.settled: the spend transaction becomes success (a smaller settled amount returns the
 * rest to the card); the owner and admins are told, the holder is asked for a receipt; a single-use
 * card closes.
 */
async function applySettlement(
  deps: AppDeps,
  tx: Tx,
  a: SpendAuth,
  c: CardRow,
  amountMinor: number,
): Promise<string | null> {
  if (a.status === 'reversed') return 'authorization_reversed';
  if (a.status === 'settled') return 'already_settled';
  const settled = Math.min(amountMinor, a.amountMinor);
  if (settled < a.amountMinor) {
    await postCardSpend(deps.db, tx, {
      accountId: a.accountId,
      cardLedgerAccountId: c.ledgerAccountId,
      amount: a.amountMinor - settled,
      currency: a.currency,
      memo: `settled below the authorisation ${a.issuerAuthorizationId}`,
      reverse: true,
      transactionId: a.transactionId,
    });
    await lessSpent(tx, a, c, a.amountMinor - settled);
  }
  await tx
    .update(cardAuthorizations)
    .set({ status: 'settled', settledMinor: settled, updatedAt: sql`now()` })
    .where(eq(cardAuthorizations.id, a.id));
  await markCardSpend(tx, a.transactionId, { status: 'success', amount: settled });
  await notifySettled(deps, tx, a, c, settled);
  if (c.singleUse && c.status !== 'terminated')
    await closeCard(deps, tx, c, 'Single-use card closed after its spend');
  // A closed card keeps nothing: what the settlement returned to it goes on to the wallet.
  else if (c.status === 'terminated' && settled < a.amountMinor)
    await closeCard(deps, tx, c, 'Settled below the authorisation on a closed card');
  return null;
}

/** A settled spend: the owner and admins are told, the holder is asked for the receipt. */
async function notifySettled(deps: AppDeps, tx: Tx, a: SpendAuth, c: CardRow, settled: number) {
  const card = `card •••• ${c.last4}`;
  const amount = formatMoney(settled, a.currency);
  await notifyMoneyEvent(tx, deps, {
    accountId: a.accountId,
    transactionId: a.transactionId,
    topic: MONEY_TOPICS.cardSpend,
    value: `${amount} was spent at ${a.merchantName} with ${card}.`,
  });
  await createNotification(tx, {
    accountId: a.accountId,
    userIds: [c.holderUserId],
    topic: CARD_RECEIPT_TOPIC,
    value: `Please upload the receipt for ${amount} at ${a.merchantName} (${card}).`,
    // `cardId` makes a click open the card's Transactions panel, where the receipt is uploaded.
    props: { transactionId: a.transactionId, cardId: c.id },
    category: 'payments',
  });
}

/** transaction.refund (after settlement, up to what was settled): card <- clearing as a card_refund transaction. */
async function applyRefund(
  deps: AppDeps,
  tx: Tx,
  a: SpendAuth,
  c: CardRow,
  amountMinor: number,
): Promise<string | null> {
  const card = `card •••• ${c.last4}`;
  if (a.status !== 'settled') return 'not_settled';
  if (a.refundedMinor + amountMinor > (a.settledMinor ?? a.amountMinor)) return 'refund_exceeds_settled';
  const t = await postCardRefund(deps.db, tx, {
    accountId: a.accountId,
    cardId: c.id,
    cardLedgerAccountId: c.ledgerAccountId,
    amount: amountMinor,
    currency: a.currency,
    reference: newReference('crdr'),
    narration: `Refund from ${a.merchantName} (${card})`,
    merchant: a.merchantName,
    spendTransactionId: a.transactionId,
  });
  await tx
    .update(cardAuthorizations)
    .set({ refundedMinor: a.refundedMinor + amountMinor, updatedAt: sql`now()` })
    .where(eq(cardAuthorizations.id, a.id));
  await lessSpent(tx, a, c, amountMinor);
  await notifyMoneyEvent(tx, deps, {
    accountId: a.accountId,
    transactionId: t.id,
    topic: MONEY_TOPICS.cardRefund,
    value: `${a.merchantName} refunded ${formatMoney(amountMinor, a.currency)} to ${card}.`,
  });
  // A closed card keeps nothing: the refund goes on to the wallet.
  if (c.status === 'terminated') await closeCard(deps, tx, c, 'Refund to a closed card');
  return null;
}

/** Terminates the card (if not yet) and returns its balance to the wallet, in the caller's transaction. */
async function closeCard(deps: AppDeps, tx: Tx, c: CardRow, why: string) {
  if (c.walletId) {
    const t = await unloadCard(tx, {
      accountId: c.accountId,
      walletId: c.walletId,
      cardId: c.id,
      cardLedgerAccountId: c.ledgerAccountId,
      reference: newReference('crdu'),
      initiatedBy: null,
      narration: `${why}: balance of card •••• ${c.last4}`,
    });
    if (t)
      await notifyMoneyEvent(tx, deps, {
        accountId: c.accountId,
        transactionId: t.id,
        topic: MONEY_TOPICS.cardTerminated,
        value: `${why}; ${formatMoney(t.amount, c.currency)} is back in your wallet.`,
      });
  }
  if (c.status !== 'terminated')
    await tx
      .update(cards)
      .set({ status: 'terminated', updatedAt: sql`now()` })
      .where(eq(cards.id, c.id));
}
