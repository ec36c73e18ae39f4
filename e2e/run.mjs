#!/usr/bin/env node
// E2E layer: builds and starts the app exactly as `npm start` does (embedded PostgreSQL in a
// throwaway DATA_DIR, free port), waits for /api/ready, runs Playwright in Debian's Chromium.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  console.error('\n!!! E2E SKIPPED LOUDLY: Chromium not found at ' + chromium + '.');
  console.error('!!! Install Debian\'s browser: apt-get install -y chromium  (never a downloaded browser)\n');
  process.exit(process.env.CI ? 1 : 0);
}

const port = await new Promise((resolve) => {
  const s = net.createServer();
  s.listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => resolve(p)); });
});
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'owo-e2e-'));
fs.chmodSync(dataDir, 0o755);
const baseURL = `http://127.0.0.1:${port}`;
const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir, APP_URL: baseURL, LOG_LEVEL: 'warn', NODE_ENV: 'development' };
delete env.DATABASE_URL;

const server = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
let exited = false;
server.on('exit', () => { exited = true; });
const stop = () => new Promise((resolve) => { if (exited) return resolve(); server.once('exit', resolve); server.kill('SIGTERM'); setTimeout(() => server.kill('SIGKILL'), 15000).unref(); });

const deadline = Date.now() + 240_000;
let ready = false;
while (!ready && !exited && Date.now() < deadline) {
  try { ready = (await fetch(`${baseURL}/api/ready`)).ok; } catch { /* not yet */ }
  if (!ready) await new Promise((r) => setTimeout(r, 500));
}
if (!ready) { console.error('App did not become ready'); await stop(); process.exit(1); }

const args = ['playwright', 'test', '--config', path.join(here, 'playwright.config.ts'), ...process.argv.slice(2)];
const r = spawnSync('npx', args, { cwd: here, stdio: 'inherit', env: { ...process.env, E2E_BASE_URL: baseURL, CHROMIUM_PATH: chromium, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' } });
await stop();
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(r.status ?? 1);
