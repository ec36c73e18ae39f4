// Reads that may lag (insights, CSV exports, statements) on a hot standby (decision 017). Without
// DATABASE_READ_URL, or while the standby is down or too far behind, they read the primary.
import type pg from 'pg';
import { createDb, createPool, type Db } from './db';
import type { AppDeps } from './deps';

const CHECK_EVERY_MS = 5_000;

export type ReadReplica = {
  db: Db;
  pool: pg.Pool;
  /** Whether the last check found the standby answering and close enough to the primary. */
  usable: () => boolean;
  /** Runs one check now (the monitor runs it every 5 s); answers `usable()`. */
  check: () => Promise<boolean>;
  close: () => Promise<void>;
};

/** WAL bytes the standby has still to replay, or null when either side does not answer. */
async function lagBytes(primary: pg.Pool, standby: pg.Pool): Promise<number | null> {
  try {
    const [p, s] = await Promise.all([
      primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn'),
      standby.query<{ lsn: string | null; recovering: boolean }>(
        'select pg_last_wal_replay_lsn()::text as lsn, pg_is_in_recovery() as recovering',
      ),
    ]);
    // A read URL that is not a standby (the same server, a read-only role): nothing to replay.
    if (!s.rows[0].recovering || !s.rows[0].lsn) return 0;
    const d = await primary.query<{ bytes: string }>(
      'select greatest(pg_wal_lsn_diff($1::pg_lsn, $2::pg_lsn), 0)::bigint::text as bytes',
      [p.rows[0].lsn, s.rows[0].lsn],
    );
    return Number(d.rows[0].bytes);
  } catch {
    return null;
  }
}

/** Opens the standby's pool and its monitor; the first check runs before this answers. */
export async function openReadReplica(primary: pg.Pool, url: string, maxLagMb: number): Promise<ReadReplica> {
  const pool = createPool(url, 10);
  let ok = false;
  const check = async () => {
    const lag = await lagBytes(primary, pool);
    ok = lag !== null && lag <= maxLagMb * 1024 * 1024;
    return ok;
  };
  await check();
  const timer = setInterval(() => void check(), CHECK_EVERY_MS);
  timer.unref();
  return {
    db: createDb(pool),
    pool,
    usable: () => ok,
    check,
    async close() {
      clearInterval(timer);
      await pool.end();
    },
  };
}

/**
 * The database for a read that may lag behind the last write by the standby's replay time: the
 * standby when one is configured and usable, else the primary. Never for a read a money decision or
 * a just-made write depends on (decision 017 lists what may).
 */
export function readerOf(deps: Pick<AppDeps, 'db' | 'reads'>): Db {
  return deps.reads?.usable() ? deps.reads.db : deps.db;
}
