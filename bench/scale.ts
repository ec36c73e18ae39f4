// npm run bench:scale — how each cost grows with the data (issue 38 §1). On a throwaway embedded
// PostgreSQL: 100 companies made through the real paths (bench/scale-build.ts: payouts, bills,
// payroll rows, expenses and invoice refunds through the ledger, card spend through the issuer
// webhook), grown by set-based copies to 100,000, 1,000,000 and 2,000,000 transactions (one company
// holds half of each), and at each size, against the BUILT app in its own process with 16 clients:
//   list p99 (page 1 | page 500), search p99 (reference, narration, counterparty), dashboard p99,
//   the CSV export of 100,000 rows (rows/s, the app's peak memory), A / C (the ledger's start against
//   bare SQL, as bench:ledger, beside its value on the empty database) and ledger:verify's time.
// The app runs with LIST_CACHE_MB=0: every list request reads its page (what the first read after
// any change costs; the cache of decision 009 only hides it). Ends with ledger:verify and the counts.
// BENCH_STAGES=100000,1000000 picks the sizes; --smoke runs 5,000 / 10,000 / 20,000 in seconds.
// BENCH_KEEP_DIR=/some/dir keeps the database there and reuses it on the next run (the companies
// and their sample are read back from scale-set.json; a stage already built is not grown again).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../apps/api/src/platform/config';
import {
  createDb,
  createPool,
  ensureDatabase,
  freePort,
  runMigrations,
  startEmbeddedPostgres,
  type Db,
} from '../apps/api/src/platform/db';
import { emptySeams } from '../apps/api/src/platform/deps';
import { issueSession } from '../apps/api/src/platform/sessions';
import { syncBuiltInRoles } from '../apps/api/src/modules/teams/roles-sync';
import { buildIfStale } from '../scripts/build-stale.mjs';
import { buildCompanies, cardSpend, growTo, type ScaleSet } from './scale-build';
import { csvExport, p99, ratioAC, timedVerify, type Target } from './scale-measure';
import { benchSize, SMOKE, waitForApp } from './support';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STAGES = (process.env.BENCH_STAGES ?? (SMOKE ? '5000,10000,20000' : '100000,1000000,2000000'))
  .split(',')
  .map(Number);
const COMPANIES = benchSize('BENCH_COMPANIES', 100, 10);
const SAMPLE = benchSize('BENCH_SAMPLE', 50, 10);
const CONNECTIONS = benchSize('BENCH_CONNECTIONS', 16, 4);
const SECONDS = benchSize('BENCH_SECONDS', 8, 2);
const CSV_ROWS = benchSize('BENCH_CSV_ROWS', 100_000, 2_000);
const SECRET = 'x'.repeat(32);
const WEBHOOK = 'bench-webhook-secret-0123456789';
const fmt = (n: number) => n.toLocaleString('en-GB');
const ms = (n: number) =>
  Number.isFinite(n) ? `${n.toFixed(0)} ms` : `over ${SECONDS * 1000} ms (no answer)`;

async function startApp(url: string, dir: string) {
  const port = await freePort();
  const app = spawn(process.execPath, [path.join(root, 'apps/api/dist/main.js')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dir, 'data'),
      SESSION_SECRET: SECRET,
      VAULT_KEYS: `bench:${randomBytes(32).toString('base64')}`,
      RAILS_WEBHOOK_SECRET: WEBHOOK,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      RUN_WORKER: 'false',
      LIST_CACHE_MB: '0',
      API_RATE_LIMIT_PER_USER: '1000000000',
      API_RATE_LIMIT_PER_IP: '1000000000',
    },
  });
  await waitForApp(app, port);
  return { app, base: `http://127.0.0.1:${port}` };
}

const one = async <T>(db: Db, q: ReturnType<typeof sql>) => (await db.execute(q)).rows[0] as T;

/** Every figure at one size; answers the problems found (ledger:verify, the list's total). */
async function measure(
  db: Db,
  pool: ReturnType<typeof createPool>,
  t: Target,
  set: ScaleSet,
  n: number,
  appPid: number,
  emptyRatio: number,
) {
  const L = '/api/transactions?limit=20&page=';
  const p1 = await p99(t, [`${L}1`], CONNECTIONS, SECONDS);
  const p500 = await p99(t, [`${L}500`], CONNECTIONS, SECONDS);
  console.log(`list p99 at ${fmt(n)} transactions (page 1 | page 500): ${ms(p1.p99)} | ${ms(p500.p99)}`);
  const ref = await one<{ reference: string }>(
    db,
    sql`select reference from transactions where account_id = ${set.big.accountId} order by created_at limit 1 offset 7`,
  );
  const s = ['Salary', 'OKONKWO FOODS', ref.reference].map((q) => `${L}1&search=${encodeURIComponent(q)}`);
  const sr: number[] = [];
  for (const p of s) sr.push((await p99(t, [p], CONNECTIONS, SECONDS)).p99);
  console.log(
    `search p99 at ${fmt(n)}: ${ms(Math.max(...sr))} (narration ${ms(sr[0])}, counterparty ${ms(sr[1])}, reference ${ms(sr[2])})`,
  );
  const d = await p99(t, ['/api/insights/dashboard?period=month&currency=NGN'], CONNECTIONS, SECONDS);
  console.log(`dashboard p99 at ${fmt(n)}: ${ms(d.p99)}`);
  const csv = await csvExport(t, '/api/transactions?format=csv', CSV_ROWS, appPid);
  console.log(
    `csv export ${fmt(csv.rows)} rows at ${fmt(n)}: ${fmt(Math.round(csv.rate))} rows/s, peak API memory ${csv.peak.toFixed(0)} MB (${(csv.peak - csv.before).toFixed(0)} MB over its ${csv.before.toFixed(0)} MB before)`,
  );
  const r = await ratioAC(db, pool, set.others.slice(0, 8), SMOKE ? 1 : 3, SMOKE ? 0.5 : 2);
  console.log(
    `ratio A / C at ${fmt(n)}: ${r.ratio.toFixed(2)} (${(r.ratio / emptyRatio).toFixed(2)} of the empty database's ${emptyRatio.toFixed(2)}; A ${r.a.toFixed(0)}/s, C ${r.c.toFixed(0)}/s)`,
  );
  const v = await timedVerify(db);
  console.log(
    `ledger:verify at ${fmt(n)}: ${v.secs.toFixed(1)} s (${v.mode}, ${fmt(v.entries)} entries checked one by one; ${v.problems.length ? 'FAILED' : 'clean'})`,
  );
  if (v.mode === 'full' && !v.problems.length) {
    // The first run made the checkpoint; what a run from it costs when little is new (A / C's transfers).
    const i = await timedVerify(db);
    console.log(
      `ledger:verify from its checkpoint at ${fmt(n)}: ${i.secs.toFixed(1)} s (${fmt(i.entries)} entries checked one by one; ${i.problems.length ? 'FAILED' : 'clean'})`,
    );
    v.problems.push(...i.problems);
  }
  const problems = v.problems.slice(0, 5);
  const total = await fetch(`${t.base}${L}1`, { headers: t.headers }).then(
    (x) => x.json() as Promise<{ metadata: { pagination: { totalItems: number } } }>,
  );
  const c = await one<{ n: number }>(
    db,
    sql`select count(*)::int as n from transactions where account_id = ${set.big.accountId}`,
  );
  if (total.metadata.pagination.totalItems !== c.n)
    problems.push(
      `the list's total ${total.metadata.pagination.totalItems} is not the company's ${c.n} rows`,
    );
  return problems;
}

/** The end's check beyond the ledger: counts, and the insights rollup against the rows it sums. */
async function counts(db: Db, set: ScaleSet, n: number) {
  const problems: string[] = [];
  const all = await one<{ n: number }>(db, sql`select count(*)::int as n from transactions`);
  const big = await one<{ n: number }>(
    db,
    sql`select count(*)::int as n from transactions where account_id = ${set.big.accountId}`,
  );
  if (all.n < n) problems.push(`${all.n} transactions, fewer than ${n}`);
  if (big.n < Math.floor(n / 2)) problems.push(`the big company holds ${big.n}, fewer than half of ${n}`);
  const roll = await one<{ bad: number }>(
    db,
    sql`select count(*)::int as bad from (
      select account_id, sum(count) as c, sum(amount_minor) as a from insight_daily group by account_id) d
      full join (select account_id, count(*) as c, sum(amount) as a from transactions where status = 'success' group by account_id) t
      using (account_id) where d.c is distinct from t.c or d.a is distinct from t.a`,
  );
  if (roll.bad)
    problems.push(`the insights rollup disagrees with the transactions for ${roll.bad} companies`);
  console.log(
    `counts: ${fmt(all.n)} transactions, the big company ${fmt(big.n)}; rollup ${roll.bad ? 'WRONG' : 'matches'}`,
  );
  return problems;
}

/** The bench's directory: BENCH_KEEP_DIR (kept, reused) or a fresh temporary one (removed). */
function benchDir() {
  const keep = process.env.BENCH_KEEP_DIR ? path.resolve(process.env.BENCH_KEEP_DIR) : null;
  const dir = keep ?? fs.mkdtempSync(path.join(os.tmpdir(), 'owo-bench-scale-'));
  fs.mkdirSync(dir, { recursive: true });
  fs.chmodSync(dir, 0o755);
  return { dir, keep: keep !== null, saved: path.join(dir, 'scale-set.json') };
}
type Saved = { set: ScaleSet; emptyRatio: number };

async function main() {
  buildIfStale('apps/api', { quiet: true });
  const { dir, keep, saved } = benchDir();
  const pg = await startEmbeddedPostgres(path.join(dir, 'pg'), { persistent: keep });
  let app: ChildProcess | null = null;
  try {
    await ensureDatabase(pg.url('postgres'), 'owo');
    const url = pg.url('owo');
    const pool = createPool(url, 12);
    const db = createDb(pool);
    await runMigrations(db);
    await syncBuiltInRoles(db);
    const config = loadConfig(
      {},
      {
        ACCESS_TOKEN_TTL_MINUTES: '600',
        SESSION_SECRET: SECRET,
        RAILS_WEBHOOK_SECRET: WEBHOOK,
        DATA_DIR: path.join(dir, 'data'),
      },
    );
    console.log(
      `Owo scale benchmark: ${COMPANIES} companies, sizes ${STAGES.map(fmt).join(' / ')}; ${os.cpus().length} CPUs\n`,
    );
    const t0 = performance.now();
    const reused =
      keep && fs.existsSync(saved) ? (JSON.parse(fs.readFileSync(saved, 'utf8')) as Saved) : null;
    const set = reused?.set ?? (await buildCompanies(db, COMPANIES, SAMPLE));
    const started = await startApp(url, dir);
    app = started.app;
    let empty = { ratio: reused?.emptyRatio ?? 0 };
    if (reused) console.log(`reusing the data set in ${dir}\n`);
    else {
      await cardSpend({ config, db, pool, seams: emptySeams() }, set.big, started.base, SAMPLE);
      console.log(
        `companies and their real-path sample built in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
      );
      await pool.query('vacuum analyze');
      const r = await ratioAC(db, pool, set.others.slice(0, 8), SMOKE ? 1 : 3, SMOKE ? 0.5 : 2);
      console.log(
        `ratio A / C on the empty database: ${r.ratio.toFixed(2)} (A ${r.a.toFixed(0)}/s, C ${r.c.toFixed(0)}/s)\n`,
      );
      empty = r;
      if (keep) fs.writeFileSync(saved, JSON.stringify({ set, emptyRatio: r.ratio } satisfies Saved));
    }
    const s = await issueSession(db, config, set.big.userId);
    const t: Target = {
      base: started.base,
      headers: { authorization: `Bearer ${s.accessToken}`, 'x-account-id': set.big.accountId },
    };
    const problems: string[] = [];
    for (const n of STAGES) {
      const b0 = performance.now();
      await growTo(db, set, n, (line) => process.env.BENCH_VERBOSE && console.log(line));
      await pool.query('vacuum analyze'); // what autovacuum does soon after: statistics, visibility map
      console.log(
        `built ${fmt(n)} transactions in ${((performance.now() - b0) / 1000).toFixed(0)} s (since the start: ${((performance.now() - t0) / 1000).toFixed(0)} s)`,
      );
      problems.push(...(await measure(db, pool, t, set, n, app.pid!, empty.ratio)));
      console.log('');
    }
    problems.push(...(await counts(db, set, STAGES[STAGES.length - 1])));
    const v = await timedVerify(db, true);
    problems.push(...v.problems.slice(0, 5));
    console.log(
      `ledger:verify --full at the end: ${v.secs.toFixed(1)} s (${v.problems.length ? 'FAILED' : 'clean'})`,
    );
    console.log(
      'goals at 2,000,000: list p99 < 50 ms, search p99 < 150 ms, dashboard p99 < 200 ms, csv >= 50,000 rows/s with < 100 MB growth, A / C >= 0.9 of empty, ledger:verify < 60 s',
    );
    await pool.end();
    if (problems.length) {
      console.log(`consistency: FAILED\n  ${problems.join('\n  ')}`);
      process.exitCode = 1;
    } else console.log('consistency: clean');
  } finally {
    if (app && app.exitCode === null) {
      const gone = new Promise((r) => app!.once('exit', r));
      app.kill('SIGTERM');
      await gone;
    }
    await pg.stop();
    if (!keep) fs.rmSync(dir, { recursive: true, force: true });
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
