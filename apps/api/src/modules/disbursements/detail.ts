// Bulk disbursements: one batch with its rows, and the per-row report.
import { Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import {
  fromMinor,
  type DisbursementDetail,
  type DisbursementItem,
  type DisbursementItemStatus,
} from '@owo/contract';
import { executeNamed, type Db, type DbOrTx } from '../../platform/db';
import { csvLine } from '../../platform/csv';
import { notFound } from '../../platform/errors';
import type { TenantContext } from '../../platform/guard';
import { approvalOf } from '../approvals';
import { type Batch, EFFECTIVE, type ItemRow, transferReference } from './shared';
import { withState } from './list';
import { disbursements } from './tables';

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
