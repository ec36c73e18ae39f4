// Bulk disbursements (issue 23 §4): an uploaded file of bank transfers, validated row by row in a
// pg-boss job (NUBAN, then the banks module's name resolution, cached per bank + account), approved
// as a whole through the approvals engine (type `disbursement`) and paid through the one entry point
// of money/outflow.ts: the final approval writes the digest of the whole batch (every row's amount,
// fee, bank and account, the wallet) into the trail, and `payOutBatch` starts the rows under it (a
// retry: the failed rows only, still under the whole batch's digest; a row changed since answers 409,
// nothing moves). Every row's amount + fee must be covered (else nothing is held and the rows fail
// with the reason); each row is one transfer with the reference `<batch ref>-<row>-<attempt>`. Row outcomes are read from the row's
// transaction, which the money core settles from the rails' webhooks. Rows are written and updated
// set-wise (one statement per 5,000 rows), never one round trip per row.
//
// One use case per file: upload.ts (read the file, create the batch), validate.ts (the job),
// submit.ts (fix a row, submit for approval), pay.ts (pay the rows, retry the failed ones),
// approval.ts (the approvals engine's hooks), list.ts and detail.ts (reading). This file holds the
// batch's state helpers they share.
import { and, eq, sql } from 'drizzle-orm';
import {
  checkNuban,
  DISBURSEMENT_MSG as M,
  type BankItem,
  type DisbursementItemStatus,
  type DisbursementProgress,
  type DisbursementStatus,
} from '@owo/contract';
import type { DbOrTx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { resolveAccountName } from '../banks';
import { applyFeeRule, getFeePolicy } from '../money';
import { disbursementItems, disbursements } from './tables';

export type Batch = typeof disbursements.$inferSelect;
export type ItemRow = typeof disbursementItems.$inferSelect;
export type AfterCommit = (fn: () => Promise<void> | void) => void;

export const Q_VALIDATE = 'disbursements.validate';
export const CHUNK = 5000;
export const transferReference = (ref: string, row: number, attempt: number) => `${ref}-${row}-${attempt}`;

// ---- bank account checks (the job and a row's fix) ----

export type Resolved = {
  status: 'valid' | 'invalid';
  error: string | null;
  bankName: string | null;
  accountName: string | null;
};

/** Looks up one bank account: NUBAN first (no paid lookup for a typo), then the provider's name. */
export async function checkAccount(
  deps: AppDeps,
  banks: Map<string, BankItem>,
  bankCode: string,
  accountNumber: string,
): Promise<Resolved> {
  const bank = banks.get(bankCode);
  if (!bank) return { status: 'invalid', error: M.unknownBank, bankName: null, accountName: null };
  if (!checkNuban(accountNumber, bank).ok)
    return { status: 'invalid', error: M.nuban, bankName: bank.name, accountName: null };
  const { accountName } = await resolveAccountName(deps, { accountNumber, bankCode });
  return accountName
    ? { status: 'valid', error: null, bankName: bank.name, accountName }
    : { status: 'invalid', error: M.notVerified, bankName: bank.name, accountName: null };
}

export async function feeRuleOf(db: DbOrTx, accountId: string) {
  const policy = await getFeePolicy(db, { accountId, method: 'bank-transfer', currency: 'NGN' });
  return (amount: number) => applyFeeRule(policy, amount);
}

// ---- state helpers ----

export async function lockBatch(tx: DbOrTx, accountId: string, id: string): Promise<Batch> {
  const [b] = await tx
    .select()
    .from(disbursements)
    .where(and(eq(disbursements.id, id), eq(disbursements.accountId, accountId)))
    .for('update');
  if (!b) throw notFound('Disbursement');
  return b;
}

export const setStatus = (tx: DbOrTx, id: string, status: DisbursementStatus, error: string | null = null) =>
  tx
    .update(disbursements)
    .set({ status, error, updatedAt: sql`now()` })
    .where(eq(disbursements.id, id));

/** A row's status as the screen shows it: a paying row's transfer decides paid or failed. */
export const EFFECTIVE = sql`case when i.status = 'paying' then case t.status when 'success' then 'paid'
  when 'failed' then 'failed' when 'reversed' then 'failed' else 'paying' end else i.status end`;

export const EMPTY: DisbursementProgress = {
  rows: 0,
  validating: 0,
  valid: 0,
  invalid: 0,
  paying: 0,
  paid: 0,
  failed: 0,
};

export async function countsOf(db: DbOrTx, ids: string[]): Promise<Map<string, DisbursementProgress>> {
  const out = new Map<string, DisbursementProgress>();
  if (!ids.length) return out;
  const r = await db.execute(sql`
    select i.disbursement_id as id, ${EFFECTIVE} as s, count(*)::int as n
    from disbursement_items i left join transactions t on t.id = i.transaction_id
    where i.disbursement_id = any(${`{${ids.join(',')}}`}::uuid[])
    group by 1, 2`);
  for (const row of r.rows as { id: string; s: DisbursementItemStatus; n: number }[]) {
    const c = out.get(row.id) ?? { ...EMPTY };
    c[row.s] += row.n;
    c.rows += row.n;
    out.set(row.id, c);
  }
  return out;
}

export const counts = async (db: DbOrTx, id: string) => (await countsOf(db, [id])).get(id) ?? { ...EMPTY };

/** The valid rows' totals, kept on the batch for the list and the approval's amount. */
export async function storeTotals(tx: DbOrTx, id: string) {
  await tx.execute(sql`
    update disbursements d set amount_minor = s.a, fee_minor = s.f, updated_at = now()
    from (select coalesce(sum(amount_minor), 0) as a, coalesce(sum(fee_minor), 0) as f
          from disbursement_items where disbursement_id = ${id}::uuid and status <> 'invalid') s
    where d.id = ${id}::uuid`);
}

/** Derived status: a paying batch is completed / partially_failed / failed once no row is in flight. */
export function statusOf(b: Pick<Batch, 'status'>, c: DisbursementProgress): DisbursementStatus {
  if (b.status !== 'paying') return b.status;
  if (c.paying) return 'paying';
  if (!c.failed) return 'completed';
  return c.paid ? 'partially_failed' : 'failed';
}
