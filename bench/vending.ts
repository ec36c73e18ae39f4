// npm run bench:vending — 500 meters bought in one bulk order, approved, vended by the sandbox
// provider until every token is in (issue 26 §5, goal < 15 s), on a throwaway embedded PostgreSQL
// with the app's real modules and its pg-boss worker. Then ledger:verify must be clean.
// Ends with `name: value unit` lines.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/platform/config';
import {
  createDb,
  createPool,
  ensureDatabase,
  runMigrations,
  startEmbeddedPostgres,
} from '../apps/api/src/platform/db';
import { emptySeams, type AppDeps } from '../apps/api/src/platform/deps';
import { startJobs } from '../apps/api/src/platform/jobs';
import { meters, vendings } from '../apps/api/src/modules/marketplace/tables';
import { createVendings } from '../apps/api/src/modules/marketplace/create-vendings';
import { addMeter } from '../apps/api/src/modules/marketplace/meters';
import { verifyLedger } from '../apps/api/src/modules/money/verify';
import { approveAsAdmin, benchSize, fundedWallet, ownerAndApprover } from './support';

const METERS = benchSize('BENCH_METERS', 500, 10);

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'owo-bench-'));
  fs.chmodSync(tmp, 0o755);
  const server = await startEmbeddedPostgres(path.join(tmp, 'pg'), { persistent: false });
  let close: (() => Promise<void>) | null = null;
  try {
    await ensureDatabase(server.url('postgres'), 'bench');
    const url = server.url('bench');
    const config = loadConfig(
      {},
      {
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATABASE_URL: url,
        SESSION_SECRET: 'bench-secret-bench-secret-bench-secret',
        SEED_DEMO: 'false',
        RUN_WORKER: 'true',
        DATA_DIR: path.join(tmp, 'data'),
        VAULT_KEYS: `bench:${randomBytes(32).toString('base64')}`,
      },
    );
    const pool = createPool(url, 20);
    const db = createDb(pool);
    await runMigrations(db);
    const deps: AppDeps = { config, db, pool, seams: emptySeams() };
    const app = await buildApp(deps, { logger: false, webDist: null });
    const stopJobs = await startJobs(deps);
    close = async () => {
      await stopJobs();
      await app.close();
      await pool.end();
    };

    const w = await fundedWallet(db, 1, { name: 'Vending', digit: '7' });
    const admin = await ownerAndApprover(db, w);
    console.log(`saving ${METERS} meters (each verified with the sandbox provider)...`);
    for (let i = 0; i < METERS; i++)
      await addMeter(deps, {
        accountId: w.accountId,
        userId: w.userId,
        body: {
          meterNo: String(50_000_000_000 + i),
          disco: 'IKEDC',
          vendType: 'prepaid',
          phoneNo: '08031234567',
          state: 'Lagos',
        },
      });
    const ids = (
      await db.select({ id: meters.id }).from(meters).where(eq(meters.accountId, w.accountId))
    ).map((m) => m.id);

    const tenant = { accountId: w.accountId } as never;
    const t0 = performance.now();
    const { orderId } = await createVendings(deps, {
      tenant,
      userId: w.userId,
      body: {
        walletId: w.walletId,
        utilityType: 'ELECTRICITY',
        assets: ids.map((assetId) => ({ assetId, amount: 5_000_00 })),
      },
    });
    const tCreated = performance.now();
    const tApprove = performance.now();
    await approveAsAdmin(deps, w, admin, 'marketplace', orderId);
    let done = 0;
    for (;;) {
      const [r] = await db
        .select({ n: sql<number>`count(*) filter (where ${vendings.state} in ('success','failed'))::int` })
        .from(vendings)
        .where(eq(vendings.orderId, orderId));
      done = r.n;
      if (done >= METERS) break;
      if (performance.now() - tApprove > 120_000)
        throw new Error(`only ${done} of ${METERS} vended after 120 s`);
      await new Promise((res) => setTimeout(res, 50));
    }
    const tDone = performance.now();
    const [tok] = await db
      .select({
        n: sql<number>`count(*) filter (where ${vendings.response}->>'token' ~ '^[0-9]{4}(-[0-9]{4}){4}$')::int`,
      })
      .from(vendings)
      .where(eq(vendings.orderId, orderId));
    const problems = await verifyLedger(db);
    console.log(`order of ${METERS} meters created and held in ${((tCreated - t0) / 1000).toFixed(2)} s`);
    console.log(`approval to all tokens: ${((tDone - tApprove) / 1000).toFixed(2)} s (${tok.n} tokens)`);
    console.log(`ledger:verify: ${problems.length ? problems.join('; ') : 'clean'}`);
    console.log(`vending ${METERS} meters, create order: ${((tCreated - t0) / 1000).toFixed(2)} s`);
    console.log(
      `vending ${METERS} meters, approval to all tokens: ${((tDone - tApprove) / 1000).toFixed(2)} s`,
    );
    if (tok.n !== METERS || problems.length) process.exitCode = 1;
  } finally {
    await close?.();
    await server.stop();
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
