// The world a simulator run acts on: a fresh database, the in-process API, a worker process (a
// second API process on the same database, with the jobs), and the companies, made from a seed.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { createDb, createPool, freePort } from '../src/platform/db';
import { creditDeposit } from '../src/modules/money/deposits';
import { createWallet, getWalletByCurrency } from '../src/modules/money/wallets';
import { getFundingAccount } from '../src/modules/funding/virtual-accounts';
import { startJobs } from '../src/platform/jobs';
import { startCrashServer } from '../src/modules/funding/test-support';
import {
  addMember,
  client,
  createAppOn,
  makeAccount,
  makeUser,
  setKybTier,
  type TestApp,
} from '../test/factories';
import type { TestPostgres } from '../test/pg-server';
import type { Rng } from './rng';
import type { Area, Company, Currency, SimCall, World } from './types';

export type WorldOptions = {
  companies: number;
  /** Run the jobs in a separate worker process (killed and restarted by the faults); else in-process. */
  worker: boolean;
  log?: (line: string) => void;
};

/** The worker process: the app as `npm start` boots it, on the run's database, jobs on. */
export type WorkerProcess = {
  baseUrl: () => string | null;
  /** How many times it was killed (a request in flight across a kill gets no answer). */
  kills: () => number;
  kill(): Promise<void>;
  /** Starts it again in the background (a supervisor would); `ready` settles when it is up. */
  restart(): void;
  ready(): Promise<void>;
  stop(): Promise<void>;
};

export type LiveWorld = World & {
  dbUrl: string;
  worker: WorkerProcess | null;
  /**
   * Set while a step runs whose database connections the simulator drops, and `drops` counts the
   * drops: a request that a drop overlapped may answer 503 (nothing committed; try again).
   */
  tolerate5xx: boolean;
  drops: number;
  /** When the latest drop happened (ms since the epoch). */
  lastDropAt: number;
  /** The in-process API's latest logged errors (what a 5xx came from). */
  errors: string[];
  /** The work areas this run drives (what a fault's random work is drawn from). */
  areas: Area[];
  close(): Promise<void>;
};

async function workerProcess(dbUrl: string, env: Record<string, string>): Promise<WorkerProcess> {
  const port = await freePort();
  let child: ChildProcess | null = await startCrashServer({ dbUrl }, port, env);
  let starting: Promise<void> = Promise.resolve();
  let kills = 0;
  const kill = async () => {
    await starting;
    if (!child) return;
    const c = child;
    child = null;
    kills++;
    c.kill('SIGKILL');
    if (c.exitCode === null) await new Promise<void>((r) => c.once('exit', () => r()));
  };
  return {
    baseUrl: () => (child ? `http://127.0.0.1:${port}` : null),
    kills: () => kills,
    kill,
    restart() {
      starting = starting.then(async () => {
        if (!child) child = await startCrashServer({ dbUrl }, port, env);
      });
    },
    ready: () => starting,
    stop: kill,
  };
}

/** The application_name of the simulator's own connections. */
export const SIM_APPLICATION = 'owo-sim';

const MAJOR = { NGN: 5_000_000_00, USD: 20_000_00, GBP: 15_000_00 } as const;

export async function makeWorld(pg: TestPostgres, seed: number, opts: WorldOptions): Promise<LiveWorld> {
  const dbUrl = await pg.fresh('sim');
  const env = { SANDBOX_FAULT_SEED: String(seed) };
  // The in-process API's error log: a 5xx names the error behind it.
  const errors: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of String(chunk).split('\n')) {
        if (!line.includes('"level":50')) continue;
        const e = JSON.parse(line) as {
          err?: {
            message?: string;
            stack?: string;
            code?: string;
            cause?: { message?: string; code?: string };
          };
          msg?: string;
        };
        const cause = e.err?.cause ? ` (cause: ${e.err.cause.code ?? ''} ${e.err.cause.message ?? ''})` : '';
        errors.push(
          `${(e.err?.message ?? e.msg ?? line).slice(0, 160)}${e.err?.code ? ` [${e.err.code}]` : ''}${cause}`,
        );
        if (errors.length > 20) errors.shift();
      }
      done();
    },
  });
  const app = await createAppOn(dbUrl, env, { logStream });
  // The simulator's own reads (picking records, checking invariants) on a pool of its own, named, so
  // the connection drops it injects hit only the app's connections, never its checks.
  const simUrl = new URL(dbUrl);
  simUrl.searchParams.set('application_name', SIM_APPLICATION);
  const simPool = createPool(simUrl.toString(), 10);
  const primary: TestApp = { ...app, db: createDb(simPool) };
  const stopJobs = opts.worker ? null : await startJobs(primary.app.deps);
  // The same DATA_DIR: both processes sign and check webhooks with the same generated secrets.
  const worker = opts.worker
    ? await workerProcess(dbUrl, { ...env, DATA_DIR: primary.config.DATA_DIR })
    : null;

  const world: LiveWorld = {
    seed,
    primary,
    dbUrl,
    worker,
    tolerate5xx: false,
    drops: 0,
    lastDropAt: 0,
    errors,
    areas: [],
    companies: [],
    state: {},
    log: opts.log ?? (() => {}),
    as(c, who, rng) {
      const m = who === 'owner' ? c.owner : c.approver;
      return callOn(world, rng, { token: m.token, accountId: c.id });
    },
    anon: (rng) => callOn(world, rng, {}),
    async close() {
      await worker?.stop();
      await stopJobs?.();
      await app.close();
      await simPool.end();
    },
  };
  for (let i = 0; i < opts.companies; i++) world.companies.push(await makeCompany(primary, i));
  return world;
}

/** A client on the in-process API, or (one call in three, when it is up) on the worker process. */
function callOn(w: LiveWorld, rng: Rng, auth: { token?: string; accountId?: string }): SimCall {
  const second = w.worker?.baseUrl();
  const baseUrl = second && rng.chance(1 / 3) ? second : w.primary.baseUrl;
  const api = client({ ...w.primary, baseUrl }, auth);
  return async (method, path, body, headers) => {
    const drops = w.drops;
    const kills = w.worker?.kills() ?? 0;
    let res;
    try {
      res = await api.call(method, path, method === 'GET' ? undefined : (body ?? {}), headers);
    } catch (err) {
      // The worker process was killed under this request: the caller never hears back (status 0).
      // (It may be up again on the same port by now: a kill since the call began tells.)
      if (baseUrl === second && (w.worker?.baseUrl() !== second || w.worker?.kills() !== kills))
        return {
          status: 0,
          body: { status: 'error', message: 'no answer', data: null },
          headers: new Headers(),
        };
      throw err;
    }
    if (res.status >= 500) {
      // A 503 (the database connection went away) is the answer while the simulator drops them,
      // and just after: a pooled connection killed as it went idle fails the next request it serves.
      const dropped = drops !== w.drops || w.tolerate5xx || Date.now() - w.lastDropAt < 3000;
      if (res.status !== 503 || !dropped)
        throw new Error(
          `no-5xx: ${method} ${path} answered ${res.status} ${JSON.stringify(res.body)}; ${baseUrl === second ? 'on the worker process' : `logged: ${w.errors.at(-1) ?? 'nothing'}`}`,
        );
      // Its database connection was dropped under it: as good as no answer (status 0).
      return { ...res, status: 0 };
    }
    return res;
  };
}

async function makeCompany(t: TestApp, i: number): Promise<Company> {
  const owner = await makeUser(t, { firstName: 'Owner', lastName: `Co${i}` });
  const account = await makeAccount(t, owner.user.id, { name: `Sim Company ${i} Ltd` });
  await setKybTier(t, account.id, 3);
  const approver = await makeUser(t, { firstName: 'Admin', lastName: `Co${i}` });
  await addMember(t, account.id, approver.user.id, 'admin');
  const wallets = {} as Company['wallets'];
  for (const currency of ['NGN', 'USD', 'GBP'] as Currency[]) {
    const wallet =
      (await getWalletByCurrency(t.db, account.id, currency)) ??
      (await createWallet(t.db, { accountId: account.id, currency }));
    const va = await getFundingAccount(t.app.deps, account.id, wallet.id).catch(() => null);
    const accountNumber = va?.accountNumber ?? null;
    // Opening balance, credited the way a confirmed deposit is.
    if (accountNumber)
      await creditDeposit(t.app.deps, {
        accountNumber,
        amount: MAJOR[currency],
        providerRef: `sim_open_${randomBytes(6).toString('hex')}`,
        senderName: 'OPENING BALANCE',
        provider: 'sandbox',
        currency,
      });
    wallets[currency] = { id: wallet.id, accountNumber };
  }
  const member = (u: typeof owner) => ({ userId: u.user.id, email: u.email, token: u.token });
  return {
    id: account.id,
    name: account.name,
    owner: member(owner),
    approver: member(approver),
    wallets,
  };
}
