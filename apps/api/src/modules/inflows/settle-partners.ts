// Partner settlements (issue 24 §3): the payouts of settlement rows, set-based per company with a
// row-by-row fallback, and the retry of failed ones (002 §4).
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { conflict } from '../../platform/errors';
import { dispatchManySoon, dispatchSoon } from '../funding';
import { getWalletByCurrency, payOut, payOutBatch, type OutflowDraft } from '../money';
import type { PendingPayout } from './apply-collections';
import { invoiceRow } from './invoice-read';
import type { AfterCommit } from './shared';
import { inflowPartners, invoices, invoiceSettlements } from './tables';
import { transactions } from '../../platform/schema';

export const SETTLEMENT_MSG = {
  retried: 'Settlements reinitialized successfully',
  cannotRetry: 'Unable to reinitialize settlements',
} as const;
type InvoiceRow = typeof invoices.$inferSelect;
type SettlementRow = typeof invoiceSettlements.$inferSelect;
type PartnerRow = typeof inflowPartners.$inferSelect;

/** The declared authority of a settlement (no approval by design: money/outflow.ts SYSTEM_AUTHORITIES). */
const settlementAuthority = (s: Pick<SettlementRow, 'id'>) =>
  ({ system: 'invoice-partner-settlement', resourceId: s.id }) as const;

/**
 * What a settlement pays: its own manifest once it was started (a retry pays exactly that, fee
 * included), else the partner's bank account configured for the invoice, from the company's NGN wallet.
 */
function settlementDraft(s: SettlementRow, p: PartnerRow, walletId: string): OutflowDraft {
  if (s.manifest) {
    const { feeMinor, ...rest } = s.manifest;
    return { ...rest, statedFeeMinor: feeMinor };
  }
  return {
    amountMinor: s.amountMinor,
    currency: 'NGN',
    walletId,
    bankCode: p.bankCode,
    bankName: p.bankName,
    accountNumber: p.accountNumber,
    accountName: p.accountName,
    payee: p.id,
    date: null,
  };
}

/**
 * Pays many settlement rows set-based, through the one entry point's batch form (per company: one
 * `payOutBatch`, the wallet moved once, each row its own transfer, reference `settlementReference`
 * and source row) under the declared settlement authority; each row keeps its manifest. When the
 * batch is refused (a limit, the wallet not covering all at once), each row takes `payOut` (some may
 * then still be paid, the others fail with the reason).
 */
export async function payOutMany(tx: Tx, deps: AppDeps, all: PendingPayout[], after: AfterCommit) {
  const byAccount = new Map<string, PendingPayout[]>();
  for (const x of all) byAccount.set(x.inv.accountId, [...(byAccount.get(x.inv.accountId) ?? []), x]);
  for (const [accountId, list] of byAccount) {
    const one = (x: PendingPayout) => payOutOne(tx, deps, x.inv, x.s, x.p, after);
    const wallet = await getWalletByCurrency(tx, accountId, 'NGN');
    if (!wallet) {
      for (const x of list) await one(x);
      continue;
    }
    const r = await payOutBatch(tx, deps, {
      accountId,
      authority: settlementAuthority(list[0].s),
      initiatedBy: list[0].inv.makerUserId,
      sourceType: 'invoice-settlement',
      sourceId: list[0].s.id,
      rows: list.map((x) => ({
        draft: settlementDraft(x.s, x.p, wallet.id),
        narration: `Settlement ${x.inv.reference}`,
        reference: settlementReference(x.s),
        sourceId: x.s.id,
        initiatedBy: x.inv.makerUserId,
      })),
    });
    if (!r.ok) {
      for (const x of list) await one(x); // not all at once: row by row, as before
      continue;
    }
    const started = r.transactions;
    await tx.execute(sql`
      update invoice_settlements s set transaction_id = x.transaction_id, fee_minor = x.fee, status = 'pending',
        failure_reason = null, manifest = coalesce(s.manifest, x.manifest)
      from json_to_recordset(${JSON.stringify(list.map((x, i) => ({ id: x.s.id, transaction_id: started[i].id, fee: started[i].fee, manifest: r.manifest.batch[i] })))}::json)
        as x(id uuid, transaction_id uuid, fee bigint, manifest jsonb)
      where s.id = x.id`);
    const refs = started.map((t) => t.reference);
    after.push(() => dispatchManySoon(deps, refs));
  }
}

/** Reference per settlement row and attempt: the unique transfer reference is the idempotency key. */
export const settlementReference = (s: Pick<SettlementRow, 'id' | 'attempt'>) =>
  `invset-${s.id.replace(/-/g, '')}-${s.attempt}`;

/**
 * One settlement through `payOut` under its declared authority: its own manifest when it was started
 * before (a retry), else the partner's account; the manifest is kept on the row at its first attempt.
 */
async function payOutOne(
  tx: Tx,
  deps: AppDeps,
  inv: InvoiceRow,
  s: SettlementRow,
  p: PartnerRow,
  after: AfterCommit,
) {
  const fail = (reason: string) =>
    tx
      .update(invoiceSettlements)
      .set({ status: 'failed', transactionId: null, feeMinor: 0, failureReason: reason })
      .where(eq(invoiceSettlements.id, s.id));
  const wallet = s.manifest ? null : await getWalletByCurrency(tx, inv.accountId, 'NGN');
  if (!s.manifest && !wallet) return fail('The company has no NGN wallet');
  const r = await payOut(tx, deps, {
    accountId: inv.accountId,
    authority: settlementAuthority(s),
    draft: settlementDraft(s, p, wallet?.id ?? ''),
    narration: `Settlement ${inv.reference}`,
    reference: settlementReference(s),
    initiatedBy: inv.makerUserId,
    sourceType: 'invoice-settlement',
    sourceId: s.id,
  });
  if (!s.manifest)
    await tx.update(invoiceSettlements).set({ manifest: r.manifest }).where(eq(invoiceSettlements.id, s.id));
  if (!r.ok) return fail(r.reason);
  await tx
    .update(invoiceSettlements)
    .set({
      transactionId: r.transaction.id,
      feeMinor: r.transaction.fee,
      status: 'pending',
      failureReason: null,
    })
    .where(eq(invoiceSettlements.id, s.id));
  after.push(() => dispatchSoon(deps, r.transaction.reference));
}

/** POST …/settlements/init-payment: a new attempt for failed rows and rows never started (002 §4). */
export async function retrySettlements(deps: AppDeps, accountId: string, invoiceId: string) {
  const after: AfterCommit = [];
  await deps.db.transaction(async (tx) => {
    const inv = await invoiceRow(tx, accountId, invoiceId, true);
    if (inv.status === 'draft' || inv.status === 'pending') throw conflict(SETTLEMENT_MSG.cannotRetry);
    const rows = await tx
      .select({ s: invoiceSettlements, p: inflowPartners, txStatus: transactions.status })
      .from(invoiceSettlements)
      .innerJoin(inflowPartners, eq(inflowPartners.id, invoiceSettlements.partnerId))
      .leftJoin(transactions, eq(transactions.id, invoiceSettlements.transactionId))
      .where(eq(invoiceSettlements.invoiceId, inv.id))
      .for('update', { of: invoiceSettlements });
    const retry = rows.filter(
      (r) =>
        r.s.status !== 'cancelled' &&
        (r.s.transactionId === null || r.txStatus === 'failed' || r.txStatus === 'reversed'),
    );
    if (!retry.length) throw conflict(SETTLEMENT_MSG.cannotRetry);
    for (const r of retry) {
      const next = { ...r.s, attempt: r.s.attempt + 1 };
      await tx
        .update(invoiceSettlements)
        .set({ attempt: next.attempt })
        .where(eq(invoiceSettlements.id, r.s.id));
      await payOutOne(tx, deps, inv, next, r.p, after);
    }
  });
  for (const fn of after) await Promise.resolve(fn()).catch(() => undefined);
}
