#!/usr/bin/env node
// E2E layer: starts the app as `npm start` does and runs Playwright in Debian's Chromium.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startApp } from './app-server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  console.error(`\n!!! E2E NOT RUN: Chromium not found at ${chromium}.`);
  console.error("!!! Install Debian's browser: apt-get install -y chromium  (never a downloaded browser)\n");
  process.exit(process.env.CI ? 1 : 0);
}
// One app per Playwright worker, each with its own server, embedded database and demo company, so
// workers never share state. The first start builds what is stale; the others find it built.
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
const apps = [];
for (let i = 0; i < workers; i++) {
  const app = await startApp();
  console.log(
    `App ${i + 1} of ${workers} ready at ${app.baseURL} after ${(app.startupMs / 1000).toFixed(1)}s`,
  );
  apps.push(app);
}
const args = [
  'playwright',
  'test',
  '--config',
  path.join(here, 'playwright.config.ts'),
  ...process.argv.slice(2),
];
const r = spawnSync('npx', args, {
  cwd: here,
  stdio: 'inherit',
  env: {
    ...process.env,
    E2E_BASE_URLS: apps.map((a) => a.baseURL).join(','),
    CHROMIUM_PATH: chromium,
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
  },
});
await Promise.all(apps.map((a) => a.stop()));
process.exit(r.status ?? 1);
