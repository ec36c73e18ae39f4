// The transactional settle path: every outcome, under the transfer's row lock (duplicates,
// success -> reversed, a system ledger account not yet created).
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { MONEY_TOPICS, notifyMoneyEvent } from '../notifications';
import { postEntry, retryOnDeadlock, SYSTEM, systemAccountId, type Posting } from './ledger';
import {
  describeTransfer,
  runSettleStatements,
  withReason,
  type SettleDeps,
  type SettleInput,
} from './settle-shared';
import { ledgerAccounts, transactions, wallets } from './tables';
import { DEFAULT_PROVIDER, type TransactionRow } from './transfers';

/** The id of a system account inside a transaction (no cache: used only when the cached guess was wrong). */
async function systemAccountIn(tx: DbOrTx, code: string, currency: string): Promise<string> {
  await tx.insert(ledgerAccounts).values({ code, currency }).onConflictDoNothing();
  const [row] = await tx
    .execute<{ id: string }>(
      sql`select id from ledger_accounts where account_id is null and wallet_id is null and code = ${code} and currency = ${currency}`,
    )
    .then((r) => r.rows);
  return row.id;
}

type Settled = { changed: boolean; transaction: TransactionRow };

/** What a locked settle knows once it holds the transfer's row: the rows, the accounts, the clock. */
type Held = {
  tx: DbOrTx;
  deps: SettleDeps;
  p: SettleInput;
  t: TransactionRow;
  w: { ledgerAccountId: string; holdLedgerAccountId: string };
  clearingId: string;
  feesId: string;
  total: number;
  cur: string;
  now: Date;
};

/** Every outcome, in a transaction holding the transfer's row lock (duplicates, success -> reversed). */
export async function settleLocked(deps: SettleDeps, p: SettleInput): Promise<Settled> {
  const { db } = deps;
  const [pre] = await db
    .select({ provider: transactions.provider, currency: transactions.currency, type: transactions.type })
    .from(transactions)
    .where(eq(transactions.reference, p.reference));
  if (!pre || pre.type !== 'payout') throw notFound('Transfer');
  const guessProvider = pre.provider ?? DEFAULT_PROVIDER;
  const guessClearing = await systemAccountId(db, SYSTEM.clearing(guessProvider), pre.currency);
  const feesId = await systemAccountId(db, SYSTEM.feesRevenue, pre.currency);

  return retryOnDeadlock(() =>
    db.transaction((tx) => settleUnderLock(tx, deps, p, { guessProvider, guessClearing, feesId })),
  );
}

/** Inside the transaction: locks the transfer, decides whether the outcome applies, and applies it. */
async function settleUnderLock(
  tx: DbOrTx,
  deps: SettleDeps,
  p: SettleInput,
  g: { guessProvider: string; guessClearing: string; feesId: string },
): Promise<Settled> {
  const [t] = await tx
    .select()
    .from(transactions)
    .where(eq(transactions.reference, p.reference))
    .for('update');
  const inFlight = t.status === 'pending' || t.status === 'processing';
  const allowed =
    (p.outcome === 'reversed' && (inFlight || t.status === 'success')) ||
    (p.outcome !== 'reversed' && inFlight);
  if (!allowed) return { changed: false, transaction: t };

  const provider = t.provider ?? DEFAULT_PROVIDER;
  const clearingId =
    provider === g.guessProvider
      ? g.guessClearing
      : await systemAccountIn(tx, SYSTEM.clearing(provider), t.currency);
  const total = t.amount + t.fee;
  const [w] = await tx
    .select({
      ledgerAccountId: wallets.ledgerAccountId,
      holdLedgerAccountId: wallets.holdLedgerAccountId,
    })
    .from(wallets)
    .where(eq(wallets.id, t.walletId));
  const held: Held = {
    tx,
    deps,
    p,
    t,
    w,
    clearingId,
    feesId: g.feesId,
    total,
    cur: t.currency,
    now: new Date(),
  };
  return inFlight ? settleHeld(held) : reverseSettled(held);
}

/** An in-flight transfer: its hold released to the rail (paid) or back to the wallet (failed, reversed). */
async function settleHeld({
  tx,
  deps,
  p,
  t,
  w,
  clearingId,
  feesId,
  total,
  cur,
  now,
}: Held): Promise<Settled> {
  const success = p.outcome === 'success';
  await tx
    .update(wallets)
    .set(
      success
        ? { pendingBalance: sql`${wallets.pendingBalance} - ${total}`, updatedAt: now }
        : {
            pendingBalance: sql`${wallets.pendingBalance} - ${total}`,
            balance: sql`${wallets.balance} + ${total}`,
            updatedAt: now,
          },
    )
    .where(eq(wallets.id, t.walletId));
  const postings: Posting[] = success
    ? [
        { ledgerAccountId: w.holdLedgerAccountId, amount: -total, currency: cur },
        { ledgerAccountId: clearingId, amount: t.amount, currency: cur },
        ...(t.fee ? [{ ledgerAccountId: feesId, amount: t.fee, currency: cur }] : []),
      ]
    : [
        { ledgerAccountId: w.holdLedgerAccountId, amount: -total, currency: cur },
        { ledgerAccountId: w.ledgerAccountId, amount: total, currency: cur },
      ];
  await postEntry(tx, {
    accountId: t.accountId,
    transactionId: t.id,
    kind: success ? 'payout.settle' : 'payout.release',
    memo: p.reason ?? null,
    postings,
  });
  const [updated] = await tx
    .update(transactions)
    .set({
      status: p.outcome,
      failureReason: success ? null : (p.reason ?? null),
      providerRef: p.providerRef ?? t.providerRef,
      updatedAt: now,
    })
    .where(eq(transactions.id, t.id))
    .returning();
  await runSettleStatements(tx, deps.seams, t.id);
  await notifyMoneyEvent(tx, deps, {
    accountId: t.accountId,
    transactionId: t.id,
    ...(success
      ? { topic: MONEY_TOPICS.transferPaid, value: `${describeTransfer(t)} was paid.` }
      : {
          topic: p.outcome === 'reversed' ? MONEY_TOPICS.transferReversed : MONEY_TOPICS.transferFailed,
          value: `${describeTransfer(t)} ${p.outcome === 'reversed' ? 'was reversed' : 'failed'}${withReason(p.reason)} The money is back in your wallet.`,
        }),
  });
  return { changed: true, transaction: updated };
}

/** success -> reversed: the money comes back from the rail, fee refunded, as its own record. */
async function reverseSettled({
  tx,
  deps,
  p,
  t,
  w,
  clearingId,
  feesId,
  total,
  cur,
  now,
}: Held): Promise<Settled> {
  await tx
    .update(wallets)
    .set({ balance: sql`${wallets.balance} + ${total}`, updatedAt: now })
    .where(eq(wallets.id, t.walletId));
  const [reversal] = await tx
    .insert(transactions)
    .values({
      accountId: t.accountId,
      walletId: t.walletId,
      type: 'payout_fund_reversal',
      status: 'success',
      amount: total,
      fee: 0,
      currency: cur,
      reference: `${t.reference.slice(0, 90)}-reversal`,
      provider: t.provider,
      providerRef: p.providerRef ?? t.providerRef,
      counterparty: t.counterparty,
      narration: `Reversal of ${t.reference}`,
      failureReason: p.reason ?? null,
      relatedTransactionId: t.id,
      sourceType: t.sourceType,
      sourceId: t.sourceId,
      metadata: { principal: t.amount, feeRefund: t.fee },
    })
    .returning({ id: transactions.id });
  await postEntry(tx, {
    accountId: t.accountId,
    transactionId: reversal.id,
    kind: 'payout.reversal',
    memo: p.reason ?? null,
    postings: [
      { ledgerAccountId: clearingId, amount: -t.amount, currency: cur },
      ...(t.fee ? [{ ledgerAccountId: feesId, amount: -t.fee, currency: cur }] : []),
      { ledgerAccountId: w.ledgerAccountId, amount: total, currency: cur },
    ],
  });
  const [updated] = await tx
    .update(transactions)
    .set({
      status: 'reversed',
      failureReason: p.reason ?? null,
      relatedTransactionId: reversal.id,
      updatedAt: now,
    })
    .where(eq(transactions.id, t.id))
    .returning();
  await notifyMoneyEvent(tx, deps, {
    accountId: t.accountId,
    transactionId: t.id,
    topic: MONEY_TOPICS.transferReversed,
    value: `${describeTransfer(t)} was reversed${withReason(p.reason)} The money is back in your wallet.`,
  });
  return { changed: true, transaction: updated };
}
