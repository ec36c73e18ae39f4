#!/usr/bin/env node
// `npm run test:private-clone` (a layer of `npm test`): as root, copies this checkout into a fresh
// `mktemp -d` folder (mode 0700, so the unprivileged postgres user cannot enter it), then from
// there runs `npm start` until /api/ready (default DATA_DIR ./data inside the private folder) and a
// representative subset of the API tests. Skips with a message when not root (the case it guards
// is root's). Bounded: each step has a deadline, the whole check stays well under two minutes
// on a built tree.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const API_TESTS = ['test/platform.test.ts', 'src/modules/accounts/kyb.test.ts'];

if (process.getuid?.() !== 0) {
  console.log('private-clone check: SKIPPED (not root; it checks what root sees in a 0700 folder)');
  process.exit(0);
}

const t0 = Date.now();
const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'owo-private-'));
fs.chmodSync(parent, 0o700);
const clone = path.join(parent, 'owo');
let failed = null;
let cleanupCluster = null;

function step(msg) {
  console.log(`private-clone check: ${msg} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
}

try {
  // The copy is started as built; build here first (outside the timed part) when nothing is built.
  if (
    !fs.existsSync(path.join(root, 'apps/api/dist/main.js')) ||
    !fs.existsSync(path.join(root, 'apps/web/dist/index.html'))
  ) {
    const b = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (b.status !== 0) throw new Error('build failed');
  }
  // A copy of the checkout as it is (sources, built dist, installed node_modules) without its
  // data. Files are hard-linked where the file system allows it (fast, and nothing here writes
  // into existing files); the folders are new, so every path runs through the 0700 parent.
  fs.mkdirSync(clone);
  for (const entry of fs.readdirSync(root)) {
    if (entry === 'data' || entry === '.git' || entry.startsWith('data')) continue;
    let r = spawnSync('cp', ['-al', path.join(root, entry), clone], { stdio: 'inherit' });
    if (r.status !== 0) r = spawnSync('cp', ['-a', path.join(root, entry), clone], { stdio: 'inherit' });
    if (r.status !== 0) throw new Error(`could not copy ${entry}`);
  }
  step(`copied the checkout to ${clone} (parent mode 0700)`);

  // 1. npm start until /api/ready.
  const port = await new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const p = s.address().port;
      s.close(() => resolve(p));
    });
  });
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  delete env.DATA_DIR;
  delete env.INIT_CWD;
  // `npm start` is `node scripts/start.mjs`; run it directly so SIGTERM reaches it (it forwards the
  // signal to the server, which shuts down in order and stops PostgreSQL).
  const server = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: clone,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  server.stdout.on('data', (c) => (out += c));
  server.stderr.on('data', (c) => (out += c));
  let exited = false;
  server.on('exit', () => (exited = true));
  const deadline = Date.now() + 150_000;
  let ready = false;
  while (!ready && !exited && Date.now() < deadline) {
    try {
      ready = (await fetch(`http://127.0.0.1:${port}/api/ready`)).ok;
    } catch {
      /* not yet */
    }
    if (!ready) await new Promise((r) => setTimeout(r, 300));
  }
  const link = path.join(clone, 'data', 'pg');
  try {
    if (fs.lstatSync(link).isSymbolicLink()) cleanupCluster = path.dirname(fs.readlinkSync(link));
  } catch {
    /* no cluster made */
  }
  if (!exited) {
    server.kill('SIGTERM');
    await new Promise((r) => {
      if (exited) return r();
      server.once('exit', r);
      setTimeout(() => (server.kill('SIGKILL'), r()), 20_000).unref();
    });
  }
  if (!ready) throw new Error(`npm start did not become ready:\n${out}`);
  const where = out.split('\n').find((l) => l.startsWith('Database:'));
  if (!where) throw new Error(`npm start did not print where the database lives:\n${out}`);
  step(`npm start answered /api/ready; it printed "${where}"`);

  // 2. A representative subset of the API tests from the private folder.
  const r = spawnSync('npx', ['vitest', 'run', ...API_TESTS], {
    cwd: path.join(clone, 'apps/api'),
    env: { ...env, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (r.status !== 0) throw new Error(`API tests failed from the private folder:\n${r.stdout}\n${r.stderr}`);
  // eslint-disable-next-line no-control-regex -- strips the terminal's colour escapes (ESC [ ... m)
  const summary = (r.stdout.match(/Tests\s+.*passed.*/) ?? [''])[0].replace(/\x1b\[[0-9;]*m/g, '');
  step(`API tests passed from the private folder (${API_TESTS.join(', ')}): ${summary.trim()}`);
} catch (err) {
  failed = err;
} finally {
  fs.rmSync(parent, { recursive: true, force: true });
  if (cleanupCluster && cleanupCluster.startsWith('/var/lib/owo/'))
    fs.rmSync(cleanupCluster, { recursive: true, force: true });
}
if (failed) {
  console.error(`private-clone check: FAILED: ${failed.message ?? failed}`);
  process.exit(1);
}
step('passed');
process.exit(0);
