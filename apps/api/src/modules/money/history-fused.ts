// The transactions list as the guard's fused list (platform/guard-access.ts `FusedList`), and every
// read of its pages (decisions 018, 019): page numbers and a keyset cursor, the counted total, and a
// search that reads the newest rows in the list's order when its term is common and the trigram
// index when it is rare, counting its matches only up to TRANSACTION_SEARCH_COUNT_CAP.
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  CREDIT_TRANSACTION_TYPES,
  NO_RECEIPT_TYPES,
  RECEIPT_STATUSES,
  TRANSACTION_SEARCH_COUNT_CAP,
  transactionHistoryQuery,
  type TransactionHistoryQuery,
  type TransactionItem,
} from '@owo/contract';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db';
import type { FusedList } from '../../platform/guard';
import { accounts } from '../../platform/tenancy-tables';
import { HISTORY_FILTERS, historyParams, historyWhere, itemDto, SEARCH_MATCH } from './history';
import { transactions } from './tables';

const P = (name: string) => sql.placeholder(name);
const t = transactions;
/** A search first reads this many of the newest rows (its probe): how common is the term? */
export const SEARCH_PROBE_ROWS = 1000;
/** The most rows a search walks in the list's order before the trigram index answers instead. */
export const SEARCH_WALK_ROWS = 20_000;
/** Probe matches from which a search counts by walking (5 %: the cap is reached within the walk). */
const DENSE_HITS = 50;
const CAP = TRANSACTION_SEARCH_COUNT_CAP;
/** First-page sizes that get a statement of their own (the list kit's page sizes). */
const FIRST_PAGE_LIMITS = new Set([10, 20, 25, 50, 100]);

/**
 * After the cursor's row, in the list's order: `(created_at, id) < (its created_at, its id)`, two
 * InitPlans, so the predicate is an index condition of transactions_account_created_id_idx (a
 * cursor of another company or of no row selects nothing).
 */
const afterCursor = (tenant: SQL) => {
  const of = (col: string) =>
    sql`(select c.${sql.raw(col)} from ${t} c where c.id = ${P('cursor')}::uuid and c.account_id = ${tenant})`;
  return sql`(${t.createdAt}, ${t.id}) < (${of('created_at')}, ${of('id')})`;
};

type Shape = { search: boolean; filtered: boolean; cursor: boolean; first: number | null };
const shapeOf = (variant: string): Shape => {
  const first = /_f(\d+)$/.exec(variant);
  return {
    search: variant.startsWith('srch'),
    filtered: !variant.startsWith('all'),
    cursor: variant.includes('_cur'),
    first: first ? Number(first[1]) : null,
  };
};

/** The rows a page is read from, without the search term (the search reads it in its own way). */
function filterOf(tenant: SQL, s: Shape) {
  const base = s.filtered ? historyWhere(tenant, { search: false }) : sql`${t.accountId} = ${tenant}`;
  return s.cursor ? sql`${base} and ${afterCursor(tenant)}` : base;
}

const ORDER = sql`${t.createdAt} desc, ${t.id} desc`;
const windowOf = (s: Shape) =>
  s.first ? sql.raw(`limit ${s.first}`) : sql`limit ${P('limit')} offset ${P('offset')}`;

/** The newest `n` rows of `where` in the list's order, each with whether it matches the search. */
const walk = (where: SQL, n: number) =>
  sql`(select ${t.id} as id, ${t.createdAt} as created_at, ${SEARCH_MATCH} as m from ${t}
    where ${where} order by ${ORDER} limit ${sql.raw(String(n))})`;
/** The probe: matches among the newest SEARCH_PROBE_ROWS rows, and how many rows it read. */
const probe = (where: SQL) =>
  sql`(select count(*) filter (where w.m) as hits, count(*) as rows from ${walk(where, SEARCH_PROBE_ROWS)} w)`;
/** The page's ids through the trigram index (a rare term): its matches, sorted, the window. */
const ginIds = (where: SQL, s: Shape) =>
  sql`array(select ${t.id} from ${t} where ${where} and ${SEARCH_MATCH} order by ${ORDER} ${windowOf(s)})`;

/**
 * A search page's ids: from the walk when the probe found the term (the walk stops at the page),
 * unless the walk could not fill the page within SEARCH_WALK_ROWS rows; else from the index.
 */
function searchIds(where: SQL, s: Shape) {
  const limit = s.first ? sql.raw(String(s.first)) : sql`${P('limit')}::int`;
  const walked = sql`array(select w.id from ${walk(where, SEARCH_WALK_ROWS)} w where w.m
    order by w.created_at desc, w.id desc ${windowOf(s)})`;
  return sql`(select case when pr.hits = 0 and pr.rows = ${SEARCH_PROBE_ROWS} then ${ginIds(where, s)}
      else (select case when cardinality(k.ids) = ${limit} or pr.rows < ${SEARCH_PROBE_ROWS} then k.ids
        else ${ginIds(where, s)} end from (select ${walked} as ids) k) end
    from ${probe(where)} pr)`;
}

/**
 * A search's total, counted up to CAP + 1 (over the cap the answer says "1,000+"): exact from the
 * probe when it read every row; by walking when the term is common (the cap is met within the walk);
 * else through the trigram index.
 */
function searchTotal(where: SQL) {
  const gin = sql`(select count(*) from (select 1 from ${t} where ${where} and ${SEARCH_MATCH} limit ${CAP + 1}) g)`;
  const walked = sql`(select count(*) from (select 1 from ${walk(where, SEARCH_WALK_ROWS)} w where w.m limit ${CAP + 1}) h)`;
  return sql<number>`(select case when pr.rows < ${SEARCH_PROBE_ROWS} then pr.hits
      when pr.hits >= ${DENSE_HITS} then (select case when h.n > ${CAP} then h.n else ${gin} end from (select ${walked} as n) h)
      else ${gin} end from ${probe(where)} pr)`;
}

/** The page (JSON text) of the page's ids (`ids`: a subquery answering `page_id` rows). */
const pageJson = (ids: SQL) =>
  sql<string>`(select coalesce(json_agg(p.j order by p.created_at desc, p.id desc), '[]')::text from (
    select ${transactionItemJsonSql()} as j, ${t.createdAt} as created_at, ${t.id} as id
    from (${ids}) k join ${t} on ${t.id} = k.page_id) p)`;

function historyColumns(tenant: SQL, variant: string) {
  const s = shapeOf(variant);
  const where = filterOf(tenant, s);
  if (s.search)
    return {
      page: pageJson(sql`select unnest(${searchIds(where, s)}) as page_id`),
      total: searchTotal(filterOf(tenant, { ...s, cursor: false })),
    };
  // The page's ids first (past an offset, from transactions_account_created_id_idx alone when
  // unfiltered), then only those rows are read and built as JSON (decision 018).
  const ids = sql`select ${t.id} as page_id from ${t} where ${where} order by ${ORDER} ${windowOf(s)}`;
  const all = filterOf(tenant, { ...s, cursor: false });
  return {
    page: pageJson(ids),
    total: s.filtered
      ? sql<number>`(select count(*) from ${t} where ${all})`
      : sql<number>`(select coalesce(sum(c.n), 0)::bigint from transaction_counts c where c.account_id = ${tenant})`,
  };
}

/** The parameters of a request's page (a cursor reads from its row: no offset). */
function pageParams(accountId: string, q: TransactionHistoryQuery, now: Date) {
  const params = historyParams(accountId, q, now);
  const offset = q.cursor ? 0 : (q.page - 1) * q.limit;
  return { ...params, cursor: q.cursor ?? null, limit: q.limit, offset };
}

/** The statement's shape: what it filters by, whether it reads from a cursor, a first page's size. */
function variantOf(p: Record<string, unknown>) {
  // Short names: the guard's statement name holds this and must stay within PostgreSQL's 63 bytes.
  const shape = p.like !== null ? 'srch' : HISTORY_FILTERS.every((k) => p[k] === null) ? 'all' : 'filt';
  const first = p.offset === 0 && FIRST_PAGE_LIMITS.has(p.limit as number) ? `_f${String(p.limit)}` : '';
  return `${shape}${p.cursor ? '_cur' : ''}${first}`;
}

/**
 * The history page as the guard's fused list: every filter a parameter, each item built as JSON by
 * PostgreSQL (`transactionItemJsonSql`, held equal to `itemDto` by history-fused.test.ts), so a page
 * costs no round trip of its own. `format=csv` is not fused (the handler streams it).
 */
export const historyFused: FusedList<TransactionHistoryQuery> = {
  key: 'transactions_history',
  query: transactionHistoryQuery,
  params: (q) => {
    if (q.format === 'csv') return null;
    const { accountId: _tenant, ...params } = pageParams('', q, new Date());
    return params;
  },
  // The page every screen opens on (no filter, first page of a usual size) is its own statement
  // with no optional predicate and a literal LIMIT, so PostgreSQL settles on one generic plan for
  // it (with `limit $n` it guesses 10% of the rows and keeps re-planning every request instead).
  variant: variantOf,
  // Cached in the process (platform/list-cache.ts) unless the page moves with the clock: a rolling
  // `period` selects by `now`. `transactions` notes its changes in `list_changes` (migration 0021).
  cache: (q) => q.format !== 'csv' && !q.period,
  columns: historyColumns,
};

const prepared = new Map<string, { db: DbOrTx; run: ReturnType<typeof prepareHistory> }>();
function prepareHistory(db: DbOrTx, variant: string) {
  const c = historyColumns(sql`${accounts.id}`, variant);
  return db
    .select({ page: c.page, total: c.total })
    .from(accounts)
    .where(eq(accounts.id, sql`${P('accountId')}::uuid`))
    .prepare(`owo_history_${variant}`);
}

/**
 * The same page outside the guard's statement (its statements, one per shape): answers the items,
 * the total (over TRANSACTION_SEARCH_COUNT_CAP for a search: "1,000+") and the cap when it applies.
 * The page's rows are read again and built by `itemDto`, so the tests hold the JSON built by
 * PostgreSQL (`transactionItemJsonSql`) equal to the DTO.
 */
export async function listHistory(
  db: DbOrTx,
  accountId: string,
  q: TransactionHistoryQuery,
  now = new Date(),
): Promise<{ items: TransactionItem[]; total: number; cap?: number }> {
  const params = pageParams(accountId, q, now);
  const variant = variantOf(params);
  let p = prepared.get(variant);
  if (!p || p.db !== db) prepared.set(variant, (p = { db, run: prepareHistory(db, variant) }));
  const [row] = await p.run.execute(params);
  const ids = row ? (JSON.parse(row.page) as { id: string }[]).map((i) => i.id) : [];
  const rows = ids.length ? await db.select().from(t).where(inArray(t.id, ids)) : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const items = ids.map((id) => itemDto(byId.get(id)!));
  return { items, total: Number(row?.total ?? 0), cap: q.search ? CAP : undefined };
}

const textList = (values: readonly string[]) =>
  sql.raw(`array[${values.map((v) => `'${v}'`).join(', ')}]::text[]`);
/** `fromMinor` of a bigint SQL expression: '-12.05'. */
const decimalSql = (m: SQL) =>
  sql`(case when ${m} < 0 then '-' else '' end || (abs(${m}) / 100)::text || '.' || lpad((abs(${m}) % 100)::text, 2, '0'))`;
/** `Date#toISOString` of a timestamptz: '2026-11-24T16:37:00.123Z'. */
const isoSql = (c: SQL | PgColumn) => sql`to_char(${c} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** `itemDto` as one PostgreSQL json value of a `transactions` row (the list's fields only). */
export function transactionItemJsonSql(): SQL {
  const signed = sql`(case when ${t.type} = any(${textList(CREDIT_TRANSACTION_TYPES)}) then abs(${t.amount}) else -abs(${t.amount}) end)`;
  const cp = (k: string) => sql`${t.counterparty}->>${sql.raw(`'${k}'`)}`;
  return sql`json_build_object(
    'id', ${t.id}, 'walletId', ${t.walletId}, 'type', ${t.type}, 'status', ${t.status},
    'amount', ${decimalSql(sql`${t.amount}`)}, 'amountMinor', ${t.amount},
    'fee', ${decimalSql(sql`${t.fee}`)}, 'feeMinor', ${t.fee},
    'currency', ${t.currency}, 'reference', ${t.reference},
    'counterparty', jsonb_strip_nulls(jsonb_build_object('bankCode', ${cp('bankCode')}, 'bankName', ${cp('bankName')},
      'accountNumber', ${cp('accountNumber')}, 'accountName', ${cp('accountName')}, 'name', ${cp('name')})),
    'narration', ${t.narration}, 'failureReason', ${t.failureReason},
    'relatedTransactionId', ${t.relatedTransactionId}, 'sourceType', ${t.sourceType}, 'sourceId', ${t.sourceId},
    'createdAt', ${isoSql(t.createdAt)}, 'updatedAt', ${isoSql(t.updatedAt)},
    'signedAmount', ${decimalSql(signed)}, 'signedAmountMinor', ${signed},
    'receiptAvailable', (${t.status} = any(${textList(RECEIPT_STATUSES)}) and not ${t.type} = any(${textList(NO_RECEIPT_TYPES)})))`;
}
