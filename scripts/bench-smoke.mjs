#!/usr/bin/env node
// `npm run bench:smoke` (a layer of `npm test`): every bench at its `--smoke` size, one after another.
// Each ends with its own consistency check (ledger:verify, counts, sums) and exits non-zero when it
// fails, so a bench that rots fails the suite. Figures at this size mean nothing; only the checks count.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const api = path.join(root, 'apps/api');
const tsx = path.join(root, 'node_modules/.bin/tsx');
/** [name, command, args, cwd]: the TypeScript benches run as `npm run bench:<name>` runs them. */
const BENCHES = [
  'ledger',
  'api',
  'approvals',
  'backup',
  'bulk',
  'cards',
  'collections',
  'payroll',
  'vending',
  'insights',
  'capture',
  'scale',
].map((name) => [name, tsx, [`../../bench/${name}.ts`, '--smoke'], api]);

const only = process.argv.slice(2);
const logs = fs.mkdtempSync(path.join(os.tmpdir(), 'owo-bench-smoke-'));
let failed = 0;
for (const [name, cmd, args, cwd] of BENCHES) {
  if (only.length && !only.includes(name)) continue;
  const t0 = Date.now();
  const log = path.join(logs, `${name}.log`);
  const out = fs.openSync(log, 'w');
  const r = spawnSync(cmd, args, { cwd, stdio: ['ignore', out, out], env: process.env });
  fs.closeSync(out);
  const secs = ((Date.now() - t0) / 1000).toFixed(1);
  if (r.status === 0) {
    console.log(`bench:${name} --smoke: passed in ${secs} s`);
    continue;
  }
  failed++;
  console.log(`bench:${name} --smoke: FAILED (${r.status ?? r.signal}) in ${secs} s; its last lines:`);
  console.log(fs.readFileSync(log, 'utf8').split('\n').slice(-30).join('\n'));
}
if (!failed) fs.rmSync(logs, { recursive: true, force: true });
else console.log(`full logs: ${logs}`);
process.exit(failed ? 1 : 0);
