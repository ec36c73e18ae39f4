// npm run bench:ledger — ledger throughput against a bare SQL baseline, on a throwaway embedded PostgreSQL.
//   A. startTransfer (wallet -> bank hold: conditional wallet update, transaction row, journal entry,
//      two postings, the ledger trigger's checks), 8 clients, each on its own company's wallet.
//   B. the same plus settleTransfer(success) per transfer (the full money side of a payout).
//   C. a bare SQL transaction of the same shape: BEGIN; two balance updates; one insert; COMMIT.
// A, B and C run interleaved in short slices (BENCH_ROUNDS, default 5) so machine noise hits all alike.
// Prints transfers per second and the ratios A / C (target >= 0.8) and B / C (target >= 0.30).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  createDb,
  createPool,
  ensureDatabase,
  runMigrations,
  startEmbeddedPostgres,
} from '../apps/api/src/platform/db';
import { settleTransfer, startTransfer } from '../apps/api/src/modules/money';
import { verifyLedger } from '../apps/api/src/modules/money/verify';
import { benchSize, fundedWallet, pgCpuSeconds, prepareBareTransfers } from './support';
import { emptySeams } from '../apps/api/src/platform/deps';

const CLIENTS = benchSize('BENCH_CLIENTS', 8, 2);
const SECONDS = benchSize('BENCH_SECONDS', 10, 1);
const ROUNDS = benchSize('BENCH_ROUNDS', 5, 1);

async function runFor(
  label: string,
  clients: number,
  op: (client: number, i: number) => Promise<void>,
  seconds = SECONDS,
) {
  const deadline = Date.now() + seconds * 1000;
  const counts = new Array<number>(clients).fill(0);
  const started = process.hrtime.bigint();
  await Promise.all(
    counts.map(async (_, c) => {
      let i = 0;
      while (Date.now() < deadline) {
        await op(c, i++);
        counts[c]++;
      }
    }),
  );
  const secs = Number(process.hrtime.bigint() - started) / 1e9;
  const total = counts.reduce((a, b) => a + b, 0);
  const rate = total / secs;
  console.log(
    `${label.padEnd(58)} ${String(total).padStart(7)} in ${secs.toFixed(1)} s = ${rate.toFixed(0).padStart(6)} /s`,
  );
  return rate;
}

/** Runs `op` on every client for `seconds`; answers the operations done and the seconds taken. */
async function runSlice(clients: number, op: (client: number) => Promise<void>, seconds: number) {
  const deadline = Date.now() + seconds * 1000;
  let total = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      while (Date.now() < deadline) {
        await op(c);
        total++;
      }
    }),
  );
  return { total, secs: Number(process.hrtime.bigint() - started) / 1e9 };
}

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'owo-bench-'));
  fs.chmodSync(tmp, 0o755);
  const server = await startEmbeddedPostgres(path.join(tmp, 'pg'), { persistent: false });
  try {
    await ensureDatabase(server.url('postgres'), 'bench');
    const pool = createPool(server.url('bench'), CLIENTS + 2);
    const db = createDb(pool);
    const core = { db, seams: emptySeams() };
    await runMigrations(db);
    console.log(
      `Owo ledger benchmark: ${CLIENTS} clients x ${SECONDS} s each, embedded PostgreSQL (fsync on), ${os.cpus().length} CPUs\n`,
    );

    const ws = await Promise.all(
      Array.from({ length: CLIENTS }, (_, i) => fundedWallet(db, i, { name: 'Bench', digit: '8' })),
    );
    const start = (c: number) =>
      startTransfer(db, {
        accountId: ws[c].accountId,
        walletId: ws[c].walletId,
        amount: 100_000,
        fee: 2_500,
        bankCode: '058',
        accountNumber: '0123456785',
        accountName: 'ADA OBI',
        initiatedBy: ws[c].userId,
        provider: 'sandbox',
      });

    // The warm-up runs the whole payout (start + settle), so that neither statement's first uses on each
    // pooled connection (its custom plans before the generic one, the catalog caches of every table it
    // touches) fall into a counted slice: before, only the start was warmed and B paid the settle's.
    await runFor(
      'warm-up (not counted)',
      CLIENTS,
      async (c) => {
        const t = await start(c);
        await settleTransfer(core, { reference: t.reference, outcome: 'success' });
      },
      Math.min(2, SECONDS),
    );
    const opC = await prepareBareTransfers(pool, CLIENTS);
    const opA = async (c: number) => {
      await start(c);
    };
    const opB = async (c: number) => {
      const t = await start(c);
      await settleTransfer(core, { reference: t.reference, outcome: 'success' });
    };
    // A, B and C take turns in ROUNDS short slices (A B C A B C ...) so that a burst of other work on a
    // shared machine falls on all three alike; each figure is its total over its slices.
    const slice = SECONDS / ROUNDS;
    // [operations, seconds, bench-process CPU s, PostgreSQL CPU s]: CPU per operation tells where a
    // ratio goes on a busy machine, where the rates alone swing with the other load.
    const totals = { a: [0, 0, 0, 0], b: [0, 0, 0, 0], c: [0, 0, 0, 0] };
    const pgDir = path.join(tmp, 'pg');
    for (let r = 0; r < ROUNDS; r++) {
      for (const [k, op] of [
        ['a', opA],
        ['b', opB],
        ['c', opC],
      ] as const) {
        const cpu0 = process.cpuUsage();
        const pg0 = pgCpuSeconds(pgDir);
        const { total, secs } = await runSlice(CLIENTS, op, slice);
        const cpu = process.cpuUsage(cpu0);
        totals[k][0] += total;
        totals[k][1] += secs;
        totals[k][2] += (cpu.user + cpu.system) / 1e6;
        totals[k][3] += pgCpuSeconds(pgDir) - pg0;
      }
    }
    const rate = (k: 'a' | 'b' | 'c') => totals[k][0] / totals[k][1];
    const a = rate('a');
    const b = rate('b');
    const bare = rate('c');
    const line = (label: string, k: 'a' | 'b' | 'c') =>
      console.log(
        `${label.padEnd(58)} ${String(totals[k][0]).padStart(7)} in ${totals[k][1].toFixed(1)} s = ${rate(k).toFixed(0).padStart(6)} /s`,
      );
    line('A. startTransfer (hold + record + entry + postings)', 'a');
    line('B. startTransfer + settleTransfer(success)', 'b');
    line('C. bare SQL: BEGIN; 2 balance updates; 1 insert; COMMIT', 'c');
    const us = (k: 'a' | 'b' | 'c', i: 2 | 3) => ((totals[k][i] / totals[k][0]) * 1e6).toFixed(0);
    console.log(
      `CPU per operation (bench process / PostgreSQL): A ${us('a', 2)} / ${us('a', 3)} µs, B ${us('b', 2)} / ${us('b', 3)} µs, C ${us('c', 2)} / ${us('c', 3)} µs`,
    );

    const problems = await verifyLedger(db);
    console.log(`\ntargets (issue 23 §5): A / C >= 0.8, B / C >= 0.30 (B is two transactions per transfer)`);
    console.log(`ratio A / C = ${(a / bare).toFixed(2)} ratio`);
    console.log(`ratio B / C = ${(b / bare).toFixed(2)} ratio`);
    console.log(
      `ledger after the run: ${problems.length ? `${problems.length} PROBLEMS\n  ${problems.join('\n  ')}` : 'verifyLedger() clean'}`,
    );
    await pool.end();
    if (problems.length) process.exitCode = 1;
  } finally {
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
