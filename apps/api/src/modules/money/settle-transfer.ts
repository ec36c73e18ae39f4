// Settling a wallet-to-bank transfer (the hold is taken by start-transfer.ts): exactly one settlement.
//   start:    wallet -> payouts-in-flight (amount + fee leave the available balance at once)
//   success:  payouts-in-flight -> clearing:<rail> (amount) + fees-revenue (fee)
//   failed:   payouts-in-flight -> wallet (everything back)
//   reversed: after success, clearing:<rail> + fees-revenue -> wallet, as a separate
//             'payout_fund_reversal' transaction linked to the original.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { executeNamed, hotStatement, pgCode } from '../../platform/db';
import type { Seams } from '../../platform/seams';
import { AppError } from '../../platform/errors';
import { moneyEventNotificationSql, MONEY_TOPICS } from '../notifications';
import { retryOnDeadlock } from './ledger';
import { foldedCtes, foldedMarkSql } from './settle-folded';
import { settleLocked } from './settle-locked';
import {
  announcePaid,
  settleCtes,
  settleSql,
  withReason,
  type SettleDeps,
  type SettleInput,
  type SettleOutcome,
} from './settle-shared';
import { toTransactionRow, type TransactionRow } from './transfers';

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

/** The rows of a many-settle statement: per input, what settleInFlight gets as parameters. */
function manyRows(success: boolean, items: SettleInput[]) {
  return items.map((p) => ({
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
}

/** settleInFlight over many references of one outcome kind; answers the rows it settled, by reference. */
async function settleManyInFlight(
  { db, seams }: SettleDeps,
  success: boolean,
  items: SettleInput[],
): Promise<Map<string, TransactionRow>> {
  const rows = manyRows(success, items);
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
    try {
      const settled = await retryOnDeadlock(() =>
        executeNamed(
          db,
          success ? 'owo_settle_many_success' : 'owo_settle_many_release',
          settleManySql(seams, success, topic, mine),
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

/**
 * The many-settle statement of one topic: locks the in-flight payouts among `mine` in id order,
 * moves each wallet once by its sum, one entry each, their statuses, notifications and seam statements.
 */
function settleManySql(seams: Seams, success: boolean, topic: string, mine: ReturnType<typeof manyRows>) {
  const { described, clearing, fees } = settleSql();
  const notify = moneyEventNotificationSql({
    from: sql`u`,
    accountId: sql`u.account_id`,
    transactionId: sql`u.id::text`,
    topic,
    value: sql`${described} || u.tail`,
  });
  return sql`
      with x as (
        select * from json_to_recordset(${JSON.stringify(mine)}::json)
          as x(reference text, outcome text, reason text, provider_ref text, memo text, tail text)
      ), t as (
        select tr.id, tr.account_id, tr.wallet_id, tr.amount, tr.fee, tr.amount + tr.fee as total, tr.currency,
               tr.provider, x.outcome, x.reason, x.provider_ref, x.memo, x.tail
          from transactions tr join x on x.reference = tr.reference
         where tr.type = 'payout' and tr.status in ('pending', 'processing') and ${foldedMarkSql}
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
      ), v as (
        select e.id as entry_id, v.la, v.amt, t.currency, v.sys
          from e join t on t.id = e.transaction_id join w on w.id = t.wallet_id,
          lateral (values ${
            success
              ? sql`(w.hold_ledger_account_id, -t.total, false), (${clearing}, t.amount, true), (${fees}, t.fee, true)`
              : sql`(w.hold_ledger_account_id, -t.total, false), (w.ledger_account_id, t.total, false)`
          }) as v(la, amt, sys)
         where v.amt <> 0
      ), u as (
        update transactions
           set status = t.outcome, failure_reason = t.reason,
               provider_ref = coalesce(t.provider_ref, transactions.provider_ref), updated_at = now()
          from t where transactions.id = t.id
        returning transactions.*, t.tail
      )${foldedCtes(success)}, n as (${notify})${settleCtes(seams)}
      select u.* from u, ck`;
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
           and ${foldedMarkSql}
        returning transactions.*
      ), t as (
        select id, account_id, wallet_id, amount, fee, amount + fee as total, currency, provider from u
      ), w as (
        update wallets
           set pending_balance = pending_balance - t.total,
               balance = balance + ${success ? sql`0` : sql`t.total`},
               updated_at = now()
          from t where wallets.id = t.wallet_id
        returning wallets.id, wallets.ledger_account_id, wallets.hold_ledger_account_id
      ), e as (
        insert into journal_entries (account_id, transaction_id, kind, memo)
        select t.account_id, t.id, ${success ? 'payout.settle' : 'payout.release'}, ${p.memo}::text from t
        returning id
      ), v as (
        select e.id as entry_id, v.la, v.amt, t.currency, v.sys from e, t, w, lateral (values ${
          success
            ? sql`(w.hold_ledger_account_id, -t.total, false), (${clearing}, t.amount, true), (${fees}, t.fee, true)`
            : sql`(w.hold_ledger_account_id, -t.total, false), (w.ledger_account_id, t.total, false)`
        }) as v(la, amt, sys)
         where v.amt <> 0
      )${foldedCtes(success)}, n as (${notify})${settleCtes(seams)}
      select to_json(u) as row from u, ck`;
  });
  settleStatementCache.set(name, statement);
  return statement;
}
