// What bench:scale (bench/scale.ts) measures at each size: latencies over HTTP against the running
// app with autocannon, the CSV export's rate and the app's memory while it streams, the ledger's
// start against bare SQL (A / C, as bench:ledger), and ledger:verify's time.
import fs from 'node:fs';
import autocannon from 'autocannon';
import type { createPool, Db } from '../apps/api/src/platform/db';
import { startTransfer } from '../apps/api/src/modules/money';
import { verifyLedgerFrom } from '../apps/api/src/modules/money/verify-checkpoint';
import { prepareBareTransfers, type BenchWallet } from './support';

export type Target = { base: string; headers: Record<string, string> };

/**
 * p99 (ms) of `paths` loaded together by `connections` clients for `seconds`, after a warm-up of a
 * second (plans, prepared statements, caches); throws on any non-2xx.
 */
export async function p99(t: Target, paths: string[], connections: number, seconds: number) {
  await load(t, paths, connections, 1);
  const r = await load(t, paths, connections, seconds);
  const bad = r.non2xx + r.errors + r.timeouts;
  // No answer within the load's time is a figure (over `seconds`), not a failure of the bench.
  if (!r.requests.total) return { p99: Infinity, p50: Infinity, requests: 0 };
  if (bad) throw new Error(`${paths.join(' ')}: ${bad} of ${r.requests.total} requests failed`);
  return { p99: r.latency.p99, p50: r.latency.p50, requests: r.requests.total };
}

function load(t: Target, paths: string[], connections: number, seconds: number) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(
      {
        url: t.base,
        connections,
        duration: seconds,
        headers: t.headers,
        requests: paths.map((p) => ({ method: 'GET', path: p })),
      },
      (err, res) => (err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve(res)),
    );
  });
}

const rssMb = (pid: number) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
};

/**
 * Downloads `path` (a CSV) and stops after `rows` data rows; answers rows/s and the app's resident
 * memory before and at its peak while streaming (sampled every 20 ms).
 */
export async function csvExport(t: Target, path: string, rows: number, appPid: number) {
  const before = rssMb(appPid);
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(appPid))), 20);
  const ctl = new AbortController();
  const t0 = performance.now();
  let lines = 0;
  try {
    const res = await fetch(`${t.base}${path}`, { headers: t.headers, signal: ctl.signal });
    if (res.status !== 200 || !res.body) throw new Error(`csv export answered ${res.status}`);
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      for (const b of value) if (b === 10) lines++;
      if (lines > rows) {
        ctl.abort();
        break;
      }
    }
  } catch (err) {
    if (!ctl.signal.aborted) throw err;
  } finally {
    clearInterval(timer);
  }
  const secs = (performance.now() - t0) / 1000;
  const got = Math.min(lines - 1, rows);
  return { rows: got, rate: got / secs, before, peak: Math.max(peak, rssMb(appPid)) };
}

/**
 * A / C as bench:ledger measures it: A startTransfer on `wallets` (a client each), C a bare SQL
 * transaction of the same shape, in `rounds` alternating slices of `seconds` each.
 */
export async function ratioAC(
  db: Db,
  pool: ReturnType<typeof createPool>,
  wallets: BenchWallet[],
  rounds: number,
  seconds: number,
) {
  const opC = await prepareBareTransfers(pool, wallets.length);
  const opA = async (c: number) => {
    const w = wallets[c];
    await startTransfer(db, {
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
  };
  const totals = { a: [0, 0], c: [0, 0] };
  for (let r = 0; r < rounds; r++)
    for (const [k, op] of [
      ['a', opA],
      ['c', opC],
    ] as const) {
      const deadline = Date.now() + seconds * 1000;
      const t0 = performance.now();
      let n = 0;
      await Promise.all(
        wallets.map(async (_, c) => {
          while (Date.now() < deadline) {
            await op(c);
            n++;
          }
        }),
      );
      totals[k][0] += n;
      totals[k][1] += (performance.now() - t0) / 1000;
    }
  const a = totals.a[0] / totals.a[1];
  const c = totals.c[0] / totals.c[1];
  return { a, c, ratio: a / c };
}

/**
 * ledger:verify's checks, timed (from the checkpoint unless `full`, decision 019): answers the
 * seconds, the mode, the entries checked one by one and the problems (none when clean).
 */
export async function timedVerify(db: Db, full = false) {
  const t0 = performance.now();
  const run = await verifyLedgerFrom(db, { full });
  return { secs: (performance.now() - t0) / 1000, ...run };
}
