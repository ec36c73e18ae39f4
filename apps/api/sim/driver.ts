// The simulator's driver (issue 35): a plan of steps from a seed, run against a fresh world with
// faults injected from the same seed, every invariant checked after every step; a failing run is
// shrunk to the shortest step list that still fails (`--only`).
import { performance } from 'node:perf_hooks';
import { lostConnection } from '../src/platform/db';
import type { TestPostgres } from '../test/pg-server';
import { sql } from 'drizzle-orm';
import { AREAS } from './areas';
import { CORE_INDEXES, CORE_INVARIANTS, FULL_EVERY, FULL_LEDGER } from './invariants';
import { drain, FAULTS_AREA } from './faults';
import { rngOf } from './rng';
import { InvariantBroken, type Area, type Company, type Invariant, type Op, type Step } from './types';
import { makeWorld, type LiveWorld } from './world';

export type SimOptions = {
  seed: number;
  steps: number;
  companies?: number;
  /** Run the jobs in a worker process that the faults kill and restart (default true). */
  worker?: boolean;
  /** Only these indexes of the seed's plan (a shrunk failure). */
  only?: number[];
  /** The areas to drive (default: all). */
  areas?: string[];
  /** Steps run at once (default 1: step by step, the exact replay). */
  lanes?: number;
  log?: (line: string) => void;
};

/** Where a run's time went (seconds): making the world, the ops, the step checks, the drain and final checks. */
export type SimTimings = { setup: number; ops: number; checks: number; final: number };

export type SimResult =
  | { ok: true; steps: number; seconds: number; timings: SimTimings }
  | {
      ok: false;
      steps: number;
      seconds: number;
      /** The index in the plan of the step after which the invariant broke (-1: at the end). */
      at: number;
      invariant: string;
      details: string[];
      ran: number[];
      timings: SimTimings;
    };

const allAreas = (names?: string[]): Area[] => {
  const all = [...AREAS, FAULTS_AREA];
  return names?.length ? all.filter((a) => names.includes(a.name) || a.name === 'faults') : all;
};

const opsOf = (areas: Area[]) => {
  const ops = new Map<string, Op>();
  for (const a of areas) for (const op of a.ops) ops.set(`${a.name}.${op.name}`, op);
  return ops;
};

/** The seed's plan: which op, on which company, with which stream, for each of `steps` steps. */
export function makePlan(seed: number, steps: number, areas: Area[], companies: number): Step[] {
  const rng = rngOf(seed).fork('plan');
  const choices = areas.flatMap((a) =>
    a.ops.map((op) => ({ weight: op.weight, value: `${a.name}.${op.name}` })),
  );
  return Array.from({ length: steps }, () => ({
    op: rng.weighted(choices)!,
    company: rng.int(0, companies - 1),
    seed: rng.seed(),
  }));
}

/** Seconds spent in each invariant's step checks this process (what to make cheaper). */
export const invariantSeconds = new Map<string, number>();

/** Runs the invariants at once (independent reads); throws the first (in list order) that broke. */
async function checkAll(
  w: LiveWorld,
  invariants: Invariant[],
  phase: 'step' | 'final',
  companies?: Company[],
) {
  const one = async (inv: Invariant) => {
    const began = performance.now();
    const r = await inv.check(w, phase, companies);
    const key = `${inv.name}${phase === 'final' ? ' (final)' : ''}`;
    invariantSeconds.set(key, (invariantSeconds.get(key) ?? 0) + (performance.now() - began) / 1000);
    return r;
  };
  // SIM_PROFILE_CHECKS=1: one at a time, so each invariant's seconds are its own, not time spent
  // waiting beside the others (slower; for finding what to make cheaper).
  const results: string[][] = [];
  if (process.env.SIM_PROFILE_CHECKS === '1') for (const inv of invariants) results.push(await one(inv));
  else results.push(...(await Promise.all(invariants.map(one))));
  const i = results.findIndex((r) => r.length);
  if (i >= 0) throw new InvariantBroken(invariants[i].name, results[i]);
}

/** The indexes the step invariants read by, in the simulator's database only (see `Area.indexes`). */
async function makeIndexes(w: LiveWorld, specs: string[]) {
  for (const [i, spec] of [...new Set(specs)].entries()) {
    const m = /^([a-z_]+) \((.+)\)$/.exec(spec);
    if (!m) throw new Error(`sim: an index is "table (columns)", not "${spec}"`);
    await w.primary.db.execute(sql.raw(`create index if not exists sim_observer_${i} on ${m[1]} (${m[2]})`));
  }
}

/**
 * Check rounds shared by the lanes: a lane whose step has finished waits for the next round that
 * STARTS after it finished, so every step is followed by a whole check of every step invariant,
 * and the steps that finish while a round runs share the next one (with one lane, a round a step).
 * A broken round fails every step it covers; the driver names the last of them.
 */
function checkRounds(run: (companies: Company[], steps: number[]) => Promise<void>) {
  type Round = { companies: Set<Company>; steps: number[]; done: Promise<void>; settle(e?: Error): void };
  let running = false;
  let queued: Round | null = null;
  const start = () => {
    const r = queued!;
    queued = null;
    running = true;
    run([...r.companies], r.steps)
      .then(
        () => r.settle(),
        (e) => r.settle(e ?? new Error('check round failed')),
      )
      .finally(() => {
        running = false;
        if (queued) start();
      });
  };
  return (c: Company, step: number): Promise<void> => {
    if (!queued) {
      let settle!: Round['settle'];
      const done = new Promise<void>((ok, fail) => (settle = (e) => (e ? fail(e) : ok())));
      queued = { companies: new Set(), steps: [], done, settle };
    }
    queued.companies.add(c);
    queued.steps.push(step);
    const { done } = queued;
    if (!running) start();
    return done;
  };
}

export async function runSim(pg: TestPostgres, o: SimOptions): Promise<SimResult> {
  const log = o.log ?? (() => {});
  const companies = o.companies ?? 3;
  const areas = allAreas(o.areas);
  const ops = opsOf(areas);
  const plan = makePlan(o.seed, o.steps, areas, companies);
  const indexes = o.only ?? plan.map((_, i) => i);
  const invariants = [...CORE_INVARIANTS, ...areas.flatMap((a) => a.invariants ?? [])];
  const stepInvariants = invariants.filter((i) => i.name !== 'ledger-verify');
  const t0 = performance.now();
  const seconds = () => (performance.now() - t0) / 1000;
  const timings: SimTimings = { setup: 0, ops: 0, checks: 0, final: 0 };
  let mark = performance.now();
  const lap = (k: keyof SimTimings) => {
    const now = performance.now();
    timings[k] += (now - mark) / 1000;
    mark = now;
  };
  const w = await makeWorld(pg, o.seed, { companies, worker: o.worker ?? true, log });
  w.areas = areas.filter((a) => a !== FAULTS_AREA);
  await makeIndexes(w, [...CORE_INDEXES, ...areas.flatMap((a) => a.indexes ?? [])]);
  const ran: number[] = [];
  let at = -1;
  try {
    const setupRng = rngOf(o.seed).fork('setup');
    for (const a of areas)
      for (const c of w.companies) await a.setup?.(w, c, setupRng.fork(`${a.name}:${c.id}`));
    lap('setup');
    // `lanes` steps run at once (several users of several companies acting together); each lane
    // takes the next step of the plan, runs it, then checks every step invariant. One lane replays a
    // plan step by step; with more, which step's work meets which in the database varies with timing.
    let next = 0;
    let broken: InvariantBroken | null = null;
    let checked = 0;
    const checkAfter = checkRounds(async (companies, steps) => {
      await checkAll(w, stepInvariants, 'step', companies);
      const before = checked;
      checked += steps.length;
      if (Math.floor(checked / FULL_EVERY) > Math.floor(before / FULL_EVERY))
        await checkAll(w, [FULL_LEDGER], 'step', companies);
    });
    const lane = async () => {
      while (!broken && next < indexes.length) {
        const i = indexes[next++];
        const step = plan[i];
        const op = ops.get(step.op)!;
        const c = w.companies[step.company];
        ran.push(i);
        const began = performance.now();
        const drops = w.drops;
        try {
          let said: string;
          try {
            said = await op.run(w, c, rngOf(step.seed));
          } catch (err) {
            if (err instanceof InvariantBroken) throw err;
            // A service the op called as a ticker would (no HTTP call for it) lost its connection
            // to a drop: the ticker's next run does it again, as the simulator's next steps may.
            const dropped = drops !== w.drops || w.tolerate5xx || Date.now() - w.lastDropAt < 3000;
            if (!dropped || !lostConnection(err)) {
              const msg = err instanceof Error ? err.message : String(err);
              throw new InvariantBroken(msg.startsWith('no-5xx') ? 'no-5xx' : 'op-failed', [
                `${step.op}: ${msg}`,
              ]);
            }
            said = 'its database connection was dropped';
          }
          const ran1 = performance.now();
          timings.ops += (ran1 - began) / 1000;
          log(`#${i} ${step.op} [co ${step.company}] ${said} (${Math.round(ran1 - began)} ms)`);
          await checkAfter(c, i);
          timings.checks += (performance.now() - ran1) / 1000;
        } catch (err) {
          if (!(err instanceof InvariantBroken)) throw err;
          if (!broken) {
            broken = err;
            at = i;
          }
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, o.lanes ?? 1) }, lane));
    const failure = broken as InvariantBroken | null; // set by the lanes
    if (failure) throw failure;
    mark = performance.now();
    await drain(w, log);
    await checkAll(w, invariants, 'final');
    lap('final');
    return { ok: true, steps: ran.length, seconds: seconds(), timings };
  } catch (err) {
    if (!(err instanceof InvariantBroken)) throw err;
    return {
      ok: false,
      steps: ran.length,
      seconds: seconds(),
      at,
      invariant: err.invariant,
      details: err.details,
      ran,
      timings,
    };
  } finally {
    await w.close().catch(() => {});
  }
}

/**
 * The shortest list of the failing run's steps that still breaks the same invariant (delta debugging:
 * drop halves, then quarters, ... each candidate run on a fresh world), within `budgetSeconds`.
 * A failure that does not come back on the same steps is reported as such (timing-dependent).
 */
export async function shrink(
  pg: TestPostgres,
  o: SimOptions,
  failed: Extract<SimResult, { ok: false }>,
  budgetSeconds: number,
  log: (line: string) => void = () => {},
): Promise<{ steps: number[]; reproduced: boolean }> {
  const until = performance.now() + budgetSeconds * 1000;
  const fails = async (only: number[]) => {
    const r = await runSim(pg, { ...o, only, log: undefined });
    return !r.ok && r.invariant === failed.invariant;
  };
  let current = failed.ran;
  if (!(await fails(current))) return { steps: current, reproduced: false };
  let chunks = 2;
  while (current.length > 1 && performance.now() < until) {
    const size = Math.ceil(current.length / chunks);
    let removed = false;
    for (let start = 0; start < current.length && performance.now() < until; start += size) {
      const candidate = [...current.slice(0, start), ...current.slice(start + size)];
      // The step the invariant broke after stays: the failure is about it.
      if (!candidate.length) continue;
      if (await fails(candidate)) {
        current = candidate;
        removed = true;
        log(`shrink: ${current.length} steps still break ${failed.invariant}`);
        break;
      }
    }
    if (!removed) {
      if (size === 1) break;
      chunks = Math.min(current.length, chunks * 2);
    } else chunks = Math.max(2, chunks - 1);
  }
  return { steps: current, reproduced: true };
}
