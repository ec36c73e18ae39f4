// A commission batch's handler on the approvals engine (type `commission`; maker: the agent, so four
// eyes keeps an agent from approving their own pay; rejections are resolved by owners and admins).
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { registerApprovable } from '../approvals';
import { users } from '../../platform/tenancy-tables';
import { batchManifest } from '../money';
import { membersInRoles } from '../notifications';
import { agentCommissions, commissionBatches } from './tables';
import {
  batchRows,
  itemsOf,
  lockBatch,
  nextAttempts,
  orderedItems,
  payItems,
  type AfterCommit,
} from './pay-batch';

async function ownersAndAdmins(db: DbOrTx, accountId: string) {
  return (await membersInRoles(db, accountId)).map((r) => r.userId);
}

export function registerCommissionApprovals(deps: AppDeps) {
  registerApprovable(deps, {
    type: 'commission',
    path: (id) => `/commissions/disbursement/${id}`,
    load: async (db, accountId, id) => {
      const [r] = await db
        .select({ b: commissionBatches, first: users.firstName, last: users.lastName })
        .from(commissionBatches)
        .innerJoin(users, eq(users.id, commissionBatches.agentUserId))
        .where(and(eq(commissionBatches.id, id), eq(commissionBatches.accountId, accountId)));
      if (!r) return null;
      const name = `${r.first} ${r.last}`.trim();
      return {
        amountMinor: r.b.totalMinor,
        currency: 'NGN',
        payee: name,
        description: `Commission payout to ${name} (${r.b.period})`,
        categoryId: null,
        subsidiaryId: null,
        makerUserId: r.b.makerUserId,
        reference: r.b.reference,
        rejectionResolverIds: await ownersAndAdmins(db, accountId),
      };
    },
    manifest: async (db, accountId, id) => {
      const [b] = await db
        .select()
        .from(commissionBatches)
        .where(and(eq(commissionBatches.id, id), eq(commissionBatches.accountId, accountId)));
      if (!b) return null;
      const rows = await batchRows(db, b, await orderedItems(db, b.id));
      return batchManifest(
        db,
        accountId,
        rows.map((r) => r.draft),
      );
    },
    onFinalApproval: async ({ tx, deps: d, item, afterCommit }) => {
      const b = await lockBatch(tx, item.accountId, item.resourceId);
      await tx
        .update(commissionBatches)
        .set({ approvalStatus: 'approved', state: 'processing' })
        .where(eq(commissionBatches.id, b.id));
      await tx
        .update(agentCommissions)
        .set({ approvalStatus: 'approved' })
        .where(eq(agentCommissions.batchId, b.id));
      // Only what is not paid or in flight: a batch approved again after a bank refresh pays its
      // failed items, never a paid one twice.
      const open = (await itemsOf(tx, b.id))
        .filter((r) => r.paymentStatus === 'pending' || r.paymentStatus === 'failed')
        .map((r) => r.i);
      const after: AfterCommit = [];
      await payItems(tx, d, b, await nextAttempts(tx, open), after);
      for (const fn of after) afterCommit(fn);
    },
    onRejection: async ({ tx, item }) => {
      await tx
        .update(commissionBatches)
        .set({ approvalStatus: 'rejected', state: 'rejected' })
        .where(
          and(eq(commissionBatches.id, item.resourceId), eq(commissionBatches.accountId, item.accountId)),
        );
    },
    onResolve: async ({ tx, item }) => {
      await tx
        .update(commissionBatches)
        .set({ approvalStatus: 'pending', state: 'pending' })
        .where(
          and(eq(commissionBatches.id, item.resourceId), eq(commissionBatches.accountId, item.accountId)),
        );
    },
  });
}
