// What the money benches share: a company with a funded NGN wallet, made through the real paths
// (account, wallet, virtual account, deposit credited through the ledger).
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Db } from '../apps/api/src/platform/db';
import { accountMembers, accounts, users } from '../apps/api/src/platform/schema';
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { emptySeams, type AppDeps } from '../apps/api/src/platform/deps';
import { decide } from '../apps/api/src/modules/approvals';
import { approvalItems } from '../apps/api/src/modules/approvals/tables';
import { creditDeposit } from '../apps/api/src/modules/money/deposits';
import { createWallet, setWalletVirtualAccount } from '../apps/api/src/modules/money/wallets';

export type BenchWallet = { accountId: string; walletId: string; userId: string };

/**
 * Company `i` with an NGN wallet holding ₦10,000,000,000 (or `amountMinor`). `tag` keeps the emails, virtual account
 * numbers (its first digit) and deposit references of one bench apart from another's.
 */
export async function fundedWallet(
  db: Db,
  i: number,
  tag: { name: string; digit: string },
  amountMinor = 1_000_000_000_000,
): Promise<BenchWallet> {
  const [u] = await db
    .insert(users)
    .values({
      email: `${tag.name.toLowerCase()}${i}.${randomUUID().slice(0, 6)}@bench.ng`,
      passwordHash: 'x',
      firstName: tag.name,
      lastName: String(i),
    })
    .returning();
  const [a] = await db
    .insert(accounts)
    .values({ name: `${tag.name} ${i}`, type: 'business', ownerUserId: u.id })
    .returning();
  const w = await db.transaction((tx) => createWallet(tx, { accountId: a.id, currency: 'NGN' }));
  const accountNumber = `${tag.digit}${String(100_000_000 + i).padStart(9, '0')}`;
  await setWalletVirtualAccount(db, w.id, { accountNumber, bankCode: '101', bankName: 'Providus Bank' });
  await creditDeposit(
    { db, seams: emptySeams() },
    {
      accountNumber,
      amount: amountMinor,
      providerRef: `${tag.name.toLowerCase()}-${i}-${randomUUID()}`,
      senderName: 'BENCH',
      provider: 'sandbox',
    },
  );
  return { accountId: a.id, walletId: w.id, userId: u.id };
}

/** Makes the wallet's user its owner and adds an admin, the second person who approves; answers the admin. */
export async function ownerAndApprover(db: Db, w: BenchWallet) {
  const [admin] = await db
    .insert(users)
    .values({
      email: `admin.${randomBytes(3).toString('hex')}@bench.ng`,
      passwordHash: 'x',
      firstName: 'Bench',
      lastName: 'Admin',
    })
    .returning();
  await db.insert(accountMembers).values([
    { accountId: w.accountId, userId: w.userId, roleSlug: 'owner' },
    { accountId: w.accountId, userId: admin.id, roleSlug: 'admin' },
  ]);
  return admin;
}

/** The admin approves the record's approval item (one level), and what the approval starts runs. */
export async function approveAsAdmin(
  deps: AppDeps,
  w: BenchWallet,
  admin: { id: string },
  type: (typeof approvalItems.$inferSelect)['type'],
  resourceId: string,
) {
  const [item] = await deps.db
    .select({ id: approvalItems.id })
    .from(approvalItems)
    .where(and(eq(approvalItems.resourceId, resourceId), eq(approvalItems.type, type)));
  const { afterCommit } = await decide(deps, {
    accountId: w.accountId,
    userId: admin.id,
    approvalId: item.id,
    approvalStatus: 'approved',
    comments: 'Bench approval',
  });
  for (const fn of afterCommit) await fn();
}

/** CPU seconds used so far by a process (Linux /proc; utime + stime + reaped children's). */
export function cpuSeconds(pid: number): number {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / 100;
  } catch {
    return 0;
  }
}
/** CPU seconds of the PostgreSQL server: the postmaster and every backend it started. */
export function pgCpuSeconds(dataDir: string): number {
  let postmaster = 0;
  try {
    postmaster = Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return 0;
  }
  let total = cpuSeconds(postmaster);
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const ppid = Number(fs.readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
      if (ppid === postmaster) total += cpuSeconds(Number(d));
    } catch {
      /* gone */
    }
  }
  return total;
}

/** Which rows a copy round reads and counts: the given companies' (all when none), of copyable kinds. */
const scopeSql = (accounts?: string[]) =>
  accounts?.length ? sql`account_id = any(${`{${accounts.join(',')}}`}::uuid[])` : sql`true`;
const countOf = async (db: Db, accounts?: string[]) =>
  Number(
    (
      (await db.execute(sql`select count(*)::int as n from transactions where ${scopeSql(accounts)}`))
        .rows[0] as { n: number }
    ).n,
  );

export type CopyOptions = {
  /** Copy (and count) only these companies' transactions; all when absent. */
  accounts?: string[];
  /** Each copy is dated up to this many days before its original (0: the same instant). */
  spreadDays?: number;
  /** At most this many transactions per round (one database transaction each). */
  perRound?: number;
};

/**
 * Set-based copies of settled transfers made through the ledger (the transaction, its journal entries and
 * postings, with new ids and references), round by round until the database (or `accounts`) holds `target`
 * transactions; then the wallets' cached balances are set from their postings, the one copy decision 010
 * keeps, so `ledger:verify` stays clean (the postings' statement trigger keeps every other cached balance,
 * and the transactions' triggers the insights rollup and the list cache's change feed). Only payouts are
 * copied (the kinds whose money touches nothing but the wallet and the system accounts). For data sets
 * too big to make one transfer at a time on a small machine.
 */
export async function copySettledTransfers(
  db: Db,
  target: number,
  progress?: (have: number, round: number) => void,
  opts: CopyOptions = {},
) {
  let have = await countOf(db, opts.accounts);
  const spread = opts.spreadDays ?? 0;
  const tag = randomBytes(3).toString('hex');
  for (let round = 1; have < target; round++) {
    const want = Math.min(target - have, opts.perRound ?? 250_000);
    const suffix = `-c${tag}${round}`;
    await db.transaction(async (tx) => {
      await tx.execute(sql`create temp table m on commit drop as
        select id as old_id, gen_random_uuid() as new_id,
          (random() * ${spread} * 86400)::int * interval '1 second' as back from transactions
        where status = 'success' and type = 'payout' and ${scopeSql(opts.accounts)} limit ${want}`);
      await tx.execute(sql`create temp table e on commit drop as
        select j.id as old_id, gen_random_uuid() as new_id, m.new_id as tx_id, m.back from journal_entries j join m on m.old_id = j.transaction_id`);
      await tx.execute(sql`insert into transactions (id, account_id, wallet_id, type, status, amount, fee, currency, reference, provider, provider_ref, counterparty, narration, failure_reason, related_transaction_id, source_type, source_id, created_by, metadata, created_at, updated_at)
        select m.new_id, t.account_id, t.wallet_id, t.type, t.status, t.amount, t.fee, t.currency, t.reference || ${suffix}, t.provider, case when t.provider_ref is null then null else t.provider_ref || ${suffix} end, t.counterparty, t.narration, t.failure_reason, null, t.source_type, t.source_id, t.created_by, t.metadata, t.created_at - m.back, t.updated_at - m.back
        from transactions t join m on m.old_id = t.id`);
      await tx.execute(sql`insert into journal_entries (id, account_id, transaction_id, kind, memo, created_at)
        select e.new_id, j.account_id, e.tx_id, j.kind, j.memo, j.created_at - e.back from journal_entries j join e on e.old_id = j.id`);
      await tx.execute(sql`insert into postings (entry_id, ledger_account_id, amount, currency)
        select e.new_id, p.ledger_account_id, p.amount, p.currency from postings p join e on e.old_id = p.entry_id`);
    });
    have = await countOf(db, opts.accounts);
    progress?.(have, round);
  }
  // The copies moved money through the wallets' ledger accounts, whose cached balances live in the
  // wallet row (decision 010): set them from the postings, as the transfer statements do for real ones.
  await db.execute(sql`update wallets w set
      balance = coalesce((select sum(p.amount) from postings p where p.ledger_account_id = w.ledger_account_id), 0),
      pending_balance = coalesce((select sum(p.amount) from postings p where p.ledger_account_id = w.hold_ledger_account_id), 0)
    where ${opts.accounts?.length ? sql`w.account_id = any(${`{${opts.accounts.join(',')}}`}::uuid[])` : sql`true`}`);
}

/**
 * `--smoke`: the bench at a size that runs in seconds, with its consistency check still at the end.
 * `npm test` runs every bench so (scripts/bench-smoke.mjs), so a bench that rots fails the suite.
 */
export const SMOKE = process.argv.includes('--smoke');

/** A bench's size: the environment's override, else the smoke or the full default. */
export function benchSize(env: string, full: number, smoke: number): number {
  const v = process.env[env];
  return v ? Number(v) : SMOKE ? smoke : full;
}

/**
 * C of the ledger benches: the bare-SQL ceiling for one transfer (two balance updates and a log
 * row in one commit). `prepareBareTransfers` makes its tables with a balance pair per client.
 */
export async function prepareBareTransfers(pool: import('pg').Pool, clients: number) {
  await pool.query(
    'create table if not exists bench_balances (id int primary key, balance bigint not null check (balance >= 0))',
  );
  await pool.query(
    'create table if not exists bench_log (id bigserial primary key, from_id int, to_id int, amount bigint, created_at timestamptz default now())',
  );
  await pool.query(
    `insert into bench_balances select g, 1000000000000 from generate_series(1, ${clients * 2}) g on conflict do nothing`,
  );
  return async (c: number) => {
    const conn = await pool.connect();
    try {
      await conn.query('begin');
      await conn.query('update bench_balances set balance = balance - $2 where id = $1 and balance >= $2', [
        c * 2 + 1,
        102_500,
      ]);
      await conn.query('update bench_balances set balance = balance + $2 where id = $1', [
        c * 2 + 2,
        102_500,
      ]);
      await conn.query('insert into bench_log (from_id, to_id, amount) values ($1, $2, $3)', [
        c * 2 + 1,
        c * 2 + 2,
        102_500,
      ]);
      await conn.query('commit');
    } finally {
      conn.release();
    }
  };
}

/** Waits until the app process `app` answers `/api/health` on `port`; fails when it exits or after ~2 min (a loaded machine starts it slowly). */
export async function waitForApp(app: import('node:child_process').ChildProcess, port: number) {
  const exited = new Promise((_, reject) => app.once('exit', (c) => reject(new Error(`app exited (${c})`))));
  for (let i = 0; ; i++) {
    const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    if (i > 1200) throw new Error('the app did not start');
    await Promise.race([new Promise((r) => setTimeout(r, 100)), exited]);
  }
}
