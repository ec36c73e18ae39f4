#!/usr/bin/env node
// `npm run bench:lighthouse`: builds the app, starts it as `npm start` does (e2e/app-server.mjs),
// runs Lighthouse (mobile preset, default simulated throttling) on the public and sign-in pages in
// Debian's Chromium, and prints a table of scores and metrics, then one `name: value unit` line per
// figure. Exits non-zero when a page scores under 95 for performance or under 100 for
// accessibility, best practices or SEO (issue 7 §3).
//
// The machine is shared and noisy: every page runs RUNS times (default 3) and the median run (by
// performance score) is reported. Environment: LIGHTHOUSE_RUNS, LIGHTHOUSE_PAGES (comma list),
// LIGHTHOUSE_SKIP_BUILD=1 (reuse the current build), LIGHTHOUSE_URL (measure a running app instead
// of starting one), CHROMIUM_PATH.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(root, 'e2e/package.json'));
const lighthouse = (await import(pathToFileURL(require.resolve('lighthouse')).href)).default;
const chromeLauncher = await import(pathToFileURL(require.resolve('chrome-launcher')).href);
const { startApp } = await import(path.join(root, 'e2e/app-server.mjs'));

const PAGES = (
  process.env.LIGHTHOUSE_PAGES ?? '/,/pricing,/faq,/expense-management,/auth/login,/auth/register'
)
  .split(',')
  .map((p) => p.trim())
  .filter(Boolean);
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const TARGET = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };

if (!fs.existsSync(CHROMIUM)) {
  console.error(`No Chromium at ${CHROMIUM} (install Debian's chromium; no browser is downloaded).`);
  process.exit(2);
}

if (!process.env.LIGHTHOUSE_URL && process.env.LIGHTHOUSE_SKIP_BUILD !== '1') {
  const b = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (b.status !== 0) process.exit(b.status ?? 1);
}

const app = process.env.LIGHTHOUSE_URL
  ? { baseURL: process.env.LIGHTHOUSE_URL.replace(/\/$/, ''), stop: async () => {} }
  : await startApp({ quiet: true });

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)];
};

async function audit(url) {
  // A fresh browser per run: no warm HTTP cache or leftover service state between runs.
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'owo-lh-'));
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    userDataDir,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-dev-shm-usage',
    ],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
    });
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const scores = Object.fromEntries(
      CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
    );
    const num = (id) => lhr.audits[id]?.numericValue ?? NaN;
    const failing = Object.values(lhr.audits)
      .filter(
        (a) =>
          a.score !== null &&
          a.score < 1 &&
          a.scoreDisplayMode !== 'informative' &&
          a.scoreDisplayMode !== 'notApplicable' &&
          a.scoreDisplayMode !== 'manual',
      )
      .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
    return {
      scores,
      fcp: num('first-contentful-paint'),
      lcp: num('largest-contentful-paint'),
      tbt: num('total-blocking-time'),
      cls: num('cumulative-layout-shift'),
      si: num('speed-index'),
      failing,
    };
  } finally {
    await chrome.kill();
    fs.rmSync(userDataDir, { recursive: true, force: true });
  }
}

const results = [];
let exitCode = 0;
try {
  for (const p of PAGES) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      // Lighthouse sometimes fails to record a trace on a busy machine (NO_NAVSTART...): retry.
      let r;
      for (let attempt = 1; !r; attempt++) {
        try {
          r = await audit(`${app.baseURL}${p}`);
        } catch (err) {
          if (attempt >= 3) throw err;
          console.error(`${p} run ${i + 1}: ${err.message}; retrying`);
        }
      }
      runs.push(r);
      console.error(
        `${p} run ${i + 1}/${RUNS}: perf ${r.scores.performance} a11y ${r.scores.accessibility} bp ${r.scores['best-practices']} seo ${r.scores.seo}  FCP ${(r.fcp / 1000).toFixed(2)} s LCP ${(r.lcp / 1000).toFixed(2)} s TBT ${Math.round(r.tbt)} ms CLS ${r.cls.toFixed(3)}`,
      );
    }
    // The median run by performance score stands for the page; every figure comes from that run.
    const sorted = [...runs].sort((a, b) => a.scores.performance - b.scores.performance);
    const pick = sorted[Math.floor((sorted.length - 1) / 2)];
    const best = Object.fromEntries(CATEGORIES.map((c) => [c, median(runs.map((r) => r.scores[c]))]));
    results.push({
      page: p,
      ...pick,
      scores: { ...pick.scores, ...best, performance: pick.scores.performance },
    });
  }
} finally {
  await app.stop();
}

const pad = (s, n) => String(s).padEnd(n);
console.log(
  `\nLighthouse ${(await import(pathToFileURL(require.resolve('lighthouse/package.json')).href, { with: { type: 'json' } })).default.version}, mobile preset, median of ${RUNS} run(s) per page`,
);
console.log(
  `${pad('page', 22)}${pad('perf', 6)}${pad('a11y', 6)}${pad('bp', 6)}${pad('seo', 6)}${pad('FCP', 9)}${pad('LCP', 9)}${pad('TBT', 9)}CLS`,
);
for (const r of results) {
  console.log(
    `${pad(r.page, 22)}${pad(r.scores.performance, 6)}${pad(r.scores.accessibility, 6)}${pad(r.scores['best-practices'], 6)}${pad(r.scores.seo, 6)}${pad(`${(r.fcp / 1000).toFixed(2)} s`, 9)}${pad(`${(r.lcp / 1000).toFixed(2)} s`, 9)}${pad(`${Math.round(r.tbt)} ms`, 9)}${r.cls.toFixed(3)}`,
  );
}
const below = [];
for (const r of results) {
  for (const c of CATEGORIES)
    if (r.scores[c] < TARGET[c]) below.push(`${r.page} ${c} ${r.scores[c]} < ${TARGET[c]}`);
  if (r.failing.length) console.log(`\n${r.page} audits not passed: ${r.failing.join(', ')}`);
}
console.log('');
for (const r of results) {
  const n = r.page === '/' ? 'home' : r.page.replace(/^\//, '').replace(/\//g, '_');
  console.log(`lighthouse_${n}_performance: ${r.scores.performance} score`);
  console.log(`lighthouse_${n}_accessibility: ${r.scores.accessibility} score`);
  console.log(`lighthouse_${n}_best_practices: ${r.scores['best-practices']} score`);
  console.log(`lighthouse_${n}_seo: ${r.scores.seo} score`);
  console.log(`lighthouse_${n}_fcp: ${Math.round(r.fcp)} ms`);
  console.log(`lighthouse_${n}_lcp: ${Math.round(r.lcp)} ms`);
  console.log(`lighthouse_${n}_tbt: ${Math.round(r.tbt)} ms`);
  console.log(`lighthouse_${n}_cls: ${r.cls.toFixed(3)} score`);
}
if (below.length) {
  console.log(`\nUnder target:\n  ${below.join('\n  ')}`);
  exitCode = 1;
}
process.exit(exitCode);
