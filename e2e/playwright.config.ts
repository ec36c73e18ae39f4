import { defineConfig } from '@playwright/test';

// run.mjs starts one app per worker and lists them in E2E_BASE_URLS. Playwright loads this file
// again in each worker process, with TEST_PARALLEL_INDEX (0 … workers - 1, kept when a worker is
// replaced) set, so each worker drives its own app: its own database and demo company.
const apps = (process.env.E2E_BASE_URLS ?? process.env.E2E_BASE_URL ?? '').split(',');
const slot = Number(process.env.TEST_PARALLEL_INDEX ?? 0) % apps.length;

export default defineConfig({
  testDir: './tests',
  outputDir: './artifacts/results',
  timeout: 120_000,
  expect: { timeout: 10_000 },
  workers: apps.length,
  reporter: [['list']],
  use: {
    baseURL: apps[slot],
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
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
