// Ledger invariants, checked from the raw tables (npm run ledger:verify, tests, property tests).
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { cachedBalanceSql } from './ledger';

export type Check = {
  name: string;
  query: ReturnType<typeof sql>;
  describe: (r: Record<string, string | number | null>) => string;
};

export const CHECKS: Check[] = [
  {
    name: 'entry balanced per currency',
    query: sql`select entry_id, currency, sum(amount)::bigint as s from postings group by entry_id, currency having sum(amount) <> 0 limit 20`,
    describe: (r) => `journal entry ${r.entry_id} does not balance in ${r.currency}: sums to ${r.s}`,
  },
  {
    name: 'entry has postings',
    query: sql`select e.id from journal_entries e where (select count(*) from postings p where p.entry_id = e.id) < 2 limit 20`,
    describe: (r) => `journal entry ${r.id} has fewer than two postings`,
  },
  {
    // The ledger's references are checked by its statement trigger (migration 0020), not foreign keys.
    name: 'references resolve',
    query: sql`select 'posting' as kind, p.id from postings p
        where not exists (select 1 from journal_entries e where e.id = p.entry_id)
           or not exists (select 1 from ledger_accounts la where la.id = p.ledger_account_id)
      union all
      select 'journal entry', e.id from journal_entries e
        where e.transaction_id is not null and not exists (select 1 from transactions t where t.id = e.transaction_id)
      union all
      select 'transaction', t.id from transactions t
        where not exists (select 1 from wallets w where w.id = t.wallet_id and w.account_id = t.account_id)
           or (t.created_by is not null and not exists (select 1 from users u where u.id = t.created_by))
      limit 20`,
    describe: (r) => `${r.kind} ${r.id} refers to a row that does not exist (or another account's wallet)`,
  },
  {
    name: 'currency total zero',
    query: sql`select currency, sum(amount)::bigint as s from postings group by currency having sum(amount) <> 0`,
    describe: (r) => `postings in ${r.currency} sum to ${r.s}, not zero`,
  },
  {
    name: 'posting currency matches account',
    query: sql`select p.id, p.currency, la.currency as la_currency from postings p join ledger_accounts la on la.id = p.ledger_account_id where p.currency <> la.currency limit 20`,
    describe: (r) => `posting ${r.id} is in ${r.currency} on a ${r.la_currency} ledger account`,
  },
  {
    // Every ledger account's cached balance, wherever it is kept (ledger.ts cachedBalanceSql): the
    // wallet row for a wallet's two accounts, the shards for system accounts, the row for the rest.
    name: 'cached ledger balance',
    query: sql`select case when la.wallet_id is null then 'cached ledger balance' when la.code = 'wallet' then 'wallet balance' else 'wallet pending balance' end as rule,
             la.id, la.code, la.wallet_id, ${cachedBalanceSql('la')} as balance, coalesce(s.total, 0)::bigint as total
      from ledger_accounts la
      left join (select ledger_account_id, sum(amount) as total from postings group by ledger_account_id) s on s.ledger_account_id = la.id
      where ${cachedBalanceSql('la')} is distinct from coalesce(s.total, 0) limit 20`,
    describe: (r) =>
      r.wallet_id
        ? `wallet ${r.wallet_id} shows ${r.balance} ${r.code === 'wallet' ? 'available' : 'pending'} but its ledger account ${r.id} (${r.code}) holds ${r.total}`
        : `ledger account ${r.id} (${r.code}) caches ${r.balance} but its postings sum to ${r.total}`,
  },
  {
    name: 'customer balances unsharded',
    query: sql`select sh.ledger_account_id from ledger_balance_shards sh join ledger_accounts la on la.id = sh.ledger_account_id where la.account_id is not null limit 20`,
    describe: (r) =>
      `customer ledger account ${r.ledger_account_id} has sharded balances (only system accounts may)`,
  },
  {
    name: 'wallet ledger accounts',
    query: sql`select w.id from wallets w
      where not exists (select 1 from ledger_accounts la where la.id = w.ledger_account_id and la.wallet_id = w.id and la.code = 'wallet' and la.currency = w.currency)
         or not exists (select 1 from ledger_accounts la where la.id = w.hold_ledger_account_id and la.wallet_id = w.id and la.code = 'payouts-in-flight' and la.currency = w.currency)
      limit 20`,
    describe: (r) => `wallet ${r.id} does not name its own wallet and payouts-in-flight ledger accounts`,
  },
  {
    name: 'pending equals payouts in flight',
    query: sql`select w.id, w.pending_balance, coalesce(t.total, 0)::bigint as total from wallets w
      left join (select wallet_id, sum(amount + fee) as total from transactions where type = 'payout' and status in ('pending', 'processing') group by wallet_id) t on t.wallet_id = w.id
      where w.pending_balance <> coalesce(t.total, 0) limit 20`,
    describe: (r) =>
      `wallet ${r.id} holds ${r.pending_balance} pending but its payouts in flight total ${r.total}`,
  },
  {
    name: 'no negative wallet',
    query: sql`select id, balance, pending_balance from wallets where balance < 0 or pending_balance < 0 limit 20`,
    describe: (r) => `wallet ${r.id} is negative (available ${r.balance}, pending ${r.pending_balance})`,
  },
  {
    name: 'customer ledger accounts not negative',
    query: sql`select la.id, la.code, ${cachedBalanceSql('la')} as balance from ledger_accounts la where la.account_id is not null and ${cachedBalanceSql('la')} < 0 limit 20`,
    describe: (r) => `customer ledger account ${r.id} (${r.code}) is negative: ${r.balance}`,
  },
];

/** Every broken invariant, as readable lines; an empty list means the ledger is sound. */
export async function verifyLedger(db: DbOrTx, checks: Check[] = CHECKS): Promise<string[]> {
  const results = await Promise.all(
    checks.map(async (c) => {
      const res = await db.execute(c.query);
      // A check may name each row's rule itself (`rule`), when one query checks several.
      return (res.rows as Record<string, string | number | null>[]).map(
        (r) => `${r.rule ?? c.name}: ${c.describe(r)}`,
      );
    }),
  );
  return results.flat();
}
