// The transaction history a company reads (002 §4): filters, search, quick periods, signed amounts,
// receipt availability and the detail with its related reversal or original. Tenant-scoped always.
import { and, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
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
import { tableCsv, type CsvColumn } from '../../platform/csv';
import type { Db, DbOrTx } from '../../platform/db';
import { fieldError } from '../../platform/errors';
import { fetchPage } from '../../platform/list';
import { lagosDateTime, typeLabel } from './documents';
import { transactionDto } from './dto';
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

export function itemDto(t: TransactionRow): TransactionItem {
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

const list = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** Newest first; `id` last so pages (and the CSV's batches) never repeat or skip a row. */
export const HISTORY_ORDER = [desc(transactions.createdAt), desc(transactions.id)];

/**
 * The filter of the history list, shared by the page (`listHistory`) and its CSV
 * (`historyCsv`), so the export holds exactly the rows the filtered list shows.
 */
export function historyWhere(accountId: string, q: TransactionHistoryQuery, now = new Date()): SQL {
  const w = parseWhere(q.where);
  const conds: SQL[] = [eq(transactions.accountId, accountId)];
  const types = [...list(w.type), ...list(q.type)];
  const statuses = [...list(w.status), ...list(q.status)];
  const walletIds = [...list(w.walletId), ...list(q.walletId)];
  const currencies = [...list(w.currency), ...list(q.currency)];
  if (types.length) conds.push(inArray(transactions.type, types));
  if (statuses.length) conds.push(inArray(transactions.status, statuses));
  if (walletIds.length) conds.push(inArray(transactions.walletId, walletIds));
  if (currencies.length) conds.push(inArray(transactions.currency, currencies));
  if (w.providerRef) conds.push(eq(transactions.providerRef, w.providerRef));
  if (q.from && q.to && startOfDay(q.from) >= endOfDayExclusive(q.to))
    throw fieldError('to', TRANSACTION_MSG.dateRange);
  if (q.from) conds.push(gte(transactions.createdAt, startOfDay(q.from)));
  if (q.to) conds.push(lt(transactions.createdAt, endOfDayExclusive(q.to)));
  if (q.period) conds.push(gte(transactions.createdAt, new Date(now.getTime() - PERIOD_MS[q.period])));
  if (q.search) {
    const like = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(
      or(
        ilike(transactions.reference, like),
        ilike(transactions.narration, like),
        sql`${transactions.counterparty}->>'name' ilike ${like}`,
        sql`${transactions.counterparty}->>'accountName' ilike ${like}`,
        sql`${transactions.counterparty}->>'accountNumber' ilike ${like}`,
      )!,
    );
  }
  return and(...conds)!;
}

export async function listHistory(
  db: DbOrTx,
  accountId: string,
  q: TransactionHistoryQuery,
  now = new Date(),
): Promise<{ items: TransactionItem[]; total: number }> {
  // Newest first, served by transactions_account_created_idx (account_id, created_at); the total
  // rides along in the same round trip (platform/list.ts).
  const { rows, total } = await fetchPage(db, transactions, {
    where: historyWhere(accountId, q, now),
    orderBy: HISTORY_ORDER,
    page: q.page,
    limit: q.limit,
  });
  return { items: rows.map(itemDto), total };
}

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

/** GET /api/transactions?format=csv: every row the same filters select, streamed (platform/csv.ts). */
export function historyCsv(db: Db, accountId: string, q: TransactionHistoryQuery, now = new Date()) {
  return tableCsv(db, transactions, {
    where: historyWhere(accountId, q, now),
    orderBy: HISTORY_ORDER,
    map: itemDto,
    columns: HISTORY_CSV_COLUMNS,
  });
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
