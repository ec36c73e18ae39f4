#!/usr/bin/env node
// E2E layer: starts the app as `npm start` does and runs Playwright in Debian's Chromium.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from '../scripts/build-stale.mjs';
import { startApp } from './app-server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  console.error(`\n!!! E2E NOT RUN: Chromium not found at ${chromium}.`);
  console.error("!!! Install Debian's browser: apt-get install -y chromium  (never a downloaded browser)\n");
  process.exit(process.env.CI ? 1 : 0);
}
// One app per Playwright worker, each with its own server, embedded database and demo company, so
// workers never share state. What is stale is built first, once (outside the apps' readiness
// wait); then the apps start side by side, each seeding its own database.
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
buildIfStale('apps/api');
buildIfStale('apps/web');
const started = await Promise.allSettled(
  Array.from({ length: workers }, (_, i) =>
    startApp().then((app) => {
      console.log(
        `App ${i + 1} of ${workers} ready at ${app.baseURL} after ${(app.startupMs / 1000).toFixed(1)}s`,
      );
      return app;
    }),
  ),
);
const apps = started.filter((r) => r.status === 'fulfilled').map((r) => r.value);
const failed = started.find((r) => r.status === 'rejected');
if (failed) {
  await Promise.all(apps.map((a) => a.stop()));
  throw failed.reason;
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
