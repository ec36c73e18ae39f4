// Collection and settlement (issue 24 §2, §3). An approved invoice gets its own virtual account
// from the rails; a deposit to it is credited by the money core to the company's NGN wallet and,
// in that same transaction, applied here (money's `depositMatcher` seam): installments in due-date order,
// overage to a refund row, partner shares paid out through the money core per strategy.
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { fromMinor, formatMoney, INFLOW_MSG, type PublicInvoice } from '@owo/contract';
import type { Db, Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { AppError, conflict } from '../../platform/errors';
import { defineTicker } from '../../platform/jobs';
import { linkTokens } from '../../platform/tables';
import { revokeLinks } from '../../platform/tokens';
import { railsOf } from '../../rails';
import { accounts } from '../../platform/tenancy-tables';
import { getWalletByCurrency, type DepositBatch, type InboundMatch } from '../money';
import { notifyMoneyEvents } from '../notifications';
import { sendMail } from '../mail';
import { applyCollections, type Applied, type Collection } from './apply-collections';
import { INVOICE_LINK, invoiceEvent, invoiceRow, issueInvoiceLink, payLinkOf } from './invoice-read';
import type { AfterCommit } from './shared';
import { payOutMany } from './settle-partners';
import { invoiceInstallments, invoices } from './tables';

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
  const [issued] = await deps.db
    .update(invoices)
    .set({
      vaNumber: va.accountNumber,
      vaBankCode: va.bankCode,
      vaBankName: va.bankName,
      vaAccountName: va.accountName,
      updatedAt: new Date(),
    })
    .where(and(eq(invoices.id, r.id), isNull(invoices.vaNumber)))
    .returning({ accountId: invoices.accountId });
  // The customer gets the invoice once, when it can be paid (the process that set the account sends it).
  if (issued) await mailInvoice(deps, issued.accountId, r.id, 'invoice');
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
  deps.seams.on('depositMatcher', 'invoices', {
    one: async (db, accountNumber) => (await many(db, [accountNumber])).get(accountNumber) ?? null,
    many,
  });
}

// ---------------------------------------------------------------- applying a collection

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

/** Starts the applied collections' settlement payouts (set-based) and writes their notifications. */
async function finishCollections(tx: Tx, deps: AppDeps, a: Applied, after: AfterCommit) {
  if (a.payouts.length) await payOutMany(tx, deps, a.payouts, after);
  await notifyMoneyEvents(tx, deps, a.notes);
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
  const [i] = await deps.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.accountId, accountId)));
  if (!i) throw new AppError(404, 'not-found', INFLOW_MSG.invoiceNotFound);
  if (i.approvalStatus !== 'approved' || i.status === 'fullyPaid' || i.status === 'cancelled' || !i.vaNumber)
    throw conflict(REMINDER_MSG.notAllowed);
  await mailInvoice(deps, accountId, invoiceId, 'reminder');
}

/**
 * Mails the customer the invoice (when it is approved and can be paid) or a reminder: what is due,
 * when, where to transfer it and the pay link.
 */
async function mailInvoice(
  deps: AppDeps,
  accountId: string,
  invoiceId: string,
  kind: 'invoice' | 'reminder',
) {
  const pub = await publicInvoice(deps.db, accountId, invoiceId);
  const [i] = await deps.db
    .select({ id: invoices.id, email: invoices.customerEmail })
    .from(invoices)
    .where(eq(invoices.id, invoiceId));
  const due = `${formatMoney(pub.amountDueMinor, 'NGN')}${pub.nextDueDate ? ` due on ${pub.nextDueDate.split('-').reverse().join('/')}` : ''}`;
  const lines = pub.products.map((p) => `- ${p.name} × ${p.quantity}: ${formatMoney(p.amountMinor, 'NGN')}`);
  const opening =
    kind === 'invoice'
      ? `${pub.companyName} has sent you invoice ${pub.reference} for ${formatMoney(pub.amountMinor, 'NGN')}.\n\n${lines.join('\n')}\n\nAmount due now: ${due}.`
      : `This is a reminder that ${due} is owed on invoice ${pub.reference} from ${pub.companyName}.`;
  await sendMail(deps, {
    to: i.email,
    subject:
      kind === 'invoice'
        ? `Invoice ${pub.reference} from ${pub.companyName}`
        : `Payment reminder: invoice ${pub.reference} from ${pub.companyName}`,
    text: `Hello ${pub.customerName},\n\n${opening}\n\nPay by bank transfer to ${pub.accountNumber} (${pub.bankName}, ${pub.accountName}), or see the invoice here: ${payLinkOf(deps, i)}\n\nOwo`,
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
