import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { fillPlaceholders, sql, type Placeholder, type SQL } from 'drizzle-orm';
import pg from 'pg';

/**
 * The database handle. It carries no schema: every query names its tables (drizzle's relational
 * `db.query` is not used), so the platform depends on no module's tables (platform/schema.ts gathers
 * them for the modules' cross-area reads).
 */
export type Db = NodePgDatabase;
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
  // A connection dropped while checked out between statements (a transaction waiting on the app:
  // the server restarted, an admin terminated it) emits 'error' on its client, which would crash
  // the process with nobody listening. The transaction's next statement fails instead (it rolls
  // back; the request answers 503), and the pool discards the broken client on release.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  return pool;
}

/** PostgreSQL's "this connection is gone" codes: admin shutdown, crash, connection failure. */
const LOST_CONNECTION_CODES = new Set(['57P01', '57P02', '57P03', '08000', '08003', '08006']);
const LOST_CONNECTION_TEXT =
  /Connection terminated|connection error and is not queryable|Client was closed|write EPIPE|ECONNRESET|ECONNREFUSED/;

/**
 * Whether `err` (or what it wraps: Drizzle's "Failed query" keeps the driver's error as `cause`)
 * is the database connection going away: nothing was committed by the statement that failed, and
 * the same request again (with its idempotency key) is the remedy, so the API answers 503.
 */
/** A database error's own code, whether thrown by the driver or wrapped by Drizzle (its `cause`). */
export function pgCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | undefined;
  return typeof e?.code === 'string' ? e.code : typeof e?.cause?.code === 'string' ? e.cause.code : undefined;
}

/** The constraint a failed query broke, whether thrown by the driver or wrapped by Drizzle. */
export function pgConstraint(err: unknown): string | undefined {
  const e = err as { constraint?: string; cause?: { constraint?: string } } | undefined;
  return e?.constraint ?? e?.cause?.constraint;
}

export function lostConnection(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, i = 0;
    e && i < 4;
    i++
  ) {
    if (typeof e.code === 'string' && LOST_CONNECTION_CODES.has(e.code)) return true;
    if (typeof e.message === 'string' && LOST_CONNECTION_TEXT.test(e.message)) return true;
    e = e.cause as typeof e;
  }
  return false;
}

export function createDb(pool: pg.Pool): Db {
  return drizzle(pool);
}

type Session = {
  prepareQuery: (
    q: { sql: string; params: unknown[] },
    fields: undefined,
    name: string,
    arrayMode: boolean,
  ) => { execute: () => Promise<{ rows: Record<string, unknown>[] }> };
};

/**
 * `db.execute(statement)` as a NAMED prepared statement: PostgreSQL parses and plans it once per
 * connection, later calls send only the parameters. For a hot raw statement (a many-CTE money
 * movement) whose text is the same on every call: `name` must stand for exactly one SQL text
 * (vary the name with any part that is not a parameter). Works on the root Db and inside a
 * transaction alike.
 */
export async function executeNamed(
  db: DbOrTx,
  name: string,
  statement: SQL,
): Promise<Record<string, unknown>[]> {
  const internals = db as unknown as {
    _: { session: Session };
    dialect: { sqlToQuery: (s: SQL) => { sql: string; params: unknown[] } };
  };
  const q = internals._.session.prepareQuery(internals.dialect.sqlToQuery(statement), undefined, name, false);
  const res = await q.execute();
  return res.rows;
}

type DriverInternals = {
  _: {
    session: {
      client: { query: (q: pg.QueryConfig) => Promise<pg.QueryResult<Record<string, unknown>>> };
    };
  };
  dialect: { sqlToQuery: (s: SQL) => { sql: string; params: unknown[] } };
};

/**
 * A hot statement whose SQL is built ONCE (the money core's one-statement start and settle): `build`
 * gets a placeholder per key (`p.amount`), and each call binds `values` by key and runs the named
 * prepared statement `name` on the db's own connection (the pool, or the transaction's client). Per
 * call it skips what `executeNamed` repeats (drizzle's SQL building, tracing and result handling):
 * about 40 µs of Node CPU for the start, 80 µs for the settle. Answers the driver's rows (timestamps
 * as Date); errors are the driver's own, which pgCode/pgConstraint read as they read drizzle's.
 * `name` stands for the text built on first use: build only from placeholders and constants.
 */
export function hotStatement<K extends string>(
  name: string,
  build: (p: Record<K, Placeholder<K>>) => SQL,
): (db: DbOrTx, values: Record<K, unknown>) => Promise<Record<string, unknown>[]> {
  let compiled: { text: string; params: unknown[] } | undefined;
  const placeholders = new Proxy({} as Record<K, Placeholder<K>>, {
    get: (_, key) => sql.placeholder(String(key)),
  });
  return async (db, values) => {
    const internals = db as unknown as DriverInternals;
    if (!compiled) {
      const q = internals.dialect.sqlToQuery(build(placeholders));
      compiled = { text: q.sql, params: q.params };
    }
    const res = await internals._.session.client.query({
      name,
      text: compiled.text,
      values: fillPlaceholders(compiled.params, values),
    });
    return res.rows;
  };
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

export {
  startEmbeddedPostgres,
  resolvePgDir,
  readPassword,
  passwordFile,
  embeddedUrl,
  runningEmbeddedUrl,
  type EmbeddedServer,
} from './embedded-pg';

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
