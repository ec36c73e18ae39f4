// npm run bench:api — the authenticated hot path against the app's own health route (issue 14).
// Builds the API, starts a throwaway embedded PostgreSQL, seeds one company with 1,000 transactions
// and a bearer session, then starts the BUILT app (node apps/api/dist/main.js, request logging on)
// in its own process and loads it with autocannon at 16 connections, in one run:
//   A. GET /api/health                                  (every hook, no database), max throughput
//   B. GET /api/transactions?page=1&limit=20            (bearer + x-account-id), max throughput
//   C. the same list at a fixed 500 requests/s          (p50 and p99 latency)
// A and B run interleaved (BENCH_ROUNDS slices each, default 6 of 2 s) so machine noise hits both
// alike. The list's page is cached in the app (platform/list-cache.ts, decision 009) and re-checked
// on every request; LIST_CACHE_MB=0 npm run bench:api measures it read on every request instead.
// Targets: B / A >= 0.5 and C's p99 < 25 ms. Figures are noisy on a shared machine: compare the
// ratio, which both sides of one run share.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { loadConfig } from '../apps/api/src/platform/config';
import {
  createDb,
  createPool,
  ensureDatabase,
  freePort,
  runMigrations,
  startEmbeddedPostgres,
} from '../apps/api/src/platform/db';
import { issueSession } from '../apps/api/src/platform/sessions';
import { accountMembers, accounts, users } from '../apps/api/src/platform/schema';
import { syncBuiltInRoles } from '../apps/api/src/modules/teams/roles-sync';
import { creditDeposit } from '../apps/api/src/modules/money/deposits';
import { benchSize, cpuSeconds, pgCpuSeconds, waitForApp } from './support';
import { buildIfStale } from '../scripts/build-stale.mjs';
import { createWallet, setWalletVirtualAccount } from '../apps/api/src/modules/money/wallets';
import { emptySeams } from '../apps/api/src/platform/deps';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CONNECTIONS = benchSize('BENCH_CONNECTIONS', 16, 4);
const SECONDS = benchSize('BENCH_SECONDS', 12, 1);
const ROUNDS = benchSize('BENCH_ROUNDS', 6, 1);
const RATE = benchSize('BENCH_RATE', 500, 50);
const TRANSACTIONS = benchSize('BENCH_TRANSACTIONS', 1000, 50);
const LIST = '/api/transactions?page=1&limit=20';

/** Migrates `url` and seeds one company (owner, NGN wallet, TRANSACTIONS deposits) and a bearer session. */
export async function seed(url: string) {
  const pool = createPool(url, 8);
  const db = createDb(pool);
  const core = { db, seams: emptySeams() };
  await runMigrations(db);
  await syncBuiltInRoles(db);
  const config = loadConfig({}, { ACCESS_TOKEN_TTL_MINUTES: '240', SESSION_SECRET: 'x'.repeat(32) });
  const [u] = await db
    .insert(users)
    .values({
      email: `bench.${randomUUID().slice(0, 8)}@bench.ng`,
      passwordHash: 'x',
      firstName: 'Bench',
      lastName: 'Owner',
      emailVerifiedAt: new Date(),
    })
    .returning();
  const [a] = await db
    .insert(accounts)
    .values({ name: 'Bench Ltd', type: 'business', ownerUserId: u.id })
    .returning();
  await db.insert(accountMembers).values({ accountId: a.id, userId: u.id, roleSlug: 'owner' });
  const w = await db.transaction((tx) => createWallet(tx, { accountId: a.id, currency: 'NGN' }));
  await setWalletVirtualAccount(db, w.id, {
    accountNumber: '8100000001',
    bankCode: '101',
    bankName: 'Providus Bank',
  });
  for (let i = 0; i < TRANSACTIONS; i += 8) {
    await Promise.all(
      Array.from({ length: Math.min(8, TRANSACTIONS - i) }, (_, j) =>
        creditDeposit(core, {
          accountNumber: '8100000001',
          amount: 10_000 + i + j,
          providerRef: `bench-${i + j}-${randomUUID()}`,
          senderName: 'BENCH SENDER',
          provider: 'sandbox',
        }),
      ),
    );
  }
  const s = await issueSession(db, config, u.id);
  // What autovacuum does within a minute on a live database: planner statistics and the visibility
  // map (index-only counts). Without it a just-seeded table is planned as if it were empty.
  await pool.query('vacuum analyze');
  await pool.end();
  return { token: s.accessToken, accountId: a.id };
}

function load(
  port: number,
  p: string,
  headers: Record<string, string>,
  opts: { seconds: number; overallRate?: number },
): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `http://127.0.0.1:${port}${p}`,
        connections: CONNECTIONS,
        duration: opts.seconds,
        headers,
        ...(opts.overallRate ? { overallRate: opts.overallRate } : {}),
      },
      (err, res) => (err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve(res)),
    );
  });
}

/** Runs a load and measures the app's and PostgreSQL's CPU per request (robust to a busy machine). */
async function measured(run: () => Promise<autocannon.Result>, appPid: number, pgDir: string) {
  const a0 = cpuSeconds(appPid);
  const p0 = pgCpuSeconds(pgDir);
  const r = await run();
  const n = Math.max(1, r.requests.total);
  return {
    r,
    appUs: ((cpuSeconds(appPid) - a0) * 1e6) / n,
    pgUs: ((pgCpuSeconds(pgDir) - p0) * 1e6) / n,
  };
}

function check(label: string, r: autocannon.Result) {
  const bad = r.non2xx + r.errors + r.timeouts;
  if (bad) throw new Error(`${label}: ${bad} of ${r.requests.total} requests failed (non-2xx/errors)`);
}

async function main() {
  // Built once by whoever needs it first (npm start, the e2e layer, a bench): only when stale.
  buildIfStale('apps/api', { quiet: true });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'owo-bench-api-'));
  fs.chmodSync(dir, 0o755); // as root, PostgreSQL runs as its own user and must reach its directory
  const pg = await startEmbeddedPostgres(path.join(dir, 'pg'), { persistent: false });
  let app: ReturnType<typeof spawn> | null = null;
  try {
    await ensureDatabase(pg.url('postgres'), 'owo');
    const url = pg.url('owo');
    console.log(`seeding one company with ${TRANSACTIONS} transactions...`);
    const { token, accountId } = await seed(url);
    const port = await freePort();
    const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean); // e.g. --cpu-prof
    app = spawn(process.execPath, [...nodeArgs, path.join(root, 'apps/api/dist/main.js')], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'], // request logs are written (logging stays on), not kept
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: url,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(dir, 'data'),
        SESSION_SECRET: 'x'.repeat(32),
        // Production requires the vault's keys (issue 18); a throwaway key for a throwaway database.
        VAULT_KEYS: `bench:${randomBytes(32).toString('base64')}`,
        RAILS_WEBHOOK_SECRET: 'bench-webhook-secret-0123456789',
        LOG_LEVEL: 'info',
        SEED_DEMO: 'false',
        RUN_WORKER: 'false',
        // The API limiter (issue 17) runs on every request but must not refuse the load itself.
        API_RATE_LIMIT_PER_USER: process.env.API_RATE_LIMIT_PER_USER ?? '1000000000',
        API_RATE_LIMIT_PER_IP: process.env.API_RATE_LIMIT_PER_IP ?? '1000000000',
      },
    });
    await waitForApp(app!, port);
    const auth = { authorization: `Bearer ${token}`, 'x-account-id': accountId };
    const probe = await fetch(`http://127.0.0.1:${port}${LIST}`, { headers: auth });
    const body = (await probe.json()) as {
      data: unknown[];
      metadata: { pagination: { totalItems: number } };
    };
    if (
      probe.status !== 200 ||
      body.data.length !== 20 ||
      body.metadata.pagination.totalItems !== TRANSACTIONS
    )
      throw new Error(`the list answered ${probe.status} with an unexpected body`);

    console.log(`warming up (${CONNECTIONS} connections)...`);
    await load(port, '/api/health', {}, { seconds: 3 });
    await load(port, LIST, auth, { seconds: 3 });

    const pgDir = path.join(dir, 'pg');
    // A and B take turns in ROUNDS slices (A B A B ...) so that a burst of other work on a shared
    // machine falls on both alike; requests/s and CPU per request are totals over the slices, the
    // latencies those of the last slice.
    type Sum = { n: number; secs: number; appUs: number; pgUs: number; last: autocannon.Result | null };
    const sums: Record<'h' | 'l', Sum> = {
      h: { n: 0, secs: 0, appUs: 0, pgUs: 0, last: null },
      l: { n: 0, secs: 0, appUs: 0, pgUs: 0, last: null },
    };
    const slice = Math.max(1, Math.round(SECONDS / ROUNDS));
    for (let round = 1; round <= ROUNDS; round++) {
      for (const [k, p, headers] of [
        ['h', '/api/health', {}],
        ['l', LIST, auth],
      ] as const) {
        console.log(
          `${k === 'h' ? 'A. GET /api/health' : `B. GET ${LIST}`}, ${slice}s (round ${round} of ${ROUNDS})`,
        );
        const m = await measured(() => load(port, p, headers, { seconds: slice }), app.pid!, pgDir);
        check(k === 'h' ? 'health' : 'list', m.r);
        const sum = sums[k];
        sum.n += m.r.requests.total;
        sum.secs += m.r.duration;
        sum.appUs += m.appUs * m.r.requests.total;
        sum.pgUs += m.pgUs * m.r.requests.total;
        sum.last = m.r;
      }
    }
    const rps = (k: 'h' | 'l') => sums[k].n / sums[k].secs;
    const h = { appUs: sums.h.appUs / sums.h.n, pgUs: sums.h.pgUs / sums.h.n };
    const l = { appUs: sums.l.appUs / sums.l.n, pgUs: sums.l.pgUs / sums.l.n };
    const health = sums.h.last!;
    const list = sums.l.last!;
    console.log(`C. GET ${LIST} at a fixed ${RATE}/s, ${SECONDS}s`);
    const fixed = await load(port, LIST, auth, { seconds: SECONDS, overallRate: RATE });
    check('list at fixed rate', fixed);

    const ratio = rps('l') / rps('h');
    console.log('');
    console.log('| route | requests/s | p50 | p99 |');
    console.log('|---|---|---|---|');
    console.log(
      `| GET /api/health | ${rps('h').toFixed(0)} | ${health.latency.p50} ms | ${health.latency.p99} ms |`,
    );
    console.log(
      `| GET ${LIST} | ${rps('l').toFixed(0)} (${ratio.toFixed(2)} of health) | ${list.latency.p50} ms | ${list.latency.p99} ms |`,
    );
    console.log(
      `| same, fixed ${RATE}/s | ${fixed.requests.average.toFixed(0)} | ${fixed.latency.p50} ms | ${fixed.latency.p99} ms |`,
    );
    console.log(`targets: list/health >= 0.5, p99 at ${RATE}/s < 25 ms`);
    console.log(
      `list cache: ${process.env.LIST_CACHE_MB === '0' ? 'off (LIST_CACHE_MB=0)' : 'on (platform/list-cache.ts)'}`,
    );
    console.log(
      `CPU per request (app process / PostgreSQL): health ${h.appUs.toFixed(0)} / ${h.pgUs.toFixed(0)} µs, list ${l.appUs.toFixed(0)} / ${l.pgUs.toFixed(0)} µs`,
    );
    console.log('');
    console.log(`health_rps: ${rps('h').toFixed(0)} requests/s`);
    console.log(`list_rps: ${rps('l').toFixed(0)} requests/s`);
    console.log(`list_health_ratio: ${ratio.toFixed(2)} ratio`);
    console.log(`list_p50_at_${RATE}: ${fixed.latency.p50} ms`);
    console.log(`list_p99_at_${RATE}: ${fixed.latency.p99} ms`);
    console.log(`health_app_cpu_per_request: ${h.appUs.toFixed(0)} us`);
    console.log(`list_app_cpu_per_request: ${l.appUs.toFixed(0)} us`);
    console.log(`list_pg_cpu_per_request: ${l.pgUs.toFixed(0)} us`);
  } finally {
    if (app && app.exitCode === null) {
      const gone = new Promise((r) => app!.once('exit', r));
      app.kill('SIGTERM');
      await gone;
    }
    await pg.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  main().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
