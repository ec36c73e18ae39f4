// Expenses (issue 21 §2): 001 §5 rules server-side, approval through the engine, payment through the
// money core (startTransfer + dispatch) after the final approval, exactly once per attempt.
//
// One use case per file: prepare.ts (the 001 §5 checks of a body), create.ts, edit.ts (edit, send
// for re-approval), approval.ts (the approvals engine's hooks), pay.ts (a payment attempt), retry.ts,
// receipts.ts (attachments, retiring), scheduled-run.ts (one run of a schedule), detail.ts, list.ts
// (the list and its CSV), beneficiaries.ts. This file holds the helpers they share.
import { and, eq, sql } from 'drizzle-orm';
import type { ExpenseStatus } from '@owo/contract';
import type { DbOrTx } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { transactions } from '../../platform/schema';
import { expenses } from './tables';

export type Row = typeof expenses.$inferSelect;
export type AfterCommit = (fn: () => Promise<void> | void) => void;

/** The effective status: while paying, the payout transaction decides completed or failed. */
export const effectiveStatusSql = sql<ExpenseStatus>`case
  when ${expenses.status} = 'paying' and ${transactions.status} = 'success' then 'completed'
  when ${expenses.status} = 'paying' and ${transactions.status} in ('failed', 'reversed') then 'failed'
  else ${expenses.status} end`;

export async function lockExpense(tx: DbOrTx, accountId: string, id: string): Promise<Row> {
  const [e] = await tx
    .select()
    .from(expenses)
    .where(and(eq(expenses.id, id), eq(expenses.accountId, accountId)))
    .for('update');
  if (!e) throw notFound('Expense');
  return e;
}

export async function effectiveStatus(db: DbOrTx, accountId: string, id: string): Promise<ExpenseStatus> {
  const [r] = await db
    .select({ status: effectiveStatusSql })
    .from(expenses)
    .leftJoin(transactions, eq(transactions.id, expenses.transactionId))
    .where(and(eq(expenses.id, id), eq(expenses.accountId, accountId)));
  if (!r) throw notFound('Expense');
  return r.status;
}
