// The fault simulator's short run in `npm test` (issue 35): every area and fault, every invariant
// after every step, on one seed (SIM_SEED=random for a new one each run, printed when it fails; a
// fixed seed by default, so a red suite is a change's fault, not a new seed's). The long runs are
// `npm run sim -- --steps 10000`.
import { describe, expect, inject, it } from 'vitest';
import { runSim } from '../sim/driver';
import { createTestDatabase } from './helpers';

const STEPS = Number(process.env.SIM_STEPS ?? 80);

describe('fault simulator', () => {
  it(`${STEPS} random steps across the money areas, with faults: every invariant holds`, async () => {
    const given = process.env.SIM_SEED;
    const seed = given === 'random' ? Math.floor(Math.random() * 2 ** 31) : Number(given ?? 35);
    const pg = {
      adminUrl: inject('pgAdminUrl'),
      template: inject('pgTemplate'),
      fresh: () => createTestDatabase(),
      stop: async () => {},
    };
    const r = await runSim(pg, { seed, steps: STEPS, lanes: 2 });
    const replay = `npm run sim -- --seed ${seed} --steps ${STEPS} --lanes 2`;
    expect(
      r.ok
        ? 'every invariant held'
        : `${r.invariant} after step #${r.at}: ${r.details.join('; ')} (${replay})`,
    ).toBe('every invariant held');
  });
});
