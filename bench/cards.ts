// npm run bench:cards — the card issuer's signed authorisation webhook over real HTTP against the
// app's modules on a throwaway embedded PostgreSQL: (A) p50/p99 at a steady 200 requests a second
// over 50 funded cards (goal p99 < 50 ms, issue 26 §5); (B) decisions per second flat out (16 in
// flight). Ends with `name: value unit` lines.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
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
import { accountMembers } from '../apps/api/src/platform/schema';
import { createCard } from '../apps/api/src/modules/cards/create';
import { fundCardFromWallet } from '../apps/api/src/modules/cards/lifecycle';
import { cards } from '../apps/api/src/modules/cards/tables';
import { ISSUER_SIGNATURE_HEADER, signIssuerBody } from '../apps/api/src/modules/cards/issuer';
import { verifyLedger } from '../apps/api/src/modules/money/verify';
import { benchSize, fundedWallet } from './support';

const CARDS = 50;
const RATE = benchSize('BENCH_RATE', 200, 20);
const SECONDS = benchSize('BENCH_SECONDS', 10, 1);
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

// Keep-alive sockets, at most 64: like an issuer's connection pool (requests beyond it queue here,
// and that wait counts in the latency).
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
function post(url: string, body: string, headers: Record<string, string>) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = http.request(
      url,
      { method: 'POST', agent, headers: { ...headers, 'content-length': Buffer.byteLength(body) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
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
    const config = loadConfig(
      {},
      {
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATABASE_URL: url,
        SESSION_SECRET: 'bench-secret-bench-secret-bench-secret',
        SEED_DEMO: 'false',
        RUN_WORKER: 'false',
        DATA_DIR: path.join(tmp, 'data'),
        VAULT_KEYS: `bench:${randomBytes(32).toString('base64')}`,
      },
    );
    const pool = createPool(url, 20);
    const db = createDb(pool);
    await runMigrations(db);
    const deps: AppDeps = { config, db, pool, seams: emptySeams() };
    const app = await buildApp(deps, { logger: false, webDist: null });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    close = async () => {
      await app.close();
      await pool.end();
    };
    const w = await fundedWallet(db, 1, { name: 'Cards', digit: '8' });
    await db.insert(accountMembers).values({ accountId: w.accountId, userId: w.userId, roleSlug: 'owner' });
    const tokens: string[] = [];
    for (let i = 0; i < CARDS; i++) {
      const c = await createCard(deps, {
        accountId: w.accountId,
        userId: w.userId,
        body: {
          holderId: w.userId,
          currency: 'NGN',
          perTransactionLimit: 1_000_000_00,
          monthlyLimit: 1_000_000_000_00,
          singleUse: false,
        },
      });
      await fundCardFromWallet(deps, {
        accountId: w.accountId,
        userId: w.userId,
        id: c.id,
        amount: 100_000_000_00,
        walletId: w.walletId,
      });
      const [row] = await db.select({ t: cards.issuerToken }).from(cards).where(eq(cards.id, c.id));
      tokens.push(row.t);
    }
    const secret = config.CARD_ISSUER_WEBHOOK_SECRET ?? config.RAILS_WEBHOOK_SECRET!;
    let n = 0;
    const one = async () => {
      const i = n++;
      const body = JSON.stringify({
        event: 'authorization.request',
        id: `evt_${i}`,
        data: {
          authorizationId: `auth_${i}_${randomBytes(4).toString('hex')}`,
          cardToken: tokens[i % tokens.length],
          amount: 1_000_00 + (i % 500),
          currency: 'NGN',
          merchant: { name: 'Bench Merchant', category: 'other' },
        },
      });
      const t0 = performance.now();
      const { status, text } = await post(`${base}/api/webhooks/card-issuer`, body, {
        'content-type': 'application/json',
        [ISSUER_SIGNATURE_HEADER]: signIssuerBody(secret, body),
      });
      const j = JSON.parse(text) as { data?: { approved: boolean } };
      if (status !== 200 || !j.data?.approved) throw new Error(`authorisation ${i} not approved: ${status}`);
      return performance.now() - t0;
    };
    for (let i = 0; i < 50; i++) await one(); // warm-up: prepared statements, connections
    const serial: number[] = []; // one at a time: the cost of a decision without any queue
    for (let i = 0; i < 200; i++) serial.push(await one());

    // A. steady rate
    const lat: number[] = [];
    const total = RATE * SECONDS;
    const start = performance.now();
    const inflight: Promise<void>[] = [];
    for (let i = 0; i < total; i++) {
      const due = start + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      inflight.push(one().then((ms) => void lat.push(ms)));
    }
    await Promise.all(inflight);
    const achieved = total / ((performance.now() - start) / 1000);

    // B. flat out
    const flat: number[] = [];
    const t0 = performance.now();
    const until = t0 + 5_000;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (performance.now() < until) flat.push(await one());
      }),
    );
    const perSecond = flat.length / ((performance.now() - t0) / 1000);
    const problems = await verifyLedger(db);
    console.log(
      `A. ${total} authorisations at ${RATE}/s (achieved ${achieved.toFixed(0)}/s) over ${CARDS} cards: p50 ${pct(lat, 50).toFixed(1)} ms, p99 ${pct(lat, 99).toFixed(1)} ms, max ${Math.max(...lat).toFixed(1)} ms`,
    );
    console.log(
      `B. flat out, 16 in flight: ${perSecond.toFixed(0)} decisions/s, p99 ${pct(flat, 99).toFixed(1)} ms`,
    );
    console.log(
      `C. one at a time: p50 ${pct(serial, 50).toFixed(1)} ms, p99 ${pct(serial, 99).toFixed(1)} ms`,
    );
    console.log(`ledger:verify: ${problems.length ? problems.join('; ') : 'clean'}`);
    console.log(`card authorisation p50 at ${RATE}/s: ${pct(lat, 50).toFixed(1)} ms`);
    console.log(`card authorisation p99 at ${RATE}/s: ${pct(lat, 99).toFixed(1)} ms`);
    console.log(`card authorisation achieved rate: ${achieved.toFixed(0)} /s`);
    console.log(`card authorisations per second: ${perSecond.toFixed(0)} /s`);
    console.log(`card authorisation p99 one at a time: ${pct(serial, 99).toFixed(1)} ms`);
    if (problems.length) process.exitCode = 1;
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
