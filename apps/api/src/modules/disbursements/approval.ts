// Bulk disbursements: the approvals engine's hooks for a batch (type `disbursement`).
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../platform/deps';
import { registerApprovable, type HandlerContext } from '../approvals';
import { batchManifest } from '../money';
import { setStatus } from './shared';
import { batchRows, payableRows, payRows } from './pay';
import { disbursementItems, disbursements } from './tables';

export function registerDisbursementApprovals(deps: AppDeps) {
  const batchOf = async (ctx: HandlerContext) => {
    const [b] = await ctx.tx
      .select()
      .from(disbursements)
      .where(and(eq(disbursements.id, ctx.item.resourceId), eq(disbursements.accountId, ctx.item.accountId)))
      .for('update');
    return b;
  };
  registerApprovable(deps, {
    type: 'disbursement',
    load: async (db, accountId, id) => {
      const [b] = await db
        .select()
        .from(disbursements)
        .where(and(eq(disbursements.id, id), eq(disbursements.accountId, accountId)));
      if (!b) return null;
      return {
        amountMinor: b.amountMinor,
        currency: b.currency,
        payee: `${b.itemCount} recipient${b.itemCount === 1 ? '' : 's'}`,
        description: b.name,
        categoryId: null,
        subsidiaryId: b.subsidiaryId,
        makerUserId: b.makerUserId,
        reference: b.reference,
      };
    },
    manifest: async (db, accountId, id) => {
      const [b] = await db
        .select()
        .from(disbursements)
        .where(and(eq(disbursements.id, id), eq(disbursements.accountId, accountId)));
      if (!b) return null;
      const rows = batchRows(b, await payableRows(db, b.id));
      return batchManifest(
        db,
        accountId,
        rows.map((r) => r.draft),
      );
    },
    path: (id) => `/disbursements/${id}`,
    onFinalApproval: async (ctx) => {
      const b = await batchOf(ctx);
      if (!b || b.status !== 'pending') return;
      const all = await payableRows(ctx.tx, b.id);
      const valid = await ctx.tx
        .select({ id: disbursementItems.id })
        .from(disbursementItems)
        .where(and(eq(disbursementItems.disbursementId, b.id), eq(disbursementItems.status, 'valid')));
      await payRows(ctx.tx, deps, b, all, new Set(valid.map((v) => v.id)), ctx.afterCommit);
    },
    onRejection: async (ctx) => {
      const b = await batchOf(ctx);
      if (b?.status === 'pending') await setStatus(ctx.tx, b.id, 'rejected');
    },
    onResolve: async (ctx) => {
      const b = await batchOf(ctx);
      if (b?.status === 'rejected') await setStatus(ctx.tx, b.id, 'pending');
    },
  });
}
