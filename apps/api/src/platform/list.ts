// The list-endpoint helpers (docs/platform.md "Lists" says which lists use which): one index-backed
// query for the page AND its total, and a response serialiser compiled once from the route's zod
// schema (fast-json-stringify) instead of zod at run time.
import { count, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifySchema, FastifySerializerCompiler } from 'fastify';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';
import type { DbOrTx } from './db';

export type PageQuery = { page: number; limit: number };

/**
 * One page of `table` and the total matching `where`, in ONE round trip: the total is an
 * uncorrelated scalar subquery (PostgreSQL runs it once, as an InitPlan, over the same index as
 * the page). Only a page past the end (no rows to carry the total) costs a second, count-only query.
 *
 * `orderBy` must end in a unique column (`id`) so pages never repeat or skip a row, and there must
 * be an index that starts with the tenant column and serves the order (check with EXPLAIN).
 * `columns` (optional) selects only what the DTO reads: every column read is parsed per row (a
 * jsonb column costs a JSON.parse each), so leave out what the response does not show.
 */
export async function fetchPage<T extends PgTable, C extends Record<string, PgColumn> = T['_']['columns']>(
  db: DbOrTx,
  table: T,
  opts: PageQuery & { where?: SQL; orderBy: (SQL | PgColumn)[]; columns?: C },
): Promise<{
  rows: {
    [K in keyof C]: C[K]['_']['notNull'] extends true ? C[K]['_']['data'] : C[K]['_']['data'] | null;
  }[];
  total: number;
}> {
  const where = opts.where ?? sql`true`;
  const total = sql<number>`(select count(*) from ${table} where ${where})`.mapWith(Number);
  const found = (await db
    .select({ row: opts.columns ?? getTableColumns(table), total } as never)
    .from(table as PgTable)
    .where(where)
    .orderBy(...opts.orderBy)
    .limit(opts.limit)
    .offset((opts.page - 1) * opts.limit)) as unknown as { row: never; total: number }[];
  if (found.length) return { rows: found.map((r) => r.row), total: found[0].total };
  if (opts.page === 1) return { rows: [], total: 0 };
  const [{ n }] = await db
    .select({ n: count() })
    .from(table as PgTable)
    .where(where);
  return { rows: [], total: Number(n) };
}

/**
 * A selected column: a table column, or an SQL expression with its type (`sql<string>\`…\``, e.g. a
 * correlated subquery reading a joined table's field, or a computed status).
 */
export type ListColumn = PgColumn | SQL<unknown>;
export type RowOf<C extends Record<string, ListColumn>> = {
  [K in keyof C]: C[K] extends PgColumn
    ? C[K]['_']['notNull'] extends true
      ? C[K]['_']['data']
      : C[K]['_']['data'] | null
    : C[K] extends SQL<infer D>
      ? D
      : never;
};

/**
 * The fast form of `fetchPage` for a list whose filters are known in advance (every list endpoint):
 * the page query and its count are prepared ONCE per process (named statements: parsed and planned
 * once per connection), and a request only sends its parameters. Write `where` with
 * `sql.placeholder('x')` for every value, each optional filter as `(${p}::type is null or …)`, and
 * pass `null` for a filter the request does not use. Returns `run(db, params, { page, limit })`.
 */
export function preparedPage<T extends PgTable, C extends Record<string, ListColumn>>(
  name: string,
  table: T,
  opts: { where: SQL; orderBy: (SQL | PgColumn)[]; columns: C },
) {
  const build = (db: DbOrTx) => {
    const total = sql<number>`(select count(*) from ${table} where ${opts.where})`.mapWith(Number);
    return {
      page: db
        .select({ row: opts.columns, total } as never)
        .from(table as PgTable)
        .where(opts.where)
        .orderBy(...opts.orderBy)
        .limit(sql.placeholder('limit') as never)
        .offset(sql.placeholder('offset') as never)
        .prepare(`owo_page_${name}`),
      count: db
        .select({ n: count() })
        .from(table as PgTable)
        .where(opts.where)
        .prepare(`owo_count_${name}`),
    };
  };
  const built = new WeakMap<object, ReturnType<typeof build>>();
  return async function run(
    db: DbOrTx,
    params: Record<string, unknown>,
    q: PageQuery,
  ): Promise<{ rows: RowOf<C>[]; total: number }> {
    let p = built.get(db);
    if (!p) built.set(db, (p = build(db)));
    const found = (await p.page.execute({ ...params, limit: q.limit, offset: (q.page - 1) * q.limit })) as {
      row: RowOf<C>;
      total: number;
    }[];
    if (found.length) return { rows: found.map((r) => r.row), total: found[0].total };
    if (q.page === 1) return { rows: [], total: 0 };
    const [{ n }] = await p.count.execute(params);
    return { rows: [], total: Number(n) };
  };
}

/** The JSON Schema of a zod schema as the response leaves (io: output), for fast-json-stringify. */
export function responseJsonSchema(schema: z.ZodType): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  delete json.$schema;
  return json;
}

/**
 * A route's `serializerCompiler` that compiles each response schema ONCE with fast-json-stringify
 * (what Fastify itself uses for JSON-schema routes) instead of running zod on every response.
 * Only declared properties are written: a field the schema does not declare never leaves, at any
 * depth (zod objects compile to `additionalProperties: false`; `.passthrough()` ones, like the list
 * `metadata`, are the only exception). A missing required field is still a 500, as with zod.
 * Types are not re-checked at run time: the handler's TypeScript types are (the route's schema is
 * the handler's return type through the zod type provider).
 */
export const compiledSerializer: FastifySerializerCompiler<FastifySchema> = ({ schema }) => {
  if (!(schema instanceof z.ZodType)) return (data) => JSON.stringify(data);
  const stringify = fastJson(responseJsonSchema(schema) as never);
  return (data) => stringify(data) as string;
};

/** The route options of a fast list: spread into the route's options beside `config` and `schema`. */
export const fastList = () => ({ serializerCompiler: compiledSerializer });
