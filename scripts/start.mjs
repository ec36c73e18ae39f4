#!/usr/bin/env node
// `npm start`: builds what is not built yet, then serves API + SPA (+ worker) in one process
// with an embedded PostgreSQL under DATA_DIR (default ./data) unless DATABASE_URL is set.
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const worker = process.argv.includes('--worker');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function newestMtime(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  if (!fs.statSync(dir).isDirectory()) return fs.statSync(dir).mtimeMs;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}
function build(ws, output, sources) {
  const out = path.join(root, output);
  const stale =
    !fs.existsSync(out) || sources.some((s) => newestMtime(path.join(root, s)) > fs.statSync(out).mtimeMs);
  if (!stale) return;
  console.log(`Building ${ws}...`);
  const r = spawnSync(npm, ['run', 'build', '-w', ws], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

build('apps/api', 'apps/api/dist/main.js', ['apps/api/src', 'apps/api/drizzle', 'packages/contract/src']);
if (!worker)
  build('apps/web', 'apps/web/dist/index.html', [
    'apps/web/src',
    'apps/web/index.html',
    'apps/web/public',
    'packages/contract/src',
  ]);

const entry = path.join(root, 'apps/api/dist', worker ? 'worker.js' : 'main.js');
const child = spawn(process.execPath, ['--enable-source-maps', entry], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
