// npm run bench:collections — 2,000 invoice payments arriving by signed `charge.success` webhooks
// over HTTP, each invoice with two partners and per-collection settlement: each deposit is credited
// and applied, both partner shares are paid through the money core and the sandbox rails, and the
// run ends when every settlement payout is final (issue 24 §6, goal ≥ 100 collections/s fully
// settled). Then the kobo equation per invoice and the ledger must verify clean.
// On a throwaway embedded PostgreSQL with the app's real modules, HTTP server and pg-boss worker.
// Ends with `name: value unit` lines.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { makeNuban } from '@owo/contract';
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
import { accountMembers } from '../apps/api/src/platform/schema';
import {
  inflowCustomers,
  inflowPartners,
  invoiceInstallments,
  invoices,
  invoiceSettlements,
} from '../apps/api/src/modules/inflows/tables';
import { verifyInvoiceBooks } from '../apps/api/src/modules/inflows/books';
import { transactions } from '../apps/api/src/modules/money/tables';
import { verifyLedger } from '../apps/api/src/modules/money/verify';
import { SANDBOX_SIGNATURE_HEADER, signBody } from '../apps/api/src/rails/sandbox/webhook-format';
import { benchSize, fundedWallet, pgCpuSeconds } from './support';
import { recordIssuedCharges } from '../apps/api/src/rails/sandbox/charges';

const N = benchSize('BENCH_COLLECTIONS', 2000, 40);
const CONCURRENCY = benchSize('BENCH_CONCURRENCY', 16, 4);
const AMOUNT = 500_000; // ₦5,000 per invoice

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
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
    const secret = 'bench-webhook-secret-bench-webhook';
    const config = loadConfig(
      {},
      {
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATABASE_URL: url,
        PORT: String(port),
        APP_URL: `http://127.0.0.1:${port}`,
        SESSION_SECRET: 'bench-secret-bench-secret-bench-secret',
        SEED_DEMO: 'false',
        RUN_WORKER: 'true',
        RAILS_WEBHOOK_SECRET: secret,
        API_RATE_LIMIT_PER_IP: '1000000',
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

    const w = await fundedWallet(db, 1, { name: 'Collections', digit: '6' });
    await db.insert(accountMembers).values({ accountId: w.accountId, userId: w.userId, roleSlug: 'owner' });
    const [cust] = await db
      .insert(inflowCustomers)
      .values({ accountId: w.accountId, name: 'Bench Customer', email: 'customer@bench.ng' })
      .returning();
    const partners = await db
      .insert(inflowPartners)
      .values(
        [2000, 1000].map((bp, i) => ({
          accountId: w.accountId,
          customerName: `Partner ${i + 1}`,
          bankCode: '058',
          bankName: 'Guaranty Trust Bank',
          accountNumber: makeNuban('058', String(300_000_000 + i * 7919)),
          accountName: `PARTNER ${i + 1}`,
          percentageBp: bp,
        })),
      )
      .returning();
    console.log(`making ${N} approved invoices (₦5,000, two partners at 20% and 10%, per collection)...`);
    const vas: string[] = [];
    for (let start = 0; start < N; start += 500) {
      const rows = [];
      for (let i = start; i < Math.min(N, start + 500); i++) {
        const va = `7${String(100_000_000 + i).padStart(9, '0')}`;
        vas.push(va);
        rows.push({
          accountId: w.accountId,
          reference: `inv-bench-${i}-${randomUUID().slice(0, 6)}`,
          customerId: cust.id,
          customerName: cust.name,
          customerEmail: cust.email,
          makerUserId: w.userId,
          makerName: 'Bench',
          status: 'pending',
          approvalStatus: 'approved',
          products: [{ name: 'Goods', priceMinor: AMOUNT, quantity: 1, amountMinor: AMOUNT }],
          initialAmountMinor: AMOUNT,
          amountMinor: AMOUNT,
          settlementStrategy: 'per-collection',
          partnerIds: partners.map((p) => p.id),
          paymentOption: 'one-time',
          vaNumber: va,
          vaBankCode: '101',
          vaBankName: 'Providus Bank',
          vaAccountName: 'Collections 1',
        });
      }
      const made = await db.insert(invoices).values(rows).returning({ id: invoices.id });
      await db.insert(invoiceInstallments).values(
        made.map((m) => ({
          accountId: w.accountId,
          invoiceId: m.id,
          seq: 0,
          name: 'Full payment',
          percentageBp: 10_000,
          amountMinor: AMOUNT,
        })),
      );
    }

    const hook = `http://127.0.0.1:${port}/webhooks/rails/sandbox`;
    // Each payment as the sandbox provider issues it (its books confirm every deposit webhook before
    // anything is credited), recorded before the clock starts; the timed part sends the webhooks.
    const charges = vas.map((_, i) =>
      JSON.stringify({
        event: 'charge.success',
        id: `evt_bench_${i}_${randomUUID()}`,
        data: {
          reference: `chg_bench_${i}_${randomUUID().slice(0, 8)}`,
          amount: AMOUNT,
          currency: 'NGN',
          status: 'success',
          channel: 'dedicated_nuban',
          paid_at: new Date().toISOString(),
          authorization: {
            receiver_bank_account_number: vas[i],
            receiver_bank: 'Providus Bank',
            sender_name: 'BENCH PAYER',
          },
        },
      }),
    );
    await recordIssuedCharges(db, charges);
    const send = async (i: number) => {
      const body = charges[i];
      const res = await fetch(hook, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signBody(secret, body) },
        body,
      });
      if (!res.ok) throw new Error(`webhook ${i}: ${res.status} ${await res.text()}`);
    };

    console.log(`sending ${N} signed charge.success webhooks (${CONCURRENCY} at a time)...`);
    const pgDir = path.join(tmp, 'pg');
    const app0 = process.cpuUsage();
    const pg0 = pgCpuSeconds(pgDir);
    const t0 = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let i = next++; i < N; i = next++) await send(i);
      }),
    );
    const tSent = performance.now();
    const ids = (
      await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.accountId, w.accountId))
    ).map((r) => r.id);
    let final = 0;
    let lastLog = performance.now();
    for (;;) {
      const [r] = await db
        .select({
          n: sql<number>`count(distinct ${invoiceSettlements.invoiceId}) filter (where true)::int`,
          open: sql<number>`count(*) filter (where (${invoiceSettlements.transactionId} is null and ${invoiceSettlements.status} = 'pending') or ${transactions.status} not in ('success', 'failed', 'reversed'))::int`,
          failed: sql<number>`count(*) filter (where ${invoiceSettlements.status} = 'failed' or ${transactions.status} in ('failed', 'reversed'))::int`,
          rows: sql<number>`count(*)::int`,
        })
        .from(invoiceSettlements)
        .leftJoin(transactions, eq(transactions.id, invoiceSettlements.transactionId))
        .where(eq(invoiceSettlements.accountId, w.accountId));
      final = r.rows - r.open;
      if (r.rows >= N * 2 && r.open === 0) break;
      if (performance.now() - lastLog > 10_000) {
        lastLog = performance.now();
        console.log(
          `  ${((lastLog - t0) / 1000).toFixed(0)} s: ${r.rows} settlement rows, ${final} final (${r.failed} failed)`,
        );
      }
      if (performance.now() - t0 > 600_000)
        throw new Error(`only ${final} of ${N * 2} settlements final after 600 s`);
      await new Promise((res) => setTimeout(res, 100));
    }
    const tDone = performance.now();
    // CPU per collection over the timed window (robust to other work on the machine, unlike the rate):
    // this process (the app, its worker and the bench's own webhook senders) and PostgreSQL.
    const appCpu = process.cpuUsage(app0);
    const appUs = (appCpu.user + appCpu.system) / N;
    const pgUs = ((pgCpuSeconds(pgDir) - pg0) * 1e6) / N;
    const [paid] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(invoices)
      .where(and(inArray(invoices.id, ids), eq(invoices.status, 'fullyPaid')));
    const [ok] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(invoiceSettlements)
      .innerJoin(transactions, eq(transactions.id, invoiceSettlements.transactionId))
      .where(and(eq(invoiceSettlements.accountId, w.accountId), eq(transactions.status, 'success')));
    const books = (await verifyInvoiceBooks(db)).filter((b) => b.problems.length);
    const ledger = await verifyLedger(db);
    const secs = (tDone - t0) / 1000;
    console.log(
      `webhooks accepted in ${((tSent - t0) / 1000).toFixed(2)} s; all settled in ${secs.toFixed(2)} s`,
    );
    console.log(`invoices fully paid: ${paid.n} of ${N}; settlement payouts paid: ${ok.n} of ${N * 2}`);
    console.log(
      `ledger:verify: ${ledger.length || books.length ? [...ledger, ...books.map((b) => `${b.reference}: ${b.problems.join(', ')}`)].slice(0, 10).join('; ') : 'clean'}`,
    );
    console.log(
      `load average: ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}`,
    );
    console.log(`cpu per collection, app: ${appUs.toFixed(0)} us`);
    console.log(`cpu per collection, postgres: ${pgUs.toFixed(0)} us`);
    console.log(`collections settled: ${(N / secs).toFixed(1)} /s`);
    if (paid.n !== N || ledger.length || books.length) process.exitCode = 1;
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
