import PgBoss from 'pg-boss';
import { sql } from 'drizzle-orm';
import type { AppDeps } from './deps';
import { lostConnection } from './db';

// Background work on PostgreSQL (ARCHITECTURE §3 "Jobs"): pg-boss queues for one-off work, and
// tickers (periodic sweeps) guarded by an advisory lock so one process runs each sweep at a time.
// Modules declare queues and tickers at registration; `startJobs` starts them (worker processes,
// embedded mode, or a test). Any process can send: the queue store is shared through PostgreSQL,
// and pg-boss fetches with SKIP LOCKED so two workers never run the same job at once.

export type JobHandler<T> = (data: T, job: { id: string; retryCount: number }) => Promise<void>;

export type QueueOptions = {
  /** Parallel handlers of this queue per process. */
  concurrency?: number;
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  /** An active job older than this is given up and retried (a worker killed mid-job). */
  expireInSeconds?: number;
  /** 'short': at most one queued job per singletonKey (sweeps may re-send freely). */
  policy?: 'standard' | 'short';
  /** How often idle workers poll (seconds, >= 0.5). */
  pollSeconds?: number;
  /**
   * Jobs a worker takes per fetch and runs at once (default 1). Above 1, a job whose handler throws
   * is failed alone (retried by its policy) and the others complete: for many small idempotent jobs
   * (a 10,000-row disbursement's transfers), where a fetch and a completion per job cost more than
   * the job.
   */
  batchSize?: number;
};

// One map holds handlers of every payload type; each gets its own queue's jobs.
type QueueDef = {
  name: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
  handler: JobHandler<any>;
  /** defineBatchQueue's handler: every job of a fetch at once. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
  batchHandler?: (items: any[]) => Promise<void>;
  options: QueueOptions;
};
type TickerDef = { name: string; everyMs: number; run: (deps: AppDeps) => Promise<void> };

export type JobsState = {
  queues: Map<string, QueueDef>;
  tickers: TickerDef[];
  boss: PgBoss | null;
  starting: Promise<PgBoss> | null;
  closed: boolean;
  /** sendJobSoon's jobs not yet inserted (one insert per event-loop turn). */
  soon: SoonJob[];
};

type SoonJob = {
  name: string;
  data: object;
  startAfter?: string;
  singletonKey?: string;
  singletonSeconds?: number;
};

/** `singletonSeconds` with a key: at most one job per key per time slot (throttling). */
export type SendOptions = {
  startAfterSeconds?: number;
  singletonKey?: string;
  singletonSeconds?: number;
  /** Fetched before the queue's lower-priority jobs (pg-boss orders by priority, then age); default 0. */
  priority?: number;
};

const POLL_SECONDS = 1;

function stateOf(deps: AppDeps): JobsState {
  let s = deps.seams.maybe('jobs');
  if (!s) {
    s = { queues: new Map(), tickers: [], boss: null, starting: null, closed: false, soon: [] };
    deps.seams.provide('jobs', s);
  }
  return s;
}

/** Declares a queue and its handler (at module registration). */
export function defineQueue<T>(
  deps: AppDeps,
  name: string,
  handler: JobHandler<T>,
  options: QueueOptions = {},
) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see QueueDef
  stateOf(deps).queues.set(name, { name, handler: handler as JobHandler<any>, options });
}

/** Declares a periodic sweep; at most one process runs a given ticker at a time. */
/**
 * A queue whose handler takes every job of a fetch at once (up to `batchSize`, default 50), for
 * set-based work: one job per record keeps the singleton and retry rules per record, and the
 * handler reads and writes the batch in a few statements. If it throws, every job of the batch is
 * failed and retried, so it must be idempotent per record (a record already done is skipped).
 */
export function defineBatchQueue<T>(
  deps: AppDeps,
  name: string,
  handler: (items: T[]) => Promise<void>,
  options: QueueOptions = {},
) {
  const batchSize = options.batchSize ?? 50;
  stateOf(deps).queues.set(name, {
    name,
    handler: (data: T) => handler([data]),
    batchHandler: handler,
    options: { ...options, batchSize },
  });
}

export function defineTicker(
  deps: AppDeps,
  name: string,
  everyMs: number,
  run: (deps: AppDeps) => Promise<void>,
) {
  stateOf(deps).tickers.push({ name, everyMs, run });
}

function connectionStringOf(deps: AppDeps): string {
  const cs =
    (deps.pool as unknown as { options?: { connectionString?: string } }).options?.connectionString ??
    deps.config.DATABASE_URL;
  if (!cs) throw new Error('jobs need the database connection string');
  return cs;
}

/** The pg-boss instance of this app, started on first use (schema installed, queues created). */
export async function bossOf(deps: AppDeps): Promise<PgBoss> {
  const s = stateOf(deps);
  if (s.boss) return s.boss;
  if (s.closed) throw new Error('jobs are closed');
  s.starting ??= (async () => {
    const boss = new PgBoss({
      connectionString: connectionStringOf(deps),
      max: 4,
      schedule: false,
      supervise: true,
      maintenanceIntervalSeconds: 60,
      application_name: 'owo-jobs',
    });
    boss.on('error', (err: unknown) => {
      if (deps.config.LOG_LEVEL !== 'silent') console.error('[jobs]', (err as Error)?.message ?? err);
    });
    await boss.start();
    for (const q of s.queues.values()) {
      await boss.createQueue(q.name, {
        name: q.name,
        policy: q.options.policy ?? 'standard',
        retryLimit: q.options.retryLimit ?? 5,
        retryDelay: q.options.retryDelay ?? 2,
        retryBackoff: q.options.retryBackoff ?? true,
        expireInSeconds: q.options.expireInSeconds ?? 120,
      });
    }
    s.boss = boss;
    return boss;
  })();
  try {
    return await s.starting;
  } catch (err) {
    s.starting = null;
    throw err;
  }
}

/** Enqueues a job; null when a 'short' queue already holds one queued for the same singletonKey. */
export async function sendJob(
  deps: AppDeps,
  queue: string,
  data: object,
  opts: SendOptions = {},
): Promise<string | null> {
  if (!stateOf(deps).queues.has(queue)) throw new Error(`unknown queue ${queue}`);
  const boss = await bossOf(deps);
  return boss.send(queue, data, {
    ...(opts.startAfterSeconds ? { startAfter: Number(opts.startAfterSeconds.toFixed(3)) } : {}),
    ...(opts.singletonKey ? { singletonKey: opts.singletonKey } : {}),
    ...(opts.singletonSeconds ? { singletonSeconds: opts.singletonSeconds } : {}),
  });
}

/**
 * Enqueues many jobs of one queue in one statement per 1,000 (pg-boss `insert`): bulk paths (a
 * 10,000-row disbursement) instead of one round trip per job. A 'short' queue's singleton rule still
 * drops a job whose singletonKey is already queued.
 */
export async function sendJobs(
  deps: AppDeps,
  queue: string,
  jobs: { data: object; singletonKey?: string }[],
): Promise<void> {
  if (!stateOf(deps).queues.has(queue)) throw new Error(`unknown queue ${queue}`);
  const boss = await bossOf(deps);
  for (let i = 0; i < jobs.length; i += 1000)
    await boss.insert(
      jobs.slice(i, i + 1000).map((j) => ({ name: queue, data: j.data, singletonKey: j.singletonKey })),
    );
}

/**
 * Sends after the caller's commit without failing it: a lost enqueue is recovered by the sweeps.
 * The jobs sent in one turn of the event loop go in one insert (pg-boss `insert`, same singleton
 * rules as `send`): a batch of settles or deliveries enqueues its follow-ups in one round trip.
 */
export function sendJobSoon(deps: AppDeps, queue: string, data: object, opts: SendOptions = {}): void {
  const s = stateOf(deps);
  if (!s.queues.has(queue)) {
    if (deps.config.LOG_LEVEL !== 'silent') console.error(`[jobs] could not enqueue ${queue}: unknown queue`);
    return;
  }
  s.soon.push({
    name: queue,
    data,
    ...(opts.startAfterSeconds ? { startAfter: opts.startAfterSeconds.toFixed(3) } : {}),
    ...(opts.singletonKey ? { singletonKey: opts.singletonKey } : {}),
    ...(opts.singletonSeconds ? { singletonSeconds: opts.singletonSeconds } : {}),
    ...(opts.priority ? { priority: opts.priority } : {}),
  });
  if (s.soon.length === 1) setImmediate(() => void flushSoon(deps));
}

async function flushSoon(deps: AppDeps): Promise<void> {
  const s = stateOf(deps);
  const jobs = s.soon.splice(0);
  if (!jobs.length) return;
  try {
    const boss = await bossOf(deps);
    for (let i = 0; i < jobs.length; i += 1000) await boss.insert(jobs.slice(i, i + 1000));
  } catch (err) {
    if (deps.config.LOG_LEVEL !== 'silent')
      console.error(
        `[jobs] could not enqueue ${[...new Set(jobs.map((j) => j.name))].join(', ')}:`,
        (err as Error).message,
      );
  }
}

/** Runs `fn` only when this process wins the cluster-wide lock named `name` (else skips). */
export async function withSweepLock(deps: AppDeps, name: string, fn: () => Promise<void>): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const r = await tx.execute(
      sql`select pg_try_advisory_xact_lock(hashtext(${`owo-sweep:${name}`})) as got`,
    );
    if (!(r.rows[0] as { got: boolean }).got) return false;
    await fn();
    return true;
  });
}

/**
 * pg-boss completes and fails a fetched job without awaiting it (Manager.work's onFetch), so a
 * database connection lost at that moment is a rejection nobody handles, and Node ends the process:
 * the worker dies with every job it held (found by the fault simulator, issue 35). Such a rejection
 * is only logged: the job was not completed, so it expires and runs again (handlers are
 * idempotent). Any other unhandled rejection still ends the process as before.
 */
let lostConnectionGuard = false;
function tolerateLostConnections(deps: AppDeps) {
  if (lostConnectionGuard) return;
  lostConnectionGuard = true;
  process.on('unhandledRejection', (reason) => {
    if (!lostConnection(reason)) throw reason;
    if (deps.config.LOG_LEVEL !== 'silent')
      console.error('[jobs] database connection lost:', (reason as Error)?.message ?? reason);
  });
}

/** Sweeps (tickers) of one process that may run at once. */
const TICKERS_AT_ONCE = 2;

/** Runs the functions given to it at most `n` at a time, in the order given. */
function limiter(n: number) {
  let active = 0;
  const queue: (() => void)[] = [];
  const next = () => {
    if (active >= n || !queue.length) return;
    active++;
    queue.shift()!();
  };
  return <T>(fn: () => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      queue.push(() => {
        void fn()
          .then(resolve, reject)
          .finally(() => {
            active--;
            next();
          });
      });
      next();
    });
}

/** Starts every declared queue's workers and tickers in this process; returns the stop function. */
export async function startJobs(deps: AppDeps): Promise<() => Promise<void>> {
  tolerateLostConnections(deps);
  const s = stateOf(deps);
  const boss = await bossOf(deps);
  const workerIds: string[] = [];
  for (const q of s.queues.values()) {
    for (let i = 0; i < (q.options.concurrency ?? 2); i++) {
      let workerId = '';
      workerId = await boss.work(
        q.name,
        {
          batchSize: q.options.batchSize ?? 1,
          pollingIntervalSeconds: q.options.pollSeconds ?? POLL_SECONDS,
        },
        async (jobs) => {
          const run = (job: (typeof jobs)[number]) =>
            q.handler(job.data, {
              id: job.id,
              retryCount: (job as { retryCount?: number }).retryCount ?? 0,
            });
          if (q.batchHandler) {
            if (jobs.length) await q.batchHandler(jobs.map((j) => j.data));
          } else if ((q.options.batchSize ?? 1) === 1) {
            for (const job of jobs) await run(job);
          } else {
            // Each job of the batch on its own: a failure fails that job (pg-boss then completes
            // only the jobs still active, so the failed one keeps its retry).
            const results = await Promise.allSettled(jobs.map(run));
            for (const [i, r] of results.entries())
              if (r.status === 'rejected')
                await boss.fail(q.name, jobs[i].id, {
                  message: String((r.reason as Error)?.message ?? r.reason).slice(0, 500),
                });
          }
          // A worker that found work asks again at once; only an idle one waits the polling
          // interval (pg-boss otherwise sleeps the interval after every job: one job per worker
          // per interval, ~8 transfers a second, which a 10,000-row disbursement cannot live with).
          if (jobs.length && workerId) boss.notifyWorker(workerId);
        },
      );
      workerIds.push(workerId);
    }
  }
  let stopped = false;
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();
  // Each sweep holds a pooled connection for its lock while its work takes others from the same
  // pool: all of them at once (every ticker fires at start) could hold the pool and wait on it
  // forever. A few at a time leave the pool to the work and to requests.
  const gate = limiter(TICKERS_AT_ONCE);
  for (const t of s.tickers) {
    let busy = false;
    const tick = () => {
      if (stopped || busy) return;
      busy = true;
      const p = gate(() =>
        stopped ? Promise.resolve(false) : withSweepLock(deps, t.name, () => t.run(deps)),
      )
        .catch((err) => {
          if (!stopped && deps.config.LOG_LEVEL !== 'silent')
            console.error(`[jobs] ticker ${t.name}:`, (err as Error).message);
        })
        .finally(() => {
          busy = false;
          running.delete(p);
        });
      running.add(p);
    };
    timers.push(setInterval(tick, t.everyMs));
    setImmediate(tick);
  }
  return async () => {
    stopped = true;
    for (const timer of timers) clearInterval(timer);
    for (const id of workerIds) await boss.offWork({ id }).catch(() => {});
    await Promise.allSettled([...running]);
  };
}

/** Stops pg-boss for this app (app shutdown). */
export async function closeJobs(deps: AppDeps): Promise<void> {
  const s = stateOf(deps);
  if (s.soon.length && s.boss) await flushSoon(deps);
  s.closed = true;
  const boss = s.boss ?? (s.starting ? await s.starting.catch(() => null) : null);
  s.boss = null;
  if (boss) await boss.stop({ graceful: true, timeout: 5000, wait: true });
}
