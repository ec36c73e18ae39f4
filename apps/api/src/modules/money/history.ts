// The transaction history a company reads (002 §4): filters, search, quick periods, signed amounts,
// receipt availability and the detail with its related reversal or original. Tenant-scoped always.
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  fromMinor,
  isReceiptAvailable,
  signedTransactionMinor,
  TRANSACTION_MSG,
  transactionWhereSchema,
  type TransactionDetail,
  type TransactionHistoryQuery,
  type TransactionItem,
  type TransactionPeriod,
  type TransactionWhere,
} from '@owo/contract';
import { preparedCsv, type CsvColumn } from '../../platform/csv';
import type { Db, DbOrTx } from '../../platform/db';
import { fieldError } from '../../platform/errors';
import { escapeLike } from '../../platform/text';
import { lagosDateTime, typeLabel } from './documents';
import { transactionDto, type TransactionDtoRow } from './dto';
import { transactions, wallets } from './tables';
import type { TransactionRow } from './transfers';

/** Nigeria keeps West Africa Time all year (UTC+1, no daylight saving). */
export const LAGOS_OFFSET = '+01:00';
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** Start of a Lagos day, or the instant itself when a full timestamp was given. */
export function startOfDay(v: string): Date {
  return DATE_ONLY.test(v) ? new Date(`${v}T00:00:00${LAGOS_OFFSET}`) : new Date(v);
}
/** Exclusive end: the start of the next Lagos day (a date-only `to` includes its whole day). */
export function endOfDayExclusive(v: string): Date {
  if (!DATE_ONLY.test(v)) return new Date(new Date(v).getTime() + 1);
  return new Date(startOfDay(v).getTime() + 86_400_000);
}

const PERIOD_MS: Record<TransactionPeriod, number> = {
  '24h': 86_400_000,
  '7d': 7 * 86_400_000,
  '30d': 30 * 86_400_000,
};

export function itemDto(t: TransactionDtoRow): TransactionItem {
  const signed = signedTransactionMinor(t.type, t.amount);
  return {
    ...transactionDto(t),
    signedAmount: fromMinor(signed),
    signedAmountMinor: signed,
    receiptAvailable: isReceiptAvailable(t),
  };
}

/** Parses the JSON `where` of the query string; a bad one is a validation error on `where`. */
export function parseWhere(raw: string | undefined): TransactionWhere {
  if (!raw?.trim()) return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw fieldError('where', TRANSACTION_MSG.whereInvalid);
  }
  const parsed = transactionWhereSchema.safeParse(value);
  if (!parsed.success) throw fieldError('where', TRANSACTION_MSG.whereInvalid);
  return parsed.data;
}

/** What an item shows (not metadata, provider references or the creator): parsed per row. */
const LIST_COLUMNS = {
  id: transactions.id,
  walletId: transactions.walletId,
  type: transactions.type,
  status: transactions.status,
  amount: transactions.amount,
  fee: transactions.fee,
  currency: transactions.currency,
  reference: transactions.reference,
  counterparty: transactions.counterparty,
  narration: transactions.narration,
  failureReason: transactions.failureReason,
  relatedTransactionId: transactions.relatedTransactionId,
  sourceType: transactions.sourceType,
  sourceId: transactions.sourceId,
  createdAt: transactions.createdAt,
  updatedAt: transactions.updatedAt,
} satisfies Record<keyof TransactionDtoRow, unknown>;

const list = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

const P = (name: string) => sql.placeholder(name);
const anyOf = (col: SQL | PgColumn, name: string, type: 'text' | 'uuid') =>
  sql`(${P(name)}::${sql.raw(type)}[] is null or ${col} = any(${P(name)}::${sql.raw(type)}[]))`;

/**
 * The history list's filters: every filter is a parameter, null when the request does not use it.
 * Newest first, served by transactions_account_created_id_idx (account_id, created_at desc, id
 * desc). The page (history-fused.ts) and the CSV export (`historyCsvRows`) share it, so the export
 * holds exactly the rows the filtered list shows; the page reads the search term its own way
 * (`search: false`, decision 019).
 */
export function historyWhere(tenant: SQL, opts: { search: boolean } = { search: true }) {
  return and(
    sql`${transactions.accountId} = ${tenant}`,
    anyOf(transactions.type, 'types', 'text'),
    anyOf(transactions.status, 'statuses', 'text'),
    anyOf(transactions.walletId, 'walletIds', 'uuid'),
    anyOf(transactions.currency, 'currencies', 'text'),
    sql`(${P('providerRef')}::text is null or ${transactions.providerRef} = ${P('providerRef')}::text)`,
    sql`(${P('since')}::timestamptz is null or ${transactions.createdAt} >= ${P('since')}::timestamptz)`,
    sql`(${P('before')}::timestamptz is null or ${transactions.createdAt} < ${P('before')}::timestamptz)`,
    opts.search ? sql`(${P('like')}::text is null or ${SEARCH_MATCH})` : undefined,
  )!;
}
/**
 * What `search` matches: the reference, narration, counterparty name, account name and number, joined
 * by a control character (unit separator) a search may not hold, so a match is always within one of
 * them; trigram-indexed (migration 0033).
 */
const SEARCH_TEXT = sql`transaction_search_text(${transactions.reference}, ${transactions.narration}, ${transactions.counterparty})`;
/** Whether a row matches the search `like` (a pattern holding the separator matches nothing). */
export const SEARCH_MATCH = sql`(strpos(${P('like')}::text, chr(31)) = 0 and ${SEARCH_TEXT} ilike ${P('like')}::text)`;
/** After the row a keyset page or CSV batch ended on: (created_at, id) below it, in the list's order. */
const AFTER = sql`(${P('afterAt')}::timestamptz is null or (${transactions.createdAt}, ${transactions.id}) < (${P('afterAt')}::timestamptz, ${P('afterId')}::uuid))`;
const HISTORY_ORDER = [desc(transactions.createdAt), desc(transactions.id)];
const HISTORY_LIST = {
  columns: LIST_COLUMNS,
  where: historyWhere(sql`${P('accountId')}`),
  orderBy: HISTORY_ORDER,
};

/** Every row of the same filters, in the same order, in keyset batches (platform/csv.ts). */
const historyCsvRows = preparedCsv('transactions_history', transactions, {
  ...HISTORY_LIST,
  // The exact timestamp (microseconds; a Date keeps milliseconds) the next batch resumes below.
  columns: { ...LIST_COLUMNS, keyAt: sql<string>`${transactions.createdAt}::text` },
  keyset: { after: AFTER, next: (r) => ({ afterAt: r.keyAt, afterId: r.id }) },
});

const orNull = <T>(v: T[]) => (v.length ? v : null);
const later = (a: Date | null, b: Date | null) => (a && b ? (a > b ? a : b) : (a ?? b));

/** The parameters of HISTORY_LIST for a request (a bad `where` or date range is a 400). */
export function historyParams(accountId: string, q: TransactionHistoryQuery, now: Date) {
  const w = parseWhere(q.where);
  if (q.from && q.to && startOfDay(q.from) >= endOfDayExclusive(q.to))
    throw fieldError('to', TRANSACTION_MSG.dateRange);
  return {
    accountId,
    types: orNull([...list(w.type), ...list(q.type)]),
    statuses: orNull([...list(w.status), ...list(q.status)]),
    walletIds: orNull([...list(w.walletId), ...list(q.walletId)]),
    currencies: orNull([...list(w.currency), ...list(q.currency)]),
    providerRef: w.providerRef ?? null,
    since: later(
      q.from ? startOfDay(q.from) : null,
      q.period ? new Date(now.getTime() - PERIOD_MS[q.period]) : null,
    ),
    before: q.to ? endOfDayExclusive(q.to) : null,
    like: q.search ? `%${escapeLike(q.search)}%` : null,
  };
}

/** The filters of `historyParams` beside the tenant: all null is the unfiltered list. */
export const HISTORY_FILTERS = [
  'types',
  'statuses',
  'walletIds',
  'currencies',
  'providerRef',
  'since',
  'before',
  'like',
] as const satisfies readonly (keyof ReturnType<typeof historyParams>)[];

/** The CSV columns of the history (amounts unsigned in Debit/Credit, as statements). */
export const HISTORY_CSV_COLUMNS: CsvColumn<TransactionItem>[] = [
  { header: 'Date', value: (t) => lagosDateTime(new Date(t.createdAt)) },
  { header: 'Reference', value: (t) => t.reference },
  { header: 'Type', value: (t) => typeLabel(t.type) },
  { header: 'Status', value: (t) => t.status },
  { header: 'Counterparty', value: (t) => t.counterparty.accountName ?? t.counterparty.name ?? '' },
  { header: 'Account number', value: (t) => t.counterparty.accountNumber ?? '' },
  { header: 'Narration', value: (t) => t.narration ?? '' },
  { header: 'Debit', value: (t) => (t.signedAmountMinor < 0 ? fromMinor(-t.signedAmountMinor) : '') },
  { header: 'Credit', value: (t) => (t.signedAmountMinor > 0 ? fromMinor(t.signedAmountMinor) : '') },
  { header: 'Fee', value: (t) => t.fee },
  { header: 'Currency', value: (t) => t.currency },
  { header: 'Failure reason', value: (t) => t.failureReason ?? '' },
  { header: 'Id', value: (t) => t.id },
];

/**
 * GET /api/transactions?format=csv: every row the same filters select, streamed. The parameters
 * are checked here, before the response starts, so a bad filter is still a 400.
 */
export function historyCsv(
  db: Db,
  accountId: string,
  q: TransactionHistoryQuery,
  now = new Date(),
  batchSize?: number,
) {
  const params = { ...historyParams(accountId, q, now), afterAt: null, afterId: null };
  return historyCsvRows(db, params, itemDto, HISTORY_CSV_COLUMNS, batchSize);
}

/** A company's transaction, or null (another company's id looks exactly like a missing one). */
export async function findTransaction(
  db: DbOrTx,
  accountId: string,
  id: string,
): Promise<TransactionRow | null> {
  const [t] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.id, id), eq(transactions.accountId, accountId)));
  return t ?? null;
}

/** The detail: the item, its wallet's name and the linked reversal/original (same company only). */
export async function getHistoryDetail(
  db: DbOrTx,
  accountId: string,
  id: string,
): Promise<TransactionDetail | null> {
  const t = await findTransaction(db, accountId, id);
  if (!t) return null;
  const relatedId = t.relatedTransactionId;
  const [related, [wallet]] = await Promise.all([
    relatedId ? findTransaction(db, accountId, relatedId) : Promise.resolve(null),
    db
      .select({ name: wallets.name })
      .from(wallets)
      .where(and(eq(wallets.id, t.walletId), eq(wallets.accountId, accountId))),
  ]);
  return { ...itemDto(t), walletName: wallet?.name ?? '', related: related ? itemDto(related) : null };
}
