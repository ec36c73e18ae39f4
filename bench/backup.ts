// npm run bench:backup: backup and restore seconds, and backup size, for a database with
// BENCH_TRANSACTIONS (default 100,000) transactions made through the ledger (startTransfer, half of
// them settled), on an embedded PostgreSQL of its own. Ends with one `name: value unit` line per figure.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { backupEmbedded, restoreEmbedded } from '../apps/api/src/platform/backup';
import {
  createDb,
  createPool,
  ensureDatabase,
  runMigrations,
  startEmbeddedPostgres,
} from '../apps/api/src/platform/db';
import { settleTransfer, startTransfer } from '../apps/api/src/modules/money';
import { verifyLedger } from '../apps/api/src/modules/money/verify';
import { benchSize, copySettledTransfers, fundedWallet } from './support';
import { emptySeams } from '../apps/api/src/platform/deps';

const N = benchSize('BENCH_TRANSACTIONS', 100_000, 300);
// Made through the ledger first; the rest are copies of those settled transfers (same rows: the
// transaction, its journal entries and postings, with new ids) so that 100k rows do not take an
// hour on a small shared machine. What is measured (backup, restore) depends on the bytes.
const REAL = Math.min(N, benchSize('BENCH_REAL_TRANSACTIONS', 4_000, 100));
const CLIENTS = 8;

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'owo-bench-backup-'));
  fs.chmodSync(tmp, 0o755);
  const server = await startEmbeddedPostgres(path.join(tmp, 'pg'), { persistent: false });
  let restored: Awaited<ReturnType<typeof startEmbeddedPostgres>> | null = null;
  try {
    await ensureDatabase(server.url('postgres'), 'owo');
    const pool = createPool(server.url('owo'), CLIENTS + 2);
    const db = createDb(pool);
    const core = { db, seams: emptySeams() };
    await runMigrations(db);
    console.log(
      `Owo backup benchmark: ${N} transactions, ${CLIENTS} clients, embedded PostgreSQL, ${os.cpus().length} CPUs`,
    );
    const ws = await Promise.all(
      Array.from({ length: CLIENTS }, (_, i) => fundedWallet(db, i, { name: 'Backup', digit: '9' })),
    );
    const t0 = Date.now();
    let made = 0;
    let last = 0;
    await Promise.all(
      ws.map(async (w) => {
        while (made < REAL) {
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
          await settleTransfer(core, { reference: tr.reference, outcome: 'success' });
          if (Date.now() - last > 10_000) {
            last = Date.now();
            console.log(`  ${made}/${N} transactions (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
          }
        }
      }),
    );
    await copySettledTransfers(db, N, (have, round) =>
      console.log(`  copies round ${round}: ${have} transactions`),
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
    console.log(
      `restore: ${r.seconds.toFixed(1)} s (check the file ${r.phases.check.toFixed(1)} s, write ${r.phases.write.toFixed(1)} s, PostgreSQL recovery and new password ${r.phases.recovery.toFixed(1)} s)`,
    );
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

// Exits when done: a handle left open by a library (pg-boss, a pool) must not keep the figures waiting.
main().then(
  () => process.exit(process.exitCode ?? 0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
