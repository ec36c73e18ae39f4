import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { client, createTestApp, ownerWithAccount, type TestApp } from '../../../test/helpers';
import { setFeePolicy } from './fees';
import { transactions, wallets } from './tables';
import { fundWallet, TEST_BENEFICIARY } from './test-utils';
import { verifyLedger } from './verify';

// 100 concurrent ₦1,000 transfers on a ₦10,000 wallet: exactly 10 go through, whatever the interleaving,
// in one API process and split across two processes sharing the database.
let t: TestApp;
let second: ChildProcess | null = null;
let secondUrl = '';

const here = path.dirname(fileURLToPath(import.meta.url));
const apiRoot = path.resolve(here, '../../..');

function startSecondProcess(dbUrl: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'second-process.fixture.ts')], {
      cwd: apiRoot,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATABASE_URL: dbUrl,
        SESSION_SECRET: t.config.sessionSecret,
        DATA_DIR: `/tmp/owo-test-data/${randomUUID()}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    second = child;
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`second process did not start: ${err}`)), 90_000);
    child.stdout.on('data', (d) => {
      out += String(d);
      const m = /LISTENING (\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.stderr.on('data', (d) => (err += String(d)));
    child.on('exit', (code) => reject(new Error(`second process exited ${code}: ${err}`)));
  });
}

beforeAll(async () => {
  t = await createTestApp();
  secondUrl = await startSecondProcess(t.dbUrl);
}, 120_000);
afterAll(async () => {
  second?.kill('SIGTERM');
  await t?.close();
});

async function tenThousandNairaWallet() {
  const o = await ownerWithAccount(t);
  // Fees are a policy of their own: pin this account's bank-transfer fee to zero so the arithmetic is exact.
  await setFeePolicy(t.db, {
    accountId: o.account.id,
    userId: o.user.id,
    policy: { method: 'bank-transfer', currency: 'NGN', flat: 0, percent: 0 },
  });
  const walletId = (await o.api.get('/api/wallet')).body.data[0].id as string;
  await fundWallet(t.db, walletId, 1_000_000);
  return { ...o, walletId };
}

async function expectTenOfHundred(results: { status: number; body: { status: string } }[], walletId: string) {
  const ok = results.filter((r) => r.status === 201);
  const refused = results.filter((r) => r.status === 422);
  expect(ok).toHaveLength(10);
  expect(refused).toHaveLength(90);
  expect(refused.every((r) => r.body.status === 'insufficient-funds')).toBe(true);
  const [w] = await t.db.select().from(wallets).where(eq(wallets.id, walletId));
  expect(w.balance).toBe(0);
  expect(w.pendingBalance).toBe(1_000_000);
  const payouts = (await t.db.select().from(transactions).where(eq(transactions.walletId, walletId))).filter(
    (x) => x.type === 'payout',
  );
  expect(payouts).toHaveLength(10);
  expect(await verifyLedger(t.db)).toEqual([]);
}

describe('concurrent transfers', () => {
  it('one process: 100 x ₦1,000 on ₦10,000 -> exactly 10 succeed', async () => {
    const o = await tenThousandNairaWallet();
    const results = await Promise.all(
      Array.from({ length: 100 }, () =>
        o.api.post(
          '/api/transfers',
          { walletId: o.walletId, amount: 1000, ...TEST_BENEFICIARY },
          { 'idempotency-key': randomUUID() },
        ),
      ),
    );
    await expectTenOfHundred(results, o.walletId);
  });

  it('two processes on one database: 100 x ₦1,000 split half and half -> exactly 10 succeed', async () => {
    const o = await tenThousandNairaWallet();
    const other = client({ ...t, baseUrl: secondUrl }, { token: o.token, accountId: o.account.id });
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        (i % 2 ? other : o.api).post(
          '/api/transfers',
          { walletId: o.walletId, amount: 1000, ...TEST_BENEFICIARY },
          { 'idempotency-key': randomUUID() },
        ),
      ),
    );
    await expectTenOfHundred(results, o.walletId);
  });

  it('two processes: the same Idempotency-Key sent to both moves money once', async () => {
    const o = await tenThousandNairaWallet();
    const other = client({ ...t, baseUrl: secondUrl }, { token: o.token, accountId: o.account.id });
    const h = { 'idempotency-key': randomUUID() };
    const body = { walletId: o.walletId, amount: 1000, ...TEST_BENEFICIARY };
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? other : o.api).post('/api/transfers', body, h)),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
    expect(new Set(results.map((r) => r.body.data.id)).size).toBe(1);
    const [w] = await t.db.select().from(wallets).where(eq(wallets.id, o.walletId));
    expect(w.balance).toBe(900_000);
  });
});
