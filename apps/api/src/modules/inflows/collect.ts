// Collection and settlement (issue 24 §2, §3). An approved invoice gets its own virtual account
// from the rails; a deposit to it is credited by the money core to the company's NGN wallet and,
// in that same transaction, applied here (registerInboundMatcher): installments in due-date order,
// overage to a refund row, partner shares paid out through the money core per strategy.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { fromMinor, formatMoney, INFLOW_MSG, REFUND_MSG, type PublicInvoice } from '@owo/contract';
import { ACCOUNT_NOT_VERIFIED, listBanks, resolveAccountName, UNKNOWN_BANK } from '../banks';
import type { Db, Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { AppError, conflict } from '../../platform/errors';
import { defineTicker } from '../../platform/jobs';
import { linkTokens } from '../../platform/tables';
import { revokeLinks } from '../../platform/tokens';
import { railsOf } from '../../rails';
import { accounts } from '../accounts/tables';
import { dispatchManySoon, dispatchSoon } from '../funding';
import {
  getWalletByCurrency,
  payOut,
  payOutBatch,
  registerInboundMatcher,
  type OutflowDraft,
  type DepositBatch,
  type InboundMatch,
  type SenderAccount,
} from '../money';
import { notifyMoneyEvents, type MoneyEvent } from '../notifications';
import { emitAreaEvents, type AreaEventInput } from '../developers';
import { transactions } from '../money/tables';
import { sendMail } from '../mail';
import { emitCollected, emitRefundStarted, type CollectedEvent } from './hooks';
import {
  INVOICE_LINK,
  invoiceEvent,
  invoiceEventInput,
  invoiceRow,
  issueInvoiceLink,
  payLinkOf,
} from './invoice-read';
import type { AfterCommit } from './shared';
import {
  inflowPartners,
  invoiceCollectionRefunds,
  invoiceInstallments,
  invoicePayments,
  invoices,
  invoiceSettlements,
} from './tables';

export const INVOICE_PAYMENT_TOPIC = 'Invoice Payment Received';
export const SETTLEMENT_MSG = {
  retried: 'Settlements reinitialized successfully',
  cannotRetry: 'Unable to reinitialize settlements',
} as const;
type InvoiceRow = typeof invoices.$inferSelect;
type SettlementRow = typeof invoiceSettlements.$inferSelect;
type PartnerRow = typeof inflowPartners.$inferSelect;

// ---------------------------------------------------------------- the collection account

/** Issues (once: the provider is idempotent by customer reference) the invoice's own account. */
export async function assignInvoiceAccount(deps: AppDeps, invoiceId: string): Promise<void> {
  const [r] = await deps.db
    .select({
      id: invoices.id,
      va: invoices.vaNumber,
      approval: invoices.approvalStatus,
      company: accounts.name,
    })
    .from(invoices)
    .innerJoin(accounts, eq(accounts.id, invoices.accountId))
    .where(eq(invoices.id, invoiceId));
  if (!r || r.va || r.approval !== 'approved') return;
  const va = await railsOf(deps).createVirtualAccount({
    customerRef: `invoice_${r.id.replace(/-/g, '')}`,
    name: r.company,
  });
  await deps.db
    .update(invoices)
    .set({
      vaNumber: va.accountNumber,
      vaBankCode: va.bankCode,
      vaBankName: va.bankName,
      vaAccountName: va.accountName,
      updatedAt: new Date(),
    })
    .where(and(eq(invoices.id, r.id), isNull(invoices.vaNumber)));
}

/**
 * Invoices approved before pay links were link tokens (migration 0025) get theirs: the token is
 * derived from the server's secret, so SQL alone cannot issue it. A no-op once none is missing.
 */
async function sweepInvoiceLinks(deps: AppDeps) {
  const rows = await deps.db
    .select({ id: invoices.id, accountId: invoices.accountId })
    .from(invoices)
    .where(
      and(
        eq(invoices.approvalStatus, 'approved'),
        sql`${invoices.status} <> 'cancelled'`,
        sql`not exists (select 1 from ${linkTokens} where ${linkTokens.kind} = ${INVOICE_LINK} and ${linkTokens.objectId} = ${invoices.id})`,
      ),
    )
    .limit(500);
  for (const r of rows) await issueInvoiceLink(deps.db, deps, r);
}

async function sweepInvoiceAccounts(deps: AppDeps) {
  const rows = await deps.db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.approvalStatus, 'approved'), isNull(invoices.vaNumber)))
    .limit(100);
  for (const r of rows) await assignInvoiceAccount(deps, r.id);
}

export function registerCollections(deps: AppDeps) {
  defineTicker(deps, 'invoice-accounts', 3000, sweepInvoiceAccounts);
  defineTicker(deps, 'invoice-links', 60_000, sweepInvoiceLinks);
  // A batch of deposits (the rails webhook queue) is matched in one query, one wallet read per company.
  const many = async (db: Db, numbers: string[]) => {
    const out = new Map<string, InboundMatch>();
    if (!numbers.length) return out;
    const found = await db
      .select({ id: invoices.id, accountId: invoices.accountId, va: invoices.vaNumber })
      .from(invoices)
      .where(inArray(invoices.vaNumber, numbers));
    const walletOf = new Map<string, string | null>();
    for (const inv of found) {
      if (!walletOf.has(inv.accountId))
        walletOf.set(inv.accountId, (await getWalletByCurrency(db, inv.accountId, 'NGN'))?.id ?? null);
      const walletId = walletOf.get(inv.accountId);
      if (!walletId || !inv.va) continue;
      out.set(inv.va, {
        walletId,
        onCredited: (tx, c, batch) => applyCollection(tx, deps, inv.id, c, batch),
      });
    }
    return out;
  };
  registerInboundMatcher(
    'invoices',
    async (db, accountNumber) => (await many(db, [accountNumber])).get(accountNumber) ?? null,
    many,
  );
}

// ---------------------------------------------------------------- applying a collection

/** A deposit credited to an invoice's account, to apply to it (`applyCollections`). */
export type Collection = {
  invoiceId: string;
  c: {
    accountId: string;
    transactionId: string;
    amount: number;
    providerRef: string;
    senderName: string;
    sender?: SenderAccount | null;
  };
};
const BATCH_COLLECTIONS = 'inflows.collections';

/**
 * Applies one credited deposit to its invoice. In a crediting batch the collection is queued and
 * the whole batch's collections are applied together, set-based (`applyCollections`), once every
 * deposit of the batch was credited, still in the batch's transaction; alone, it is applied at once.
 */
export async function applyCollection(
  tx: Tx,
  deps: AppDeps,
  invoiceId: string,
  c: Collection['c'],
  /** The crediting batch: its collections are applied together, set-based. */
  batch?: DepositBatch,
): Promise<AfterCommit> {
  if (!batch) {
    const after: AfterCommit = [];
    await finishCollections(tx, deps, await applyCollections(tx, deps, [{ invoiceId, c }]), after);
    return after;
  }
  const st = batch.state(BATCH_COLLECTIONS, () => ({
    list: [] as Collection[],
    applied: null as Applied | null,
  }));
  st.list.push({ invoiceId, c });
  // The invoices are locked and written before the wallet's shared rows (the order every other
  // path locks them in: the invoice, then the wallet); the payouts, which need the credit, after.
  batch.afterCredits(BATCH_COLLECTIONS, async (btx) => {
    st.applied = await applyCollections(btx, deps, st.list);
  });
  batch.beforeCommit(BATCH_COLLECTIONS, async (btx) => {
    const later: AfterCommit = [];
    if (st.applied) await finishCollections(btx, deps, st.applied, later);
    return later;
  });
  return [];
}

/** What `applyCollections` leaves to do once the wallet holds the credit. */
type Applied = { payouts: PendingPayout[]; notes: MoneyEvent[] };

/** Starts the applied collections' settlement payouts (set-based) and writes their notifications. */
async function finishCollections(tx: Tx, deps: AppDeps, a: Applied, after: AfterCommit) {
  if (a.payouts.length) await payOutMany(tx, deps, a.payouts, after);
  await notifyMoneyEvents(tx, a.notes);
}

type InstallmentRow = typeof invoiceInstallments.$inferSelect;

/**
 * Applies many collections in a few statements for the whole list (issue 24 §6): the invoices and
 * their open installments locked in one read each (in id order), each collection allocated in
 * TypeScript exactly as one at a time would (installments in due-date order, then seq; overage to a
 * refund row; a later deposit to the same invoice sees the earlier one's effect), then the
 * installments, payments, refunds, invoice totals and settlement rows written with one multi-row
 * statement each, the listeners (agent commissions) told in order, the invoice events written in
 * one statement. Answers the settlement payouts to start and the notifications to write
 * (`finishCollections`, once the wallet holds the credit: the batch's `beforeCommit`).
 */
export async function applyCollections(tx: Tx, deps: AppDeps, list: Collection[]): Promise<Applied> {
  if (!list.length) return { payouts: [], notes: [] };
  const ids = [...new Set(list.map((x) => x.invoiceId))];
  const locked = await tx
    .select()
    .from(invoices)
    .where(inArray(invoices.id, ids))
    .orderBy(asc(invoices.id))
    .for('update');
  const invById = new Map(locked.map((r) => [r.id, r]));
  for (const x of list) {
    const inv = invById.get(x.invoiceId);
    if (!inv || inv.accountId !== x.c.accountId)
      throw new AppError(404, 'not-found', INFLOW_MSG.invoiceNotFound);
  }
  const openRows = await tx
    .select()
    .from(invoiceInstallments)
    .where(
      and(
        inArray(invoiceInstallments.invoiceId, ids),
        inArray(invoiceInstallments.status, ['pending', 'partlyPaid']),
      ),
    )
    .orderBy(
      asc(invoiceInstallments.invoiceId),
      sql`${invoiceInstallments.dueDate} asc nulls last`,
      asc(invoiceInstallments.seq),
    )
    .for('update');
  const openOf = new Map<string, InstallmentRow[]>();
  for (const i of openRows) openOf.set(i.invoiceId, [...(openOf.get(i.invoiceId) ?? []), { ...i }]);
  // The partners of every invoice in one read (each invoice keeps only its own company's).
  const partnerIds = [...new Set(locked.flatMap((i) => i.partnerIds))];
  const partnerRows = partnerIds.length
    ? await tx
        .select()
        .from(inflowPartners)
        .where(
          and(
            inArray(inflowPartners.accountId, [...new Set(locked.map((i) => i.accountId))]),
            inArray(inflowPartners.id, partnerIds),
          ),
        )
    : [];
  // Caps: what each capped partner already has on each invoice, in one read; the batch adds to it.
  const soFar = new Map<string, number>();
  const capKey = (invoiceId: string, partnerId: string) => `${invoiceId}|${partnerId}`;
  const capped = partnerRows.filter((p) => p.capMinor > 0).map((p) => p.id);
  if (capped.length) {
    const sums = await tx
      .select({
        invoiceId: invoiceSettlements.invoiceId,
        partnerId: invoiceSettlements.partnerId,
        total: sql<number>`coalesce(sum(${invoiceSettlements.amountMinor}), 0)::bigint`.mapWith(Number),
      })
      .from(invoiceSettlements)
      .where(
        and(
          inArray(invoiceSettlements.invoiceId, ids),
          inArray(invoiceSettlements.partnerId, capped),
          sql`${invoiceSettlements.status} <> 'cancelled'`,
        ),
      )
      .groupBy(invoiceSettlements.invoiceId, invoiceSettlements.partnerId);
    for (const s of sums) soFar.set(capKey(s.invoiceId, s.partnerId), s.total);
  }

  // The working state: each invoice and installment as the collections so far left it.
  const state = new Map(locked.map((r) => [r.id, { ...r }]));
  const touched = new Map<string, InstallmentRow>();
  const payments: (typeof invoicePayments.$inferInsert)[] = [];
  const refunds: (typeof invoiceCollectionRefunds.$inferInsert)[] = [];
  const settlements: (typeof invoiceSettlements.$inferInsert & { id: string })[] = [];
  const collected: CollectedEvent[] = [];
  const events: AreaEventInput[] = [];
  const notes: MoneyEvent[] = [];
  for (const { invoiceId, c } of list) {
    const inv = state.get(invoiceId)!;
    const open = (openOf.get(invoiceId) ?? []).filter(
      (i) => i.status === 'pending' || i.status === 'partlyPaid',
    );
    let left = c.amount;
    const nowPaid: InstallmentRow[] = [];
    for (const i of open) {
      if (left <= 0) break;
      const take = Math.min(i.amountMinor - i.amountPaidMinor, left);
      if (take <= 0) continue;
      left -= take;
      i.amountPaidMinor += take;
      i.status = i.amountPaidMinor >= i.amountMinor ? 'paid' : 'partlyPaid';
      touched.set(i.id, i);
      if (i.status === 'paid') nowPaid.push(i);
    }
    const applied = c.amount - left;
    const paymentId = randomUUID();
    payments.push({
      id: paymentId,
      accountId: inv.accountId,
      invoiceId: inv.id,
      transactionId: c.transactionId,
      amountMinor: c.amount,
      appliedMinor: applied,
      overageMinor: left,
      senderName: c.senderName,
      sourceAccountNumber: c.sender?.accountNumber ?? null,
      sourceBankCode: c.sender?.bankCode ?? null,
      sourceBankName: c.sender?.bankName ?? null,
      providerRef: c.providerRef,
    });
    if (left > 0)
      refunds.push({
        accountId: inv.accountId,
        invoiceId: inv.id,
        paymentId,
        accountName: c.senderName,
        accountNumber: c.sender?.accountNumber ?? null,
        refundableAmountMinor: left,
      });
    const before = { ...inv };
    const paidTotal = inv.amountPaidMinor + applied;
    const cancelled = inv.status === 'cancelled';
    const fully = !cancelled && paidTotal >= inv.amountMinor;
    // A cancelled invoice stays cancelled: its installments take nothing, so all of it is overage.
    const status = cancelled ? inv.status : fully ? 'fullyPaid' : paidTotal > 0 ? 'partlyPaid' : inv.status;
    inv.amountPaidMinor = paidTotal;
    inv.status = status;

    if (applied > 0) {
      // Each partner gets floor(base × share), never more in total than their cap on this invoice
      // (a capped row keeps the percentage and carries the capped amount).
      const settle = (b: { basis: string; basisId: string; baseMinor: number }) => {
        if (!before.partnerIds.length) return;
        for (const p of partnerRows) {
          if (p.accountId !== before.accountId || !before.partnerIds.includes(p.id)) continue;
          let share = Math.floor((b.baseMinor * p.percentageBp) / 10_000);
          let isCapped = false;
          if (p.capMinor > 0) {
            const room = Math.max(0, p.capMinor - (soFar.get(capKey(before.id, p.id)) ?? 0));
            if (share > room) {
              share = room;
              isCapped = true;
            }
          }
          if (share <= 0) continue;
          if (p.capMinor > 0)
            soFar.set(capKey(before.id, p.id), (soFar.get(capKey(before.id, p.id)) ?? 0) + share);
          settlements.push({
            id: randomUUID(),
            accountId: before.accountId,
            invoiceId: before.id,
            partnerId: p.id,
            basis: b.basis,
            basisId: b.basisId,
            percentageBp: p.percentageBp,
            amountMinor: share,
            capped: isCapped,
            attempt: 1,
          });
        }
      };
      if (before.settlementStrategy === 'per-collection')
        settle({ basis: 'collection', basisId: paymentId, baseMinor: applied });
      else if (before.settlementStrategy === 'per-installment')
        for (const i of nowPaid) settle({ basis: 'installment', basisId: i.id, baseMinor: i.amountMinor });
      else if (fully && before.status !== 'fullyPaid')
        settle({ basis: 'invoice', basisId: before.id, baseMinor: before.amountMinor });
    }
    collected.push({
      accountId: inv.accountId,
      invoiceId: inv.id,
      paymentId,
      amountMinor: c.amount,
      appliedMinor: applied,
      invoice: {
        reference: inv.reference,
        makerUserId: inv.makerUserId,
        agentId: inv.agentId,
        amountMinor: inv.amountMinor,
        amountPaidMinor: paidTotal,
        status,
        approvalStatus: inv.approvalStatus,
      },
    });
    // payment received: the invoice's status after it (partlyPaid, fullyPaid, or unchanged when
    // nothing applied), one event per payment
    events.push(
      invoiceEventInput(before, status, {
        key: `payment:${paymentId}`,
        amountPaidMinor: paidTotal,
        extra: {
          payment: {
            id: paymentId,
            transactionId: c.transactionId,
            amount: fromMinor(c.amount),
            amountMinor: c.amount,
            applied: fromMinor(applied),
            appliedMinor: applied,
          },
        },
      }),
    );
    const over = left > 0 ? ` (${formatMoney(left, 'NGN')} over the total, to refund)` : '';
    notes.push({
      accountId: inv.accountId,
      transactionId: c.transactionId,
      topic: INVOICE_PAYMENT_TOPIC,
      value: `${formatMoney(c.amount, 'NGN')} from ${c.senderName} was received for invoice ${inv.reference}${over}.`,
    });
  }

  // The writes, one statement each for the whole list.
  if (touched.size)
    await tx.execute(sql`
      update invoice_installments i set amount_paid_minor = x.paid, status = x.status
      from json_to_recordset(${JSON.stringify([...touched.values()].map((i) => ({ id: i.id, paid: i.amountPaidMinor, status: i.status })))}::json)
        as x(id uuid, paid bigint, status text)
      where i.id = x.id`);
  await tx.insert(invoicePayments).values(payments);
  if (refunds.length) await tx.insert(invoiceCollectionRefunds).values(refunds);
  await tx.execute(sql`
    update invoices v set amount_paid_minor = x.paid, status = x.status, updated_at = now()
    from json_to_recordset(${JSON.stringify([...state.values()].map((v) => ({ id: v.id, paid: v.amountPaidMinor, status: v.status })))}::json)
      as x(id uuid, paid bigint, status text)
    where v.id = x.id`);
  const payouts: PendingPayout[] = [];
  if (settlements.length) {
    const written = await tx.insert(invoiceSettlements).values(settlements).onConflictDoNothing().returning();
    const byId = new Map(written.map((s) => [s.id, s]));
    const partnerById = new Map(partnerRows.map((p) => [p.id, p]));
    for (const s of settlements) {
      const row = byId.get(s.id);
      if (row) payouts.push({ inv: invById.get(row.invoiceId)!, s: row, p: partnerById.get(row.partnerId)! });
    }
  }
  // Listeners (agent commissions) write in this same transaction, in the collections' order.
  for (const e of collected) await emitCollected(tx, deps, e);
  await emitAreaEvents(tx, events);
  return { payouts, notes };
}

/** A settlement row written and not yet paid out (its payout starts with the rest of the batch). */
type PendingPayout = { inv: InvoiceRow; s: SettlementRow; p: PartnerRow };

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
async function payOutMany(tx: Tx, deps: AppDeps, all: PendingPayout[], after: AfterCommit) {
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

// ---------------------------------------------------------------- the public pay page

/** GET /api/public/invoices/{token}: the invoice the link stands for (the guard checked the link). */
export async function publicInvoiceByLink(db: Db, link: { accountId: string | null; objectId: string }) {
  if (!link.accountId) throw new AppError(404, 'not-found', INFLOW_MSG.invoiceNotFound);
  return publicInvoice(db, link.accountId, link.objectId);
}

export async function publicInvoice(db: Db, accountId: string, invoiceId: string): Promise<PublicInvoice> {
  const [r] = await db
    .select({ i: invoices, company: accounts.name })
    .from(invoices)
    .innerJoin(accounts, eq(accounts.id, invoices.accountId))
    .where(
      and(
        eq(invoices.id, invoiceId),
        eq(invoices.accountId, accountId),
        eq(invoices.approvalStatus, 'approved'),
        sql`${invoices.status} <> 'cancelled'`,
        isNotNull(invoices.vaNumber),
      ),
    );
  // Unknown, mismatched, unapproved: one answer, naming nothing about the company.
  if (!r) throw new AppError(404, 'not-found', INFLOW_MSG.invoiceNotFound);
  const inst = await db
    .select()
    .from(invoiceInstallments)
    .where(eq(invoiceInstallments.invoiceId, invoiceId))
    .orderBy(sql`${invoiceInstallments.dueDate} asc nulls last`, asc(invoiceInstallments.seq));
  const next = inst.find((i) => i.status === 'pending' || i.status === 'partlyPaid');
  const i = r.i;
  const due = next ? next.amountMinor - next.amountPaidMinor : Math.max(0, i.amountMinor - i.amountPaidMinor);
  return {
    companyName: r.company,
    reference: i.reference,
    customerName: i.customerName,
    status: i.status as PublicInvoice['status'],
    products: i.products.map((l) => ({
      name: l.name,
      price: fromMinor(l.priceMinor),
      priceMinor: l.priceMinor,
      quantity: l.quantity,
      amount: fromMinor(l.amountMinor),
      amountMinor: l.amountMinor,
    })),
    amount: fromMinor(i.amountMinor),
    amountMinor: i.amountMinor,
    amountPaid: fromMinor(i.amountPaidMinor),
    amountPaidMinor: i.amountPaidMinor,
    amountDue: fromMinor(due),
    amountDueMinor: due,
    nextDueDate: next?.dueDate ?? null,
    accountNumber: i.vaNumber!,
    bankName: i.vaBankName ?? '',
    accountName: i.vaAccountName ?? '',
  };
}

// ---------------------------------------------------------------- reminder and delivery

export const REMINDER_MSG = {
  sent: 'Reminder sent successfully!',
  notAllowed: 'A reminder can only be sent for an approved invoice that is not fully paid',
} as const;
export const DELIVERY_MSG = {
  updated: 'Delivery status updated successfully.',
  notAllowed: 'Only an approved invoice that is not yet delivered can be marked as delivered',
} as const;

/** GET /inflows/invoice/notification/{id}: mails the pay link to the customer (approved, not paid). */
export async function sendReminder(deps: AppDeps, accountId: string, invoiceId: string) {
  const [r] = await deps.db
    .select({ i: invoices, company: accounts.name })
    .from(invoices)
    .innerJoin(accounts, eq(accounts.id, invoices.accountId))
    .where(and(eq(invoices.id, invoiceId), eq(invoices.accountId, accountId)));
  if (!r) throw new AppError(404, 'not-found', INFLOW_MSG.invoiceNotFound);
  const i = r.i;
  if (i.approvalStatus !== 'approved' || i.status === 'fullyPaid' || i.status === 'cancelled' || !i.vaNumber)
    throw conflict(REMINDER_MSG.notAllowed);
  const pub = await publicInvoice(deps.db, accountId, invoiceId);
  const link = payLinkOf(deps, i);
  await sendMail(deps, {
    to: i.customerEmail,
    subject: `Payment reminder: invoice ${i.reference} from ${r.company}`,
    text: `Hello ${i.customerName},\n\nThis is a reminder that ${formatMoney(pub.amountDueMinor, 'NGN')} is due${pub.nextDueDate ? ` on ${pub.nextDueDate.split('-').reverse().join('/')}` : ''} on invoice ${i.reference} from ${r.company}.\n\nPay by bank transfer to ${pub.accountNumber} (${pub.bankName}), or see the invoice here: ${link}\n\nOwo`,
  });
}

/** PATCH …/delivery/mark-as-delivered: 409 on a draft, unapproved or already delivered invoice. */
export async function markDelivered(db: Db, accountId: string, invoiceId: string) {
  await db.transaction(async (tx) => {
    const i = await invoiceRow(tx, accountId, invoiceId, true);
    if (i.status === 'draft' || i.approvalStatus !== 'approved' || i.deliveryStatus === 'delivered')
      throw conflict(DELIVERY_MSG.notAllowed);
    await tx
      .update(invoices)
      .set({ deliveryStatus: 'delivered', updatedAt: new Date() })
      .where(eq(invoices.id, i.id));
  });
}

// ---------------------------------------------------------------- overage refunds

/**
 * POST …/refunds/{refundId}/init: pays the overage back through the money core (one reference per
 * row and attempt). `useSourceAccount` pays the sender's own account, as the provider reported it
 * with the deposit (`invoice_payments.source_*`: bank code, else the bank's name matched against
 * the bank list); a deposit without it answers 422 (give `refundAccountDetails`).
 */
export async function initRefund(
  deps: AppDeps,
  p: {
    accountId: string;
    invoiceId: string;
    refundId: string;
    userId: string;
    body: {
      useSourceAccount: boolean;
      refundAccountDetails?: { accountNumber: string; bankCode: string } | null;
    };
  },
) {
  const [found] = await deps.db
    .select({ row: invoiceCollectionRefunds, pay: invoicePayments })
    .from(invoiceCollectionRefunds)
    .innerJoin(invoicePayments, eq(invoicePayments.id, invoiceCollectionRefunds.paymentId))
    .where(
      and(
        eq(invoiceCollectionRefunds.id, p.refundId),
        eq(invoiceCollectionRefunds.invoiceId, p.invoiceId),
        eq(invoiceCollectionRefunds.accountId, p.accountId),
      ),
    );
  if (!found) throw new AppError(404, 'not-found', 'Refund not found');
  const row = found.row;
  const dest = p.body.refundAccountDetails;
  let target = dest ?? null;
  if (!target) {
    if (!p.body.useSourceAccount)
      throw new AppError(400, 'validation-error', REFUND_MSG.accountRequired, {
        refundAccountDetails: [REFUND_MSG.accountRequired],
      });
    const src = found.pay;
    let bankCode = src.sourceBankCode;
    if (!bankCode && src.sourceBankName) {
      const name = src.sourceBankName.trim().toLowerCase();
      bankCode = (await listBanks(deps)).find((b) => b.name.toLowerCase() === name)?.code ?? null;
    }
    if (!src.sourceAccountNumber || !bankCode)
      throw new AppError(422, 'unprocessable', REFUND_MSG.sourceUnknown, {
        useSourceAccount: [REFUND_MSG.sourceUnknown],
      });
    target = { accountNumber: src.sourceAccountNumber, bankCode };
  }
  const { accountName, bank } = await resolveAccountName(deps, target);
  if (!bank) throw new AppError(400, 'validation-error', UNKNOWN_BANK, { bankCode: [UNKNOWN_BANK] });
  if (!accountName)
    throw new AppError(400, 'validation-error', ACCOUNT_NOT_VERIFIED, {
      accountNumber: [ACCOUNT_NOT_VERIFIED],
    });
  const after: AfterCommit = [];
  await deps.db.transaction(async (tx) => {
    const inv = await invoiceRow(tx, p.accountId, p.invoiceId, true);
    const [r] = await tx
      .select({ r: invoiceCollectionRefunds, txStatus: transactions.status })
      .from(invoiceCollectionRefunds)
      .leftJoin(transactions, eq(transactions.id, invoiceCollectionRefunds.transactionId))
      .where(eq(invoiceCollectionRefunds.id, row.id))
      .for('update', { of: invoiceCollectionRefunds });
    const live = r.r.transactionId && r.txStatus !== 'failed' && r.txStatus !== 'reversed';
    if (r.r.status === 'cancelled' || live) throw conflict(REFUND_MSG.notRefundable);
    const attempt = r.r.attempt + 1;
    const amount = r.r.refundableAmountMinor;
    const wallet = await getWalletByCurrency(tx, inv.accountId, 'NGN');
    if (!wallet) throw new AppError(422, 'no-wallet', 'The company has no NGN wallet');
    // The one entry point, under the declared refund authority (fee rule, limit, savepoint there).
    const out = await payOut(tx, deps, {
      accountId: inv.accountId,
      authority: { system: 'invoice-overpayment-refund', resourceId: r.r.id },
      draft: {
        amountMinor: amount,
        currency: 'NGN',
        walletId: wallet.id,
        bankCode: bank.code,
        bankName: bank.name,
        accountNumber: target.accountNumber,
        accountName,
        payee: null,
        date: null,
      },
      narration: `Refund of overpayment on ${inv.reference}`,
      reference: `invref-${r.r.id.replace(/-/g, '')}-${attempt}`,
      initiatedBy: p.userId,
      sourceType: 'invoice-refund',
      sourceId: r.r.id,
    });
    if (!out.ok)
      throw out.code === 'validation-error'
        ? new AppError(400, out.code, out.reason, { amount: [out.reason] })
        : new AppError(422, out.code, out.reason);
    const t = out.transaction;
    const fee = t.fee;
    await tx
      .update(invoiceCollectionRefunds)
      .set({
        transactionId: t.id,
        attempt,
        feeMinor: fee,
        accountNumber: target.accountNumber,
        bankName: bank.name,
        accountName,
      })
      .where(eq(invoiceCollectionRefunds.id, r.r.id));
    // The first attempt of a refund row tells the listeners (a commission on it is clawed back).
    if (attempt === 1) {
      const [payRow] = await tx
        .select({ amount: invoicePayments.amountMinor })
        .from(invoicePayments)
        .where(eq(invoicePayments.id, r.r.paymentId));
      await emitRefundStarted(tx, deps, {
        accountId: inv.accountId,
        invoiceId: inv.id,
        refundId: r.r.id,
        paymentId: r.r.paymentId,
        amountMinor: amount,
        paymentAmountMinor: payRow?.amount ?? amount,
      });
    }
    after.push(() => dispatchSoon(deps, t.reference));
  });
  for (const fn of after) await Promise.resolve(fn()).catch(() => undefined);
}

// ---------------------------------------------------------------- cancelling

/**
 * POST …/{id}/cancel: an invoice not yet fully paid is cancelled; every installment not yet paid
 * becomes `cancelled` (money already applied to a partly paid one stays applied). A cancelled
 * installment takes no money: anything arriving afterwards is overage (a refundable row).
 */
export async function cancelInvoice(db: Db, accountId: string, invoiceId: string) {
  await db.transaction(async (tx) => {
    const i = await invoiceRow(tx, accountId, invoiceId, true);
    if (
      i.approvalStatus !== 'approved' ||
      ['fullyPaid', 'completed', 'cancelled'].includes(i.status) ||
      i.amountPaidMinor >= i.amountMinor
    )
      throw conflict(INFLOW_MSG.cannotCancel);
    await tx
      .update(invoiceInstallments)
      .set({ status: 'cancelled' })
      .where(
        and(
          eq(invoiceInstallments.invoiceId, i.id),
          inArray(invoiceInstallments.status, ['pending', 'partlyPaid']),
        ),
      );
    await tx
      .update(invoices)
      .set({ status: 'cancelled', updatedAt: new Date() })
      .where(eq(invoices.id, i.id));
    await revokeLinks(tx, { kind: INVOICE_LINK, objectId: i.id });
    await invoiceEvent(tx, i, 'cancelled');
  });
}
