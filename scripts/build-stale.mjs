// Builds a workspace only when its output is missing or older than a source file: `npm start`, the
// e2e app server and the benches share it, so each finds what another already built.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** What each buildable workspace writes last, and the sources it is built from. */
export const BUILDS = {
  'apps/api': {
    output: 'apps/api/dist/main.js',
    sources: ['apps/api/src', 'apps/api/drizzle', 'packages/contract/src'],
  },
  'apps/web': {
    output: 'apps/web/dist/index.html',
    sources: ['apps/web/src', 'apps/web/index.html', 'apps/web/public', 'packages/contract/src'],
  },
};

function newestMtime(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  if (!fs.statSync(dir).isDirectory()) return fs.statSync(dir).mtimeMs;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

/** Builds `ws` when stale; answers whether it built. Throws when the build fails. */
export function buildIfStale(ws, { quiet = false } = {}) {
  const { output, sources } = BUILDS[ws];
  const out = path.join(root, output);
  const stale =
    !fs.existsSync(out) || sources.some((s) => newestMtime(path.join(root, s)) > fs.statSync(out).mtimeMs);
  if (!stale) return false;
  if (!quiet) console.log(`Building ${ws}...`);
  const r = spawnSync(npm, ['run', 'build', '-w', ws], {
    cwd: root,
    stdio: quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit',
  });
  if (r.status !== 0) throw new Error(`build of ${ws} failed (${r.status})`);
  return true;
}
