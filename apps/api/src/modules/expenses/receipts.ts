// Expenses: adding receipts to an expense, and retiring a paid one against its receipts.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { EXPENSE_MSG } from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { conflict, fieldError } from '../../platform/errors';
import { checkObjectRule, type TenantContext } from '../../platform/guard';
import { files } from '../../platform/schema';
import { expenses } from './tables';
import { effectiveStatus, lockExpense } from './shared';

export async function addAttachments(
  deps: AppDeps,
  p: {
    tenant: TenantContext;
    userId: string;
    id: string;
    attachments: { uploader?: string; fileName: string }[];
  },
) {
  await deps.db.transaction(async (tx) => {
    const e = await lockExpense(tx, p.tenant.accountId, p.id);
    // Its maker, or whoever may change expenses (object rule `expenseReceipt`).
    const actor = { userId: p.userId, resources: p.tenant.resources };
    checkObjectRule(actor, 'expenseReceipt', e.makerUserId, EXPENSE_MSG.receiptNotYours);
    const names = p.attachments.map((a) => a.fileName);
    const rows = await tx
      .select({ fileName: files.fileName })
      .from(files)
      .where(and(eq(files.accountId, p.tenant.accountId), inArray(files.fileName, names)));
    if (rows.length !== new Set(names).size) throw fieldError('attachments', EXPENSE_MSG.fileUnknown);
    const merged = [...e.attachments];
    for (const a of p.attachments)
      if (!merged.some((m) => m.fileName === a.fileName))
        merged.push({ uploader: a.uploader ?? '', fileName: a.fileName });
    if (merged.length > 20) throw fieldError('attachments', 'At most 20 attachments');
    await tx
      .update(expenses)
      .set({ attachments: merged, updatedAt: sql`now()` })
      .where(eq(expenses.id, e.id));
  });
}

/** Retiring records receipts against a paid expense (cash advances, issue 21 §2). */
export async function retireExpense(deps: AppDeps, p: { tenant: TenantContext; id: string }) {
  await deps.db.transaction(async (tx) => {
    const e = await lockExpense(tx, p.tenant.accountId, p.id);
    const status = await effectiveStatus(tx, p.tenant.accountId, p.id);
    if (status !== 'completed') throw conflict(EXPENSE_MSG.notRetirable);
    if (!e.attachments.length) throw fieldError('attachments', EXPENSE_MSG.retireNeedsReceipt);
    await tx
      .update(expenses)
      .set({ status: 'retired', retiredAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(expenses.id, e.id));
  });
}
