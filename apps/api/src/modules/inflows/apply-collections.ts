// Applying collections to invoices (issue 24 §2, §6): the set-based step of collect.ts. Each step
// below is one part of `applyCollections`, in the order it runs inside the caller's transaction.
import { randomUUID } from 'node:crypto';
import { and, asc, inArray, sql } from 'drizzle-orm';
import { fromMinor, formatMoney, INFLOW_MSG } from '@owo/contract';
import type { Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { SenderAccount } from '../money';
import type { MoneyEvent } from '../notifications';
import { emitAreaEvents, type AreaEventInput } from '../developers';
import { emitCollected, type CollectedEvent } from './hooks';
import { invoiceEventInput } from './invoice-read';
import {
  inflowPartners,
  invoiceCollectionRefunds,
  invoiceInstallments,
  invoicePayments,
  invoices,
  invoiceSettlements,
} from './tables';

export const INVOICE_PAYMENT_TOPIC = 'Invoice Payment Received';
type InvoiceRow = typeof invoices.$inferSelect;
type SettlementRow = typeof invoiceSettlements.$inferSelect;
type PartnerRow = typeof inflowPartners.$inferSelect;
type InstallmentRow = typeof invoiceInstallments.$inferSelect;

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

/** A settlement row written and not yet paid out (its payout starts with the rest of the batch). */
export type PendingPayout = { inv: InvoiceRow; s: SettlementRow; p: PartnerRow };

/** What `applyCollections` leaves to do once the wallet holds the credit. */
export type Applied = { payouts: PendingPayout[]; notes: MoneyEvent[] };

/** The rows read (and locked) before allocating, and the working state the collections change. */
type Work = {
  locked: InvoiceRow[];
  invById: Map<string, InvoiceRow>;
  openOf: Map<string, InstallmentRow[]>;
  partnerRows: PartnerRow[];
  soFar: Map<string, number>;
  state: Map<string, InvoiceRow>;
  touched: Map<string, InstallmentRow>;
  payments: (typeof invoicePayments.$inferInsert)[];
  refunds: (typeof invoiceCollectionRefunds.$inferInsert)[];
  settlements: (typeof invoiceSettlements.$inferInsert & { id: string })[];
  collected: CollectedEvent[];
  events: AreaEventInput[];
  notes: MoneyEvent[];
};

const capKey = (invoiceId: string, partnerId: string) => `${invoiceId}|${partnerId}`;

/** The invoices, locked in id order; each collection's invoice must be its company's. */
async function lockInvoices(tx: Tx, list: Collection[], ids: string[]) {
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
  return { locked, invById };
}

/** The open installments of every invoice, locked, in due-date order, then seq. */
async function lockOpenInstallments(tx: Tx, ids: string[]) {
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
  return openOf;
}

/** The partners of every invoice in one read (each invoice keeps only its own company's). */
async function loadPartners(tx: Tx, locked: InvoiceRow[]) {
  const partnerIds = [...new Set(locked.flatMap((i) => i.partnerIds))];
  return partnerIds.length
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
}

/** Caps: what each capped partner already has on each invoice, in one read; the batch adds to it. */
async function capsSoFar(tx: Tx, ids: string[], partnerRows: PartnerRow[]) {
  const soFar = new Map<string, number>();
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
  return soFar;
}

/** Takes the amount into the invoice's open installments in order; answers what is left over. */
function allocateInstallments(w: Work, invoiceId: string, amount: number) {
  const open = (w.openOf.get(invoiceId) ?? []).filter(
    (i) => i.status === 'pending' || i.status === 'partlyPaid',
  );
  let left = amount;
  const nowPaid: InstallmentRow[] = [];
  for (const i of open) {
    if (left <= 0) break;
    const take = Math.min(i.amountMinor - i.amountPaidMinor, left);
    if (take <= 0) continue;
    left -= take;
    i.amountPaidMinor += take;
    i.status = i.amountPaidMinor >= i.amountMinor ? 'paid' : 'partlyPaid';
    w.touched.set(i.id, i);
    if (i.status === 'paid') nowPaid.push(i);
  }
  return { left, nowPaid };
}

/** The payment row and, for an overage, its refund row. */
function recordPayment(w: Work, inv: InvoiceRow, c: Collection['c'], applied: number, left: number) {
  const paymentId = randomUUID();
  w.payments.push({
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
    w.refunds.push({
      accountId: inv.accountId,
      invoiceId: inv.id,
      paymentId,
      accountName: c.senderName,
      accountNumber: c.sender?.accountNumber ?? null,
      refundableAmountMinor: left,
    });
  return paymentId;
}

// Each partner gets floor(base × share), never more in total than their cap on this invoice
// (a capped row keeps the percentage and carries the capped amount).
function settleShares(w: Work, before: InvoiceRow, b: { basis: string; basisId: string; baseMinor: number }) {
  if (!before.partnerIds.length) return;
  for (const p of w.partnerRows) {
    if (p.accountId !== before.accountId || !before.partnerIds.includes(p.id)) continue;
    let share = Math.floor((b.baseMinor * p.percentageBp) / 10_000);
    let isCapped = false;
    if (p.capMinor > 0) {
      const room = Math.max(0, p.capMinor - (w.soFar.get(capKey(before.id, p.id)) ?? 0));
      if (share > room) {
        share = room;
        isCapped = true;
      }
    }
    if (share <= 0) continue;
    if (p.capMinor > 0)
      w.soFar.set(capKey(before.id, p.id), (w.soFar.get(capKey(before.id, p.id)) ?? 0) + share);
    w.settlements.push({
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
}

/** The listeners' event, the `invoice` webhook event and the notification of one payment. */
function recordOutcome(
  w: Work,
  o: {
    inv: InvoiceRow;
    before: InvoiceRow;
    c: Collection['c'];
    paymentId: string;
    applied: number;
    left: number;
  },
) {
  const { inv, before, c, paymentId, applied, left } = o;
  const paidTotal = inv.amountPaidMinor;
  const status = inv.status;
  w.collected.push({
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
  w.events.push(
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
  w.notes.push({
    accountId: inv.accountId,
    transactionId: c.transactionId,
    topic: INVOICE_PAYMENT_TOPIC,
    value: `${formatMoney(c.amount, 'NGN')} from ${c.senderName} was received for invoice ${inv.reference}${over}.`,
  });
}

/** One collection, allocated in TypeScript exactly as one at a time would. */
function applyOne(w: Work, { invoiceId, c }: Collection) {
  const inv = w.state.get(invoiceId)!;
  const { left, nowPaid } = allocateInstallments(w, invoiceId, c.amount);
  const applied = c.amount - left;
  const paymentId = recordPayment(w, inv, c, applied, left);
  const before = { ...inv };
  const paidTotal = inv.amountPaidMinor + applied;
  const cancelled = inv.status === 'cancelled';
  const fully = !cancelled && paidTotal >= inv.amountMinor;
  // A cancelled invoice stays cancelled: its installments take nothing, so all of it is overage.
  const status = cancelled ? inv.status : fully ? 'fullyPaid' : paidTotal > 0 ? 'partlyPaid' : inv.status;
  inv.amountPaidMinor = paidTotal;
  inv.status = status;

  if (applied > 0) {
    if (before.settlementStrategy === 'per-collection')
      settleShares(w, before, { basis: 'collection', basisId: paymentId, baseMinor: applied });
    else if (before.settlementStrategy === 'per-installment')
      for (const i of nowPaid)
        settleShares(w, before, { basis: 'installment', basisId: i.id, baseMinor: i.amountMinor });
    else if (fully && before.status !== 'fullyPaid')
      settleShares(w, before, { basis: 'invoice', basisId: before.id, baseMinor: before.amountMinor });
  }
  recordOutcome(w, { inv, before, c, paymentId, applied, left });
}

/** The writes, one statement each for the whole list; answers the settlement payouts to start. */
async function writeCollections(tx: Tx, w: Work): Promise<PendingPayout[]> {
  if (w.touched.size)
    await tx.execute(sql`
      update invoice_installments i set amount_paid_minor = x.paid, status = x.status
      from json_to_recordset(${JSON.stringify([...w.touched.values()].map((i) => ({ id: i.id, paid: i.amountPaidMinor, status: i.status })))}::json)
        as x(id uuid, paid bigint, status text)
      where i.id = x.id`);
  await tx.insert(invoicePayments).values(w.payments);
  if (w.refunds.length) await tx.insert(invoiceCollectionRefunds).values(w.refunds);
  await tx.execute(sql`
    update invoices v set amount_paid_minor = x.paid, status = x.status, updated_at = now()
    from json_to_recordset(${JSON.stringify([...w.state.values()].map((v) => ({ id: v.id, paid: v.amountPaidMinor, status: v.status })))}::json)
      as x(id uuid, paid bigint, status text)
    where v.id = x.id`);
  const payouts: PendingPayout[] = [];
  if (w.settlements.length) {
    const written = await tx
      .insert(invoiceSettlements)
      .values(w.settlements)
      .onConflictDoNothing()
      .returning();
    const byId = new Map(written.map((s) => [s.id, s]));
    const partnerById = new Map(w.partnerRows.map((p) => [p.id, p]));
    for (const s of w.settlements) {
      const row = byId.get(s.id);
      if (row)
        payouts.push({ inv: w.invById.get(row.invoiceId)!, s: row, p: partnerById.get(row.partnerId)! });
    }
  }
  return payouts;
}

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
  const { locked, invById } = await lockInvoices(tx, list, ids);
  const openOf = await lockOpenInstallments(tx, ids);
  const partnerRows = await loadPartners(tx, locked);
  const soFar = await capsSoFar(tx, ids, partnerRows);
  // The working state: each invoice and installment as the collections so far left it.
  const w: Work = {
    locked,
    invById,
    openOf,
    partnerRows,
    soFar,
    state: new Map(locked.map((r) => [r.id, { ...r }])),
    touched: new Map(),
    payments: [],
    refunds: [],
    settlements: [],
    collected: [],
    events: [],
    notes: [],
  };
  for (const x of list) applyOne(w, x);
  const payouts = await writeCollections(tx, w);
  // Listeners (agent commissions) write in this same transaction, in the collections' order.
  for (const e of w.collected) await emitCollected(tx, deps, e);
  await emitAreaEvents(tx, w.events);
  return { payouts, notes: w.notes };
}
