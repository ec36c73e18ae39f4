// The faults the simulator injects (issue 35 §2), each an op drawn from the same seed as the work:
// the worker process SIGKILLed and restarted mid-step, database connections dropped mid-transaction,
// delivered webhooks replayed and reordered. The rails' own faults (slow, failing, timing out after
// acting, duplicated and delayed webhooks) come from SANDBOX_FAULT_SEED = the run's seed.
import { sql } from 'drizzle-orm';
import { SANDBOX_SIGNATURE_HEADER, signBody } from '../src/rails/sandbox/webhook-format';
import { rejectWaitingOrders } from './areas/marketplace';
import type { Rng } from './rng';
import { InvariantBroken, type Area, type Company, type World } from './types';
import { SIM_APPLICATION, type LiveWorld } from './world';

const live = (w: World) => w as LiveWorld;

/** One op of the run's work areas, drawn by weight (the work a fault hits). */
async function someWork(w: World, c: Company, rng: Rng): Promise<string> {
  const op = rng.weighted(
    live(w).areas.flatMap((a) => a.ops.map((o) => ({ weight: o.weight, value: { a, o } }))),
  );
  if (!op) return 'no work';
  return `${op.a.name}.${op.o.name}: ${await op.o.run(w, c, rng.fork('work'))}`;
}

/** Terminates the app's database connections (not the simulator's own) that are at work. */
async function dropConnections(w: World): Promise<number> {
  const r = await w.primary.db.execute(sql`
    select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
     where datname = current_database() and application_name <> ${SIM_APPLICATION}
       and state in ('active', 'idle in transaction') and backend_type = 'client backend'`);
  return (r.rows[0] as { n: number }).n;
}

async function redeliver(w: World, rng: Rng, payloads: string[]): Promise<string[]> {
  const out: string[] = [];
  for (const payload of payloads) {
    const res = await w.anon(rng)('POST', '/webhooks/rails/sandbox', JSON.parse(payload), {
      [SANDBOX_SIGNATURE_HEADER]: signBody(w.primary.config.RAILS_WEBHOOK_SECRET ?? '', payload),
    });
    out.push(String(res.status));
  }
  return out;
}

export const FAULTS_AREA: Area = {
  name: 'faults',
  ops: [
    {
      name: 'kill-worker',
      weight: 0.4,
      async run(w, c, rng) {
        const worker = live(w).worker;
        if (!worker) return 'no worker process';
        // Mid-step: the kill lands while this step's work is in flight.
        const work = someWork(w, c, rng).catch((e: unknown) => {
          throw e;
        });
        work.catch(() => {}); // awaited below; not an unhandled rejection meanwhile
        await new Promise((r) => setTimeout(r, rng.int(0, 200)));
        await worker.kill();
        const did = await work;
        // Restarted in the background, as a supervisor would: the steps go on meanwhile (the
        // in-process API serves; the jobs wait for the worker).
        worker.restart();
        return `SIGKILL mid-step, restarting; ${did}`;
      },
    },
    {
      name: 'drop-connections',
      weight: 1,
      async run(w, c, rng) {
        const lw = live(w);
        lw.tolerate5xx = true;
        try {
          const work = someWork(w, c, rng).catch((e: unknown) => `(broke: ${String(e)})`);
          await new Promise((r) => setTimeout(r, rng.int(0, 40)));
          lw.drops++;
          const n = await dropConnections(w);
          lw.lastDropAt = Date.now();
          return `dropped ${n} connections; ${await work}`;
        } finally {
          lw.tolerate5xx = false;
        }
      },
    },
    {
      name: 'replay-webhook',
      weight: 2,
      async run(w, _c, rng) {
        const sent = (
          await w.primary.db.execute(
            sql`select payload from sandbox_webhook_deliveries where delivered_count > 0 order by created_at desc limit 40`,
          )
        ).rows as { payload: string }[];
        if (!sent.length) return 'nothing delivered yet';
        const picked = Array.from({ length: rng.int(1, 3) }, () => rng.pick(sent).payload);
        // Reordered: an older event after a newer one (a reversal before its success, say).
        if (rng.chance(0.5)) picked.reverse();
        return `replayed ${picked.length}: ${(await redeliver(w, rng, picked)).join(',')}`;
      },
    },
  ],
};

/**
 * Waits until the work in flight has settled (no payout pending or processing, every owed sandbox
 * webhook delivered and processed), with the worker up; fails the run after `timeoutMs`.
 */
export async function drain(w: World, log: (line: string) => void, timeoutMs = 180_000): Promise<void> {
  const lw = live(w);
  await lw.worker?.ready();
  log(
    `drain: ${await rejectWaitingOrders(w)} electricity orders nobody approved rejected at the end of the day`,
  );
  const until = Date.now() + timeoutMs;
  for (;;) {
    const [r] = (
      await w.primary.db.execute(sql`select
        (select count(*) from transactions where type = 'payout' and status in ('pending', 'processing'))::int as payouts,
        (select count(*) from sandbox_webhook_deliveries where delivered_count < copies and given_up_at is null)::int as owed,
        (select count(*) from rails_webhook_events where processed_at is null)::int as unprocessed,
        (select count(*) from vendings where state = 'vending')::int as vends`)
    ).rows as { payouts: number; owed: number; unprocessed: number; vends: number }[];
    if (!r.payouts && !r.owed && !r.unprocessed && !r.vends) return;
    if (Date.now() > until)
      throw new InvariantBroken('work-settles', [
        `after ${timeoutMs / 1000} s of draining, ${r.payouts} payouts in flight, ${r.owed} webhooks owed, ${r.unprocessed} unprocessed, ${r.vends} vends in flight`,
      ]);
    log(
      `drain: ${r.payouts} payouts in flight, ${r.owed} webhooks owed, ${r.unprocessed} unprocessed, ${r.vends} vends in flight`,
    );
    await new Promise((res) => setTimeout(res, 1000));
  }
}
