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
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import {
  checkNuban,
  DISBURSEMENT_COLUMNS,
  DISBURSEMENT_MAX_ROWS,
  DISBURSEMENT_MSG as M,
  fromMinor,
  toMinor,
  type BankItem,
  type Disbursement,
  type DisbursementDetail,
  type DisbursementItem,
  type DisbursementItemStatus,
  type DisbursementProgress,
  type DisbursementStatus,
  type DisbursementTab,
  type ListQuery,
} from '@owo/contract';
import { executeNamed, type Db, type DbOrTx, type Tx } from '../../platform/db';
import { csvLine, preparedCsv, type CsvColumn } from '../../platform/csv';
import type { AppDeps } from '../../platform/deps';
import { AppError, conflict, fieldError, notFound } from '../../platform/errors';
import { subsidiaryForWrite, type TenantContext } from '../../platform/guard';
import { defineQueue, defineTicker, sendJob, sendJobSoon } from '../../platform/jobs';
import { preparedPage } from '../../platform/list';
import { readSheetRows, SheetError } from '../../platform/spreadsheet';
import { approvalItems, users } from '../../platform/schema';
import {
  approvalOf,
  registerApprovable,
  runAfterCommit,
  submitForApproval,
  type HandlerContext,
} from '../approvals';
import { listBanks, resolveAccountName } from '../banks';
import { dispatchManySoon } from '../funding';
import {
  applyFeeRule,
  batchManifest,
  checkPayoutLimit,
  getFeePolicy,
  getWallet,
  payOutBatch,
  type OutflowBatchRow,
} from '../money';
import { disbursementItems, disbursements } from './tables';

type Batch = typeof disbursements.$inferSelect;
type ItemRow = typeof disbursementItems.$inferSelect;
type AfterCommit = (fn: () => Promise<void> | void) => void;

export const Q_VALIDATE = 'disbursements.validate';
const CHUNK = 5000;
const VALIDATE_CHUNK = 500;
/** Name lookups in flight at once per batch (the provider's own limits apply beyond this). */
const RESOLVE_CONCURRENCY = 16;

const P = (name: string) => sql.placeholder(name);
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const newReference = () => `dsb_${Date.now().toString(36)}${randomBytes(5).toString('hex')}`;
export const transferReference = (ref: string, row: number, attempt: number) => `${ref}-${row}-${attempt}`;

// ---- reading the file ----

type ParsedRow = {
  row_no: number;
  account_number: string;
  bank_code: string;
  amount_minor: number | null;
  narration: string;
  status: 'validating' | 'invalid';
  error: string | null;
};

const AMOUNT_RE = /^\d{1,13}(\.\d{1,2})?$/;

function parseAmount(raw: string): number | null {
  const s = raw.replace(/[,\s₦]/g, '');
  if (!AMOUNT_RE.test(s)) return null;
  const minor = toMinor(s);
  return minor > 0 ? minor : null;
}

/** The shape checks of one row (digits, amount, narration); NUBAN and the lookup are the job's. */
function checkRow(cells: string[], rowNo: number): ParsedRow {
  const [accountNumber = '', bankCode = '', amount = '', narration = ''] = cells;
  const amountMinor = parseAmount(amount);
  const error = !/^\d{10}$/.test(accountNumber)
    ? M.accountNumber
    : !bankCode
      ? M.bankCode
      : bankCode.length > 10
        ? M.unknownBank
        : amountMinor === null
          ? M.amount
          : narration.length > 100
            ? M.narration
            : null;
  return {
    row_no: rowNo,
    account_number: accountNumber.slice(0, 40),
    bank_code: bankCode.slice(0, 10),
    amount_minor: amountMinor,
    narration: narration.slice(0, 100),
    status: error ? 'invalid' : 'validating',
    error,
  };
}

export async function parseFile(bytes: Buffer): Promise<ParsedRow[]> {
  let sheet: string[][] | null;
  try {
    sheet = await readSheetRows(bytes);
  } catch (e) {
    if (e instanceof SheetError) throw fieldError('file', e.message);
    throw e;
  }
  if (!sheet) throw fieldError('file', M.fileUnreadable);
  const [header, ...rows] = sheet;
  const names = (header ?? []).map((h) => h.replace(/\s+/g, '').toLowerCase());
  if (!DISBURSEMENT_COLUMNS.every((c, i) => names[i] === c.toLowerCase()))
    throw fieldError('file', M.badHeader);
  if (!rows.length) throw fieldError('file', M.noRows);
  if (rows.length > DISBURSEMENT_MAX_ROWS) throw fieldError('file', M.tooManyRows);
  return rows.map((cells, i) => checkRow(cells, i + 1));
}

// ---- creating ----

export async function createDisbursement(
  deps: AppDeps,
  p: { tenant: TenantContext; userId: string; name: string; walletId: string; file: Buffer | null },
): Promise<string> {
  const { accountId } = p.tenant;
  const wallet = await getWallet(deps.db, accountId, p.walletId);
  if (!wallet) throw fieldError('walletId', M.selectWallet);
  if (wallet.currency !== 'NGN') throw fieldError('walletId', M.ngnOnly);
  if (!p.file?.length) throw fieldError('file', M.fileRequired);
  const rows = await parseFile(p.file);
  const id = await deps.db.transaction(async (tx) => {
    const [maker] = await tx
      .select({ first: users.firstName, last: users.lastName })
      .from(users)
      .where(eq(users.id, p.userId));
    const [b] = await tx
      .insert(disbursements)
      .values({
        accountId,
        subsidiaryId: subsidiaryForWrite(p.tenant),
        reference: newReference(),
        name: p.name,
        walletId: wallet.id,
        currency: wallet.currency,
        makerUserId: p.userId,
        makerName: `${maker?.first ?? ''} ${maker?.last ?? ''}`.trim(),
        itemCount: rows.length,
      })
      .returning({ id: disbursements.id });
    // One statement per 5,000 rows: the rows travel as one JSON parameter.
    for (let i = 0; i < rows.length; i += CHUNK)
      await tx.execute(sql`
        insert into disbursement_items (disbursement_id, account_id, row_no, account_number, bank_code, amount_minor, narration, status, error)
        select ${b.id}::uuid, ${accountId}::uuid, x.row_no, x.account_number, x.bank_code, x.amount_minor, x.narration, x.status, x.error
        from json_to_recordset(${JSON.stringify(rows.slice(i, i + CHUNK))}::json) as x(
          row_no int, account_number text, bank_code text, amount_minor bigint, narration text, status text, error text)`);
    return b.id;
  });
  sendJobSoon(deps, Q_VALIDATE, { id }, { singletonKey: id });
  return id;
}

// ---- validation (the job) ----

type Resolved = {
  status: 'valid' | 'invalid';
  error: string | null;
  bankName: string | null;
  accountName: string | null;
};

/** Looks up one bank account: NUBAN first (no paid lookup for a typo), then the provider's name. */
async function checkAccount(
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

async function feeRuleOf(db: DbOrTx, accountId: string) {
  const policy = await getFeePolicy(db, { accountId, method: 'bank-transfer', currency: 'NGN' });
  return (amount: number) => applyFeeRule(policy, amount);
}

async function pool<T, R>(items: T[], n: number, fn: (t: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]);
      }
    }),
  );
  return out;
}

/**
 * The job: checks the batch's `validating` rows 500 at a time (lookups cached per bank + account for
 * the batch, 16 in flight), writes each chunk's results in one statement, then finishes the batch.
 * Safe to run twice or after a crash: it only ever picks rows still `validating`.
 */
export async function validateBatch(deps: AppDeps, id: string): Promise<void> {
  const [b] = await deps.db.select().from(disbursements).where(eq(disbursements.id, id));
  if (!b || b.status !== 'validating') return;
  const banks = new Map((await listBanks(deps)).map((x) => [x.code, x]));
  const fee = await feeRuleOf(deps.db, b.accountId);
  const cache = new Map<string, Promise<Resolved>>();
  for (;;) {
    const rows = await deps.db
      .select({
        id: disbursementItems.id,
        accountNumber: disbursementItems.accountNumber,
        bankCode: disbursementItems.bankCode,
        amountMinor: disbursementItems.amountMinor,
      })
      .from(disbursementItems)
      .where(and(eq(disbursementItems.disbursementId, id), eq(disbursementItems.status, 'validating')))
      .orderBy(disbursementItems.rowNo)
      .limit(VALIDATE_CHUNK);
    if (!rows.length) break;
    const results = await pool(rows, RESOLVE_CONCURRENCY, async (r) => {
      const key = `${r.bankCode}:${r.accountNumber}`;
      let hit = cache.get(key);
      if (!hit) {
        hit = checkAccount(deps, banks, r.bankCode, r.accountNumber);
        cache.set(key, hit);
      }
      const v = await hit;
      return {
        id: r.id,
        status: v.status,
        error: v.error,
        bank_name: v.bankName,
        account_name: v.accountName,
        fee_minor: r.amountMinor === null ? null : fee(r.amountMinor),
      };
    });
    await deps.db.execute(sql`
      update disbursement_items d set status = x.status, error = x.error, bank_name = x.bank_name,
        account_name = x.account_name, fee_minor = x.fee_minor, updated_at = now()
      from json_to_recordset(${JSON.stringify(results)}::json)
        as x(id uuid, status text, error text, bank_name text, account_name text, fee_minor bigint)
      where d.id = x.id and d.status = 'validating'`);
    await deps.db
      .update(disbursements)
      .set({ updatedAt: sql`now()` })
      .where(eq(disbursements.id, id));
  }
  const after: (() => Promise<void> | void)[] = [];
  await deps.db.transaction(async (tx) => {
    const batch = await lockBatch(tx, b.accountId, id);
    if (batch.status !== 'validating') return;
    const c = await counts(tx, id);
    if (c.validating) return; // a late row: the next run finishes
    await storeTotals(tx, id);
    if (c.invalid) {
      await setStatus(tx, id, 'invalid');
      return;
    }
    // A fully valid batch goes to approval by itself.
    await sendForApproval(tx, deps, batch, (fn) => after.push(fn), false);
  });
  await runAfterCommit(after);
}

/** Re-queues batches whose validation job was lost (crash between commit and enqueue). */
async function sweepValidating(deps: AppDeps) {
  const stale = await deps.db
    .select({ id: disbursements.id })
    .from(disbursements)
    .where(
      and(
        eq(disbursements.status, 'validating'),
        sql`${disbursements.updatedAt} < now() - interval '30 seconds'`,
      ),
    )
    .limit(100);
  for (const s of stale) await sendJob(deps, Q_VALIDATE, { id: s.id }, { singletonKey: s.id });
}

// ---- state helpers ----

async function lockBatch(tx: DbOrTx, accountId: string, id: string): Promise<Batch> {
  const [b] = await tx
    .select()
    .from(disbursements)
    .where(and(eq(disbursements.id, id), eq(disbursements.accountId, accountId)))
    .for('update');
  if (!b) throw notFound('Disbursement');
  return b;
}

const setStatus = (tx: DbOrTx, id: string, status: DisbursementStatus, error: string | null = null) =>
  tx
    .update(disbursements)
    .set({ status, error, updatedAt: sql`now()` })
    .where(eq(disbursements.id, id));

/** A row's status as the screen shows it: a paying row's transfer decides paid or failed. */
const EFFECTIVE = sql`case when i.status = 'paying' then case t.status when 'success' then 'paid'
  when 'failed' then 'failed' when 'reversed' then 'failed' else 'paying' end else i.status end`;

const EMPTY: DisbursementProgress = {
  rows: 0,
  validating: 0,
  valid: 0,
  invalid: 0,
  paying: 0,
  paid: 0,
  failed: 0,
};

async function countsOf(db: DbOrTx, ids: string[]): Promise<Map<string, DisbursementProgress>> {
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

const counts = async (db: DbOrTx, id: string) => (await countsOf(db, [id])).get(id) ?? { ...EMPTY };

/** The valid rows' totals, kept on the batch for the list and the approval's amount. */
async function storeTotals(tx: DbOrTx, id: string) {
  await tx.execute(sql`
    update disbursements d set amount_minor = s.a, fee_minor = s.f, updated_at = now()
    from (select coalesce(sum(amount_minor), 0) as a, coalesce(sum(fee_minor), 0) as f
          from disbursement_items where disbursement_id = ${id}::uuid and status <> 'invalid') s
    where d.id = ${id}::uuid`);
}

/** Derived status: a paying batch is completed / partially_failed / failed once no row is in flight. */
function statusOf(b: Pick<Batch, 'status'>, c: DisbursementProgress): DisbursementStatus {
  if (b.status !== 'paying') return b.status;
  if (c.paying) return 'paying';
  if (!c.failed) return 'completed';
  return c.paid ? 'partially_failed' : 'failed';
}

// ---- submission and approval ----

async function sendForApproval(tx: Tx, deps: AppDeps, b: Batch, afterCommit: AfterCommit, strict: boolean) {
  const [t] = await tx
    .select({ a: disbursements.amountMinor })
    .from(disbursements)
    .where(eq(disbursements.id, b.id));
  try {
    // Limits by KYB tier apply to the batch total (the money core's one payout rule).
    await checkPayoutLimit(deps, tx, {
      accountId: b.accountId,
      amountMinor: t.a,
      currency: 'NGN',
      fields: ['file'],
    });
  } catch (err) {
    if (strict || !(err instanceof AppError) || err.statusCode >= 500) throw err;
    await setStatus(tx, b.id, 'invalid', err.message);
    return;
  }
  await setStatus(tx, b.id, 'pending');
  await submitForApproval(tx, deps, {
    accountId: b.accountId,
    type: 'disbursement',
    resourceId: b.id,
    afterCommit,
  });
}

/** POST /disbursements/{id}/submit: a batch whose failed rows were fixed goes to approval. */
export async function submitDisbursement(deps: AppDeps, p: { tenant: TenantContext; id: string }) {
  const after: (() => Promise<void> | void)[] = [];
  await deps.db.transaction(async (tx) => {
    const b = await lockBatch(tx, p.tenant.accountId, p.id);
    if (b.status === 'validating') throw conflict(M.stillValidating);
    if (b.status !== 'invalid') throw conflict(M.notSubmittable);
    const c = await counts(tx, b.id);
    if (c.validating) throw conflict(M.stillValidating);
    if (c.invalid) throw conflict(M.hasInvalidRows);
    await storeTotals(tx, b.id);
    await sendForApproval(tx, deps, b, (fn) => after.push(fn), true);
  });
  await runAfterCommit(after);
}

/** PATCH /disbursements/{id}/items/{itemId}: re-validates a failed row with new bank details. */
export async function fixItem(
  deps: AppDeps,
  p: { tenant: TenantContext; id: string; itemId: string; accountNumber: string; bankCode: string },
) {
  const { accountId } = p.tenant;
  const [b] = await deps.db
    .select({ status: disbursements.status })
    .from(disbursements)
    .where(and(eq(disbursements.id, p.id), eq(disbursements.accountId, accountId)));
  if (!b) throw notFound('Disbursement');
  const item = await itemOf(deps.db, p.id, p.itemId);
  if (b.status !== 'invalid') throw conflict(M.rowNotEditable);
  if (item.status !== 'invalid') throw conflict(M.rowNotInvalid);
  // The lookup runs before the transaction (no bank call holds a lock).
  const banks = new Map((await listBanks(deps)).map((x) => [x.code, x]));
  const v = await checkAccount(deps, banks, p.bankCode, p.accountNumber);
  if (v.error === M.unknownBank) throw fieldError('bankCode', M.unknownBank);
  if (v.error) throw fieldError('accountNumber', v.error);
  const fee = await feeRuleOf(deps.db, accountId);
  await deps.db.transaction(async (tx) => {
    const locked = await lockBatch(tx, accountId, p.id);
    if (locked.status !== 'invalid') throw conflict(M.rowNotEditable);
    const [cur] = await tx
      .select()
      .from(disbursementItems)
      .where(eq(disbursementItems.id, p.itemId))
      .for('update');
    if (cur.status !== 'invalid') throw conflict(M.rowNotInvalid);
    // A row whose amount could not be read stays failed with that reason until re-uploaded.
    const amountOk = cur.amountMinor !== null && cur.narration.length <= 100;
    await tx
      .update(disbursementItems)
      .set({
        accountNumber: p.accountNumber,
        bankCode: p.bankCode,
        bankName: v.bankName,
        accountName: v.accountName,
        status: amountOk ? 'valid' : 'invalid',
        error: amountOk ? null : M.amount,
        feeMinor: cur.amountMinor === null ? null : fee(cur.amountMinor),
        updatedAt: sql`now()`,
      })
      .where(eq(disbursementItems.id, p.itemId));
    await storeTotals(tx, p.id);
    if (locked.error) await setStatus(tx, p.id, 'invalid');
  });
}

async function itemOf(db: DbOrTx, id: string, itemId: string): Promise<ItemRow> {
  const [item] = await db
    .select()
    .from(disbursementItems)
    .where(and(eq(disbursementItems.id, itemId), eq(disbursementItems.disbursementId, id)));
  if (!item) throw notFound('Row');
  return item;
}

// ---- payment ----

type PayRow = Pick<
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
const batchRows = (b: Batch, rows: PayRow[]): OutflowBatchRow[] =>
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
async function payableRows(db: DbOrTx, batchId: string): Promise<PayRow[]> {
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
async function payRows(
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

export function registerDisbursementApprovals(deps: AppDeps) {
  const batchOf = async (ctx: HandlerContext) => {
    const [b] = await ctx.tx
      .select()
      .from(disbursements)
      .where(and(eq(disbursements.id, ctx.item.resourceId), eq(disbursements.accountId, ctx.item.accountId)))
      .for('update');
    return b;
  };
  registerApprovable(deps, {
    type: 'disbursement',
    load: async (db, accountId, id) => {
      const [b] = await db
        .select()
        .from(disbursements)
        .where(and(eq(disbursements.id, id), eq(disbursements.accountId, accountId)));
      if (!b) return null;
      return {
        amountMinor: b.amountMinor,
        currency: b.currency,
        payee: `${b.itemCount} recipient${b.itemCount === 1 ? '' : 's'}`,
        description: b.name,
        categoryId: null,
        subsidiaryId: b.subsidiaryId,
        makerUserId: b.makerUserId,
        reference: b.reference,
      };
    },
    manifest: async (db, accountId, id) => {
      const [b] = await db
        .select()
        .from(disbursements)
        .where(and(eq(disbursements.id, id), eq(disbursements.accountId, accountId)));
      if (!b) return null;
      const rows = batchRows(b, await payableRows(db, b.id));
      return batchManifest(
        db,
        accountId,
        rows.map((r) => r.draft),
      );
    },
    path: (id) => `/disbursements/${id}`,
    onFinalApproval: async (ctx) => {
      const b = await batchOf(ctx);
      if (!b || b.status !== 'pending') return;
      const all = await payableRows(ctx.tx, b.id);
      const valid = await ctx.tx
        .select({ id: disbursementItems.id })
        .from(disbursementItems)
        .where(and(eq(disbursementItems.disbursementId, b.id), eq(disbursementItems.status, 'valid')));
      await payRows(ctx.tx, deps, b, all, new Set(valid.map((v) => v.id)), ctx.afterCommit);
    },
    onRejection: async (ctx) => {
      const b = await batchOf(ctx);
      if (b?.status === 'pending') await setStatus(ctx.tx, b.id, 'rejected');
    },
    onResolve: async (ctx) => {
      const b = await batchOf(ctx);
      if (b?.status === 'rejected') await setStatus(ctx.tx, b.id, 'pending');
    },
  });
}

export function registerValidation(deps: AppDeps) {
  defineQueue<{ id: string }>(deps, Q_VALIDATE, (d) => validateBatch(deps, d.id), {
    policy: 'short',
    concurrency: 2,
    retryLimit: 5,
    retryDelay: 2,
    expireInSeconds: 600,
    pollSeconds: 0.5,
  });
  defineTicker(deps, 'disbursements', 10_000, sweepValidating);
}

// ---- reading ----

const LIST = {
  where: and(
    eq(disbursements.accountId, P('accountId')),
    sql`(${P('subsidiaryId')}::uuid is null or ${disbursements.subsidiaryId} = ${P('subsidiaryId')}::uuid)`,
    sql`(${P('tab')}::text is null or (case ${disbursements.status} when 'rejected' then 'rejected' when 'paying' then 'active' else 'pending' end) = ${P('tab')})`,
    sql`(${P('like')}::text is null or ${disbursements.reference} ilike ${P('like')} or ${disbursements.name} ilike ${P('like')} or ${disbursements.makerName} ilike ${P('like')})`,
    sql`(${P('from')}::timestamptz is null or ${disbursements.createdAt} >= ${P('from')}::timestamptz)`,
    sql`(${P('to')}::timestamptz is null or ${disbursements.createdAt} < ${P('to')}::timestamptz)`,
  )!,
  orderBy: [desc(disbursements.createdAt), desc(disbursements.id)],
  columns: getTableColumns(disbursements),
};
const listPage = preparedPage('disbursements', disbursements, LIST);
const listCsvRows = preparedCsv('disbursements', disbursements, LIST);

type Query = ListQuery & { status?: DisbursementTab; period?: '24h' | '7d' | '30d' };
const PERIOD_MS = { '24h': 86_400_000, '7d': 7 * 86_400_000, '30d': 30 * 86_400_000 } as const;
const lagosStart = (d: string) => new Date(d.length === 10 ? `${d}T00:00:00+01:00` : d);

/** The list kit's `where` JSON ({ status? }) folded into the query. */
function tabOf(q: Query): DisbursementTab | null {
  if (q.status) return q.status;
  if (!q.where?.trim()) return null;
  let w: unknown;
  try {
    w = JSON.parse(q.where);
  } catch {
    throw fieldError('where', 'where must be a JSON object');
  }
  if (!w || typeof w !== 'object' || Array.isArray(w))
    throw fieldError('where', 'where must be a JSON object');
  const { status } = w as { status?: unknown };
  if (status === undefined || status === '') return null;
  if (status !== 'pending' && status !== 'rejected' && status !== 'active')
    throw fieldError('where', 'Status must be pending, rejected or active');
  return status;
}

function listParams(tenant: TenantContext, q: Query) {
  const since = q.period ? new Date(Date.now() - PERIOD_MS[q.period]) : null;
  const from = q.from ? lagosStart(q.from) : null;
  const start = since && (!from || since > from) ? since : from;
  return {
    accountId: tenant.accountId,
    subsidiaryId: tenant.subsidiaryId ?? null,
    tab: tabOf(q),
    like: q.search ? `%${escapeLike(q.search)}%` : null,
    from: start ? start.toISOString() : null,
    to: q.to
      ? q.to.length === 10
        ? new Date(lagosStart(q.to).getTime() + 86_400_000).toISOString()
        : new Date(q.to).toISOString()
      : null,
  };
}

function dto(b: Batch, c: DisbursementProgress, approvalStatus: string | null): Disbursement {
  const total = b.amountMinor + b.feeMinor;
  return {
    id: b.id,
    reference: b.reference,
    name: b.name,
    walletId: b.walletId,
    currency: b.currency,
    status: statusOf(b, c),
    approvalStatus,
    error: b.error,
    itemCount: b.itemCount,
    total: fromMinor(total),
    totalMinor: total,
    fee: fromMinor(b.feeMinor),
    feeMinor: b.feeMinor,
    progress: c,
    maker: { id: b.makerUserId, name: b.makerName },
    createdAt: b.createdAt.toISOString(),
    updatedAt: b.updatedAt.toISOString(),
  };
}

async function withState(db: DbOrTx, accountId: string, rows: Batch[]): Promise<Disbursement[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const c = await countsOf(db, ids);
  const items = await db
    .select({ resourceId: approvalItems.resourceId, status: approvalItems.status })
    .from(approvalItems)
    .where(
      and(
        eq(approvalItems.accountId, accountId),
        eq(approvalItems.type, 'disbursement'),
        inArray(approvalItems.resourceId, ids),
      ),
    );
  const ap = new Map(items.map((i) => [i.resourceId, i.status]));
  return rows.map((r) => dto(r, c.get(r.id) ?? { ...EMPTY }, ap.get(r.id) ?? null));
}

export async function listDisbursements(db: Db, tenant: TenantContext, q: Query) {
  const { rows, total } = await listPage(db, listParams(tenant, q), q);
  return { items: await withState(db, tenant.accountId, rows as Batch[]), total };
}

const LIST_CSV: CsvColumn<Batch>[] = [
  { header: 'Reference', value: (r) => r.reference },
  { header: 'Name', value: (r) => r.name },
  { header: 'Status', value: (r) => r.status },
  { header: 'Rows', value: (r) => r.itemCount },
  { header: 'Amount', value: (r) => fromMinor(r.amountMinor) },
  { header: 'Fee', value: (r) => fromMinor(r.feeMinor) },
  { header: 'Created by', value: (r) => r.makerName },
  { header: 'Created', value: (r) => r.createdAt.toISOString() },
];

export const disbursementsCsv = (db: Db, tenant: TenantContext, q: Query) =>
  listCsvRows(db, listParams(tenant, q), (r) => r as Batch, LIST_CSV);

type ItemView = ItemRow & { effective: DisbursementItemStatus; failure: string | null };

async function itemsOf(db: DbOrTx, id: string, only?: DisbursementItemStatus): Promise<ItemView[]> {
  const r = await executeNamed(
    db,
    'owo_disbursement_items',
    sql`select i.*, ${EFFECTIVE} as effective, t.failure_reason as failure
        from disbursement_items i left join transactions t on t.id = i.transaction_id
        where i.disbursement_id = ${id}::uuid and (${only ?? null}::text is null or ${EFFECTIVE} = ${only ?? null}::text)
        order by i.row_no`,
  );
  return r.map((x) => ({
    id: x.id as string,
    disbursementId: x.disbursement_id as string,
    accountId: x.account_id as string,
    rowNo: Number(x.row_no),
    accountNumber: x.account_number as string,
    bankCode: x.bank_code as string,
    bankName: (x.bank_name as string) ?? null,
    accountName: (x.account_name as string) ?? null,
    amountMinor: x.amount_minor === null ? null : Number(x.amount_minor),
    feeMinor: x.fee_minor === null ? null : Number(x.fee_minor),
    narration: x.narration as string,
    status: x.status as DisbursementItemStatus,
    error: (x.error as string) ?? null,
    attempt: Number(x.attempt),
    transactionId: (x.transaction_id as string) ?? null,
    updatedAt: x.updated_at as Date,
    effective: x.effective as DisbursementItemStatus,
    failure: (x.failure as string) ?? null,
  }));
}

const m = (v: number | null) => (v === null ? null : fromMinor(v));

function itemDto(i: ItemView): DisbursementItem {
  return {
    id: i.id,
    row: i.rowNo,
    accountNumber: i.accountNumber,
    bankCode: i.bankCode,
    bankName: i.bankName,
    accountName: i.accountName,
    amount: m(i.amountMinor),
    amountMinor: i.amountMinor,
    fee: m(i.feeMinor),
    feeMinor: i.feeMinor,
    narration: i.narration,
    status: i.effective,
    error: i.effective === 'failed' && i.status === 'paying' ? (i.failure ?? 'Transfer failed') : i.error,
    attempt: i.attempt,
    transactionId: i.transactionId,
  };
}

async function batchOf(db: DbOrTx, tenant: TenantContext, id: string): Promise<Batch> {
  const [b] = await db
    .select()
    .from(disbursements)
    .where(
      and(
        eq(disbursements.id, id),
        eq(disbursements.accountId, tenant.accountId),
        tenant.subsidiaryId ? eq(disbursements.subsidiaryId, tenant.subsidiaryId) : undefined,
      ),
    );
  if (!b) throw notFound('Disbursement');
  return b;
}

export async function getDisbursement(
  db: Db,
  p: { tenant: TenantContext; id: string; viewerId: string; itemStatus?: DisbursementItemStatus },
): Promise<DisbursementDetail> {
  const b = await batchOf(db, p.tenant, p.id);
  const [out] = await withState(db, p.tenant.accountId, [b]);
  return {
    ...out,
    items: (await itemsOf(db, b.id, p.itemStatus)).map(itemDto),
    approvalWorkflowPendingApprovalItem: await approvalOf(db, {
      accountId: p.tenant.accountId,
      type: 'disbursement',
      resourceId: b.id,
      viewerId: p.viewerId,
    }),
  };
}

const REPORT_HEADER = [
  'Row',
  'Account number',
  'Bank code',
  'Bank',
  'Account name',
  'Amount',
  'Fee',
  'Narration',
  'Status',
  'Error',
  'Transfer reference',
];

/** GET /disbursements/{id}/report: one CSV line per row with its outcome. */
export async function reportCsv(
  db: Db,
  tenant: TenantContext,
  id: string,
): Promise<{ name: string; body: Readable }> {
  const b = await batchOf(db, tenant, id);
  const items = (await itemsOf(db, b.id)).map((i) => ({ i, d: itemDto(i) }));
  const lines = [csvLine(REPORT_HEADER)];
  for (const { i, d } of items)
    lines.push(
      csvLine([
        d.row,
        d.accountNumber,
        d.bankCode,
        d.bankName,
        d.accountName,
        d.amount,
        d.fee,
        d.narration,
        d.status,
        d.error,
        i.attempt ? transferReference(b.reference, i.rowNo, i.attempt) : '',
      ]),
    );
  return { name: `owo-disbursement-${b.reference}.csv`, body: Readable.from([lines.join('')]) };
}
