// npm run bench:bulk — a 10,000-row bulk disbursement file through upload, validation (NUBAN + name
// resolution by the sandbox rails), approval (the whole batch held at once) and payment by the
// sandbox rails with its signed webhooks over HTTP, until every row is final (issue 23 §5, goal
// < 60 s), on a throwaway embedded PostgreSQL with the app's real modules, HTTP server and pg-boss
// worker. Then ledger:verify must be clean. Ends with `name: value unit` lines.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { makeNuban } from '@owo/contract';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/platform/config';
import {
  createDb,
  createPool,
  ensureDatabase,
  freePort,
  runMigrations,
  startEmbeddedPostgres,
} from '../apps/api/src/platform/db';
import { emptySeams, type AppDeps } from '../apps/api/src/platform/deps';
import { startJobs } from '../apps/api/src/platform/jobs';
import { accountKyb, accountOwners } from '../apps/api/src/platform/schema';
import { createDisbursement } from '../apps/api/src/modules/disbursements/upload';
import { disbursements } from '../apps/api/src/modules/disbursements/tables';
import { verifyLedger } from '../apps/api/src/modules/money/verify';
import { SANDBOX_TEST_ACCOUNTS } from '../apps/api/src/rails/sandbox/test-accounts';
import { approveAsAdmin, benchSize, fundedWallet, ownerAndApprover } from './support';

const ROWS = benchSize('BENCH_ROWS', 10_000, 50);
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 600_000);
const BANKS = ['058', '044', '011', '033', '057'];

function file(): Buffer {
  const lines = ['accountNumber,bankCode,amount,narration'];
  for (let i = 0; i < ROWS; i++) {
    // one row in 500 goes to the sandbox account whose bank declines the credit
    const fails = i % 500 === 499;
    const bank = fails ? '058' : BANKS[i % BANKS.length];
    const acct = fails ? SANDBOX_TEST_ACCOUNTS.fails : makeNuban(bank, String(200_000_000 + i * 7));
    const amount = (1_000 + ((i * 7919) % 50_000)).toFixed(2);
    lines.push(`${acct},${bank},${amount},Bulk row ${i + 1}`);
  }
  return Buffer.from(lines.join('\r\n'));
}

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'owo-bench-'));
  fs.chmodSync(tmp, 0o755);
  const server = await startEmbeddedPostgres(path.join(tmp, 'pg'), { persistent: false });
  let close: (() => Promise<void>) | null = null;
  try {
    await ensureDatabase(server.url('postgres'), 'bench');
    const url = server.url('bench');
    const port = await freePort();
    const config = loadConfig(
      {},
      {
        NODE_ENV: 'test',
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
        DATABASE_URL: url,
        PORT: String(port),
        APP_URL: `http://127.0.0.1:${port}`,
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
    await app.listen({ port, host: '127.0.0.1' });
    const stopJobs = await startJobs(deps);
    close = async () => {
      await stopJobs();
      await app.close();
      await pool.end();
    };

    const w = await fundedWallet(db, 1, { name: 'Bulk', digit: '6' });
    await db.insert(accountKyb).values({
      accountId: w.accountId,
      info: { legalName: 'Bench Bulk Ltd' } as never,
      bvn: '22222222222',
      contact: { email: 'ops@bench.ng' } as never,
      documents: { certificateOfIncorporation: 'c.pdf', proofOfAddress: 'a.pdf' } as never,
    });
    await db
      .insert(accountOwners)
      .values({ accountId: w.accountId, name: 'Ada', bvn: '22222222223', shareBps: 10000 });
    const admin = await ownerAndApprover(db, w);
    const bytes = file();
    console.log(
      `Owo bulk disbursement benchmark: ${ROWS} rows (${(bytes.length / 1024).toFixed(0)} KB CSV); ${os.cpus().length} CPUs\n`,
    );

    const tenant = { accountId: w.accountId, subsidiaryId: null } as never;
    const t0 = performance.now();
    const id = await createDisbursement(deps, {
      tenant,
      userId: w.userId,
      name: 'Bench bulk',
      walletId: w.walletId,
      file: bytes,
    });
    const tUploaded = performance.now();
    const wait = async (what: string, fn: () => Promise<boolean>) => {
      for (;;) {
        if (await fn()) return;
        if (performance.now() - t0 > TIMEOUT_MS) throw new Error(`timed out: ${what}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    await wait('validation', async () => {
      const [b] = await db
        .select({ s: disbursements.status })
        .from(disbursements)
        .where(eq(disbursements.id, id));
      if (b.s === 'invalid') {
        const r =
          await db.execute(sql`select bank_code, error, count(*)::int as n, min(account_number) as example
          from disbursement_items where disbursement_id = ${id}::uuid and status = 'invalid' group by 1, 2`);
        throw new Error(`validation found invalid rows: ${JSON.stringify(r.rows)}`);
      }
      return b.s === 'pending';
    });
    const tValidated = performance.now();
    console.log(
      `  upload ${((tUploaded - t0) / 1000).toFixed(2)} s; validated and sent for approval after ${((tValidated - t0) / 1000).toFixed(1)} s`,
    );
    await approveAsAdmin(deps, w, admin, 'disbursement', id);
    const tApproved = performance.now();
    console.log(`  approved and held after ${((tApproved - t0) / 1000).toFixed(1)} s`);
    let last = -1;
    await wait('all rows final', async () => {
      const r = await db.execute(sql`
        select count(*) filter (where t.status in ('success', 'failed', 'reversed'))::int as final
        from disbursement_items i join transactions t on t.id = i.transaction_id
        where i.disbursement_id = ${id}::uuid`);
      const n = (r.rows[0] as { final: number }).final;
      if (n !== last && Math.floor(n / 1000) !== Math.floor(last / 1000))
        console.log(`  ${n} rows final after ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      last = n;
      return n >= ROWS;
    });
    const tDone = performance.now();
    const outcome = await db.execute(sql`
      select t.status, count(*)::int as n from disbursement_items i join transactions t on t.id = i.transaction_id
      where i.disbursement_id = ${id}::uuid group by 1 order by 1`);
    // A row is paid twice if two of its transfers (references <batch>-<row>-<attempt>) succeeded.
    const twice = await db.execute(sql`
      select count(*)::int as n from (select split_part(reference, '-', 2) from transactions
        where source_type = 'disbursement' and source_id = ${id} and status = 'success'
        group by 1 having count(*) > 1) x`);
    const problems = await verifyLedger(db);
    const s = (a: number, b: number) => ((b - a) / 1000).toFixed(2);
    console.log(`\nupload (parse + ${ROWS} rows written): ${s(t0, tUploaded)} s`);
    console.log(
      `validation (NUBAN + name resolution) until sent for approval: ${s(tUploaded, tValidated)} s`,
    );
    console.log(`final approval (${ROWS} transfers held in one transaction): ${s(tValidated, tApproved)} s`);
    console.log(
      `payment by the sandbox rails and its webhooks until every row is final: ${s(tApproved, tDone)} s`,
    );
    console.log(
      `outcomes: ${(outcome.rows as { status: string; n: number }[]).map((r) => `${r.status} ${r.n}`).join(', ')}`,
    );
    console.log(`rows paid more than once: ${(twice.rows[0] as { n: number }).n}`);
    console.log(`ledger:verify: ${problems.length ? problems.join('; ') : 'clean'}`);
    console.log(`bulk ${ROWS.toLocaleString('en-US')} rows, upload to all rows final: ${s(t0, tDone)} s`);
    if (problems.length || (twice.rows[0] as { n: number }).n) process.exitCode = 1;
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
