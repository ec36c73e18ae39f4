// The transfer record (`transactions` rows) shared by the money module's use cases: its shape, its
// reference, the reads of it. Starting a transfer is in start-transfer.ts, settling it in
// settle-transfer.ts (one statement) and settle-locked.ts (the transactional path).
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { newReference as newPlatformReference } from '../../platform/text';
import { transactions } from './tables';

export type TransactionRow = typeof transactions.$inferSelect;

/** Rail name used for clearing when a transfer was never assigned one. */
export const DEFAULT_PROVIDER = 'rails';
export const REFERENCE_RE = /^[a-z0-9_-]{6,100}$/;
export const insufficientFunds = () => new AppError(422, 'insufficient-funds', 'Insufficient wallet balance');

/** A transfer's reference, `<prefix>_<time><16 random hex digits>` (see platform `newReference`). */
export const newReference = (prefix = 'trf'): string => newPlatformReference(prefix, 8);

/** Maps a raw `transactions` row (snake_case, from a CTE) to the drizzle shape. */
export function toTransactionRow(r: Record<string, unknown>): TransactionRow {
  const d = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));
  return {
    id: r.id as string,
    accountId: r.account_id as string,
    walletId: r.wallet_id as string,
    type: r.type as TransactionRow['type'],
    status: r.status as TransactionRow['status'],
    amount: Number(r.amount),
    fee: Number(r.fee),
    currency: r.currency as string,
    reference: r.reference as string,
    provider: (r.provider as string) ?? null,
    providerRef: (r.provider_ref as string) ?? null,
    counterparty: (r.counterparty as TransactionRow['counterparty']) ?? {},
    narration: (r.narration as string) ?? null,
    failureReason: (r.failure_reason as string) ?? null,
    relatedTransactionId: (r.related_transaction_id as string) ?? null,
    sourceType: (r.source_type as string) ?? null,
    sourceId: (r.source_id as string) ?? null,
    createdBy: (r.created_by as string) ?? null,
    metadata: (r.metadata as Record<string, unknown>) ?? {},
    createdAt: d(r.created_at),
    updatedAt: d(r.updated_at),
  };
}

/** Transactions of a company by id (tenant-scoped). */
export async function getTransaction(
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

/** Totals of a member's successful payouts (team member stats: totalCashOutFlow, totalTransactions). */
export async function memberPayoutStats(
  db: DbOrTx,
  accountId: string,
  userId: string,
): Promise<{ totalCashOutFlow: number; totalTransactions: number }> {
  const [r] = await db
    .select({
      total: sql<number>`coalesce(sum(${transactions.amount}), 0)::bigint`,
      n: sql<number>`count(*)::int`,
    })
    .from(transactions)
    .where(
      and(
        eq(transactions.accountId, accountId),
        eq(transactions.createdBy, userId),
        eq(transactions.type, 'payout'),
        inArray(transactions.status, ['success']),
      ),
    );
  return { totalCashOutFlow: Number(r.total), totalTransactions: Number(r.n) };
}
