// What both settle paths share (settle-transfer.ts, one statement; settle-locked.ts, transactional):
// the settle's dependencies, the SQL of its system accounts and seam statements, the notification
// texts and the `recordPaid` announcement.
import { sql, type SQL } from 'drizzle-orm';
import { formatMoney } from '@owo/contract';
import type { DbOrTx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import type { Seams } from '../../platform/seams';
import { formatMoneySql } from './format-sql';
import { SYSTEM } from './ledger';
import { DEFAULT_PROVIDER, type TransactionRow } from './transfers';

export type SettleOutcome = 'success' | 'failed' | 'reversed';

/** One rail outcome, as `settleTransfer` takes it. */
export type SettleInput = {
  reference: string;
  outcome: SettleOutcome;
  reason?: string;
  providerRef?: string;
};

/**
 * What both one-statement settles write in SQL: `described`, describeTransfer over the updated row `u`
 * (the notification's text before the outcome's words), and the ids of the system ledger accounts
 * the paid transfer posts to, by code (created on first use by the transactional path: a missing one
 * leaves a posting without its account, so the statement fails whole and that path runs).
 */
export function settleSql() {
  const system = (code: SQL) => sql`(select la.id from ledger_accounts la where la.account_id is null
    and la.wallet_id is null and la.code = ${code} and la.currency = t.currency)`;
  return {
    described: sql`'Transfer of ' || ${formatMoneySql(sql`u.amount`, sql`u.currency`)}
      || coalesce(' to ' || nullif(u.counterparty->>'accountName', ''), '')`,
    clearing: system(sql`'clearing:' || coalesce(t.provider, ${DEFAULT_PROVIDER}::text)`),
    fees: system(sql`${SYSTEM.feesRevenue}::text`),
  };
}

/** A payout of some area's record (`source_type`/`source_id`) that the money core settled as paid. */
export type RecordPaid = { accountId: string; transactionId: string; sourceType: string; sourceId: string };
/** What a settle needs of the app: its database and its seams (`settleSql`, `recordPaid`, `moneyEvent`). */
export type SettleDeps = Pick<AppDeps, 'db' | 'seams'>;

/*
 * "A record was paid" (issue 27 §1), the `recordPaid` seam (money/seams.ts): every area's payouts
 * settle here, so a listener hears expenses, payouts, bills and payroll rows alike without any area
 * calling it. Listeners run after the settle, never inside it, and must not throw or block (queue
 * a job); a settle inside a caller's transaction may still roll back, so a listener re-reads the
 * transaction and a sweep backs it up (what is announced is a hint, the ledger is the truth).
 *
 * Statements that must commit with a settle (issue 27 §3: the developers' webhook outbox for the
 * areas' paid/failed events), the `settleSql` seam. Each is given `u`, a relation holding the settled
 * `transactions` row (snake_case columns, the new status), and answers ONE data-modifying statement
 * over it (an insert … select … from u). The one-statement settle folds them in as CTEs; the
 * transactional path runs each as `with u as (…) <statement>` in its transaction. Registered at
 * boot, so the prepared settle's text is fixed by the names registered.
 */
export const settleCtes = (seams: Seams) =>
  sql.join(
    seams.hooks('settleSql').map((fn, i) => sql`, s${sql.raw(String(i))} as (${fn(sql`u`)})`),
    sql``,
  );
export async function runSettleStatements(tx: DbOrTx, seams: Seams, transactionId: string) {
  for (const fn of seams.hooks('settleSql'))
    await tx.execute(sql`with u as (select * from transactions where id = ${transactionId}) ${fn(sql`u`)}`);
}

export function announcePaid(seams: Seams, t: TransactionRow) {
  if (t.status !== 'success' || !t.sourceType || !t.sourceId || !t.accountId) return;
  for (const fn of seams.hooks('recordPaid')) {
    try {
      fn({ accountId: t.accountId, transactionId: t.id, sourceType: t.sourceType, sourceId: t.sourceId });
    } catch {
      // a listener's failure never fails a settle; its sweep recovers
    }
  }
}

/** ': reason.' or '.' */
export function withReason(reason?: string): string {
  const r = reason?.trim().replace(/\.+$/, '');
  return r ? `: ${r}.` : '.';
}

/** "Transfer of ₦2,500.50 to ADA OBI" for notification texts. */
export function describeTransfer(t: Pick<TransactionRow, 'amount' | 'currency' | 'counterparty'>): string {
  const name = (t.counterparty as { accountName?: string }).accountName;
  return `Transfer of ${formatMoney(t.amount, t.currency)}${name ? ` to ${name}` : ''}`;
}
