// Expenses: the list (the list kit: platform/list.ts + platform/csv.ts) and its CSV export.
import { and, desc, eq, or, sql } from 'drizzle-orm';
import {
  EXPENSE_LIST_MSG,
  expenseWhereSchema,
  type Expense,
  type ExpenseListQuery,
  type ExpenseWhere,
  type ExpenseStatus,
} from '@owo/contract';
import { preparedCsv, type CsvColumn } from '../../platform/csv';
import type { Db } from '../../platform/db';
import { preparedPage, type RowOf } from '../../platform/list';
import { fieldError } from '../../platform/errors';
import type { TenantContext } from '../../platform/guard';
import { escapeLike } from '../../platform/text';
import { endOfDayExclusive, lagosDateTime, startOfDay } from '../money';
import { expenses } from './tables';
import { toDto } from './detail';
import { type Row } from './shared';

const P = (name: string) => sql.placeholder(name);
/** The effective status without a join: the payout transaction's outcome read by a subquery. */
const listStatusSql = sql<ExpenseStatus>`(case when ${expenses.status} = 'paying' then coalesce((select case
  when t.status = 'success' then 'completed' when t.status in ('failed', 'reversed') then 'failed' end
  from transactions t where t.id = ${expenses.transactionId}), 'paying') else ${expenses.status} end)`;

/**
 * GET /api/expense's query, prepared once: every filter a parameter (null = not filtered); newest
 * first over expenses_account_created_idx. The page and the CSV export share it, so the export holds
 * exactly the rows the filtered list shows.
 */
const EXPENSE_LIST = {
  columns: {
    id: expenses.id,
    reference: expenses.reference,
    status: listStatusSql,
    amountMinor: expenses.amountMinor,
    feeMinor: expenses.feeMinor,
    currency: expenses.currency,
    walletId: expenses.walletId,
    bankCode: expenses.bankCode,
    bankName: expenses.bankName,
    bankAccountNumber: expenses.bankAccountNumber,
    bankAccountName: expenses.bankAccountName,
    purpose: expenses.purpose,
    attachments: expenses.attachments,
    products: expenses.products,
    approverId: expenses.approverId,
    projectId: expenses.projectId,
    beneficiaryEmail: expenses.beneficiaryEmail,
    makerUserId: expenses.makerUserId,
    makerName: sql<string>`(select trim(u.first_name || ' ' || u.last_name) from users u where u.id = ${expenses.makerUserId})`,
    transactionId: expenses.transactionId,
    failureReason: sql<
      string | null
    >`coalesce(${expenses.failureReason}, (select t.failure_reason from transactions t where t.id = ${expenses.transactionId}))`,
    scheduledDate: expenses.scheduledDate,
    recurrence: expenses.recurrence,
    recurrenceEndDate: expenses.recurrenceEndDate,
    nextRunOn: expenses.nextRunOn,
    parentExpenseId: expenses.parentExpenseId,
    createdAt: expenses.createdAt,
    updatedAt: expenses.updatedAt,
  },
  where: and(
    eq(expenses.accountId, P('accountId')),
    sql`(${P('subsidiaryId')}::uuid is null or ${expenses.subsidiaryId} = ${P('subsidiaryId')}::uuid)`,
    sql`(${P('makerId')}::uuid is null or ${expenses.makerUserId} = ${P('makerId')}::uuid)`,
    sql`(${P('statuses')}::text[] is null or ${listStatusSql} = any(${P('statuses')}::text[]))`,
    sql`(${P('currencies')}::text[] is null or ${expenses.currency} = any(${P('currencies')}::text[]))`,
    sql`(${P('walletIds')}::uuid[] is null or ${expenses.walletId} = any(${P('walletIds')}::uuid[]))`,
    sql`(${P('since')}::timestamptz is null or ${expenses.createdAt} >= ${P('since')}::timestamptz)`,
    sql`(${P('before')}::timestamptz is null or ${expenses.createdAt} < ${P('before')}::timestamptz)`,
    sql`(${P('like')}::text is null or ${or(
      sql`${expenses.reference} ilike ${P('like')}`,
      sql`${expenses.bankAccountName} ilike ${P('like')}`,
      sql`${expenses.bankAccountNumber} ilike ${P('like')}`,
      sql`${expenses.purpose}->>'description' ilike ${P('like')}`,
    )})`,
  )!,
  orderBy: [desc(expenses.createdAt), desc(expenses.id)],
};
const expensePage = preparedPage('expenses', expenses, EXPENSE_LIST);
const expenseCsvRows = preparedCsv('expenses', expenses, EXPENSE_LIST);
type ListRow = RowOf<typeof EXPENSE_LIST.columns>;

function listRowDto(r: ListRow): Expense {
  return toDto({
    e: { ...r, purpose: r.purpose, failureReason: r.failureReason } as unknown as Row,
    status: r.status,
    txFailure: null,
    makerFirst: r.makerName,
    makerLast: '',
  });
}

const PERIOD_MS = { '24h': 86_400_000, '7d': 7 * 86_400_000, '30d': 30 * 86_400_000 } as const;
const many = <T>(v: T | T[] | undefined): T[] | null =>
  v === undefined ? null : Array.isArray(v) ? (v.length ? v : null) : [v];

function parseExpenseWhere(raw: string | undefined): ExpenseWhere {
  if (!raw?.trim()) return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw fieldError('where', EXPENSE_LIST_MSG.whereInvalid);
  }
  const parsed = expenseWhereSchema.safeParse(value);
  if (!parsed.success) throw fieldError('where', EXPENSE_LIST_MSG.whereInvalid);
  return parsed.data;
}

/** The parameters of EXPENSE_LIST for a request (a bad `where` or date range is a 400). */
function listParams(p: { tenant: TenantContext; viewerId: string; q: ExpenseListQuery; now?: Date }) {
  const { q } = p;
  const w = parseExpenseWhere(q.where);
  const now = p.now ?? new Date();
  if (q.from && q.to && startOfDay(q.from) >= endOfDayExclusive(q.to))
    throw fieldError('to', EXPENSE_LIST_MSG.dateRange);
  const from = q.from ? startOfDay(q.from) : null;
  const preset = q.period ? new Date(now.getTime() - PERIOD_MS[q.period]) : null;
  return {
    accountId: p.tenant.accountId,
    subsidiaryId: p.tenant.subsidiaryId ?? null,
    makerId: q.mine === 'true' ? p.viewerId : null,
    statuses: q.status === 'active' ? ['approved', 'paying'] : q.status ? [q.status] : null,
    currencies: many(w.currency),
    walletIds: many(w.walletId),
    since: from && preset ? (from > preset ? from : preset) : (from ?? preset),
    before: q.to ? endOfDayExclusive(q.to) : null,
    like: q.search ? `%${escapeLike(q.search)}%` : null,
  };
}

/** GET /api/expense?status=&page=&limit=&search=&where=&from=&to=&period= (newest first). */
export async function listExpenses(
  db: Db,
  p: { tenant: TenantContext; viewerId: string; q: ExpenseListQuery },
) {
  const { rows, total } = await expensePage(db, listParams(p), p.q);
  return { items: rows.map(listRowDto), total };
}

const EXPENSE_CSV_COLUMNS: CsvColumn<Expense>[] = [
  { header: 'Date', value: (e) => lagosDateTime(new Date(e.createdAt)) },
  { header: 'Reference', value: (e) => e.reference },
  { header: 'Status', value: (e) => e.status },
  { header: 'Payee', value: (e) => e.bankAccountName },
  { header: 'Bank', value: (e) => e.bankName },
  { header: 'Account number', value: (e) => e.bankAccountNumber },
  { header: 'Category', value: (e) => e.purpose.serviceName ?? '' },
  { header: 'Description', value: (e) => e.purpose.description ?? '' },
  { header: 'Amount', value: (e) => e.amount },
  { header: 'Fee', value: (e) => e.fee ?? '' },
  { header: 'Currency', value: (e) => e.currency },
  { header: 'Maker', value: (e) => e.maker.name },
  { header: 'Failure reason', value: (e) => e.failureReason ?? '' },
  { header: 'Id', value: (e) => e.id },
];

/** GET /api/expense?format=csv: every row the same filters select (checked before the stream starts). */
export function expensesCsv(db: Db, p: { tenant: TenantContext; viewerId: string; q: ExpenseListQuery }) {
  return expenseCsvRows(db, listParams(p), listRowDto, EXPENSE_CSV_COLUMNS);
}
