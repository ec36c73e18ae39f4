// npm run sim -- [--seed N] [--steps K] [--only 3,17,42] [--areas payouts,deposits] [--companies 3]
//                 [--lanes 4] [--no-worker] [--shrink-seconds 300] [--verbose]
// --lanes: steps run at once (1: one after another, the exact replay of a plan).
// The fault simulator (issue 35; docs/ARCHITECTURE.md "Fault simulator"). Prints the seed first; a
// failing run prints the broken invariant and the shortest step list that still fails, as a command.
import { startTestPostgres } from '../test/pg-server';
import { invariantSeconds, runSim, shrink, type SimOptions, type SimTimings } from './driver';

function args(argv: string[]) {
  const get = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const list = (v?: string) => (v ? v.split(',').filter(Boolean) : undefined);
  return {
    seed: Number(get('seed') ?? Math.floor(Math.random() * 2 ** 31)),
    steps: Number(get('steps') ?? 200),
    companies: Number(get('companies') ?? 3),
    lanes: Number(get('lanes') ?? 4),
    worker: !argv.includes('--no-worker'),
    only: list(get('only'))?.map(Number),
    areas: list(get('areas')),
    shrinkSeconds: Number(get('shrink-seconds') ?? 300),
    verbose: argv.includes('--verbose'),
  };
}

function whereTimeWent(t: SimTimings) {
  console.log(
    `sim: world ${t.setup.toFixed(1)} s; summed over the lanes: ops ${t.ops.toFixed(1)} s, step checks ${t.checks.toFixed(1)} s; drain and final checks ${t.final.toFixed(1)} s`,
  );
  const slowest = [...invariantSeconds]
    .sort((x, y) => y[1] - x[1])
    .slice(0, Number(process.env.SIM_SLOWEST ?? 6));
  console.log(`sim: slowest invariants: ${slowest.map(([n, sec]) => `${n} ${sec.toFixed(1)} s`).join(', ')}`);
}

async function main(): Promise<number> {
  const a = args(process.argv.slice(2));
  const replay = [
    `npm run sim -- --seed ${a.seed} --steps ${a.steps}`,
    a.companies !== 3 ? `--companies ${a.companies}` : '',
    a.lanes !== 4 ? `--lanes ${a.lanes}` : '',
    a.worker ? '' : '--no-worker',
    a.areas ? `--areas ${a.areas.join(',')}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  console.log(`sim: seed ${a.seed}, ${a.only ? `${a.only.length} of ` : ''}${a.steps} steps (${replay})`);
  const pg = await startTestPostgres();
  try {
    const o: SimOptions = {
      seed: a.seed,
      steps: a.steps,
      companies: a.companies,
      lanes: a.lanes,
      worker: a.worker,
      only: a.only,
      areas: a.areas,
      log: a.verbose ? (l) => console.log(l) : undefined,
    };
    const r = await runSim(pg, o);
    if (r.ok) {
      console.log(`sim: ${r.steps} steps, every invariant held, in ${r.seconds.toFixed(1)} s`);
      whereTimeWent(r.timings);
      console.log(`sim steps without an invariant break: ${r.steps} steps`);
      console.log(`sim steps per second: ${(r.steps / r.seconds).toFixed(1)} steps/s`);
      return 0;
    }
    console.log(
      `sim: invariant ${r.invariant} broke ${r.at >= 0 ? `after step #${r.at}` : 'at the end'} (${r.steps} steps run, seed ${a.seed})`,
    );
    for (const d of r.details) console.log(`  ${d}`);
    whereTimeWent(r.timings);
    console.log(`sim steps without an invariant break: ${Math.max(0, r.steps - 1)} steps`);
    if (a.shrinkSeconds > 0) {
      console.log(`sim: shrinking (up to ${a.shrinkSeconds} s) ...`);
      const s = await shrink(pg, o, r, a.shrinkSeconds, (l) => console.log(l));
      console.log(
        s.reproduced
          ? `sim: shortest failing steps (${s.steps.length}): ${replay} --only ${s.steps.join(',')}`
          : `sim: the same steps did not fail again (timing-dependent); replay: ${replay}`,
      );
    }
    return 1;
  } finally {
    await pg.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(2);
  },
);
