// The list-endpoint pattern every area copies (docs/ARCHITECTURE.md, "How a list endpoint is
// written"): one index-backed query for the page AND its total, and a response serialiser compiled
// once from the route's zod schema (fast-json-stringify) instead of zod at run time.
import { createHash } from 'node:crypto';
import { count, sql, type SQL } from 'drizzle-orm';
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
 */
export async function fetchPage<T extends PgTable>(
  db: DbOrTx,
  table: T,
  opts: PageQuery & { where?: SQL; orderBy: (SQL | PgColumn)[] },
): Promise<{ rows: T['$inferSelect'][]; total: number }> {
  const where = opts.where ?? sql`true`;
  const total = sql<number>`(select count(*) from ${table} where ${where})`.mapWith(Number);
  const query = db
    .select({ row: table as PgTable, total } as never)
    .from(table as PgTable)
    .where(where)
    .orderBy(...opts.orderBy)
    .limit(opts.limit)
    .offset((opts.page - 1) * opts.limit);
  // Named after its SQL text: each filter shape is parsed and planned once per connection.
  const name = `owo_page_${createHash('sha1').update(query.toSQL().sql).digest('base64url')}`;
  const found = (await query.prepare(name).execute()) as unknown as {
    row: T['$inferSelect'];
    total: number;
  }[];
  if (found.length) return { rows: found.map((r) => r.row), total: found[0].total };
  if (opts.page === 1) return { rows: [], total: 0 };
  const [{ n }] = await db
    .select({ n: count() })
    .from(table as PgTable)
    .where(where);
  return { rows: [], total: Number(n) };
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
  return (data) => stringify(data);
};

/** The route options of a fast list: spread into the route's options beside `config` and `schema`. */
export const fastList = () => ({ serializerCompiler: compiledSerializer });
