// The invoice approvable (type `invoice`): approval issues the pay link and, after the commit, the
// collection account; rejection and resolve set the invoice's approval status.
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../platform/deps';
import { registerApprovable } from '../approvals';
import { invoiceEvent, issueInvoiceLink } from './invoice-read';
import { invoices } from './tables';

export function registerInvoiceApprovals(deps: AppDeps, onApproved: (invoiceId: string) => Promise<void>) {
  registerApprovable(deps, {
    type: 'invoice',
    load: async (db, accountId, id) => {
      const [r] = await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.id, id), eq(invoices.accountId, accountId)));
      if (!r) return null;
      return {
        amountMinor: r.amountMinor,
        currency: 'NGN',
        payee: r.customerName,
        description: `Invoice ${r.reference} to ${r.customerName}`,
        categoryId: null,
        subsidiaryId: null,
        makerUserId: r.makerUserId,
        reference: r.reference,
      };
    },
    // No money moves on approval: the invoice gets its collection account (a provider call, so
    // after the commit; the sweep in collect.ts retries it).
    onFinalApproval: async ({ tx, item, afterCommit }) => {
      const [inv] = await tx
        .update(invoices)
        .set({ approvalStatus: 'approved', updatedAt: new Date() })
        .where(and(eq(invoices.id, item.resourceId), eq(invoices.accountId, item.accountId)))
        .returning();
      if (inv) await invoiceEvent(tx, inv, 'approved');
      if (inv) await issueInvoiceLink(tx, deps, inv);
      afterCommit(() => onApproved(item.resourceId));
    },
    onRejection: async ({ tx, item }) => {
      const [inv] = await tx
        .update(invoices)
        .set({ approvalStatus: 'rejected', updatedAt: new Date() })
        .where(and(eq(invoices.id, item.resourceId), eq(invoices.accountId, item.accountId)))
        .returning();
      if (inv) await invoiceEvent(tx, inv, 'rejected');
    },
    onResolve: async ({ tx, item }) => {
      await tx
        .update(invoices)
        .set({ approvalStatus: 'pending', updatedAt: new Date() })
        .where(and(eq(invoices.id, item.resourceId), eq(invoices.accountId, item.accountId)));
    },
  });
}
