// A payroll run paid through the money core (issue 25): the whole net pay held at the final approval
// and one transfer per employee with its own reference per attempt; failed rows retried.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { PAYROLL_MSG } from '@owo/contract';
import type { DbOrTx, Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { conflict } from '../../platform/errors';
import type { TenantContext } from '../../platform/guard';
import { transactions, vaultReads } from '../../platform/schema';
import { vaultFor } from '../../platform/vault';
import { dispatchManySoon } from '../funding';
import { emitAreaEvent } from '../developers';
import { payOutBatch, type OutflowBatchRow } from '../money';
import { payrollRows, payrolls } from './tables';
import { type AfterCommit, lockPayroll, type PayrollRec, ROW_ACCOUNT_FIELD, rowStatusSql } from './shared';

/**
 * The `payroll` webhook event of a state change made in `tx` (approved, rejected, failed before any
 * transfer started). A run's paid / partlyFailed / failed outcome after its transfers settle is
 * written by the developers module inside the money core's settle (`settleWebhookSql`).
 */
export const payrollEvent = (
  tx: DbOrTx,
  pr: PayrollRec,
  status: string,
  key?: string,
  extra?: Record<string, unknown>,
) =>
  emitAreaEvent(tx, {
    accountId: pr.accountId,
    event: 'payroll',
    id: pr.id,
    reference: pr.reference,
    status,
    amountMinor: pr.netMinor,
    currency: 'NGN',
    key,
    extra: { name: pr.name, ...extra },
  });

const transferReference = (ref: string, rowNo: number, attempt: number) => `${ref}-${rowNo}-${attempt}`;

type RowRec = typeof payrollRows.$inferSelect;

/**
 * Every line of the run as the money core pays it (net pay to the row's bank account, from the run's
 * wallet, on its pay date): the SAME drafts the approval's manifest is built from.
 */
export function runRows(deps: AppDeps, pr: PayrollRec, rows: RowRec[]): OutflowBatchRow[] {
  const vault = vaultFor(deps.config);
  return rows.map((r) => ({
    draft: {
      amountMinor: r.netMinor,
      currency: 'NGN',
      walletId: pr.walletId,
      bankCode: r.bankCode,
      bankName: r.bankName,
      accountNumber: vault.decrypt(ROW_ACCOUNT_FIELD, r.accountNumber),
      accountName: r.accountName,
      payee: r.employeeId,
      date: pr.scheduledPayDate,
    },
    reference: transferReference(pr.reference, r.rowNo, r.attempt + 1),
    narration: `Salary: ${pr.name}`,
  }));
}

export const runLines = (db: DbOrTx, payrollId: string) =>
  db.select().from(payrollRows).where(eq(payrollRows.payrollId, payrollId)).orderBy(asc(payrollRows.rowNo));

/**
 * Pays `pay` (all lines, or the failed ones on a retry) through `payOutBatch`, under the digest of the
 * whole run as approved: the whole net pay and fees must be there and every line within the payout
 * limit, or every line to pay fails with the reason (nothing held); otherwise each line is one
 * transfer with its own reference per attempt, held in this transaction. A run whose lines differ
 * from what was approved: 409, nothing moves.
 */
export async function payRows(
  tx: Tx,
  deps: AppDeps,
  pr: PayrollRec,
  pay: RowRec[],
  afterCommit: AfterCommit,
) {
  const all = await runLines(tx, pr.id);
  const paying = new Set(pay.map((r) => r.id));
  const rows = all.filter((r) => paying.has(r.id));
  await tx
    .update(payrolls)
    .set({ status: 'paying', updatedAt: sql`now()` })
    .where(eq(payrolls.id, pr.id));
  const r = await payOutBatch(tx, deps, {
    accountId: pr.accountId,
    authority: { approval: 'payroll', resourceId: pr.id },
    initiatedBy: pr.makerUserId,
    sourceType: 'payroll',
    sourceId: pr.id,
    rows: runRows(deps, pr, all),
    pay: all.flatMap((x, i) => (paying.has(x.id) ? [i] : [])),
  });
  if (!r.ok) {
    const reason = r.code === 'insufficient-funds' ? PAYROLL_MSG.insufficientFunds : r.reason;
    await failRows(tx, pr, rows, reason);
    return;
  }
  await startRows(tx, pr, rows, r.transactions);
  const refs = r.transactions.map((t) => t.reference);
  afterCommit(() => dispatchManySoon(deps, refs));
}

/** Nothing was held: every row to pay failed with the reason, and the run's outcome event now
 *  (no settle will write it). */
async function failRows(tx: Tx, pr: PayrollRec, rows: RowRec[], reason: string) {
  const ids = rows.map((x) => x.id);
  for (let i = 0; i < ids.length; i += 5000)
    await tx
      .update(payrollRows)
      .set({
        status: 'failed',
        failureReason: reason,
        transactionId: null,
        attempt: sql`${payrollRows.attempt} + 1`,
      })
      .where(inArray(payrollRows.id, ids.slice(i, i + 5000)));
  await payrollEvent(
    tx,
    pr,
    rows.length < pr.employeeCount ? 'partlyFailed' : 'failed',
    `failed:${rows[0]?.attempt ?? 0}`,
    { failedCount: rows.length, failureReason: reason },
  );
}

/** Every row to pay started: the vault read of their bank numbers logged, each row tied to its
 *  transfer (in order) with its new attempt. */
async function startRows(tx: Tx, pr: PayrollRec, rows: RowRec[], transfers: { id: string }[]) {
  await tx.insert(vaultReads).values({
    field: ROW_ACCOUNT_FIELD,
    recordId: pr.id,
    actorUserId: null,
    reason: `payroll ${pr.reference} payment (${rows.length} rows)`,
  });
  const started = rows.map((x, i) => ({
    id: x.id,
    attempt: x.attempt + 1,
    transaction_id: transfers[i].id,
  }));
  for (let i = 0; i < started.length; i += 5000)
    await tx.execute(sql`
      update payroll_rows r set status = 'paying', attempt = x.attempt, transaction_id = x.transaction_id,
        failure_reason = null
      from json_to_recordset(${JSON.stringify(started.slice(i, i + 5000))}::json)
        as x(id uuid, attempt int, transaction_id uuid)
      where r.id = x.id`);
}

/** POST /payrolls/{id}/payment/retry: pays the failed rows only, each with a new attempt and reference. */
export async function retryPayroll(deps: AppDeps, p: { tenant: TenantContext; id: string }) {
  const after: (() => Promise<void> | void)[] = [];
  await deps.db.transaction(async (tx) => {
    const pr = await lockPayroll(tx, p.tenant.accountId, p.id);
    if (pr.status !== 'paying') throw conflict(PAYROLL_MSG.notRetriable);
    const failed = await tx
      .select({ row: payrollRows })
      .from(payrollRows)
      .leftJoin(transactions, eq(transactions.id, payrollRows.transactionId))
      .where(and(eq(payrollRows.payrollId, pr.id), sql`${rowStatusSql} = 'failed'`))
      .orderBy(asc(payrollRows.rowNo))
      .for('update', { of: payrollRows });
    if (!failed.length) throw conflict(PAYROLL_MSG.notRetriable);
    await payRows(
      tx,
      deps,
      pr,
      failed.map((f) => f.row),
      (fn) => after.push(fn),
    );
  });
  return after;
}
