import { defineConfig } from '@playwright/test';
import { TEST_CEILING_MS, WAIT_CEILING_MS } from './ceilings';

// run.mjs starts one app per worker and lists them in E2E_BASE_URLS. Playwright loads this file
// again in each worker process, with TEST_PARALLEL_INDEX (0 … workers - 1, kept when a worker is
// replaced) set, so each worker drives its own app: its own database and demo company.
const apps = (process.env.E2E_BASE_URLS ?? process.env.E2E_BASE_URL ?? '').split(',');
const slot = Number(process.env.TEST_PARALLEL_INDEX ?? 0) % apps.length;

export default defineConfig({
  testDir: './tests',
  outputDir: './artifacts/results',
  timeout: TEST_CEILING_MS,
  expect: { timeout: WAIT_CEILING_MS, toPass: { timeout: WAIT_CEILING_MS } },
  workers: apps.length,
  reporter: [['list']],
  use: {
    baseURL: apps[slot],
    actionTimeout: WAIT_CEILING_MS,
    navigationTimeout: WAIT_CEILING_MS,
    screenshot: 'only-on-failure',
    // A trace records every action's page and a screencast: on for a run that is looked at
    // (E2E_TRACE=1), off by default, where a failure keeps its screenshot and error.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
