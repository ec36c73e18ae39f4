#!/usr/bin/env node
// `npm start`: builds what is not built yet, then serves API + SPA (+ worker) in one process
// with an embedded PostgreSQL under DATA_DIR (default ./data) unless DATABASE_URL is set.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './build-stale.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const worker = process.argv.includes('--worker');

try {
  buildIfStale('apps/api');
  if (!worker) buildIfStale('apps/web');
} catch (e) {
  console.error(e.message);
  process.exit(1);
}

const entry = path.join(root, 'apps/api/dist', worker ? 'worker.js' : 'main.js');
const child = spawn(process.execPath, ['--enable-source-maps', entry], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
