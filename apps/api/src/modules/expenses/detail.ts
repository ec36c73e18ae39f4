// Expenses: one expense with its manifest, project and approval.
import { and, eq, type SQL } from 'drizzle-orm';
import { fromMinor, type Expense, type ExpenseDetail, type ExpenseStatus } from '@owo/contract';
import type { Db, DbOrTx } from '../../platform/db';
import { notFound } from '../../platform/errors';
import type { TenantContext } from '../../platform/guard';
import { transactions, users } from '../../platform/schema';
import { approvalOf } from '../approvals';
import { projectNames } from '../projects';
import { expenses } from './tables';
import { effectiveStatusSql, type Row } from './shared';

const selection = {
  e: expenses,
  status: effectiveStatusSql,
  txFailure: transactions.failureReason,
  makerFirst: users.firstName,
  makerLast: users.lastName,
};
export type Selected = {
  e: Row;
  status: ExpenseStatus;
  txFailure: string | null;
  makerFirst: string;
  makerLast: string;
};

export function toDto(r: Selected): Expense {
  const e = r.e;
  return {
    id: e.id,
    reference: e.reference,
    status: r.status,
    amount: fromMinor(e.amountMinor),
    amountMinor: e.amountMinor,
    fee: e.feeMinor === null ? null : fromMinor(e.feeMinor),
    feeMinor: e.feeMinor,
    currency: e.currency,
    walletId: e.walletId,
    bankCode: e.bankCode,
    bankName: e.bankName,
    bankAccountNumber: e.bankAccountNumber,
    bankAccountName: e.bankAccountName,
    purpose: e.purpose,
    attachments: e.attachments,
    productsAndServices: e.products.map((l) => ({
      id: l.id,
      name: l.name,
      amount: fromMinor(l.amountMinor),
      amountMinor: l.amountMinor,
      quantity: l.quantity,
      total: fromMinor(l.totalMinor),
      totalMinor: l.totalMinor,
      attachment: l.attachment,
    })),
    approverId: e.approverId,
    projectId: e.projectId,
    beneficiaryEmail: e.beneficiaryEmail,
    maker: { id: e.makerUserId, name: `${r.makerFirst} ${r.makerLast}`.trim() },
    transactionId: e.transactionId,
    failureReason: r.status === 'failed' ? (e.failureReason ?? r.txFailure ?? null) : null,
    scheduledDate: e.scheduledDate,
    recurrence: e.recurrence,
    recurrenceEndDate: e.recurrenceEndDate,
    nextRunOn: e.nextRunOn,
    parentExpenseId: e.parentExpenseId,
    createdAt: e.createdAt.toISOString(),
    updatedAt: e.updatedAt.toISOString(),
  };
}

function baseSelect(db: DbOrTx) {
  return db
    .select(selection)
    .from(expenses)
    .innerJoin(users, eq(users.id, expenses.makerUserId))
    .leftJoin(transactions, eq(transactions.id, expenses.transactionId));
}

/** Owner and admin see every expense; others see those of the active subsidiary (000 §4.10), or all. */
function subsidiaryScope(tenant: TenantContext): SQL | undefined {
  return tenant.subsidiaryId ? eq(expenses.subsidiaryId, tenant.subsidiaryId) : undefined;
}

export async function getExpense(
  db: Db,
  p: { tenant: TenantContext; id: string; viewerId: string },
): Promise<ExpenseDetail> {
  const [r] = await baseSelect(db).where(
    and(eq(expenses.id, p.id), eq(expenses.accountId, p.tenant.accountId), subsidiaryScope(p.tenant)),
  );
  if (!r) throw notFound('Expense');
  const dto = toDto(r as Selected);
  return {
    ...dto,
    expenseData: {
      manifest: {
        bankCode: dto.bankCode,
        bankAccountNumber: dto.bankAccountNumber,
        walletId: dto.walletId,
        amount: dto.amount,
        paymentTag: dto.purpose.serviceName,
        narration: dto.purpose.description,
        attachments: dto.attachments,
        purpose: dto.purpose,
        productsAndServices: dto.productsAndServices,
      },
      project: dto.projectId
        ? {
            id: dto.projectId,
            name: (await projectNames(db, p.tenant.accountId, [dto.projectId])).get(dto.projectId) ?? '',
          }
        : null,
    },
    approvalWorkflowPendingApprovalItem: await approvalOf(db, {
      accountId: p.tenant.accountId,
      type: 'expense',
      resourceId: p.id,
      viewerId: p.viewerId,
    }),
  };
}
