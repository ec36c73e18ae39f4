// CSV for every list (docs/platform.md "Lists"): a list route answers
// `format=csv` with EXACTLY the rows its filters select (no paging), streamed as RFC 4180 text
// (CRLF line ends, fields quoted when needed) and guarded against formula injection. The rows are
// read in batches inside one read-only REPEATABLE READ transaction, so the file is one consistent
// snapshot however long the download takes, and memory stays flat.
import { PassThrough, type Readable } from 'node:stream';
import { once } from 'node:events';
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyReply } from 'fastify';
import type { Db, DbOrTx } from './db';
import type { ListColumn, RowOf } from './list';

/**
 * One RFC 4180 field: quoted when it holds a quote, comma or line break, and never read as a
 * formula by a spreadsheet (a text starting with = + - @ tab or CR gets a leading '), so lists
 * export amounts unsigned, in Debit and Credit columns, as statements do.
 */
export function csvCell(v: string | number | null | undefined): string {
  let s = v === null || v === undefined ? '' : String(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const csvLine = (cells: (string | number | null | undefined)[]) =>
  `${cells.map(csvCell).join(',')}\r\n`;

export type CsvColumn<T> = { header: string; value: (row: T) => string | number | null | undefined };

export const CSV_BATCH = 500;

/**
 * Streams `columns` of every row `fetchBatch` returns, batch after batch (offset, limit) until a
 * short batch, all in one read-only snapshot. Stops early when the client goes away.
 */
export function csvStream<T>(
  db: Db,
  columns: CsvColumn<T>[],
  fetchBatch: (tx: DbOrTx, offset: number, limit: number) => Promise<T[]>,
  batchSize = CSV_BATCH,
): Readable {
  const out = new PassThrough();
  // Backpressure: wait for the client to drain, or stop when it went away (never wait on a
  // stream that already closed, which would hold the snapshot's connection forever).
  const write = async (chunk: string) => {
    if (out.destroyed) return;
    if (!out.write(chunk)) await Promise.race([once(out, 'drain'), once(out, 'close')]);
  };
  void db
    .transaction(
      async (tx) => {
        await write(csvLine(columns.map((c) => c.header)));
        for (let offset = 0; !out.destroyed; offset += batchSize) {
          const rows = await fetchBatch(tx, offset, batchSize);
          if (rows.length) await write(rows.map((r) => csvLine(columns.map((c) => c.value(r)))).join(''));
          if (rows.length < batchSize) break;
        }
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    )
    .then(
      () => out.end(),
      (err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))),
    );
  return out;
}

/**
 * The CSV of an ad hoc list built with `fetchPage` (platform/list.ts): the SAME table, `where` and
 * `orderBy` as the page, every row, each mapped by `map` (the list's DTO) then `columns`.
 */
export function tableCsv<T extends PgTable, R>(
  db: Db,
  table: T,
  opts: {
    where?: SQL;
    orderBy: (SQL | PgColumn)[];
    map: (row: T['$inferSelect']) => R;
    columns: CsvColumn<R>[];
  },
): Readable {
  return csvStream<R>(db, opts.columns, async (tx, offset, limit) => {
    const q = tx
      .select()
      .from(table as PgTable)
      .$dynamic();
    const rows = await (opts.where ? q.where(opts.where) : q)
      .orderBy(...opts.orderBy)
      .limit(limit)
      .offset(offset);
    return (rows as T['$inferSelect'][]).map(opts.map);
  });
}

/**
 * Where a keyset export resumes: `after` is a predicate over placeholders (null on the first batch)
 * that selects the rows after the one `next` answers the placeholders' values of, in `orderBy`'s order.
 * Each batch then costs its own rows, where an offset re-reads every row before it (decision 018).
 */
export type CsvKeyset<C extends Record<string, ListColumn>> = {
  after: SQL;
  next: (row: RowOf<C>) => Record<string, unknown>;
};

/**
 * The CSV of a list written with `preparedPage` (platform/list.ts): give it the SAME definition
 * (`where` with placeholders, `orderBy`, `columns`) and, per request, the same parameters. Returns
 * `run(db, params, map, columns)`: every row the filters select, in the list's order, mapped by the
 * list's DTO `map`, streamed in batches through a statement prepared once per connection (by keyset
 * when `def.keyset` is given, else by offset).
 */
export function preparedCsv<T extends PgTable, C extends Record<string, ListColumn>>(
  name: string,
  table: T,
  def: { where: SQL; orderBy: (SQL | PgColumn)[]; columns: C; keyset?: CsvKeyset<C> },
) {
  const keyset = def.keyset;
  return function run<R>(
    db: Db,
    params: Record<string, unknown>,
    map: (row: RowOf<C>) => R,
    columns: CsvColumn<R>[],
    batchSize = CSV_BATCH,
  ): Readable {
    let after: Record<string, unknown> = {};
    return csvStream<R>(
      db,
      columns,
      async (tx, offset, limit) => {
        const q = tx
          .select(def.columns as never)
          .from(table as PgTable)
          .where(keyset ? sql`${def.where} and ${keyset.after}` : def.where)
          .orderBy(...def.orderBy)
          .limit(sql.placeholder('limit') as never);
        const rows = (await (keyset ? q : q.offset(sql.placeholder('offset') as never))
          .prepare(`owo_csv_${name}`)
          .execute({ ...params, ...after, limit, offset })) as RowOf<C>[];
        if (keyset && rows.length) after = keyset.next(rows[rows.length - 1]);
        return rows.map(map);
      },
      batchSize,
    );
  };
}

/** Sends a CSV stream as a download (`text/csv`, attachment, never cached). */
export function sendCsv(reply: FastifyReply, filename: string, body: Readable) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .send(body);
}

/** `format` of a list query: json (the default, paged) or csv (every filtered row). */
export const wantsCsv = (q: { format?: string }) => q.format === 'csv';
