import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { STATUS, type FieldErrors } from '@owo/contract';
import type { Db } from './db';
import { AppError } from './errors';

// Ids in bodies belong to the caller's company (issue 34 §7). A route declares, beside its access,
// which body fields name records and in which table (`config: { ...needs(…), ...bodyRefs({
// categoryId: 'categories', 'levels.*.approverIds': 'memberUsers' }) }`); before the handler runs,
// ONE check looks every named id up in its table within the caller's tenant and answers 400 with a
// field error for each one that is not there (another company's, deleted, or made up). Nothing has
// run yet, so nothing changes. Services keep only the rules that go beyond "it is ours" (a wallet's
// currency, a payee's status…).

/** A table a body may point into: the record's id column, its tenant column, what it is called. */
export type RefTable = { table: PgTable; id: PgColumn; accountId: PgColumn; where?: SQL; label: string };

/**
 * The names a route's `bodyRefs` may use. The platform knows only the names: the composition root
 * supplies each one's table (src/ref-tables.ts), so the platform reads no module's tables itself.
 */
export type RefTableName =
  | 'subsidiaries'
  | 'members'
  | 'memberUsers'
  | 'wallets'
  | 'categories'
  | 'products'
  | 'payoutAssets'
  | 'projects'
  | 'payees'
  | 'employees'
  | 'payrollGroups'
  | 'meters'
  | 'kybOwners'
  | 'beneficiaries';
/** Every name's table (src/ref-tables.ts). */
export type RefTables = Record<RefTableName, RefTable>;
/** One body field's reference: its table, and the spec's message when the id is not the company's. */
export type BodyRef = {
  table: RefTableName;
  message?: string;
  /** For a list of ids: name the item in the error (`accessIds.2`) rather than the list. */
  item?: boolean;
};
/** Body path (dots; `*` walks an array; a leaf may be one id or an array of ids) → reference. */
export type BodyRefs = Record<string, BodyRef>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Body fields holding ids of the caller's company's records (see `bodyRefs`). */
    refs?: BodyRefs;
  }
}

/** `config: { ...needs(…), ...bodyRefs({ walletId: 'wallets', payeeId: { table: 'payees', message } }) }`. */
export const bodyRefs = (refs: Record<string, RefTableName | BodyRef>): { refs: BodyRefs } => ({
  refs: Object.fromEntries(
    Object.entries(refs).map(([path, r]) => [path, typeof r === 'string' ? { table: r } : r]),
  ),
});

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The ids at `path` in `body`, each with the field key its error is reported under. */
export function idsAt(body: unknown, path: string, item = false): { key: string; id: unknown }[] {
  const out: { key: string; id: unknown }[] = [];
  const walk = (v: unknown, rest: string[], at: string[]) => {
    if (v === null || v === undefined) return;
    if (!rest.length) {
      const key = at.join('.');
      if (Array.isArray(v)) v.forEach((id, i) => out.push({ key: item ? `${key}.${i}` : key, id }));
      else out.push({ key, id: v });
      return;
    }
    const [head, ...tail] = rest;
    if (head === '*') {
      if (Array.isArray(v)) v.forEach((x, i) => walk(x, tail, [...at, String(i)]));
      return;
    }
    if (typeof v === 'object' && Object.hasOwn(v, head))
      walk((v as Record<string, unknown>)[head], tail, [...at, head]);
  };
  walk(body, path.split('.'), []);
  return out;
}

/**
 * Checks a body's declared references against the tenant: one query per table named, answers the
 * field errors of the ids that are not the company's (empty when all are).
 */
export async function checkBodyRefs(
  db: Db,
  tables: RefTables,
  accountId: string,
  refs: BodyRefs,
  body: unknown,
) {
  const wanted = new Map<RefTableName, { key: string; id: unknown; message: string }[]>();
  for (const [path, ref] of Object.entries(refs)) {
    const message = ref.message ?? `${tables[ref.table].label} not found`;
    for (const x of idsAt(body, path, ref.item)) {
      if (x.id === '') continue; // "none chosen": the schema's business, not a reference
      const list = wanted.get(ref.table) ?? [];
      list.push({ ...x, message });
      wanted.set(ref.table, list);
    }
  }
  const errors: FieldErrors = {};
  const fail = (key: string, message: string) => {
    const list = Object.hasOwn(errors, key) ? errors[key] : (errors[key] = []);
    if (!list.includes(message)) list.push(message);
  };
  for (const [name, items] of wanted) {
    const t: RefTable = tables[name];
    const ids = [
      ...new Set(
        items.map((x) => x.id).filter((id): id is string => typeof id === 'string' && UUID_RE.test(id)),
      ),
    ];
    const found = new Set<string>();
    if (ids.length) {
      const rows = await db
        .select({ id: t.id })
        .from(t.table)
        .where(and(eq(t.accountId, accountId), inArray(t.id, ids), t.where));
      for (const r of rows) found.add(String(r.id).toLowerCase());
    }
    for (const x of items)
      if (typeof x.id !== 'string' || !found.has(x.id.toLowerCase())) fail(x.key, x.message);
  }
  return errors;
}

/**
 * The check, before every handler whose route declares `refs` (after the guard and validation:
 * the caller is known and the body has its final shape). A route that declares references must be
 * a permission route: only those have a tenant to check against.
 */
export function registerBodyRefs(app: FastifyInstance, db: Db, tables: RefTables) {
  app.addHook('onRoute', (route) => {
    const refs = route.config?.refs;
    if (!refs) return;
    if (route.config?.access?.kind !== 'permission')
      throw new Error(`Route ${String(route.method)} ${route.url} declares body refs without a tenant`);
    for (const r of Object.values(refs))
      if (!Object.hasOwn(tables, r.table))
        throw new Error(`Route ${String(route.method)} ${route.url}: unknown ref table '${r.table}'`);
  });
  app.addHook('preHandler', async (req) => {
    const refs = req.routeOptions.config?.refs;
    if (!refs || !req.tenant) return;
    const errors = await checkBodyRefs(db, tables, req.tenant.accountId, refs, req.body);
    const first = Object.values(errors)[0]?.[0];
    if (first) throw new AppError(400, STATUS.validationError, first, errors);
  });
}
