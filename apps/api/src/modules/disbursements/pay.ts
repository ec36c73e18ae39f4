// Bulk disbursements: paying the rows through the money core (at the final approval) and retrying the failed ones.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { DISBURSEMENT_MSG as M } from '@owo/contract';
import type { DbOrTx, Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { conflict } from '../../platform/errors';
import type { TenantContext } from '../../platform/guard';
import { dispatchManySoon } from '../funding';
import { payOutBatch, type OutflowBatchRow } from '../money';
import {
  type AfterCommit,
  type Batch,
  CHUNK,
  type ItemRow,
  lockBatch,
  setStatus,
  storeTotals,
  transferReference,
} from './shared';
import { disbursementItems } from './tables';

// ---- payment ----

export type PayRow = Pick<
  ItemRow,
  | 'id'
  | 'rowNo'
  | 'attempt'
  | 'amountMinor'
  | 'accountNumber'
  | 'bankCode'
  | 'bankName'
  | 'accountName'
  | 'narration'
>;

/** Every row of the batch as the money core pays it: the SAME drafts the approval's manifest is built from. */
export const batchRows = (b: Batch, rows: PayRow[]): OutflowBatchRow[] =>
  rows.map((r) => ({
    draft: {
      amountMinor: r.amountMinor ?? 0,
      currency: b.currency,
      walletId: b.walletId,
      bankCode: r.bankCode,
      bankName: r.bankName,
      accountNumber: r.accountNumber,
      accountName: r.accountName ?? '',
      payee: null,
      date: null,
    },
    reference: transferReference(b.reference, r.rowNo, r.attempt + 1),
    narration: r.narration || `Bulk: ${b.name}`,
  }));

/** The batch's rows that are paid (all but the invalid ones), in row order: the manifest's rows. */
export async function payableRows(db: DbOrTx, batchId: string): Promise<PayRow[]> {
  return db
    .select(PAY_COLUMNS)
    .from(disbursementItems)
    .where(and(eq(disbursementItems.disbursementId, batchId), sql`${disbursementItems.status} <> 'invalid'`))
    .orderBy(disbursementItems.rowNo);
}

/**
 * Holds and sends the rows `pay` names (the valid ones at approval, or the failed ones on a retry)
 * through `payOutBatch`, under the digest of every payable row of the batch as approved. When the
 * wallet or the limit refuses, every row to pay fails with the reason and nothing is held. Otherwise
 * each row is one transfer (reference `<ref>-<row>-<attempt>`, the unique key: never paid twice), all
 * in the caller's transaction, dispatched after it commits. A batch whose rows differ from what was
 * approved: 409, nothing moves.
 */
export async function payRows(
  tx: Tx,
  deps: AppDeps,
  b: Batch,
  all: PayRow[],
  pay: Set<string>,
  afterCommit: AfterCommit,
) {
  await setStatus(tx, b.id, 'paying');
  const rows = all.filter((r) => pay.has(r.id));
  const failAll = async (reason: string) => {
    const ids = rows.map((r) => r.id);
    for (let i = 0; i < ids.length; i += CHUNK)
      await tx
        .update(disbursementItems)
        .set({
          status: 'failed',
          error: reason,
          transactionId: null,
          attempt: sql`${disbursementItems.attempt} + 1`,
          updatedAt: sql`now()`,
        })
        .where(inArray(disbursementItems.id, ids.slice(i, i + CHUNK)));
  };
  const r = await payOutBatch(tx, deps, {
    accountId: b.accountId,
    authority: { approval: 'disbursement', resourceId: b.id },
    initiatedBy: b.makerUserId,
    sourceType: 'disbursement',
    sourceId: b.id,
    rows: batchRows(b, all),
    pay: all.flatMap((x, i) => (pay.has(x.id) ? [i] : [])),
  });
  if (!r.ok) return failAll(r.code === 'insufficient-funds' ? M.insufficientFunds : r.reason);
  const transfers = r.transactions;
  const started = rows.map((row, i) => ({
    id: row.id,
    attempt: row.attempt + 1,
    transaction_id: transfers[i].id,
    fee_minor: transfers[i].fee,
  }));
  const refs = transfers.map((t) => t.reference);
  for (let i = 0; i < started.length; i += CHUNK)
    await tx.execute(sql`
      update disbursement_items d set status = 'paying', error = null, attempt = x.attempt,
        transaction_id = x.transaction_id, fee_minor = x.fee_minor, updated_at = now()
      from json_to_recordset(${JSON.stringify(started.slice(i, i + CHUNK))}::json)
        as x(id uuid, attempt int, transaction_id uuid, fee_minor bigint)
      where d.id = x.id`);
  // The rows now carry the fees they were charged (the fee rule at payment): the batch's totals too.
  await storeTotals(tx, b.id);
  afterCommit(() => dispatchManySoon(deps, refs));
}

const PAY_COLUMNS = {
  id: disbursementItems.id,
  rowNo: disbursementItems.rowNo,
  attempt: disbursementItems.attempt,
  amountMinor: disbursementItems.amountMinor,
  accountNumber: disbursementItems.accountNumber,
  bankCode: disbursementItems.bankCode,
  bankName: disbursementItems.bankName,
  accountName: disbursementItems.accountName,
  narration: disbursementItems.narration,
};

/**
 * POST /disbursements/{id}/retry (inside the route's idempotency transaction): pays the failed rows
 * again, only them, each under a new attempt and so a new transfer reference.
 */
export async function retryDisbursement(
  tx: Tx,
  deps: AppDeps,
  p: { tenant: TenantContext; id: string; afterCommit: AfterCommit },
): Promise<number> {
  const b = await lockBatch(tx, p.tenant.accountId, p.id);
  if (b.status !== 'paying') throw conflict(M.nothingToRetry);
  const failed = await tx.execute(sql`
    select i.id from disbursement_items i left join transactions t on t.id = i.transaction_id
    where i.disbursement_id = ${b.id}::uuid
      and (i.status = 'failed' or (i.status = 'paying' and t.status in ('failed', 'reversed')))
    order by i.row_no for update of i`);
  const ids = (failed.rows as { id: string }[]).map((r) => r.id);
  if (!ids.length) throw conflict(M.nothingToRetry);
  await payRows(tx, deps, b, await payableRows(tx, b.id), new Set(ids), p.afterCommit);
  return ids.length;
}
