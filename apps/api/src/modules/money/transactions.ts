// Reading the transaction record (002 §4 Transactions): tenant-scoped, newest first, filterable.
import { and, count, desc, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { transactionListQuery } from '@owo/contract';
import type { DbOrTx } from '../../platform/db';
import { transactions } from './tables';
import type { TransactionRow } from './transfers';

export type TransactionListQuery = z.infer<typeof transactionListQuery>;

/** A date-only `to` includes that whole day. */
const endOf = (v: string) => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? new Date(`${v}T23:59:59.999Z`) : new Date(v));

export async function listTransactions(db: DbOrTx, accountId: string, q: TransactionListQuery): Promise<{ items: TransactionRow[]; total: number }> {
  const where: SQL[] = [eq(transactions.accountId, accountId)];
  if (q.type) where.push(eq(transactions.type, q.type));
  if (q.status) where.push(eq(transactions.status, q.status));
  if (q.walletId) where.push(eq(transactions.walletId, q.walletId));
  if (q.from) where.push(gte(transactions.createdAt, new Date(q.from)));
  if (q.to) where.push(lte(transactions.createdAt, endOf(q.to)));
  if (q.search) {
    const like = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(or(
      ilike(transactions.reference, like),
      ilike(transactions.narration, like),
      sql`${transactions.counterparty}->>'accountName' ilike ${like}`,
      sql`${transactions.counterparty}->>'name' ilike ${like}`,
      sql`${transactions.counterparty}->>'accountNumber' ilike ${like}`,
    )!);
  }
  const cond = and(...where);
  const [items, [{ n }]] = await Promise.all([
    db.select().from(transactions).where(cond).orderBy(desc(transactions.createdAt), desc(transactions.id)).limit(q.limit).offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(transactions).where(cond),
  ]);
  return { items, total: Number(n) };
}
