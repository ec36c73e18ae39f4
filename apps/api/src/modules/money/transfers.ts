// The money side of a wallet-to-bank transfer: hold on start, then exactly one settlement.
//   start:    wallet -> payouts-in-flight (amount + fee leave the available balance at once)
//   success:  payouts-in-flight -> clearing:<rail> (amount) + fees-revenue (fee)
//   failed:   payouts-in-flight -> wallet (everything back)
//   reversed: after success, clearing:<rail> + fees-revenue -> wallet, as a separate
//             'payout_fund_reversal' transaction linked to the original.
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db';
import { formatMoney } from '@owo/contract';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import { MONEY_TOPICS, notifyMoneyEvent } from '../notifications';
import {
  pgCode,
  pgConstraint,
  postEntry,
  retryOnDeadlock,
  SYSTEM,
  systemAccountId,
  type Posting,
} from './ledger';
import { ledgerAccounts, transactions, wallets } from './tables';

export type TransactionRow = typeof transactions.$inferSelect;
export type SettleOutcome = 'success' | 'failed' | 'reversed';

/** Rail name used for clearing when a transfer was never assigned one. */
export const DEFAULT_PROVIDER = 'rails';
export const REFERENCE_RE = /^[a-z0-9_-]{6,100}$/;
export const insufficientFunds = () => new AppError(422, 'insufficient-funds', 'Insufficient wallet balance');

export function newReference(prefix = 'trf'): string {
  return `${prefix}_${Date.now().toString(36)}${randomBytes(8).toString('hex')}`;
}

/** Maps a raw `transactions` row (snake_case, from a CTE) to the drizzle shape. */
export function toTransactionRow(r: Record<string, unknown>): TransactionRow {
  const d = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));
  return {
    id: r.id as string,
    accountId: r.account_id as string,
    walletId: r.wallet_id as string,
    type: r.type as TransactionRow['type'],
    status: r.status as TransactionRow['status'],
    amount: Number(r.amount),
    fee: Number(r.fee),
    currency: r.currency as string,
    reference: r.reference as string,
    provider: (r.provider as string) ?? null,
    providerRef: (r.provider_ref as string) ?? null,
    counterparty: (r.counterparty as TransactionRow['counterparty']) ?? {},
    narration: (r.narration as string) ?? null,
    failureReason: (r.failure_reason as string) ?? null,
    relatedTransactionId: (r.related_transaction_id as string) ?? null,
    sourceType: (r.source_type as string) ?? null,
    sourceId: (r.source_id as string) ?? null,
    createdBy: (r.created_by as string) ?? null,
    metadata: (r.metadata as Record<string, unknown>) ?? {},
    createdAt: d(r.created_at),
    updatedAt: d(r.updated_at),
  };
}

export type StartTransferInput = {
  accountId: string;
  walletId: string;
  amount: number;
  fee: number;
  bankCode: string;
  accountNumber: string;
  accountName: string;
  bankName?: string;
  narration?: string;
  reference?: string;
  initiatedBy: string;
  sourceType?: string;
  sourceId?: string;
  /** The rail that will carry it (clearing account); may also be set later by markProcessing. */
  provider?: string;
  metadata?: Record<string, unknown>;
};

/**
 * Records a payout and holds its money, in one statement (so one transaction, all or nothing):
 * the conditional wallet update is the overdraft guard; when it matches no row nothing else is written.
 */
export async function startTransfer(db: DbOrTx, p: StartTransferInput): Promise<TransactionRow> {
  if (!Number.isSafeInteger(p.amount) || p.amount <= 0)
    throw badRequest('Amount must be greater than zero', { amount: ['Amount must be greater than zero'] });
  if (!Number.isSafeInteger(p.fee) || p.fee < 0) throw new Error(`invalid fee ${p.fee}`);
  const reference = p.reference ?? newReference();
  if (!REFERENCE_RE.test(reference))
    throw badRequest('Reference may only contain lowercase letters, digits, - and _ (6 to 100 characters)', {
      reference: ['Reference may only contain lowercase letters, digits, - and _ (6 to 100 characters)'],
    });
  const total = p.amount + p.fee;
  const counterparty = {
    bankCode: p.bankCode,
    accountNumber: p.accountNumber,
    accountName: p.accountName,
    ...(p.bankName ? { bankName: p.bankName } : {}),
  };
  let rows: Record<string, unknown>[];
  try {
    const res = await db.execute(sql`
      with w as (
        update wallets set balance = balance - ${total}::bigint, pending_balance = pending_balance + ${total}::bigint, updated_at = now()
        where id = ${p.walletId}::uuid and account_id = ${p.accountId}::uuid and balance >= ${total}::bigint
        returning id, account_id, currency, ledger_account_id, hold_ledger_account_id
      ), t as (
        insert into transactions (id, account_id, wallet_id, type, status, amount, fee, currency, reference, provider, counterparty, narration, source_type, source_id, created_by, metadata)
        select ${randomUUID()}::uuid, w.account_id, w.id, 'payout', 'pending', ${p.amount}::bigint, ${p.fee}::bigint, w.currency, ${reference},
               ${p.provider ?? null}, ${JSON.stringify(counterparty)}::jsonb, ${p.narration ?? null}, ${p.sourceType ?? null}, ${p.sourceId ?? null},
               ${p.initiatedBy}::uuid, ${JSON.stringify(p.metadata ?? {})}::jsonb
        from w returning *
      ), e as (
        insert into journal_entries (account_id, transaction_id, kind, memo)
        select t.account_id, t.id, 'payout.hold', ${`hold for transfer ${reference}`} from t returning id
      ), p as (
        insert into postings (entry_id, ledger_account_id, amount, currency)
        select e.id, v.la, v.amt, w.currency from e, w,
          lateral (values (w.ledger_account_id, -${total}::bigint), (w.hold_ledger_account_id, ${total}::bigint)) as v(la, amt)
      )
      select * from t`);
    rows = res.rows;
  } catch (err) {
    if (pgCode(err) === '23505' && pgConstraint(err) === 'transactions_reference_key')
      throw conflict('A transaction with this reference already exists', {
        reference: ['A transaction with this reference already exists'],
      });
    throw err;
  }
  if (rows.length) return toTransactionRow(rows[0]);
  const [w] = await db
    .select({ id: wallets.id })
    .from(wallets)
    .where(and(eq(wallets.id, p.walletId), eq(wallets.accountId, p.accountId)));
  if (!w) throw notFound('Wallet');
  throw insufficientFunds();
}

/** pending -> processing once the rail accepted the transfer; anything else changes nothing. */
export async function markProcessing(
  db: DbOrTx,
  reference: string,
  providerRef: string | null,
  provider?: string,
): Promise<{ changed: boolean; transaction: TransactionRow | null }> {
  const [row] = await db
    .update(transactions)
    .set({
      status: 'processing',
      providerRef,
      ...(provider ? { provider: sql`coalesce(${transactions.provider}, ${provider})` } : {}),
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(transactions.reference, reference),
        eq(transactions.status, 'pending'),
        eq(transactions.type, 'payout'),
      ),
    )
    .returning();
  if (row) return { changed: true, transaction: row };
  const [t] = await db.select().from(transactions).where(eq(transactions.reference, reference));
  return { changed: false, transaction: t ?? null };
}

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

/**
 * Applies a rail's outcome exactly once. Duplicates and out-of-order outcomes (failed after success,
 * success after reversed) change nothing and answer changed:false. A reversal of a transfer still in
 * flight releases the hold like a failure (the money never left) and ends in 'reversed'.
 */
export async function settleTransfer(
  db: Db,
  p: { reference: string; outcome: SettleOutcome; reason?: string; providerRef?: string },
): Promise<{ changed: boolean; transaction: TransactionRow }> {
  const [pre] = await db
    .select({ provider: transactions.provider, currency: transactions.currency, type: transactions.type })
    .from(transactions)
    .where(eq(transactions.reference, p.reference));
  if (!pre || pre.type !== 'payout') throw notFound('Transfer');
  const guessProvider = pre.provider ?? DEFAULT_PROVIDER;
  const guessClearing = await systemAccountId(db, SYSTEM.clearing(guessProvider), pre.currency);
  const feesId = await systemAccountId(db, SYSTEM.feesRevenue, pre.currency);

  return retryOnDeadlock(() =>
    db.transaction(async (tx) => {
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
        provider === guessProvider
          ? guessClearing
          : await systemAccountIn(tx, SYSTEM.clearing(provider), t.currency);
      const total = t.amount + t.fee;
      const [w] = await tx
        .select({
          ledgerAccountId: wallets.ledgerAccountId,
          holdLedgerAccountId: wallets.holdLedgerAccountId,
        })
        .from(wallets)
        .where(eq(wallets.id, t.walletId));
      const cur = t.currency;
      const now = new Date();

      if (inFlight) {
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
        await notifyMoneyEvent(tx, {
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

      // success -> reversed: the money comes back from the rail, fee refunded, as its own record.
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
      await notifyMoneyEvent(tx, {
        accountId: t.accountId,
        transactionId: t.id,
        topic: MONEY_TOPICS.transferReversed,
        value: `${describeTransfer(t)} was reversed${withReason(p.reason)} The money is back in your wallet.`,
      });
      return { changed: true, transaction: updated };
    }),
  );
}

/** ': reason.' or '.' */
function withReason(reason?: string): string {
  const r = reason?.trim().replace(/\.+$/, '');
  return r ? `: ${r}.` : '.';
}

/** "Transfer of ₦2,500.50 to ADA OBI" for notification texts. */
function describeTransfer(t: TransactionRow): string {
  const name = (t.counterparty as { accountName?: string }).accountName;
  return `Transfer of ${formatMoney(t.amount, t.currency)}${name ? ` to ${name}` : ''}`;
}

/** Transactions of a company by id (tenant-scoped). */
export async function getTransaction(
  db: DbOrTx,
  accountId: string,
  id: string,
): Promise<TransactionRow | null> {
  const [t] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.id, id), eq(transactions.accountId, accountId)));
  return t ?? null;
}

/** Totals of a member's successful payouts (team member stats: totalCashOutFlow, totalTransactions). */
export async function memberPayoutStats(
  db: DbOrTx,
  accountId: string,
  userId: string,
): Promise<{ totalCashOutFlow: number; totalTransactions: number }> {
  const [r] = await db
    .select({
      total: sql<number>`coalesce(sum(${transactions.amount}), 0)::bigint`,
      n: sql<number>`count(*)::int`,
    })
    .from(transactions)
    .where(
      and(
        eq(transactions.accountId, accountId),
        eq(transactions.createdBy, userId),
        eq(transactions.type, 'payout'),
        inArray(transactions.status, ['success']),
      ),
    );
  return { totalCashOutFlow: Number(r.total), totalTransactions: Number(r.n) };
}
