// ledger:verify from a checkpoint (decisions 019, 020): a clean run records its snapshot and, per
// ledger account, the sum of the postings that snapshot saw; the next run reads the journal entries
// written since (those the snapshot did not see, by their `xid`, migration 0034) and their postings
// once, into temporary tables of its own transaction, and checks them entry by entry from there,
// and every cached balance against the recorded sum plus the newer postings. `full` re-verifies
// everything (the only mode that sees a row changed before the checkpoint).
import { sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db';
import { cachedBalanceSql } from './ledger';
import { CHECKS, verifyLedger } from './verify';

export type VerifyRun = { mode: 'full' | 'incremental'; entries: number; problems: string[] };

/** The journal entries the snapshot `prev` did not see (written since the checkpoint). */
const newEntries = (prev: string) =>
  sql`(select e.id, e.transaction_id from journal_entries e
    where e.xid >= ${prev.slice(0, prev.indexOf(':'))}::bigint
      and not pg_visible_in_snapshot(e.xid::text::xid8, ${prev}::pg_snapshot))`;

/**
 * An incremental run past this many new entries per checkpoint entry is a full one. Read once, a new
 * entry costs about what a full run spends on one (decision 020), so the bound only keeps a run whose
 * increment dwarfs its checkpoint (a first run after a bulk import) from paying both.
 */
const FULL_PAST = 1;

const n = sql.raw('verify_entries');
const np = sql.raw('verify_postings');
const ns = sql.raw('verify_sums');
const ne = sql.raw('verify_entry_sums');

/**
 * Reads the new entries (with their transaction's columns) at the transaction's snapshot, the one
 * its checkpoint records, into `verify_entries` (dropped at commit); answers how many.
 */
async function readNewEntries(tx: DbOrTx, prev: string): Promise<number> {
  // The reads below hash and sort an increment's rows: in memory, not in batches on disk.
  await tx.execute(sql`set local work_mem = '64MB'`);
  const made = await tx.execute(sql`create temp table ${n} on commit drop as
    select e.id, e.transaction_id, t.id as t_id, t.account_id, t.wallet_id, t.created_by
    from ${newEntries(prev)} e left join transactions t on t.id = e.transaction_id`);
  await tx.execute(sql`analyze ${n}`);
  return made.rowCount ?? 0;
}

/**
 * Their postings, read once (`verify_postings`), summed per entry and currency with their count
 * (`verify_entry_sums`) and per ledger account (`verify_sums`).
 */
async function readNewPostings(tx: DbOrTx) {
  await tx.execute(sql`create temp table ${np} on commit drop as
    select p.id, p.entry_id, p.ledger_account_id, p.amount, p.currency
    from postings p join ${n} e on e.id = p.entry_id`);
  await tx.execute(sql`analyze ${np}`);
  await tx.execute(sql`create temp table ${ne} on commit drop as
    select entry_id, currency, sum(amount) as s, count(*) as c from ${np} group by entry_id, currency`);
  await tx.execute(sql`create temp table ${ns} on commit drop as
    select ledger_account_id, currency, sum(amount) as total from ${np} group by ledger_account_id, currency`);
}

/** The checks that read every posting, each over the new entries and postings read once. */
const sums = sql`(select ledger_account_id, sum(total) as total from (
    select ledger_account_id, total from ledger_verify_totals
    union all select ledger_account_id, total from ${ns}) s group by ledger_account_id)`;
const INCREMENTAL: Record<string, SQL> = {
  'entry balanced per currency': sql`select entry_id, currency, s::bigint as s from ${ne} where s <> 0 limit 20`,
  'entry has postings': sql`select e.id from ${n} e left join (select entry_id, sum(c) as c from ${ne} group by entry_id) c on c.entry_id = e.id
    where coalesce(c.c, 0) < 2 limit 20`,
  'references resolve': sql`select 'posting' as kind, p.id from ${np} p
      where not exists (select 1 from ledger_accounts la where la.id = p.ledger_account_id)
    union all
    select 'journal entry', e.id from ${n} e where e.transaction_id is not null and e.t_id is null
    union all
    select distinct 'transaction', e.t_id from ${n} e
      where e.t_id is not null
        and (not exists (select 1 from wallets w where w.id = e.wallet_id and w.account_id = e.account_id)
          or (e.created_by is not null and not exists (select 1 from users u where u.id = e.created_by)))
    limit 20`,
  'currency total zero': sql`select currency, sum(total)::bigint as s from (
      select currency, total from ledger_verify_totals union all select currency, total from ${ns}) c
    group by currency having sum(total) <> 0`,
  'posting currency matches account': sql`select p.id, p.currency, la.currency as la_currency from ${np} p join ledger_accounts la on la.id = p.ledger_account_id where p.currency <> la.currency limit 20`,
  'cached ledger balance': sql`select case when la.wallet_id is null then 'cached ledger balance' when la.code = 'wallet' then 'wallet balance' else 'wallet pending balance' end as rule,
           la.id, la.code, la.wallet_id, ${cachedBalanceSql('la')} as balance, coalesce(s.total, 0)::bigint as total
    from ledger_accounts la left join ${sums} s on s.ledger_account_id = la.id
    where ${cachedBalanceSql('la')} is distinct from coalesce(s.total, 0) limit 20`,
};

/**
 * The incremental run's problems: the checks of the new entries in `tx` (at the checkpoint's
 * snapshot, one after another on its connection), the wallet checks beside them on the pool.
 */
async function verifyIncrement(db: Db, tx: DbOrTx): Promise<string[]> {
  const mine = async () => {
    const out: string[] = [];
    for (const c of CHECKS)
      if (INCREMENTAL[c.name]) out.push(...(await verifyLedger(tx, [{ ...c, query: INCREMENTAL[c.name] }])));
    return out;
  };
  const rest = CHECKS.filter((c) => !INCREMENTAL[c.name]);
  return (await Promise.all([mine(), verifyLedger(db, rest)])).flat();
}

/**
 * Verifies the ledger, from the checkpoint unless `full` (or there is none yet), and moves the
 * checkpoint when clean. The checkpoint's snapshot is taken first, in a REPEATABLE READ transaction
 * that records the sums: an incremental run reads and checks the new entries in it (exactly what
 * the checkpoint then claims); a full run's checks run beside it (in parallel, each at a later
 * snapshot), so they read at least every entry the checkpoint claims.
 */
export async function verifyLedgerFrom(db: Db, opts: { full?: boolean } = {}): Promise<VerifyRun> {
  return db.transaction(
    async (tx) => {
      await tx.execute(sql`lock table ledger_verify_checkpoints in exclusive mode`);
      const snap = (await tx.execute(sql`select pg_current_snapshot()::text as s`)).rows[0].s as string;
      const found = await tx.execute(sql`select snapshot, entries from ledger_verify_checkpoints`);
      const prev = found.rows[0] as { snapshot: string; entries: string } | undefined;
      // The new entries are read first (their count decides the mode), their postings only when
      // the run stays incremental.
      const fresh = prev && !opts.full ? await readNewEntries(tx, prev.snapshot) : 0;
      const full = opts.full || !prev || fresh > FULL_PAST * Number(prev.entries);
      let problems: string[];
      if (full) problems = await verifyLedger(db, CHECKS);
      else {
        await readNewPostings(tx);
        problems = await verifyIncrement(db, tx);
      }
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
          select ledger_account_id, currency, total from ${ns}
          on conflict (ledger_account_id) do update set total = v.total + excluded.total`);
      const total = full ? entries : Number(prev.entries) + entries;
      await tx.execute(sql`insert into ledger_verify_checkpoints (id, snapshot, entries) values (1, ${snap}, ${total})
        on conflict (id) do update set snapshot = excluded.snapshot, entries = excluded.entries, verified_at = now()`);
      return { mode: full ? 'full' : 'incremental', entries, problems };
    },
    { isolationLevel: 'repeatable read' },
  );
}
