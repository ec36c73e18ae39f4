// Shared by the funding tests (not a test file itself).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeNuban } from '@owo/contract';
import { count, eq, sql } from 'drizzle-orm';
import { recordIssuedCharges } from '../../rails/sandbox/charges';
import { sandboxTransfers } from '../../rails/sandbox/tables';
import { transactions } from '../money/tables';
import type { TestApp } from '../../../test/factories';
import { ownerWithAccount, TEST_VAULT_KEYS, waitFor } from '../../../test/factories';
export { waitFor };
import { creditDeposit } from '../money/deposits';
import { startTransfer } from '../money/start-transfer';
import { createWallet, getWalletByCurrency } from '../money/wallets';
import { getFundingAccount } from './virtual-accounts';

/** An owner, their account, its NGN wallet (with a virtual account) holding `balance` kobo. */
export async function fundedOwner(t: TestApp, balance: number) {
  const o = await ownerWithAccount(t);
  const wallet =
    (await getWalletByCurrency(t.db, o.account.id, 'NGN')) ??
    (await createWallet(t.db, { accountId: o.account.id, currency: 'NGN' }));
  const va = await getFundingAccount(t.app.deps, o.account.id, wallet.id);
  if (balance > 0)
    await creditDeposit(t.app.deps, {
      accountNumber: va.accountNumber,
      amount: balance,
      providerRef: `seed_${randomBytes(6).toString('hex')}`,
      senderName: 'SEED',
      provider: 'sandbox',
    });
  return { ...o, wallet, va };
}

/**
 * Puts a charge into the sandbox provider's own books as if its engine had issued it (and already
 * delivered its webhook), so a test can then send that webhook itself: deposit webhooks are credited
 * only for charges the provider's record confirms. `body` is the exact charge.success JSON.
 */
export async function recordSandboxCharge(t: TestApp, body: string) {
  await recordIssuedCharges(t.db, [body]);
}

/** A valid NUBAN at GTBank that the sandbox pays normally. */
export function ordinaryAccount(): string {
  return makeNuban('058', String(100_000_000 + Math.floor(Math.random() * 800_000_000)));
}

export async function startPayout(
  t: TestApp,
  o: { account: { id: string }; wallet: { id: string }; user: { id: string } },
  p: { amount: number; accountNumber: string; fee?: number },
) {
  return startTransfer(t.db, {
    accountId: o.account.id,
    walletId: o.wallet.id,
    amount: p.amount,
    fee: p.fee ?? 0,
    bankCode: '058',
    accountNumber: p.accountNumber,
    accountName: 'TEST BENEFICIARY',
    initiatedBy: o.user.id,
    narration: 'test payout',
  });
}

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The crash harness's process: `crash-server.ts` (the app as `npm start` boots it, jobs on) on the
 * test database, listening on `port`; resolves once it prints READY. Kill it with SIGKILL to crash
 * it mid-work and call this again to restart. Shared by the crash/kill tests (funding, payroll).
 */
export function startCrashServer(
  t: { dbUrl: string },
  port: number,
  env: Record<string, string> = {},
): Promise<ChildProcess> {
  const proc = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'crash-server.ts')], {
    cwd: path.resolve(here, '../../..'),
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: t.dbUrl,
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      SESSION_SECRET: 'crash-test-secret-crash-test-secret!!',
      VAULT_KEYS: TEST_VAULT_KEYS,
      DATA_DIR: `/tmp/owo-test-data/${randomUUID()}`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  proc.stderr!.on('data', (d) => {
    err += String(d);
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${err}`)), 90_000);
    proc.stdout!.on('data', (d) => {
      if (String(d).includes('READY')) {
        clearTimeout(timer);
        resolve(proc);
      }
    });
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited ${code}: ${err}`));
    });
  });
}

/**
 * Waits until at least `min` transfers whose reference starts with `prefix` reached the sandbox
 * provider, then SIGKILLs the worker `child` mid-run. Answers how many of the record's transfers
 * (`sourceId`) were still pending or processing at the kill (a test asserts > 0: the kill really
 * hit work in flight).
 */
export async function killWhileAtProvider(
  t: TestApp,
  child: ChildProcess,
  p: { prefix: string; min: number; sourceId: string; timeoutMs?: number },
): Promise<number> {
  await waitFor(
    'transfers at the provider',
    async () => {
      const [r] = await t.db
        .select({ n: count() })
        .from(sandboxTransfers)
        .where(sql`${sandboxTransfers.reference} like ${`${p.prefix}-%`}`);
      return r.n >= p.min;
    },
    p.timeoutMs ?? 60_000,
    50,
  );
  const inFlight = await t.db
    .select({ status: transactions.status })
    .from(transactions)
    .where(eq(transactions.sourceId, p.sourceId));
  child.kill('SIGKILL');
  await new Promise<void>((r) => child.once('exit', () => r()));
  return inFlight.filter((x) => x.status === 'pending' || x.status === 'processing').length;
}
