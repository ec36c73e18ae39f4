// Starts the app exactly as `npm start` does (embedded PostgreSQL in a throwaway DATA_DIR, a free
// port) and waits for /api/ready. Used by the E2E runner and bench/web-size.mjs.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function startApp({ quiet = false } = {}) {
  const port = await new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const p = s.address().port;
      s.close(() => resolve(p));
    });
  });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'owo-app-'));
  fs.chmodSync(dataDir, 0o755);
  const baseURL = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    APP_URL: baseURL,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
    // Every spec signs in from 127.0.0.1: one IP standing for many users, so the per-IP sign-in cap is raised.
    SIGN_IN_ATTEMPTS_PER_IP: '1000',
  };
  delete env.DATABASE_URL;
  const t0 = Date.now();
  const server = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env,
    stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'],
  });
  let exited = false;
  server.on('exit', () => {
    exited = true;
  });
  const stop = () =>
    new Promise((resolve) => {
      const done = () => {
        fs.rmSync(dataDir, { recursive: true, force: true });
        resolve();
      };
      if (exited) return done();
      server.once('exit', done);
      server.kill('SIGTERM');
      setTimeout(() => server.kill('SIGKILL'), 15000).unref();
    });
  const deadline = Date.now() + 300_000;
  let ready = false;
  while (!ready && !exited && Date.now() < deadline) {
    try {
      ready = (await fetch(`${baseURL}/api/ready`)).ok;
    } catch {
      /* not yet */
    }
    if (!ready) await new Promise((r) => setTimeout(r, 300));
  }
  if (!ready) {
    await stop();
    throw new Error('App did not become ready');
  }
  return { baseURL, stop, startupMs: Date.now() - t0, dataDir };
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
