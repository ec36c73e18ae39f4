// The list cache (docs/decisions/009-list-cache.md): a fused list's page kept in this process and
// re-checked, in the request's own statement, against the change feed `list_changes`. Nothing about
// who may read it is cached: the session, membership, role and scope are read from PostgreSQL on
// every request, so revocation and role changes apply on the very next request in every process.
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from './db';
import type { FusedPage } from './guard-access';

/**
 * The change feed's note for the `transactions` rows of `rows` (a relation with `account_id`), as the
 * statement trigger `list_changes_note` writes it (migration 0021): one row per account under this
 * top-level transaction id. For a statement that does its own trigger work (migration 0035).
 */
export const listChangesNoteSql = (rows: SQL) => sql`insert into list_changes (account_id, xid)
        select distinct c.account_id, pg_current_xact_id()::text::bigint from ${rows} c`;

/** A cached page: the account it belongs to, and the snapshot (`pg_snapshot` text) it is exact for. */
export type CachedPage = {
  accountId: string;
  page: FusedPage;
  snap: string;
  /** When `snap` was last taken or confirmed (Date.now() of this process). */
  checkedAt: number;
  bytes: number;
};

/**
 * How long a page may go unchecked before it is dropped rather than checked. The change feed is
 * pruned below the transaction horizon seen at least `2 × LIST_CACHE_MAX_AGE_MS` ago
 * (`pruneListChanges`), so a snapshot younger than this never needs a pruned row.
 */
export const LIST_CACHE_MAX_AGE_MS = 20_000;

/** Least-recently-used pages up to `maxBytes` (the pages' text length), in insertion order of a Map. */
export class ListCache {
  private readonly entries = new Map<string, CachedPage>();
  private bytes = 0;
  /** Pages answered from the cache (`hits`) and read by the request's statement (`fills`). */
  readonly stats = { hits: 0, fills: 0 };

  constructor(
    readonly maxBytes: number,
    readonly maxAgeMs = LIST_CACHE_MAX_AGE_MS,
  ) {}

  get size() {
    return this.entries.size;
  }

  /** The page under `key` if it is young enough to be checked; an older one is dropped. */
  get(key: string, now = Date.now()): CachedPage | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (now - e.checkedAt >= this.maxAgeMs) {
      this.delete(key);
      return undefined;
    }
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, e);
    return e;
  }

  set(key: string, accountId: string, page: FusedPage, snap: string, now = Date.now()) {
    this.stats.fills++;
    const bytes = page.page.length + key.length + 200;
    if (bytes > this.maxBytes) return;
    this.delete(key);
    this.entries.set(key, { accountId, page, snap, checkedAt: now, bytes });
    this.bytes += bytes;
    for (const [k] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.delete(k);
    }
  }

  /** The page is still exact at the newer snapshot `snap` (nothing of its account changed between). */
  confirm(entry: CachedPage, snap: string, now = Date.now()) {
    this.stats.hits++;
    entry.snap = snap;
    entry.checkedAt = now;
  }

  delete(key: string) {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    this.bytes -= e.bytes;
  }

  clear() {
    this.entries.clear();
    this.bytes = 0;
  }
}

/**
 * The request contexts that read cached pages, per token, account and subsidiary header, with the
 * fingerprint of the rows they were read from (guard.ts `printSql`): a context is only ever reused
 * after the request's own statement found the same fingerprint, i.e. the very same row versions.
 * Bounded in count (oldest first) and, like pages, in age.
 */
export class ContextCache<T = unknown> {
  private readonly entries = new Map<string, { print: string; checkedAt: number } & T>();

  constructor(
    readonly maxAgeMs = LIST_CACHE_MAX_AGE_MS,
    readonly maxEntries = 20_000,
  ) {}

  get(key: string, now = Date.now()) {
    const e = this.entries.get(key);
    if (e && now - e.checkedAt < this.maxAgeMs) return e;
    if (e) this.entries.delete(key);
    return undefined;
  }

  set(key: string, value: { print: string } & T, now = Date.now()) {
    this.entries.delete(key);
    this.entries.set(key, { ...value, checkedAt: now });
    for (const [k] of this.entries) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(k);
    }
  }

  confirm(entry: { checkedAt: number }, now = Date.now()) {
    entry.checkedAt = now;
  }
}

/**
 * True when some transaction that is not visible in the cached snapshot `snap` (whose xmin is
 * `xmin`) has committed a change to `accountId`'s list rows, as seen by the current statement. A
 * transaction older than the snapshot's xmin had finished when it was taken, so only the account's
 * rows from `xmin` on can matter: first the newest one alone (the primary key's last entry, what an
 * account nobody is writing to costs), then those rows one by one. (A TRUNCATE writes a row for
 * every account.)
 */
export function changedSinceSql(accountId: unknown, snap: unknown, xmin: unknown) {
  return sql`(coalesce((select max(lc.xid) from list_changes lc where lc.account_id = ${accountId}), 0) >= ${xmin}::bigint
      and exists (select 1 from list_changes lc
        where lc.account_id = ${accountId} and lc.xid >= ${xmin}::bigint
          and not pg_visible_in_snapshot(lc.xid::text::xid8, ${snap}::pg_snapshot)))`;
}

/** The xmin of a `pg_snapshot` text (`xmin:xmax:xip,…`). */
export const snapshotXmin = (snap: string) => snap.slice(0, snap.indexOf(':'));

/**
 * Deletes change rows no cached page can need, in two steps a tick apart: each call records the
 * oldest running transaction (the snapshot xmin) and deletes below the one it recorded at least
 * `2 × maxAgeMs` earlier. A row below that horizon belongs to a transaction that had ended by then,
 * so every snapshot taken since sees it, and no cached snapshot is older than `maxAgeMs`.
 */
export function listChangesPruner(maxAgeMs = LIST_CACHE_MAX_AGE_MS) {
  let recorded: { xmin: string; at: number } | null = null;
  return Object.assign(pruneListChanges, { recorded: () => recorded });
  async function pruneListChanges(db: DbOrTx, now = Date.now()): Promise<number> {
    const { rows } = (await db.execute(
      sql`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin`,
    )) as unknown as { rows: { xmin: string }[] };
    let deleted = 0;
    if (recorded && now - recorded.at >= 2 * maxAgeMs) {
      const r = (await db.execute(
        sql`delete from list_changes where xid < ${recorded.xmin}::bigint`,
      )) as unknown as { rowCount: number | null };
      deleted = r.rowCount ?? 0;
      recorded = null;
    }
    recorded ??= { xmin: rows[0].xmin, at: now };
    return deleted;
  }
}
