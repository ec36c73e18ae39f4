#!/usr/bin/env node
// `npm test`: every layer in turn. Unit (contract, web), API integration on real PostgreSQL,
// then end to end in Chromium. Stops at the first failing layer and exits non-zero.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv.slice(2);
const layers = [
  ['contract (unit)', ['run', 'test', '-w', 'packages/contract']],
  ['web (unit)', ['run', 'test', '-w', 'apps/web']],
  ['api (integration, PostgreSQL)', ['run', 'test', '-w', 'apps/api']],
  ['e2e (Chromium)', ['run', 'test', '-w', 'e2e']],
  ['benches (smoke: each bench small, its consistency check)', ['run', 'bench:smoke']],
  ['private clone (root in a 0700 folder)', ['run', 'test:private-clone']],
];
let failed = 0;
const started = Date.now();
for (const [name, args] of layers) {
  if (only.length && !only.some((o) => name.startsWith(o))) continue;
  console.log(`\n=== ${name} ===`);
  const t0 = Date.now();
  const r = spawnSync('npm', args, { cwd: root, stdio: 'inherit', env: process.env });
  console.log(
    `=== ${name}: ${r.status === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - t0) / 1000).toFixed(1)}s ===`,
  );
  if (r.status !== 0) {
    failed++;
    break;
  }
}
const wall = ((Date.now() - started) / 1000).toFixed(1);
console.log(`\nAll layers ${failed ? 'did not pass' : 'passed'} in ${wall}s`);
console.log(`npm test wall time: ${wall} s`);
process.exit(failed ? 1 : 0);
