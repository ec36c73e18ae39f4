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
const app = await startApp();
console.log(`App ready at ${app.baseURL} after ${(app.startupMs / 1000).toFixed(1)}s`);
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
    E2E_BASE_URL: app.baseURL,
    CHROMIUM_PATH: chromium,
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
  },
});
await app.stop();
process.exit(r.status ?? 1);
