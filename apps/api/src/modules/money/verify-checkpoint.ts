// ledger:verify from a checkpoint (decision 019): a clean run records its snapshot and, per ledger
// account, the sum of the postings that snapshot saw; the next run checks entry by entry only the
// journal entries written since (those the snapshot did not see, by their `xid`, migration 0034),
// and every cached balance against the recorded sum plus the newer postings. `full` re-verifies
// everything (the only mode that sees a row changed before the checkpoint).
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { cachedBalanceSql } from './ledger';
import { CHECKS, verifyLedger, type Check } from './verify';

export type VerifyRun = { mode: 'full' | 'incremental'; entries: number; problems: string[] };

/** The journal entries the snapshot `prev` did not see (written since the checkpoint). */
const newEntries = (prev: string) =>
  sql`(select e.id, e.transaction_id from journal_entries e
    where e.xid >= ${prev.slice(0, prev.indexOf(':'))}::bigint
      and not pg_visible_in_snapshot(e.xid::text::xid8, ${prev}::pg_snapshot))`;

/** The checks that read every posting, each narrowed to the entries written since `prev`. */
function incrementalQueries(prev: string): Record<string, SQL> {
  const n = newEntries(prev);
  const np = sql`(select p.* from postings p join ${n} n on n.id = p.entry_id)`;
  const sums = sql`(select ledger_account_id, sum(total) as total from (
      select ledger_account_id, total from ledger_verify_totals
      union all select ledger_account_id, amount from ${np} x) s group by ledger_account_id)`;
  return {
    'entry balanced per currency': sql`select entry_id, currency, sum(amount)::bigint as s from ${np} p group by entry_id, currency having sum(amount) <> 0 limit 20`,
    'entry has postings': sql`select n.id from ${n} n where (select count(*) from postings p where p.entry_id = n.id) < 2 limit 20`,
    'references resolve': sql`select 'posting' as kind, p.id from ${np} p
        where not exists (select 1 from ledger_accounts la where la.id = p.ledger_account_id)
      union all
      select 'journal entry', n.id from ${n} n
        where n.transaction_id is not null and not exists (select 1 from transactions t where t.id = n.transaction_id)
      union all
      select 'transaction', t.id from transactions t join ${n} n on n.transaction_id = t.id
        where not exists (select 1 from wallets w where w.id = t.wallet_id and w.account_id = t.account_id)
           or (t.created_by is not null and not exists (select 1 from users u where u.id = t.created_by))
      limit 20`,
    'currency total zero': sql`select currency, sum(total)::bigint as s from (
        select currency, total from ledger_verify_totals union all select currency, amount from ${np} x) c
      group by currency having sum(total) <> 0`,
    'posting currency matches account': sql`select p.id, p.currency, la.currency as la_currency from ${np} p join ledger_accounts la on la.id = p.ledger_account_id where p.currency <> la.currency limit 20`,
    'cached ledger balance': sql`select case when la.wallet_id is null then 'cached ledger balance' when la.code = 'wallet' then 'wallet balance' else 'wallet pending balance' end as rule,
             la.id, la.code, la.wallet_id, ${cachedBalanceSql('la')} as balance, coalesce(s.total, 0)::bigint as total
      from ledger_accounts la left join ${sums} s on s.ledger_account_id = la.id
      where ${cachedBalanceSql('la')} is distinct from coalesce(s.total, 0) limit 20`,
  };
}

/**
 * Verifies the ledger, from the checkpoint unless `full` (or there is none yet), and moves the
 * checkpoint when clean. The checkpoint's snapshot is taken first, in a REPEATABLE READ transaction
 * that records the sums: the checks run beside it (in parallel, each at a later snapshot), so they
 * read at least every entry the checkpoint then claims.
 */
export async function verifyLedgerFrom(db: Db, opts: { full?: boolean } = {}): Promise<VerifyRun> {
  return db.transaction(
    async (tx) => {
      await tx.execute(sql`lock table ledger_verify_checkpoints in exclusive mode`);
      const snap = (await tx.execute(sql`select pg_current_snapshot()::text as s`)).rows[0].s as string;
      const found = await tx.execute(sql`select snapshot, entries from ledger_verify_checkpoints`);
      const prev = found.rows[0] as { snapshot: string; entries: string } | undefined;
      // Checked entry by entry (index probes), a newer entry costs about six times what a full run's
      // scans spend on one (measured at 1,000,000: 200,000 new entries 90 s, 2,000,000 in full
      // 138–153 s): past a fifth of the checkpoint's entries the run is a full one.
      const fresh = prev
        ? Number(
            (await tx.execute(sql`select count(*)::bigint as n from ${newEntries(prev.snapshot)} n`)).rows[0]
              .n,
          )
        : 0;
      const full = opts.full || !prev || fresh * 5 > Number(prev.entries);
      const checks: Check[] = full
        ? CHECKS
        : CHECKS.map((c) => ({ ...c, query: incrementalQueries(prev.snapshot)[c.name] ?? c.query }));
      const problems = await verifyLedger(db, checks);
      const entries = full
        ? Number((await tx.execute(sql`select count(*)::bigint as n from journal_entries`)).rows[0].n)
        : fresh;
      if (problems.length) return { mode: full ? 'full' : 'incremental', entries, problems };
      if (full) {
        await tx.execute(sql`delete from ledger_verify_totals`);
        await tx.execute(sql`insert into ledger_verify_totals (ledger_account_id, currency, total)
          select ledger_account_id, currency, sum(amount) from postings group by ledger_account_id, currency`);
      } else
        await tx.execute(sql`insert into ledger_verify_totals as v (ledger_account_id, currency, total)
          select p.ledger_account_id, p.currency, sum(p.amount) from postings p join ${newEntries(prev.snapshot)} n on n.id = p.entry_id
          group by p.ledger_account_id, p.currency
          on conflict (ledger_account_id) do update set total = v.total + excluded.total`);
      const total = full ? entries : Number(prev.entries) + entries;
      await tx.execute(sql`insert into ledger_verify_checkpoints (id, snapshot, entries) values (1, ${snap}, ${total})
        on conflict (id) do update set snapshot = excluded.snapshot, entries = excluded.entries, verified_at = now()`);
      return { mode: full ? 'full' : 'incremental', entries, problems };
    },
    { isolationLevel: 'repeatable read' },
  );
}
