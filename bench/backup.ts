// npm run bench:backup: backup and restore seconds, and backup size, for a database with
// BENCH_TRANSACTIONS (default 100,000) transactions made through the ledger (startTransfer, half of
// them settled), on an embedded PostgreSQL of its own. Ends with one `name: value unit` line per figure.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { backupEmbedded, restoreEmbedded } from '../apps/api/src/platform/backup';
import {
  createDb,
  createPool,
  ensureDatabase,
  runMigrations,
  startEmbeddedPostgres,
  type Db,
} from '../apps/api/src/platform/db';
import { accounts, users } from '../apps/api/src/platform/schema';
import { creditDeposit } from '../apps/api/src/modules/money/deposits';
import { settleTransfer, startTransfer } from '../apps/api/src/modules/money/transfers';
import { verifyLedger } from '../apps/api/src/modules/money/verify';
import { createWallet, setWalletVirtualAccount } from '../apps/api/src/modules/money/wallets';

const N = Number(process.env.BENCH_TRANSACTIONS ?? 100_000);
const CLIENTS = 8;

async function makeWallet(db: Db, i: number) {
  const [u] = await db
    .insert(users)
    .values({
      email: `bk${i}.${randomUUID().slice(0, 6)}@bench.ng`,
      passwordHash: 'x',
      firstName: 'B',
      lastName: String(i),
    })
    .returning();
  const [a] = await db
    .insert(accounts)
    .values({ name: `Backup ${i}`, type: 'business', ownerUserId: u.id })
    .returning();
  const w = await db.transaction((tx) => createWallet(tx, { accountId: a.id, currency: 'NGN' }));
  const accountNumber = `9${String(100_000_000 + i).padStart(9, '0')}`;
  await setWalletVirtualAccount(db, w.id, { accountNumber, bankCode: '101', bankName: 'Providus Bank' });
  await creditDeposit(db, {
    accountNumber,
    amount: 1_000_000_000_000,
    providerRef: `bk-${i}-${randomUUID()}`,
    senderName: 'BENCH',
    provider: 'sandbox',
  });
  return { accountId: a.id, walletId: w.id, userId: u.id };
}

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'owo-bench-backup-'));
  fs.chmodSync(tmp, 0o755);
  const server = await startEmbeddedPostgres(path.join(tmp, 'pg'), { persistent: false });
  let restored: Awaited<ReturnType<typeof startEmbeddedPostgres>> | null = null;
  try {
    await ensureDatabase(server.url('postgres'), 'owo');
    const pool = createPool(server.url('owo'), CLIENTS + 2);
    const db = createDb(pool);
    await runMigrations(db);
    console.log(
      `Owo backup benchmark: ${N} transactions, ${CLIENTS} clients, embedded PostgreSQL, ${os.cpus().length} CPUs`,
    );
    const ws = await Promise.all(Array.from({ length: CLIENTS }, (_, i) => makeWallet(db, i)));
    const t0 = Date.now();
    let made = 0;
    let last = 0;
    await Promise.all(
      ws.map(async (w) => {
        while (made < N) {
          made++;
          const tr = await startTransfer(db, {
            accountId: w.accountId,
            walletId: w.walletId,
            amount: 100_000,
            fee: 2_500,
            bankCode: '058',
            accountNumber: '0123456785',
            accountName: 'ADA OBI',
            initiatedBy: w.userId,
            provider: 'sandbox',
          });
          if (made % 2 === 0) await settleTransfer(db, { reference: tr.reference, outcome: 'success' });
          if (Date.now() - last > 10_000) {
            last = Date.now();
            console.log(`  ${made}/${N} transactions (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
          }
        }
      }),
    );
    const count = Number(
      ((await db.execute(sql`select count(*)::int as n from transactions`)).rows[0] as { n: number }).n,
    );
    const dbSize = Number(
      ((await db.execute(sql`select pg_database_size('owo')::bigint as n`)).rows[0] as { n: number }).n,
    );
    await pool.end();
    console.log(
      `made ${count} transactions in ${((Date.now() - t0) / 1000).toFixed(0)} s; database ${(dbSize / 1e6).toFixed(0)} MB`,
    );

    const file = path.join(tmp, 'bench.owo');
    const b = await backupEmbedded(path.join(tmp, 'pg'), server.url('postgres'), file);
    console.log(
      `backup: ${b.seconds.toFixed(1)} s, ${(b.bytes / 1e6).toFixed(1)} MB (${(b.rawBytes / 1e6).toFixed(0)} MB of files and WAL, ${b.files} files)`,
    );
    const target = path.join(tmp, 'restored');
    const r = await restoreEmbedded(file, target);
    console.log(`restore: ${r.seconds.toFixed(1)} s (check, write, recovery)`);
    restored = await startEmbeddedPostgres(path.join(target, 'pg'), { persistent: false });
    const rp = createPool(restored.url('owo'), 2);
    const problems = await verifyLedger(createDb(rp));
    const rc = Number(
      ((await rp.query('select count(*)::int as n from transactions')).rows[0] as { n: number }).n,
    );
    await rp.end();
    console.log(
      `restored database: ${rc} transactions; ledger:verify ${problems.length ? `FAILED: ${problems.join('; ')}` : 'OK'}`,
    );
    console.log('');
    console.log(`backup ${Math.round(count / 1000)}k transactions: ${b.seconds.toFixed(1)} s`);
    console.log(`restore: ${r.seconds.toFixed(1)} s`);
    console.log(`backup size: ${(b.bytes / 1e6).toFixed(1)} MB`);
    if (problems.length || rc !== count) process.exitCode = 1;
  } finally {
    if (restored) await restored.stop();
    await server.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
