// npm run bench:insights — the insights dashboard, team report, budget insight and the 13-week cash
// forecast (500 scheduled items, BENCH_FORECAST_ITEMS) over 100,000
// transactions across 12 months (one tenant, with two other tenants' rows beside it), on a
// throwaway embedded PostgreSQL. Times the service calls the routes make (one SQL round trip per
// panel, run concurrently as the route does); p50 / p99 over repeated calls.
// Ends with `name: value unit` lines.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  createDb,
  createPool,
  ensureDatabase,
  runMigrations,
  startEmbeddedPostgres,
  type Db,
} from '../apps/api/src/platform/db';
import {
  accountMembers,
  accounts,
  payoutCategories,
  subsidiaries,
  users,
} from '../apps/api/src/platform/schema';
import { createWallet } from '../apps/api/src/modules/money/wallets';
import { budgetUse, dashboard, paymentOverview } from '../apps/api/src/modules/insights/dashboard';
import { teamReport } from '../apps/api/src/modules/insights/team-report';
import { seedBillAssetRows, seedInsightRows } from '../apps/api/test/seeds/insights';
import { seedForecastRows } from '../apps/api/test/seeds/forecast';
import { forecast } from '../apps/api/src/modules/insights/forecast';
import { budgetInsight } from '../apps/api/src/modules/categories/service';
import { emptySeams } from '../apps/api/src/platform/deps';
import { benchSize } from './support';

const TRANSACTIONS = benchSize('BENCH_TRANSACTIONS', 100_000, 2_000);
const CALLS = benchSize('BENCH_CALLS', 60, 3);
const FORECAST_ITEMS = benchSize('BENCH_FORECAST_ITEMS', 500, 20);

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

async function tenant(db: Db, name: string, count: number) {
  const users_ = [];
  for (let i = 0; i < 8; i++) {
    const [u] = await db
      .insert(users)
      .values({
        email: `${name}${i}.${randomUUID().slice(0, 6)}@bench.ng`,
        passwordHash: 'x',
        firstName: `${name}${i}`,
        lastName: 'B',
      })
      .returning();
    users_.push(u.id);
  }
  const [a] = await db
    .insert(accounts)
    .values({ name, type: 'business', ownerUserId: users_[0] })
    .returning();
  await db
    .insert(accountMembers)
    .values(users_.map((u, i) => ({ accountId: a.id, userId: u, roleSlug: i ? 'member' : 'owner' })));
  const wallet = await createWallet(db, { accountId: a.id, currency: 'NGN' });
  const subs = await db
    .insert(subsidiaries)
    .values(['Lagos', 'Abuja', 'Kano'].map((n) => ({ accountId: a.id, name: n })))
    .returning();
  await db.insert(payoutCategories).values(
    Array.from({ length: 12 }, (_, i) => ({
      accountId: a.id,
      name: `Category ${i}`,
      budgetMinor: 1_000_000_00,
    })),
  );
  await seedInsightRows(db, {
    accountId: a.id,
    walletId: wallet.id,
    userIds: users_,
    subsidiaryIds: subs.map((s) => s.id),
    count,
    days: 365,
    ref: name,
  });
  // The bills and assets panels: a bill and an asset payout for every 20 transactions.
  await seedBillAssetRows(db, {
    accountId: a.id,
    walletId: wallet.id,
    userId: users_[0],
    subsidiaryIds: subs.map((s) => s.id),
    assets: 200,
    assetPayouts: Math.ceil(count / 20),
    bills: Math.ceil(count / 20),
    days: 365,
    ref: name,
  });
  // The cash forecast's scheduled items (payouts, recurring payouts, bills, payroll, expenses, invoices).
  await seedForecastRows(db, {
    accountId: a.id,
    walletId: wallet.id,
    userId: users_[0],
    items: FORECAST_ITEMS,
    ref: name,
  });
  return a.id;
}

async function time(label: string, fn: () => Promise<unknown>) {
  for (let i = 0; i < 5; i++) await fn(); // warm: plans and caches
  const xs: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const t0 = performance.now();
    await fn();
    xs.push(performance.now() - t0);
  }
  const p50 = pct(xs, 50);
  const p99 = pct(xs, 99);
  console.log(`  ${label.padEnd(16)} p50 ${p50.toFixed(1)} ms  p99 ${p99.toFixed(1)} ms  (${CALLS} calls)`);
  return p99;
}

/** What the timed answers must hold: buckets sum to totals, weeks chain from the opening, items sum to weeks. */
async function consistency(
  db: Db,
  core: { db: Db; seams: ReturnType<typeof emptySeams> },
  accountId: string,
) {
  const problems: string[] = [];
  const d = await dashboard(core, { accountId, currency: 'NGN', period: 'month', subsidiaryId: null });
  const o = d.paymentOverview;
  const sum = (k: 'moneyInMinor' | 'moneyOutMinor') => o.buckets.reduce((a, b) => a + b[k], 0);
  if (sum('moneyInMinor') !== o.totalInMinor || sum('moneyOutMinor') !== o.totalOutMinor)
    problems.push('dashboard buckets do not sum to its totals');
  if (!o.buckets.length) problems.push('dashboard has no buckets over the seeded year');
  const fc = await forecast(db, { accountId, currency: 'NGN', weeks: 13, subsidiaryId: null });
  let closing = fc.openingMinor;
  for (const w of fc.weeks) {
    const by = (dir: 'in' | 'out') =>
      w.items.filter((i) => i.direction === dir).reduce((a, i) => a + i.amountMinor, 0);
    if (by('in') !== w.inflowsMinor || by('out') !== w.outflowsMinor)
      problems.push(`forecast week ${w.start}: items do not sum to its in and out`);
    closing += w.inflowsMinor - w.outflowsMinor;
    if (closing !== w.closingMinor) problems.push(`forecast week ${w.start}: closing does not chain`);
  }
  if (!fc.weeks.some((w) => w.items.length)) problems.push('forecast has no items');
  return problems;
}

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'owo-bench-'));
  fs.chmodSync(tmp, 0o755);
  const server = await startEmbeddedPostgres(path.join(tmp, 'pg'), { persistent: false });
  try {
    await ensureDatabase(server.url('postgres'), 'bench');
    const pool = createPool(server.url('bench'), 8);
    const db = createDb(pool);
    const core = { db, seams: emptySeams() };
    await runMigrations(db);
    console.log(
      `Owo insights benchmark: ${TRANSACTIONS} transactions over 12 months; ${os.cpus().length} CPUs\n`,
    );
    const t0 = performance.now();
    const accountId = await tenant(db, 'Bench', TRANSACTIONS);
    await tenant(db, 'OtherA', Math.floor(TRANSACTIONS / 4));
    await tenant(db, 'OtherB', Math.floor(TRANSACTIONS / 4));
    await db.execute(sql`analyze`);
    console.log(`  seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
    const f = { accountId, currency: 'NGN', period: 'month' as const, subsidiaryId: null };
    const d = await time('dashboard', () => dashboard(core, f));
    const dRaw = await time('dashboard, no rollup', () => dashboard(core, f, { raw: true }));
    if (process.env.BENCH_PARTS) {
      await time('overview', () => paymentOverview(core, f));
      await time('budget use', () => budgetUse(db, f));
    }
    const dw = await time('dashboard (week)', () => dashboard(core, { ...f, period: 'week' }));
    const tr = await time('team report', () => teamReport(core, f));
    const b = await time('budget insight', () => budgetInsight(db, accountId));
    const fc = await time('forecast', () =>
      forecast(db, { accountId, currency: 'NGN', weeks: 13, subsidiaryId: null }),
    );
    const problems = await consistency(db, core, accountId);
    await pool.end();
    console.log('');
    console.log(`consistency: ${problems.length ? `FAILED: ${problems.join('; ')}` : 'clean'}`);
    if (problems.length) process.exitCode = 1;
    console.log(`dashboard p99: ${d.toFixed(1)} ms`);
    console.log(`dashboard without the daily rollup p99: ${dRaw.toFixed(1)} ms`);
    console.log(`ratio rollup / no rollup = ${(d / dRaw).toFixed(2)}`);
    console.log(`dashboard week p99: ${dw.toFixed(1)} ms`);
    console.log(`team report p99: ${tr.toFixed(1)} ms`);
    console.log(`budget insight p99: ${b.toFixed(1)} ms`);
    console.log(`forecast p99: ${fc.toFixed(1)} ms (${FORECAST_ITEMS} scheduled items)`);
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
