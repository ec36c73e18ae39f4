// The in-flight settle's trigger work, folded into its one statement (docs/decisions/021). Four trigger
// statements used to follow every settle (the insights rollup, the list changes note, the ledger checks,
// the system accounts' shards), each costing about as much as the work it did (decision 010). The
// settle now writes them as CTEs and marks its statement (`trigger_work_done()`, migration 0035), so
// those triggers skip exactly that statement; every other writer stays covered by them.
import { sql, type SQL } from 'drizzle-orm';
import { listChangesNoteSql } from '../../platform/list-cache';

/**
 * The mark, as a condition of the statement's first update (so it is set before any row is written and
 * before the row triggers' WHEN is evaluated): transaction-local and equal to this statement's
 * statement_timestamp() only, so no later statement of the same transaction is skipped.
 */
export const foldedMarkSql = sql`set_config('owo.trigger_work_done', statement_timestamp()::text, true) is not null`;

/**
 * The CTEs after `u` (updated transactions row), `t` (its amounts) and `e` (the journal entries), given
 * `v`, the statement's postings (`entry_id`, `la`, `amt`, `currency`, `sys`: a system account's). Writes
 * what the skipped triggers would: the postings, the system accounts' shards (this backend's shard, in
 * ledger account order, as `ledger_after_postings`), the list changes note (one row per account, as
 * `list_changes_note`) and, for a paid transfer, the insights rollup (insights' own function,
 * `insight_daily_apply_rows`, over the rows becoming 'success', after `w` has locked the wallet, as the
 * trigger ran). `ck` checks each entry balanced per currency (the trigger's check_violation) and reads
 * the rollup's result, so both run; the statement must select from `ck`.
 * The references the trigger checks hold by construction: the entries are inserted here, the wallet's
 * accounts come from its row (its currency is the payout's), the system accounts are read by code and
 * currency (a missing one leaves a null account: 23502, and the transactional path runs).
 */
export function foldedCtes(success: boolean): SQL {
  return sql`, ps as (
        insert into postings (entry_id, ledger_account_id, amount, currency)
        select v.entry_id, v.la, v.amt, v.currency from v
        returning entry_id, amount, currency
      ), sh as (
        insert into ledger_balance_shards as s (ledger_account_id, shard, balance)
        select v.la, (pg_backend_pid() % 16)::smallint, sum(v.amt) from v where v.sys
         group by v.la order by v.la
        on conflict (ledger_account_id, shard) do update set balance = s.balance + excluded.balance
      ), lc as (${listChangesNoteSql(sql`u`)})${success ? insightRollupCte : sql``}, ck as (
        select ledger_check_entries(array_agg(b.entry_id), array_agg(b.currency), array_agg(b.s)) as checked${
          success ? sql`, (select ins.keys from ins) as rolled_up` : sql``
        }
          from (select entry_id, currency, sum(amount)::bigint as s from ps group by entry_id, currency) b
      )`;
}

// The insights rollup of the rows that become 'success' (they were pending or processing: nothing to
// take away): insights' function `insight_daily_apply_rows` (migration 0036) sums them per key and
// writes the keys in order. `w` is joined so it runs after the wallet is locked, as the trigger's upsert
// did (no deadlock on a key). Not a data-modifying CTE, so it runs only when read: `ck` reads it.
const insightRollupCte = sql`, ins as (
        select insight_daily_apply_rows(array_agg(u.account_id), array_agg(u.currency), array_agg(u.created_at),
                 array_agg(u.type), array_agg(u.counterparty), array_agg(u.amount), array_agg(u.fee)) as keys
          from u join w on w.id = u.wallet_id
         where u.status = 'success'
      )`;
