// The money side of a wallet-to-bank transfer: hold on start, then exactly one settlement.
//   start:    wallet -> payouts-in-flight (amount + fee leave the available balance at once)
//   success:  payouts-in-flight -> clearing:<rail> (amount) + fees-revenue (fee)
//   failed:   payouts-in-flight -> wallet (everything back)
//   reversed: after success, clearing:<rail> + fees-revenue -> wallet, as a separate
//             'payout_fund_reversal' transaction linked to the original.
import { createHash, randomUUID } from 'node:crypto';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { executeNamed, hotStatement, type DbOrTx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import type { Seams } from '../../platform/seams';
import { formatMoney } from '@owo/contract';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import { moneyEventNotificationSql, MONEY_TOPICS, notifyMoneyEvent } from '../notifications';
import { formatMoneySql } from './format-sql';
import { pgCode, pgConstraint } from '../../platform/db';
import { newReference as newPlatformReference } from '../../platform/text';
import { postEntry, retryOnDeadlock, SYSTEM, systemAccountId, type Posting } from './ledger';
import { ledgerAccounts, transactions, wallets } from './tables';

export type TransactionRow = typeof transactions.$inferSelect;
export type SettleOutcome = 'success' | 'failed' | 'reversed';

/** Rail name used for clearing when a transfer was never assigned one. */
export const DEFAULT_PROVIDER = 'rails';
export const REFERENCE_RE = /^[a-z0-9_-]{6,100}$/;
export const insufficientFunds = () => new AppError(422, 'insufficient-funds', 'Insufficient wallet balance');

/** A transfer's reference, `<prefix>_<time><16 random hex digits>` (see platform `newReference`). */
export const newReference = (prefix = 'trf'): string => newPlatformReference(prefix, 8);

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

/** The amount, fee and reference of a transfer, checked: answers the reference (a new one when none is given). */
function checkTransferInput(p: { amount: number; fee: number; reference?: string }): string {
  if (!Number.isSafeInteger(p.amount) || p.amount <= 0)
    throw badRequest('Amount must be greater than zero', { amount: ['Amount must be greater than zero'] });
  if (!Number.isSafeInteger(p.fee) || p.fee < 0) throw new Error(`invalid fee ${p.fee}`);
  const reference = p.reference ?? newReference();
  if (!REFERENCE_RE.test(reference))
    throw badRequest('Reference may only contain lowercase letters, digits, - and _ (6 to 100 characters)', {
      reference: ['Reference may only contain lowercase letters, digits, - and _ (6 to 100 characters)'],
    });
  return reference;
}

const counterpartyOf = (
  p: Pick<StartTransferInput, 'bankCode' | 'accountNumber' | 'accountName' | 'bankName'>,
) => ({
  bankCode: p.bankCode,
  accountNumber: p.accountNumber,
  accountName: p.accountName,
  ...(p.bankName ? { bankName: p.bankName } : {}),
});

function duplicateReference(err: unknown): never {
  if (pgCode(err) === '23505' && pgConstraint(err) === 'transactions_reference_key')
    throw conflict('A transaction with this reference already exists', {
      reference: ['A transaction with this reference already exists'],
    });
  throw err;
}

/** No row came back from a start: the wallet is not this account's (404), or it cannot cover the hold (422). */
async function whyNotStarted(db: DbOrTx, accountId: string, walletId: string): Promise<never> {
  const [w] = await db
    .select({ id: wallets.id })
    .from(wallets)
    .where(and(eq(wallets.id, walletId), eq(wallets.accountId, accountId)));
  if (!w) throw notFound('Wallet');
  throw insufficientFunds();
}

type StartKey =
  | 'id'
  | 'walletId'
  | 'accountId'
  | 'total'
  | 'amount'
  | 'fee'
  | 'reference'
  | 'provider'
  | 'counterparty'
  | 'narration'
  | 'sourceType'
  | 'sourceId'
  | 'initiatedBy'
  | 'metadata'
  | 'memo';
const startStatement = hotStatement<StartKey>(
  'owo_start_transfer',
  (p) => sql`
      with w as (
        update wallets set balance = balance - ${p.total}::bigint, pending_balance = pending_balance + ${p.total}::bigint, updated_at = now()
        where id = ${p.walletId}::uuid and account_id = ${p.accountId}::uuid and balance >= ${p.total}::bigint
        returning id, account_id, currency, ledger_account_id, hold_ledger_account_id
      ), t as (
        insert into transactions (id, account_id, wallet_id, type, status, amount, fee, currency, reference, provider, counterparty, narration, source_type, source_id, created_by, metadata)
        select ${p.id}::uuid, w.account_id, w.id, 'payout', 'pending', ${p.amount}::bigint, ${p.fee}::bigint, w.currency, ${p.reference}::text,
               ${p.provider}::text, ${p.counterparty}::jsonb, ${p.narration}::text, ${p.sourceType}::text, ${p.sourceId}::text,
               ${p.initiatedBy}::uuid, ${p.metadata}::jsonb
        from w returning id, account_id, currency, created_at
      ), e as (
        insert into journal_entries (account_id, transaction_id, kind, memo)
        select t.account_id, t.id, 'payout.hold', ${p.memo}::text from t returning id
      ), p as (
        insert into postings (entry_id, ledger_account_id, amount, currency)
        select e.id, v.la, v.amt, w.currency from e, w,
          lateral (values (w.ledger_account_id, -${p.total}::bigint), (w.hold_ledger_account_id, ${p.total}::bigint)) as v(la, amt)
      )
      select t.currency, t.created_at from t`,
);

/**
 * Records a payout and holds its money, in one statement (so one transaction, all or nothing):
 * the conditional wallet update is the overdraft guard; when it matches no row nothing else is written.
 */
export async function startTransfer(db: DbOrTx, p: StartTransferInput): Promise<TransactionRow> {
  const reference = checkTransferInput(p);
  const id = randomUUID();
  const counterparty = counterpartyOf(p);
  const metadata = p.metadata ?? {};
  let rows: Record<string, unknown>[];
  try {
    // Answers only what the database decides (the currency, the time); the rest of the row is what
    // was written, so the hot path parses two columns, not twenty-one.
    rows = await startStatement(db, {
      id,
      walletId: p.walletId,
      accountId: p.accountId,
      total: p.amount + p.fee,
      amount: p.amount,
      fee: p.fee,
      reference,
      provider: p.provider ?? null,
      counterparty: JSON.stringify(counterparty),
      narration: p.narration ?? null,
      sourceType: p.sourceType ?? null,
      sourceId: p.sourceId ?? null,
      initiatedBy: p.initiatedBy,
      metadata: JSON.stringify(metadata),
      memo: `hold for transfer ${reference}`,
    });
  } catch (err) {
    duplicateReference(err);
  }
  if (!rows.length) return whyNotStarted(db, p.accountId, p.walletId);
  const createdAt =
    rows[0].created_at instanceof Date ? rows[0].created_at : new Date(String(rows[0].created_at));
  return {
    id,
    accountId: p.accountId,
    walletId: p.walletId,
    type: 'payout',
    status: 'pending',
    amount: p.amount,
    fee: p.fee,
    currency: rows[0].currency as string,
    reference,
    provider: p.provider ?? null,
    providerRef: null,
    counterparty,
    narration: p.narration ?? null,
    failureReason: null,
    relatedTransactionId: null,
    sourceType: p.sourceType ?? null,
    sourceId: p.sourceId ?? null,
    createdBy: p.initiatedBy,
    metadata,
    createdAt,
    updatedAt: createdAt,
  };
}

/** One payout of a `startTransfers` batch: the per-transfer half of StartTransferInput. */
export type BatchTransferItem = Pick<
  StartTransferInput,
  'amount' | 'fee' | 'bankCode' | 'accountNumber' | 'accountName' | 'bankName' | 'narration' | 'metadata'
> & {
  reference: string;
  /** Per transfer, when the batch's records differ (settlement rows of many invoices); else the batch's. */
  sourceId?: string;
  initiatedBy?: string;
};

/** Transfers per statement in startTransfers (a JSON parameter of ~300 bytes each). */
const START_CHUNK = 1000;

/**
 * Many payouts from ONE wallet, set-based: per chunk of 1,000, one statement moves the wallet once by
 * the chunk's total (the same conditional overdraft guard as startTransfer), inserts the transfers,
 * one hold entry each and their postings (the ledger trigger checks and caches them once per
 * statement). Every invariant of startTransfer holds per transfer: same rows, same entry kind, same
 * unique reference. All or nothing: the caller's transaction is rolled back by the throw when a
 * chunk cannot be covered (422) or a reference exists (409). Use it in a transaction (bulk
 * disbursements, payroll runs): 10,000 single starts re-write one wallet row 10,000 times in one
 * transaction, which PostgreSQL does in quadratic time (each update walks the row's version chain).
 * Answers the transfers in the order given.
 */
export async function startTransfers(
  db: DbOrTx,
  p: Omit<StartTransferInput, keyof BatchTransferItem | 'sourceId' | 'initiatedBy'> & {
    sourceId?: string;
    initiatedBy: string;
    items: BatchTransferItem[];
  },
): Promise<TransactionRow[]> {
  const items = p.items.map((it) => ({
    id: randomUUID(),
    amount: it.amount,
    fee: it.fee,
    reference: checkTransferInput(it),
    counterparty: counterpartyOf(it),
    narration: it.narration ?? null,
    metadata: it.metadata ?? {},
    source_id: it.sourceId ?? p.sourceId ?? null,
    created_by: it.initiatedBy ?? p.initiatedBy,
  }));
  if (!items.length) return [];
  const byReference = new Map<string, TransactionRow>();
  for (let i = 0; i < items.length; i += START_CHUNK) {
    const chunk = items.slice(i, i + START_CHUNK);
    let rows: Record<string, unknown>[];
    try {
      rows = await executeNamed(
        db,
        'owo_start_transfers',
        sql`
      with x as (
        select * from json_to_recordset(${JSON.stringify(chunk)}::json)
          as x(id uuid, amount bigint, fee bigint, reference text, counterparty jsonb, narration text, metadata jsonb,
               source_id text, created_by uuid)
      ), w as (
        update wallets set balance = balance - s.total, pending_balance = pending_balance + s.total, updated_at = now()
          from (select sum(x.amount + x.fee)::bigint as total from x) s
         where wallets.id = ${p.walletId}::uuid and wallets.account_id = ${p.accountId}::uuid and wallets.balance >= s.total
        returning wallets.id, wallets.account_id, wallets.currency, wallets.ledger_account_id, wallets.hold_ledger_account_id
      ), t as (
        insert into transactions (id, account_id, wallet_id, type, status, amount, fee, currency, reference, provider, counterparty, narration, source_type, source_id, created_by, metadata)
        select x.id, w.account_id, w.id, 'payout', 'pending', x.amount, x.fee, w.currency, x.reference,
               ${p.provider ?? null}, x.counterparty, x.narration, ${p.sourceType ?? null}, x.source_id,
               x.created_by, x.metadata
          from x, w returning *
      ), e as (
        insert into journal_entries (account_id, transaction_id, kind, memo)
        select t.account_id, t.id, 'payout.hold', 'hold for transfer ' || t.reference from t returning id, transaction_id
      ), p as (
        insert into postings (entry_id, ledger_account_id, amount, currency)
        select e.id, v.la, v.amt, w.currency from e join x on x.id = e.transaction_id, w,
          lateral (values (w.ledger_account_id, -(x.amount + x.fee)), (w.hold_ledger_account_id, x.amount + x.fee)) as v(la, amt)
      )
      select * from t`,
      );
    } catch (err) {
      duplicateReference(err);
    }
    if (!rows.length) return whyNotStarted(db, p.accountId, p.walletId);
    for (const r of rows) {
      const t = toTransactionRow(r);
      byReference.set(t.reference, t);
    }
  }
  return items.map((it) => byReference.get(it.reference)!);
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

/**
 * markProcessing for many accepted transfers in one statement (a bulk dispatch): pending ->
 * processing with the provider's reference; anything not pending is left as it is.
 */
export async function markProcessingMany(
  db: DbOrTx,
  accepted: { reference: string; providerRef: string | null }[],
  provider: string,
): Promise<number> {
  if (!accepted.length) return 0;
  const r = await db.execute(sql`
    update transactions t set status = 'processing', provider_ref = x.provider_ref,
      provider = coalesce(t.provider, ${provider}), updated_at = now()
    from json_to_recordset(${JSON.stringify(accepted.map((a) => ({ reference: a.reference, provider_ref: a.providerRef })))}::json)
      as x(reference text, provider_ref text)
    where t.reference = x.reference and t.status = 'pending' and t.type = 'payout'`);
  return r.rowCount ?? 0;
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
  deps: SettleDeps,
  p: { reference: string; outcome: SettleOutcome; reason?: string; providerRef?: string },
): Promise<{ changed: boolean; transaction: TransactionRow }> {
  const settled = await settleInFlight(deps, p);
  if (settled) {
    announcePaid(deps.seams, settled);
    return { changed: true, transaction: settled };
  }
  // Nothing matched: no such payout, already final (a duplicate, success -> reversed), or a system
  // ledger account that does not exist yet. The transactional path decides, exactly as before.
  const r = await settleLocked(deps, p);
  if (r.changed) announcePaid(deps.seams, r.transaction);
  return r;
}

/** One rail outcome for `settleTransfers`. */
export type SettleInput = {
  reference: string;
  outcome: SettleOutcome;
  reason?: string;
  providerRef?: string;
};

/**
 * `settleTransfer` for many references at once (a webhook batch of transfer outcomes), one outcome
 * each, same invariants: every in-flight payout among them is settled by ONE statement per outcome
 * kind (paid, or released for failed/reversed): locked in id order, each wallet's pending balance
 * (and, unless paid, balance) moved once by its sum, each transfer its own balanced journal entry
 * and postings, its status, its owner/admin notification and the `settleSql` seam's statements, all in
 * that statement (atomic on its own). Whatever it does not settle (a reference seen twice in the
 * list, already final, success -> reversed, a system ledger account not yet created) takes
 * `settleTransfer`, in input order, so duplicates change nothing. Answers per input: the result, or
 * null for a reference that is no payout (where `settleTransfer` answers 404).
 */
export async function settleTransfers(
  deps: SettleDeps,
  inputs: SettleInput[],
): Promise<({ changed: boolean; transaction: TransactionRow } | null)[]> {
  const out: ({ changed: boolean; transaction: TransactionRow } | null)[] = inputs.map(() => null);
  const done = inputs.map(() => false);
  const first = new Map<string, number>();
  inputs.forEach((p, i) => {
    if (!first.has(p.reference)) first.set(p.reference, i);
  });
  for (const success of [true, false]) {
    const idx = [...first.values()].filter((i) => (inputs[i].outcome === 'success') === success);
    if (!idx.length) continue;
    const settled = await settleManyInFlight(
      deps,
      success,
      idx.map((i) => inputs[i]),
    );
    for (const i of idx) {
      const t = settled.get(inputs[i].reference);
      if (!t) continue;
      out[i] = { changed: true, transaction: t };
      done[i] = true;
      announcePaid(deps.seams, t);
    }
  }
  for (const [i, p] of inputs.entries()) {
    if (done[i]) continue;
    try {
      out[i] = await settleTransfer(deps, p);
    } catch (err) {
      if (err instanceof AppError && err.statusCode === 404) out[i] = null;
      else throw err;
    }
  }
  return out;
}

/**
 * What both one-statement settles write in SQL: `described`, describeTransfer over the updated row `u`
 * (the notification's text before the outcome's words), and the ids of the system ledger accounts
 * the paid transfer posts to, by code (created on first use by the transactional path: a missing one
 * leaves a posting without its account, so the statement fails whole and that path runs).
 */
function settleSql() {
  const system = (code: SQL) => sql`(select la.id from ledger_accounts la where la.account_id is null
    and la.wallet_id is null and la.code = ${code} and la.currency = t.currency)`;
  return {
    described: sql`'Transfer of ' || ${formatMoneySql(sql`u.amount`, sql`u.currency`)}
      || coalesce(' to ' || nullif(u.counterparty->>'accountName', ''), '')`,
    clearing: system(sql`'clearing:' || coalesce(t.provider, ${DEFAULT_PROVIDER}::text)`),
    fees: system(sql`${SYSTEM.feesRevenue}::text`),
  };
}

/** settleInFlight over many references of one outcome kind; answers the rows it settled, by reference. */
async function settleManyInFlight(
  { db, seams }: SettleDeps,
  success: boolean,
  items: SettleInput[],
): Promise<Map<string, TransactionRow>> {
  const rows = items.map((p) => ({
    reference: p.reference,
    outcome: p.outcome,
    reason: success ? null : (p.reason ?? null),
    provider_ref: p.providerRef ?? null,
    memo: p.reason ?? null,
    // the notification's words after "Transfer of … to …", as settleInFlight writes them
    tail: success
      ? ' was paid.'
      : ` ${p.outcome === 'reversed' ? 'was reversed' : 'failed'}${withReason(p.reason)} The money is back in your wallet.`,
  }));
  const { described, clearing, fees } = settleSql();
  const out = new Map<string, TransactionRow>();
  // One statement per topic (the notification's topic is a constant of the statement).
  const topics = success
    ? [MONEY_TOPICS.transferPaid]
    : [MONEY_TOPICS.transferFailed, MONEY_TOPICS.transferReversed];
  for (const topic of topics) {
    const mine = rows.filter((r) =>
      success ? true : (r.outcome === 'reversed') === (topic === MONEY_TOPICS.transferReversed),
    );
    if (!mine.length) continue;
    const notify = moneyEventNotificationSql({
      from: sql`u`,
      accountId: sql`u.account_id`,
      transactionId: sql`u.id::text`,
      topic,
      value: sql`${described} || u.tail`,
    });
    try {
      const settled = await retryOnDeadlock(() =>
        executeNamed(
          db,
          success ? 'owo_settle_many_success' : 'owo_settle_many_release',
          sql`
      with x as (
        select * from json_to_recordset(${JSON.stringify(mine)}::json)
          as x(reference text, outcome text, reason text, provider_ref text, memo text, tail text)
      ), t as (
        select tr.id, tr.account_id, tr.wallet_id, tr.amount, tr.fee, tr.amount + tr.fee as total, tr.currency,
               tr.provider, x.outcome, x.reason, x.provider_ref, x.memo, x.tail
          from transactions tr join x on x.reference = tr.reference
         where tr.type = 'payout' and tr.status in ('pending', 'processing')
         order by tr.id
           for update of tr
      ), w as (
        update wallets
           set pending_balance = pending_balance - s.total,
               balance = balance + ${success ? sql`0` : sql`s.total`},
               updated_at = now()
          from (select wallet_id, sum(total)::bigint as total from t group by wallet_id) s
         where wallets.id = s.wallet_id
        returning wallets.id, wallets.ledger_account_id, wallets.hold_ledger_account_id
      ), e as (
        insert into journal_entries (account_id, transaction_id, kind, memo)
        select t.account_id, t.id, ${success ? 'payout.settle' : 'payout.release'}, t.memo from t
        returning id, transaction_id
      ), ps as (
        insert into postings (entry_id, ledger_account_id, amount, currency)
        select e.id, v.la, v.amt, t.currency from e join t on t.id = e.transaction_id join w on w.id = t.wallet_id,
          lateral (values ${
            success
              ? sql`(w.hold_ledger_account_id, -t.total), (${clearing}, t.amount), (${fees}, t.fee)`
              : sql`(w.hold_ledger_account_id, -t.total), (w.ledger_account_id, t.total)`
          }) as v(la, amt)
         where v.amt <> 0
      ), u as (
        update transactions
           set status = t.outcome, failure_reason = t.reason,
               provider_ref = coalesce(t.provider_ref, transactions.provider_ref), updated_at = now()
          from t where transactions.id = t.id
        returning transactions.*, t.tail
      ), n as (${notify})${settleCtes(seams)}
      select * from u`,
        ),
      );
      for (const r of settled) {
        const row = toTransactionRow(r);
        out.set(row.reference, row);
      }
    } catch (err) {
      if (pgCode(err) === '23502') continue; // a system ledger account does not exist yet: one by one
      throw err;
    }
  }
  return out;
}

/** A payout of some area's record (`source_type`/`source_id`) that the money core settled as paid. */
export type RecordPaid = { accountId: string; transactionId: string; sourceType: string; sourceId: string };
/** What a settle needs of the app: its database and its seams (`settleSql`, `recordPaid`, `moneyEvent`). */
export type SettleDeps = Pick<AppDeps, 'db' | 'seams'>;

/*
 * "A record was paid" (issue 27 §1), the `recordPaid` seam (money/seams.ts): every area's payouts
 * settle here, so a listener hears expenses, payouts, bills and payroll rows alike without any area
 * calling it. Listeners run after the settle, never inside it, and must not throw or block (queue
 * a job); a settle inside a caller's transaction may still roll back, so a listener re-reads the
 * transaction and a sweep backs it up (what is announced is a hint, the ledger is the truth).
 *
 * Statements that must commit with a settle (issue 27 §3: the developers' webhook outbox for the
 * areas' paid/failed events), the `settleSql` seam. Each is given `u`, a relation holding the settled
 * `transactions` row (snake_case columns, the new status), and answers ONE data-modifying statement
 * over it (an insert … select … from u). The one-statement settle folds them in as CTEs; the
 * transactional path runs each as `with u as (…) <statement>` in its transaction. Registered at
 * boot, so the prepared settle's text is fixed by the names registered.
 */
const settleCtes = (seams: Seams) =>
  sql.join(
    seams.hooks('settleSql').map((fn, i) => sql`, s${sql.raw(String(i))} as (${fn(sql`u`)})`),
    sql``,
  );
async function runSettleStatements(tx: DbOrTx, seams: Seams, transactionId: string) {
  for (const fn of seams.hooks('settleSql'))
    await tx.execute(sql`with u as (select * from transactions where id = ${transactionId}) ${fn(sql`u`)}`);
}

function announcePaid(seams: Seams, t: TransactionRow) {
  if (t.status !== 'success' || !t.sourceType || !t.sourceId || !t.accountId) return;
  for (const fn of seams.hooks('recordPaid')) {
    try {
      fn({ accountId: t.accountId, transactionId: t.id, sourceType: t.sourceType, sourceId: t.sourceId });
    } catch {
      // a listener's failure never fails a settle; its sweep recovers
    }
  }
}

/**
 * The common case in ONE statement (one round trip, atomic on its own, a named prepared
 * statement): an in-flight payout's (pending/processing) status is written, which locks it, its hold
 * released from the wallet's pending balance (and, unless paid, returned to the balance), the
 * balanced entry posted (the ledger trigger checks it and moves the cached balances it keeps) and
 * owner/admins notified (`moneyEventNotificationSql`, the text by `formatMoneySql`). The row lock
 * and the `status in (pending, processing)` condition are re-checked by PostgreSQL after waiting
 * for a concurrent settle (READ COMMITTED re-evaluation), so a duplicate outcome matches no row
 * and writes nothing. Answers null when nothing was written.
 */
async function settleInFlight(
  { db, seams }: SettleDeps,
  p: { reference: string; outcome: SettleOutcome; reason?: string; providerRef?: string },
): Promise<TransactionRow | null> {
  const success = p.outcome === 'success';
  try {
    const rows = await retryOnDeadlock(() =>
      settleStatement(seams, success)(db, {
        reference: p.reference,
        outcome: p.outcome,
        memo: p.reason ?? null,
        failureReason: success ? null : (p.reason ?? null),
        providerRef: p.providerRef ?? null,
        topic: success
          ? MONEY_TOPICS.transferPaid
          : p.outcome === 'reversed'
            ? MONEY_TOPICS.transferReversed
            : MONEY_TOPICS.transferFailed,
        tail: success
          ? ' was paid.'
          : ` ${p.outcome === 'reversed' ? 'was reversed' : 'failed'}${withReason(p.reason)} The money is back in your wallet.`,
      }),
    );
    // One json column, parsed natively, rather than twenty-one parsed one by one by the driver.
    return rows.length ? toTransactionRow(rows[0].row as Record<string, unknown>) : null;
  } catch (err) {
    if (pgCode(err) === '23502') return null; // a system ledger account does not exist yet
    throw err;
  }
}

type SettleKey = 'reference' | 'outcome' | 'memo' | 'failureReason' | 'providerRef' | 'topic' | 'tail';
/**
 * Prepared settle statements by name. A cache only, keyed by data: the name is fixed by the outcome
 * kind and the names of the `settleSql` statements registered (the same names give the same text in
 * every app of the process), so no registration writes it.
 */
const settleStatementCache = new Map<string, ReturnType<typeof hotStatement<SettleKey>>>();

/** settleInFlight's statement, built once per outcome kind and set of `settleSql` statements. */
function settleStatement(seams: Seams, success: boolean) {
  // The registered `settleSql` statements are part of the text, so the name says which they are.
  const names = createHash('sha1').update(seams.names('settleSql').join('\n')).digest('hex').slice(0, 12);
  const name = `owo_settle_${success ? 'success' : 'release'}_${names}`;
  let statement = settleStatementCache.get(name);
  if (statement) return statement;
  statement = hotStatement<SettleKey>(name, (p) => {
    const { described, clearing, fees } = settleSql();
    const notify = moneyEventNotificationSql({
      from: sql`u`,
      accountId: sql`u.account_id`,
      transactionId: sql`u.id::text`,
      topic: p.topic,
      value: sql`${described} || ${p.tail}::text`,
    });
    // The status update is the guard: it locks the payout and re-checks `status in (pending,
    // processing)` after waiting for a concurrent settle (READ COMMITTED re-evaluation), so a
    // duplicate outcome matches no row and nothing below writes anything.
    return sql`
      with u as (
        update transactions
           set status = ${p.outcome}::text, failure_reason = ${p.failureReason}::text,
               provider_ref = coalesce(${p.providerRef}::text, transactions.provider_ref), updated_at = now()
         where reference = ${p.reference}::text and type = 'payout' and status in ('pending', 'processing')
        returning transactions.*
      ), t as (
        select id, account_id, wallet_id, amount, fee, amount + fee as total, currency, provider from u
      ), w as (
        update wallets
           set pending_balance = pending_balance - t.total,
               balance = balance + ${success ? sql`0` : sql`t.total`},
               updated_at = now()
          from t where wallets.id = t.wallet_id
        returning wallets.ledger_account_id, wallets.hold_ledger_account_id
      ), e as (
        insert into journal_entries (account_id, transaction_id, kind, memo)
        select t.account_id, t.id, ${success ? 'payout.settle' : 'payout.release'}, ${p.memo}::text from t
        returning id
      ), ps as (
        insert into postings (entry_id, ledger_account_id, amount, currency)
        select e.id, v.la, v.amt, t.currency from e, t, w, lateral (values ${
          success
            ? sql`(w.hold_ledger_account_id, -t.total), (${clearing}, t.amount), (${fees}, t.fee)`
            : sql`(w.hold_ledger_account_id, -t.total), (w.ledger_account_id, t.total)`
        }) as v(la, amt)
         where v.amt <> 0
      ), n as (${notify})${settleCtes(seams)}
      select to_json(u) as row from u`;
  });
  settleStatementCache.set(name, statement);
  return statement;
}

/** Every outcome, in a transaction holding the transfer's row lock (duplicates, success -> reversed). */
async function settleLocked(
  deps: SettleDeps,
  p: { reference: string; outcome: SettleOutcome; reason?: string; providerRef?: string },
): Promise<{ changed: boolean; transaction: TransactionRow }> {
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
      await notifyMoneyEvent(tx, deps, {
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
function describeTransfer(t: Pick<TransactionRow, 'amount' | 'currency' | 'counterparty'>): string {
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
