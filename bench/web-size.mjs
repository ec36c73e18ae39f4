#!/usr/bin/env node
// `npm run bench:web`: builds the SPA, starts the app, opens /auth/login and / (signed out) and
// /dashboard (signed in as the demo owner, a first load) in Chromium, and prints the gzip size of
// every JavaScript and CSS file each page loaded. Budgets (issue 38 §3): <= 150 KB gzip JS for
// /auth/login, <= 170 KB for /, <= 250 KB for the dashboard's first load. WEB_SIZE_FILES=1 lists
// every file a page loaded with its gzip size; WEB_SIZE_SKIP_BUILD=1 reuses the current build.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(root, 'e2e/package.json'));
const { chromium } = require('@playwright/test');
const { startApp, CHROMIUM_ARGS } = await import(path.join(root, 'e2e/app-server.mjs'));

if (process.env.WEB_SIZE_SKIP_BUILD !== '1') {
  const b = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (b.status !== 0) process.exit(b.status ?? 1);
}
const app = await startApp({ quiet: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
});

async function measure(url, signIn) {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (signIn) {
    const res = await page.request.post(`${app.baseURL}/api/auth/login`, {
      data: { email: 'owner@demo.owo.ng', password: 'Demo-Owner-2026' },
    });
    if (!res.ok()) throw new Error(`demo login failed: ${res.status()}`);
  }
  const files = new Map();
  page.on('response', async (res) => {
    const type = res.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    try {
      files.set(res.url(), { type, gz: zlib.gzipSync(await res.body(), { level: 9 }).length });
    } catch {
      /* redirected */
    }
  });
  await page.goto(`${app.baseURL}${url}`, { waitUntil: 'networkidle' });
  // On a loaded machine the entry can still be running when the network first goes quiet: wait
  // for the app to be live, then for the chunks it asks for.
  await page.locator('html[data-app-ready="true"]').waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  await context.close();
  const js = [...files.values()].filter((f) => f.type === 'script').reduce((s, f) => s + f.gz, 0);
  const css = [...files.values()].filter((f) => f.type === 'stylesheet').reduce((s, f) => s + f.gz, 0);
  if (process.env.WEB_SIZE_FILES === '1') {
    console.log(`\n${url}`);
    for (const [u, f] of [...files].sort((a, b) => b[1].gz - a[1].gz))
      console.log(`  ${(f.gz / 1024).toFixed(1).padStart(7)} KB  ${new URL(u).pathname}`);
  }
  return { url, js, css, files: files.size };
}

try {
  const results = [
    await measure('/auth/login', false),
    await measure('/', false),
    await measure('/dashboard', true),
  ];
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  console.log('\npage          gzip JS     gzip CSS   files');
  for (const r of results)
    console.log(`${r.url.padEnd(13)} ${kb(r.js).padEnd(11)} ${kb(r.css).padEnd(10)} ${r.files}`);
  const budgets = { '/auth/login': 150, '/': 170, '/dashboard': 250 };
  console.log('');
  for (const r of results) {
    const budget = budgets[r.url];
    console.log(
      `${r.url} JS budget ${budget} KB: ${r.js <= budget * 1024 ? 'within' : 'OVER'} (${kb(r.js)})`,
    );
  }
  console.log('');
  for (const r of results)
    console.log(
      `js gzip ${r.url}${r.url === '/dashboard' ? ' first load' : ''}: ${(r.js / 1024).toFixed(1)} KB`,
    );
  console.log('');
  for (const r of results) {
    const n = r.url === '/' ? 'home' : r.url.replace(/^\//, '').replace(/\//g, '_');
    console.log(`web_${n}_js_gzip: ${(r.js / 1024).toFixed(1)} KB`);
    console.log(`web_${n}_css_gzip: ${(r.css / 1024).toFixed(1)} KB`);
  }
} finally {
  await browser.close();
  await app.stop();
}
