// The fault simulator's short run in `npm test` (issue 35): one seed (SIM_SEED, else a new one each
// run, printed when it fails), every area and fault, every invariant after every step. The long run
// is `npm run sim -- --steps 10000`.
import { describe, expect, inject, it } from 'vitest';
import { runSim } from '../sim/driver';
import { createTestDatabase } from './helpers';

const STEPS = Number(process.env.SIM_STEPS ?? 80);

describe('fault simulator', () => {
  it(`${STEPS} random steps across the money areas, with faults: every invariant holds`, async () => {
    const seed = Number(process.env.SIM_SEED ?? Math.floor(Math.random() * 2 ** 31));
    const pg = {
      adminUrl: inject('pgAdminUrl'),
      template: inject('pgTemplate'),
      fresh: () => createTestDatabase(),
      stop: async () => {},
    };
    const r = await runSim(pg, { seed, steps: STEPS, lanes: 3 });
    const replay = `npm run sim -- --seed ${seed} --steps ${STEPS} --lanes 3`;
    expect(
      r.ok
        ? 'every invariant held'
        : `${r.invariant} after step #${r.at}: ${r.details.join('; ')} (${replay})`,
    ).toBe('every invariant held');
  }, 120_000);
});
