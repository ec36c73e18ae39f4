// One invoice in full (issue 24): terms, settlements, refunds, partners, pay link and approval.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { bpToPercent, fromMinor, type InvoiceDetail } from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { approvalOf } from '../approvals';
import { completedIds, invoiceDto, invoiceRow, payLinkOf, settlementStatusSql } from './invoice-read';
import type { PartnerRow } from './partners';
import { inflowPartners, invoiceCollectionRefunds, invoiceInstallments, invoiceSettlements } from './tables';
import { transactions } from '../../platform/schema';

type InvoiceRow = Awaited<ReturnType<typeof invoiceRow>>;
type Parts = Awaited<ReturnType<typeof loadParts>>;

/** The invoice's terms, settlements, refunds and partners, and whether it is completed. */
function loadParts(db: AppDeps['db'], r: InvoiceRow) {
  return Promise.all([
    db
      .select()
      .from(invoiceInstallments)
      .where(eq(invoiceInstallments.invoiceId, r.id))
      .orderBy(asc(invoiceInstallments.seq)),
    db
      .select({
        s: invoiceSettlements,
        status: settlementStatusSql,
        failure: transactions.failureReason,
        partnerName: inflowPartners.customerName,
        accountNumber: inflowPartners.accountNumber,
      })
      .from(invoiceSettlements)
      .innerJoin(inflowPartners, eq(inflowPartners.id, invoiceSettlements.partnerId))
      .leftJoin(transactions, eq(transactions.id, invoiceSettlements.transactionId))
      .where(eq(invoiceSettlements.invoiceId, r.id))
      .orderBy(asc(invoiceSettlements.createdAt), asc(invoiceSettlements.id)),
    db
      .select({ x: invoiceCollectionRefunds, txStatus: transactions.status })
      .from(invoiceCollectionRefunds)
      .leftJoin(transactions, eq(transactions.id, invoiceCollectionRefunds.transactionId))
      .where(eq(invoiceCollectionRefunds.invoiceId, r.id))
      .orderBy(asc(invoiceCollectionRefunds.createdAt)),
    r.partnerIds.length
      ? db
          .select()
          .from(inflowPartners)
          .where(and(eq(inflowPartners.accountId, r.accountId), inArray(inflowPartners.id, r.partnerIds)))
      : Promise.resolve([] as PartnerRow[]),
    completedIds(db, [r]),
  ]);
}

const installmentDto = (i: Parts[0][number]) => ({
  id: i.id,
  name: i.name,
  percentage: bpToPercent(i.percentageBp),
  amount: fromMinor(i.amountMinor),
  amountMinor: i.amountMinor,
  amountPaid: fromMinor(i.amountPaidMinor),
  amountPaidMinor: i.amountPaidMinor,
  dueDate: i.dueDate,
  status: i.status as 'pending',
});

const settlementDto = ({ s, status, failure, partnerName, accountNumber }: Parts[1][number]) => ({
  id: s.id,
  partnerId: s.partnerId,
  customerName: partnerName,
  accountNumber,
  percentage: bpToPercent(s.percentageBp),
  amount: fromMinor(s.amountMinor),
  amountMinor: s.amountMinor,
  capped: s.capped,
  fee: fromMinor(s.feeMinor),
  feeMinor: s.feeMinor,
  status: status as 'pending',
  failureReason: s.failureReason ?? failure ?? null,
  createdAt: s.createdAt.toISOString(),
});

const refundDto = ({ x, txStatus }: Parts[2][number]) => ({
  id: x.id,
  invoiceId: x.invoiceId,
  accountName: x.accountName,
  accountNumber: x.accountNumber,
  bankName: x.bankName,
  refundableAmount: fromMinor(x.refundableAmountMinor),
  refundableAmountMinor: x.refundableAmountMinor,
  status: (x.status === 'cancelled'
    ? 'cancelled'
    : txStatus === 'success'
      ? 'success'
      : 'pending') as 'pending',
  processing: !!txStatus && !['success', 'failed', 'reversed'].includes(txStatus),
  createdAt: x.createdAt.toISOString(),
});

export async function getInvoice(
  deps: AppDeps,
  p: { accountId: string; id: string; viewerId: string },
): Promise<InvoiceDetail> {
  const { db } = deps;
  const r = await invoiceRow(db, p.accountId, p.id);
  const [inst, sets, refunds, partners, done] = await loadParts(db, r);
  return {
    ...invoiceDto(r, done),
    products: r.products.map((l) => ({
      name: l.name,
      price: fromMinor(l.priceMinor),
      priceMinor: l.priceMinor,
      quantity: l.quantity,
      amount: fromMinor(l.amountMinor),
      amountMinor: l.amountMinor,
    })),
    partners: partners.map((x) => ({
      id: x.id,
      customerName: x.customerName,
      percentage: bpToPercent(x.percentageBp),
    })),
    invoiceInstallments: inst.map(installmentDto),
    invoiceSettlements: sets.map(settlementDto),
    invoiceCollectionRefunds: refunds.map(refundDto),
    collectionAccount:
      r.vaNumber && r.vaBankName
        ? { accountNumber: r.vaNumber, bankName: r.vaBankName, accountName: r.vaAccountName ?? '' }
        : null,
    payLink: r.approvalStatus === 'approved' ? payLinkOf(deps, r) : null,
    approvalWorkflowPendingApprovalItem:
      r.status === 'draft'
        ? null
        : await approvalOf(db, {
            accountId: r.accountId,
            type: 'invoice',
            resourceId: r.id,
            viewerId: p.viewerId,
          }),
  };
}
