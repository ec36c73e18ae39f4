// The money side of company cards (issue 26 §4): each card has its own ledger account
// (`card:<card id>`, owned by the company); funding moves wallet -> card, terminating moves the
// balance card -> wallet, and an approved authorisation moves card -> clearing:card-issuer (a reversal
// moves it back). Every movement is a balanced entry through postEntry, in the caller's transaction.
import { randomUUID } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db';
import { conflict, notFound } from '../../platform/errors';
import { postEntry, SYSTEM, systemAccountId } from './ledger';
import { ledgerAccounts, transactions, wallets } from './tables';
import { insufficientFunds, type TransactionRow } from './transfers';

export const CARD_ISSUER_CLEARING = SYSTEM.clearing('card-issuer');
export const cardLedgerCode = (cardId: string) => `card:${cardId}`;

/** Opens the card's own ledger account (balance 0). */
export async function openCardLedgerAccount(
  tx: DbOrTx,
  p: { accountId: string; cardId: string; currency: string },
): Promise<string> {
  const [row] = await tx
    .insert(ledgerAccounts)
    .values({ accountId: p.accountId, code: cardLedgerCode(p.cardId), currency: p.currency })
    .returning({ id: ledgerAccounts.id });
  return row.id;
}

/** A card ledger account's balance (its cached balance: company accounts are not sharded). */
export async function cardBalance(db: DbOrTx, ledgerAccountId: string): Promise<number> {
  const [r] = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.id, ledgerAccountId));
  return Number(r?.balance ?? 0);
}

/**
 * Wallet -> card, no fee. The conditional wallet update is the overdraft guard (as startTransfer);
 * the unique reference makes a retried request a 409 rather than a second funding.
 */
export async function fundCard(
  tx: DbOrTx,
  p: {
    accountId: string;
    walletId: string;
    cardId: string;
    cardLedgerAccountId: string;
    amount: number;
    reference: string;
    initiatedBy: string;
    narration: string;
    /** The authority it moves under (money/pay-out.ts `fundCardOutflow`), kept on the transaction. */
    metadata?: Record<string, unknown>;
  },
): Promise<TransactionRow> {
  const [w] = await tx
    .update(wallets)
    .set({ balance: sql`${wallets.balance} - ${p.amount}`, updatedAt: new Date() })
    .where(
      and(
        eq(wallets.id, p.walletId),
        eq(wallets.accountId, p.accountId),
        sql`${wallets.balance} >= ${p.amount}`,
      ),
    )
    .returning({ ledgerAccountId: wallets.ledgerAccountId, currency: wallets.currency });
  if (!w) {
    const [exists] = await tx
      .select({ id: wallets.id })
      .from(wallets)
      .where(and(eq(wallets.id, p.walletId), eq(wallets.accountId, p.accountId)));
    if (!exists) throw notFound('Wallet');
    throw insufficientFunds();
  }
  const t = await insertTransaction(tx, { ...p, type: 'card_funding', currency: w.currency });
  await postEntry(tx, {
    accountId: p.accountId,
    transactionId: t.id,
    kind: 'card.fund',
    postings: [
      { ledgerAccountId: w.ledgerAccountId, amount: -p.amount, currency: w.currency },
      { ledgerAccountId: p.cardLedgerAccountId, amount: p.amount, currency: w.currency },
    ],
  });
  return t;
}

/** Card -> wallet: the whole balance (termination). Answers null when the card holds nothing. */
export async function unloadCard(
  tx: DbOrTx,
  p: {
    accountId: string;
    walletId: string;
    cardId: string;
    cardLedgerAccountId: string;
    reference: string;
    initiatedBy: string | null;
    narration: string;
  },
): Promise<TransactionRow | null> {
  const amount = await cardBalance(tx, p.cardLedgerAccountId);
  if (amount <= 0) return null;
  const [w] = await tx
    .update(wallets)
    .set({ balance: sql`${wallets.balance} + ${amount}`, updatedAt: new Date() })
    .where(and(eq(wallets.id, p.walletId), eq(wallets.accountId, p.accountId)))
    .returning({ ledgerAccountId: wallets.ledgerAccountId, currency: wallets.currency });
  if (!w) throw notFound('Wallet');
  const t = await insertTransaction(tx, { ...p, amount, type: 'card_unload', currency: w.currency });
  await postEntry(tx, {
    accountId: p.accountId,
    transactionId: t.id,
    kind: 'card.unload',
    postings: [
      { ledgerAccountId: p.cardLedgerAccountId, amount: -amount, currency: w.currency },
      { ledgerAccountId: w.ledgerAccountId, amount, currency: w.currency },
    ],
  });
  return t;
}

async function insertTransaction(
  tx: DbOrTx,
  p: {
    accountId: string;
    walletId: string;
    cardId: string;
    amount: number;
    reference: string;
    initiatedBy: string | null;
    narration: string;
    type: 'card_funding' | 'card_unload' | 'card_refund';
    currency: string;
    relatedTransactionId?: string;
    counterparty?: Record<string, string>;
    metadata?: Record<string, unknown>;
  },
): Promise<TransactionRow> {
  try {
    const [t] = await tx
      .insert(transactions)
      .values({
        id: randomUUID(),
        accountId: p.accountId,
        walletId: p.walletId,
        type: p.type,
        status: 'success',
        amount: p.amount,
        fee: 0,
        currency: p.currency,
        reference: p.reference,
        narration: p.narration,
        sourceType: 'card',
        sourceId: p.cardId,
        createdBy: p.initiatedBy,
        counterparty: p.counterparty ?? {},
        relatedTransactionId: p.relatedTransactionId ?? null,
        metadata: p.metadata ?? {},
      })
      .returning();
    return t;
  } catch (err) {
    if ((err as { cause?: { code?: string }; code?: string }).cause?.code === '23505')
      throw conflict('A transaction with this reference already exists');
    throw err;
  }
}

/** An approved authorisation's money: card -> clearing:card-issuer (reverse: back to the card). */
export async function postCardSpend(
  db: Db,
  tx: DbOrTx,
  p: {
    accountId: string;
    cardLedgerAccountId: string;
    amount: number;
    currency: string;
    memo: string;
    reverse?: boolean;
    /** The card_spend transaction the movement belongs to. */
    transactionId?: string | null;
  },
): Promise<void> {
  const clearing = await systemAccountId(db, CARD_ISSUER_CLEARING, p.currency);
  const sign = p.reverse ? -1 : 1;
  await postEntry(tx, {
    accountId: p.accountId,
    transactionId: p.transactionId ?? null,
    kind: p.reverse ? 'card.spend.reversal' : 'card.spend',
    memo: p.memo,
    postings: [
      { ledgerAccountId: p.cardLedgerAccountId, amount: -sign * p.amount, currency: p.currency },
      { ledgerAccountId: clearing, amount: sign * p.amount, currency: p.currency },
    ],
  });
}

/**
 * A refund from the merchant after settlement: clearing:card-issuer -> card, as its own `card_refund`
 * transaction (success) related to the spend, on the spend's wallet.
 */
export async function postCardRefund(
  db: Db,
  tx: DbOrTx,
  p: {
    accountId: string;
    cardId: string;
    cardLedgerAccountId: string;
    amount: number;
    currency: string;
    reference: string;
    narration: string;
    merchant: string;
    spendTransactionId: string;
  },
): Promise<TransactionRow> {
  const [spend] = await tx
    .select({ walletId: transactions.walletId })
    .from(transactions)
    .where(eq(transactions.id, p.spendTransactionId));
  const t = await insertTransaction(tx, {
    accountId: p.accountId,
    walletId: spend.walletId,
    cardId: p.cardId,
    amount: p.amount,
    reference: p.reference,
    initiatedBy: null,
    narration: p.narration,
    type: 'card_refund',
    currency: p.currency,
    relatedTransactionId: p.spendTransactionId,
    counterparty: { name: p.merchant },
  });
  const clearing = await systemAccountId(db, CARD_ISSUER_CLEARING, p.currency);
  await postEntry(tx, {
    accountId: p.accountId,
    transactionId: t.id,
    kind: 'card.refund',
    postings: [
      { ledgerAccountId: clearing, amount: -p.amount, currency: p.currency },
      { ledgerAccountId: p.cardLedgerAccountId, amount: p.amount, currency: p.currency },
    ],
  });
  return t;
}

/**
 * An approved authorisation's spend transaction settles (`success`, at the settled amount) or is
 * reversed before settlement (`reversed`), in the caller's transaction.
 */
export async function markCardSpend(
  tx: DbOrTx,
  transactionId: string,
  outcome: { status: 'reversed' } | { status: 'success'; amount: number },
): Promise<void> {
  await tx
    .update(transactions)
    .set(
      outcome.status === 'success'
        ? { status: 'success', amount: outcome.amount, updatedAt: sql`now()` }
        : { status: 'reversed', updatedAt: sql`now()` },
    )
    .where(eq(transactions.id, transactionId));
}

/**
 * An approved authorisation's money as CTEs of the card module's one-statement decision
 * (cards/authorize.ts), the same rows as `postCardSpend` writes in a transaction: `t` inserts its
 * `card_spend` transaction (pending until the issuer settles), `e` the `card.spend` journal entry and
 * `p` its two postings card -> clearing:card-issuer (the ledger trigger moves the cached balances).
 * `card` names the caller's one-row relation of the card (columns `account_id`, `wallet_id`,
 * `ledger_account_id`, `currency`); `approved` is joined to it and keeps the row only when the
 * authorisation was approved, so a declined one writes nothing here.
 */
export const cardSpendCtes = (p: {
  card: SQL;
  approved: SQL;
  transactionId: string;
  amount: number;
  reference: SQL;
  merchant: string;
  narration: SQL;
  sourceId: SQL;
  metadata: SQL;
  memo: SQL;
  clearingId: string | null;
}) => sql`t as (
    insert into transactions (id, account_id, wallet_id, type, status, amount, fee, currency, reference, counterparty,
                              narration, source_type, source_id, metadata)
    select ${p.transactionId}::uuid, ${p.card}.account_id, ${p.card}.wallet_id, 'card_spend', 'pending', ${p.amount}::bigint, 0, ${p.card}.currency,
           ${p.reference}, jsonb_build_object('name', ${p.merchant}::text),
           ${p.narration}, 'card', ${p.sourceId},
           ${p.metadata}
      from ${p.card} ${p.approved}
    returning id
  ), e as (
    insert into journal_entries (account_id, transaction_id, kind, memo)
    select ${p.card}.account_id, t.id, 'card.spend', ${p.memo} from ${p.card}, t
    returning id
  ), p as (
    insert into postings (entry_id, ledger_account_id, amount, currency)
    select e.id, v.la, v.amt, ${p.card}.currency
      from e, ${p.card}, lateral (values (${p.card}.ledger_account_id, -${p.amount}::bigint), (${p.clearingId}::uuid, ${p.amount}::bigint)) as v(la, amt)
    returning 1
  )`;

/** The id of clearing:card-issuer in a currency (cached after the first call). */
export const cardIssuerClearingId = (db: Db, currency: string) =>
  systemAccountId(db, CARD_ISSUER_CLEARING, currency);
