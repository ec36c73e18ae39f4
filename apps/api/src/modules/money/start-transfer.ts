// Starting a wallet-to-bank transfer: the hold (wallet -> payouts-in-flight, amount + fee leave the
// available balance at once), one or many at a time, and the rail's acceptance (pending -> processing).
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { executeNamed, hotStatement, pgCode, pgConstraint, type DbOrTx } from '../../platform/db';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { transactions, wallets } from './tables';
import {
  insufficientFunds,
  newReference,
  REFERENCE_RE,
  toTransactionRow,
  type TransactionRow,
} from './transfers';

export type StartTransferInput = {
  accountId: string;
  walletId: string;
  amount: number;
  fee: number;
  bankCode: string;
  accountNumber: string;
  accountName: string;
  bankName?: string;
  narration?: string;
  reference?: string;
  initiatedBy: string;
  sourceType?: string;
  sourceId?: string;
  /** The rail that will carry it (clearing account); may also be set later by markProcessing. */
  provider?: string;
  metadata?: Record<string, unknown>;
};

/** The amount, fee and reference of a transfer, checked: answers the reference (a new one when none is given). */
function checkTransferInput(p: { amount: number; fee: number; reference?: string }): string {
  if (!Number.isSafeInteger(p.amount) || p.amount <= 0)
    throw badRequest('Amount must be greater than zero', { amount: ['Amount must be greater than zero'] });
  if (!Number.isSafeInteger(p.fee) || p.fee < 0) throw new Error(`invalid fee ${p.fee}`);
  const reference = p.reference ?? newReference();
  if (!REFERENCE_RE.test(reference))
    throw badRequest('Reference may only contain lowercase letters, digits, - and _ (6 to 100 characters)', {
      reference: ['Reference may only contain lowercase letters, digits, - and _ (6 to 100 characters)'],
    });
  return reference;
}

const counterpartyOf = (
  p: Pick<StartTransferInput, 'bankCode' | 'accountNumber' | 'accountName' | 'bankName'>,
) => ({
  bankCode: p.bankCode,
  accountNumber: p.accountNumber,
  accountName: p.accountName,
  ...(p.bankName ? { bankName: p.bankName } : {}),
});

function duplicateReference(err: unknown): never {
  if (pgCode(err) === '23505' && pgConstraint(err) === 'transactions_reference_key')
    throw conflict('A transaction with this reference already exists', {
      reference: ['A transaction with this reference already exists'],
    });
  throw err;
}

/** No row came back from a start: the wallet is not this account's (404), or it cannot cover the hold (422). */
async function whyNotStarted(db: DbOrTx, accountId: string, walletId: string): Promise<never> {
  const [w] = await db
    .select({ id: wallets.id })
    .from(wallets)
    .where(and(eq(wallets.id, walletId), eq(wallets.accountId, accountId)));
  if (!w) throw notFound('Wallet');
  throw insufficientFunds();
}

type StartKey =
  | 'id'
  | 'walletId'
  | 'accountId'
  | 'total'
  | 'amount'
  | 'fee'
  | 'reference'
  | 'provider'
  | 'counterparty'
  | 'narration'
  | 'sourceType'
  | 'sourceId'
  | 'initiatedBy'
  | 'metadata'
  | 'memo';
const startStatement = hotStatement<StartKey>(
  'owo_start_transfer',
  (p) => sql`
      with w as (
        update wallets set balance = balance - ${p.total}::bigint, pending_balance = pending_balance + ${p.total}::bigint, updated_at = now()
        where id = ${p.walletId}::uuid and account_id = ${p.accountId}::uuid and balance >= ${p.total}::bigint
        returning id, account_id, currency, ledger_account_id, hold_ledger_account_id
      ), t as (
        insert into transactions (id, account_id, wallet_id, type, status, amount, fee, currency, reference, provider, counterparty, narration, source_type, source_id, created_by, metadata)
        select ${p.id}::uuid, w.account_id, w.id, 'payout', 'pending', ${p.amount}::bigint, ${p.fee}::bigint, w.currency, ${p.reference}::text,
               ${p.provider}::text, ${p.counterparty}::jsonb, ${p.narration}::text, ${p.sourceType}::text, ${p.sourceId}::text,
               ${p.initiatedBy}::uuid, ${p.metadata}::jsonb
        from w returning id, account_id, currency, created_at
      ), e as (
        insert into journal_entries (account_id, transaction_id, kind, memo)
        select t.account_id, t.id, 'payout.hold', ${p.memo}::text from t returning id
      ), p as (
        insert into postings (entry_id, ledger_account_id, amount, currency)
        select e.id, v.la, v.amt, w.currency from e, w,
          lateral (values (w.ledger_account_id, -${p.total}::bigint), (w.hold_ledger_account_id, ${p.total}::bigint)) as v(la, amt)
      )
      select t.currency, t.created_at from t`,
);

/**
 * Records a payout and holds its money, in one statement (so one transaction, all or nothing):
 * the conditional wallet update is the overdraft guard; when it matches no row nothing else is written.
 */
export async function startTransfer(db: DbOrTx, p: StartTransferInput): Promise<TransactionRow> {
  const reference = checkTransferInput(p);
  const id = randomUUID();
  const counterparty = counterpartyOf(p);
  const metadata = p.metadata ?? {};
  let rows: Record<string, unknown>[];
  try {
    // Answers only what the database decides (the currency, the time); the rest of the row is what
    // was written, so the hot path parses two columns, not twenty-one.
    rows = await startStatement(db, {
      id,
      walletId: p.walletId,
      accountId: p.accountId,
      total: p.amount + p.fee,
      amount: p.amount,
      fee: p.fee,
      reference,
      provider: p.provider ?? null,
      counterparty: JSON.stringify(counterparty),
      narration: p.narration ?? null,
      sourceType: p.sourceType ?? null,
      sourceId: p.sourceId ?? null,
      initiatedBy: p.initiatedBy,
      metadata: JSON.stringify(metadata),
      memo: `hold for transfer ${reference}`,
    });
  } catch (err) {
    duplicateReference(err);
  }
  if (!rows.length) return whyNotStarted(db, p.accountId, p.walletId);
  const createdAt =
    rows[0].created_at instanceof Date ? rows[0].created_at : new Date(String(rows[0].created_at));
  return {
    id,
    accountId: p.accountId,
    walletId: p.walletId,
    type: 'payout',
    status: 'pending',
    amount: p.amount,
    fee: p.fee,
    currency: rows[0].currency as string,
    reference,
    provider: p.provider ?? null,
    providerRef: null,
    counterparty,
    narration: p.narration ?? null,
    failureReason: null,
    relatedTransactionId: null,
    sourceType: p.sourceType ?? null,
    sourceId: p.sourceId ?? null,
    createdBy: p.initiatedBy,
    metadata,
    createdAt,
    updatedAt: createdAt,
  };
}

/** One payout of a `startTransfers` batch: the per-transfer half of StartTransferInput. */
export type BatchTransferItem = Pick<
  StartTransferInput,
  'amount' | 'fee' | 'bankCode' | 'accountNumber' | 'accountName' | 'bankName' | 'narration' | 'metadata'
> & {
  reference: string;
  /** Per transfer, when the batch's records differ (settlement rows of many invoices); else the batch's. */
  sourceId?: string;
  initiatedBy?: string;
};

/** Transfers per statement in startTransfers (a JSON parameter of ~300 bytes each). */
const START_CHUNK = 1000;

/**
 * Many payouts from ONE wallet, set-based: per chunk of 1,000, one statement moves the wallet once by
 * the chunk's total (the same conditional overdraft guard as startTransfer), inserts the transfers,
 * one hold entry each and their postings (the ledger trigger checks and caches them once per
 * statement). Every invariant of startTransfer holds per transfer: same rows, same entry kind, same
 * unique reference. All or nothing: the caller's transaction is rolled back by the throw when a
 * chunk cannot be covered (422) or a reference exists (409). Use it in a transaction (bulk
 * disbursements, payroll runs): 10,000 single starts re-write one wallet row 10,000 times in one
 * transaction, which PostgreSQL does in quadratic time (each update walks the row's version chain).
 * Answers the transfers in the order given.
 */
export async function startTransfers(
  db: DbOrTx,
  p: Omit<StartTransferInput, keyof BatchTransferItem | 'sourceId' | 'initiatedBy'> & {
    sourceId?: string;
    initiatedBy: string;
    items: BatchTransferItem[];
  },
): Promise<TransactionRow[]> {
  const items = p.items.map((it) => ({
    id: randomUUID(),
    amount: it.amount,
    fee: it.fee,
    reference: checkTransferInput(it),
    counterparty: counterpartyOf(it),
    narration: it.narration ?? null,
    metadata: it.metadata ?? {},
    source_id: it.sourceId ?? p.sourceId ?? null,
    created_by: it.initiatedBy ?? p.initiatedBy,
  }));
  if (!items.length) return [];
  const byReference = new Map<string, TransactionRow>();
  for (let i = 0; i < items.length; i += START_CHUNK) {
    const chunk = items.slice(i, i + START_CHUNK);
    let rows: Record<string, unknown>[];
    try {
      rows = await executeNamed(
        db,
        'owo_start_transfers',
        sql`
      with x as (
        select * from json_to_recordset(${JSON.stringify(chunk)}::json)
          as x(id uuid, amount bigint, fee bigint, reference text, counterparty jsonb, narration text, metadata jsonb,
               source_id text, created_by uuid)
      ), w as (
        update wallets set balance = balance - s.total, pending_balance = pending_balance + s.total, updated_at = now()
          from (select sum(x.amount + x.fee)::bigint as total from x) s
         where wallets.id = ${p.walletId}::uuid and wallets.account_id = ${p.accountId}::uuid and wallets.balance >= s.total
        returning wallets.id, wallets.account_id, wallets.currency, wallets.ledger_account_id, wallets.hold_ledger_account_id
      ), t as (
        insert into transactions (id, account_id, wallet_id, type, status, amount, fee, currency, reference, provider, counterparty, narration, source_type, source_id, created_by, metadata)
        select x.id, w.account_id, w.id, 'payout', 'pending', x.amount, x.fee, w.currency, x.reference,
               ${p.provider ?? null}, x.counterparty, x.narration, ${p.sourceType ?? null}, x.source_id,
               x.created_by, x.metadata
          from x, w returning *
      ), e as (
        insert into journal_entries (account_id, transaction_id, kind, memo)
        select t.account_id, t.id, 'payout.hold', 'hold for transfer ' || t.reference from t returning id, transaction_id
      ), p as (
        insert into postings (entry_id, ledger_account_id, amount, currency)
        select e.id, v.la, v.amt, w.currency from e join x on x.id = e.transaction_id, w,
          lateral (values (w.ledger_account_id, -(x.amount + x.fee)), (w.hold_ledger_account_id, x.amount + x.fee)) as v(la, amt)
      )
      select * from t`,
      );
    } catch (err) {
      duplicateReference(err);
    }
    if (!rows.length) return whyNotStarted(db, p.accountId, p.walletId);
    for (const r of rows) {
      const t = toTransactionRow(r);
      byReference.set(t.reference, t);
    }
  }
  return items.map((it) => byReference.get(it.reference)!);
}

/** pending -> processing once the rail accepted the transfer; anything else changes nothing. */
export async function markProcessing(
  db: DbOrTx,
  reference: string,
  providerRef: string | null,
  provider?: string,
): Promise<{ changed: boolean; transaction: TransactionRow | null }> {
  const [row] = await db
    .update(transactions)
    .set({
      status: 'processing',
      providerRef,
      ...(provider ? { provider: sql`coalesce(${transactions.provider}, ${provider})` } : {}),
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(transactions.reference, reference),
        eq(transactions.status, 'pending'),
        eq(transactions.type, 'payout'),
      ),
    )
    .returning();
  if (row) return { changed: true, transaction: row };
  const [t] = await db.select().from(transactions).where(eq(transactions.reference, reference));
  return { changed: false, transaction: t ?? null };
}

/**
 * markProcessing for many accepted transfers in one statement (a bulk dispatch): pending ->
 * processing with the provider's reference; anything not pending is left as it is.
 */
export async function markProcessingMany(
  db: DbOrTx,
  accepted: { reference: string; providerRef: string | null }[],
  provider: string,
): Promise<number> {
  if (!accepted.length) return 0;
  const r = await db.execute(sql`
    update transactions t set status = 'processing', provider_ref = x.provider_ref,
      provider = coalesce(t.provider, ${provider}), updated_at = now()
    from json_to_recordset(${JSON.stringify(accepted.map((a) => ({ reference: a.reference, provider_ref: a.providerRef })))}::json)
      as x(reference text, provider_ref text)
    where t.reference = x.reference and t.status = 'pending' and t.type = 'payout'`);
  return r.rowCount ?? 0;
}
