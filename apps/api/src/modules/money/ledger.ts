// The only way money moves: balanced journal entries of postings (ARCHITECTURE §3 "Money").
// Sign convention: a posting's amount adds to its ledger account's balance; each entry sums to zero per
// currency. Customer money (wallet, payouts-in-flight) therefore has positive balances and the system
// accounts that face the outside world (clearing:<rail>) go negative as money comes in.
// The database enforces the rest (see drizzle/*_ledger_triggers.sql): balanced entries, matching
// currencies, append-only postings and journal entries, and the cached balances (cachedBalanceSql).
import { and, eq, isNull, sql } from 'drizzle-orm';
import { pgCode, type Db, type DbOrTx } from '../../platform/db';
import { ledgerAccounts } from './tables';

export type Posting = { ledgerAccountId: string; amount: number; currency: string };

export const SYSTEM = {
  clearing: (provider: string) => `clearing:${provider}`,
  feesRevenue: 'fees-revenue',
  suspense: 'suspense',
} as const;

/** Per-database cache of system ledger account ids (they are created once and never deleted). */
const systemCache = new WeakMap<object, Map<string, string>>();

/**
 * The id of a system ledger account (no owning company), created on first use.
 * Takes the root Db on purpose: the account is committed on its own, so the cached id stays valid
 * even if the caller's later transaction rolls back.
 */
export async function systemAccountId(db: Db, code: string, currency: string): Promise<string> {
  let cache = systemCache.get(db);
  if (!cache) systemCache.set(db, (cache = new Map<string, string>()));
  const key = `${code}|${currency}`;
  const hit = cache.get(key);
  if (hit) return hit;
  await db.insert(ledgerAccounts).values({ code, currency }).onConflictDoNothing();
  const [row] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(
      and(
        isNull(ledgerAccounts.accountId),
        isNull(ledgerAccounts.walletId),
        eq(ledgerAccounts.code, code),
        eq(ledgerAccounts.currency, currency),
      ),
    );
  if (!row) throw new Error(`system ledger account ${code}/${currency} could not be created`);
  cache.set(key, row.id);
  return row.id;
}

/** Refuses (as a bug, not a user error) an entry that does not balance per currency. */
export function assertBalanced(postings: Posting[]): void {
  if (postings.length < 2) throw new Error('a journal entry needs at least two postings');
  const sums = new Map<string, number>();
  for (const p of postings) {
    if (!Number.isSafeInteger(p.amount) || p.amount === 0)
      throw new Error(`posting amount must be a non-zero integer, got ${p.amount}`);
    sums.set(p.currency, (sums.get(p.currency) ?? 0) + p.amount);
  }
  for (const [currency, sum] of sums)
    if (sum !== 0) throw new Error(`unbalanced journal entry in ${currency}: sums to ${sum}`);
}

/** Posts one balanced entry in one statement (entry + postings); returns the entry id. */
export async function postEntry(
  tx: DbOrTx,
  p: {
    accountId: string | null;
    transactionId: string | null;
    kind: string;
    memo?: string | null;
    postings: Posting[];
  },
): Promise<string> {
  assertBalanced(p.postings);
  const values = sql.join(
    p.postings.map((x) => sql`(${x.ledgerAccountId}::uuid, ${x.amount}::bigint, ${x.currency}::text)`),
    sql`, `,
  );
  const res = await tx.execute<{ entry_id: string }>(sql`
    with e as (
      insert into journal_entries (account_id, transaction_id, kind, memo)
      values (${p.accountId}::uuid, ${p.transactionId}::uuid, ${p.kind}, ${p.memo ?? null})
      returning id
    )
    insert into postings (entry_id, ledger_account_id, amount, currency)
    select e.id, v.la, v.amt, v.cur from e, (values ${values}) as v(la, amt, cur)
    returning entry_id`);
  return res.rows[0].entry_id;
}

/** Retries a unit of work when PostgreSQL picked it as a deadlock victim (it rolled back whole). */
export async function retryOnDeadlock<T>(fn: () => Promise<T>, attempts = 5): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (err) {
      const code = pgCode(err);
      if (i >= attempts || (code !== '40P01' && code !== '40001')) throw err;
      await new Promise((r) => setTimeout(r, 5 * i + Math.random() * 20));
    }
  }
}

/**
 * The cached balance of ledger account `la` (an alias in the caller's query), wherever it is kept
 * (migration 0022): a wallet's accounts in the wallet row, a system account in its shards, any other
 * company account in `ledger_accounts.balance`.
 */
export const cachedBalanceSql = (la: string) =>
  sql.raw(`(case when ${la}.wallet_id is not null then
      (select case when w.ledger_account_id = ${la}.id then w.balance when w.hold_ledger_account_id = ${la}.id then w.pending_balance end
         from wallets w where w.id = ${la}.wallet_id)
    else ${la}.balance + coalesce((select sum(s.balance) from ledger_balance_shards s where s.ledger_account_id = ${la}.id), 0) end)::bigint`);

/** A ledger account's cached balance (see cachedBalanceSql). */
export async function ledgerBalance(db: DbOrTx, ledgerAccountId: string): Promise<number> {
  const res = await db.execute<{ b: number }>(
    sql`select ${cachedBalanceSql('la')} as b from ledger_accounts la where la.id = ${ledgerAccountId}::uuid`,
  );
  return Number(res.rows[0]?.b ?? 0);
}
