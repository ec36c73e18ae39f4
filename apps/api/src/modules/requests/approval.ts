// Fund requests (issue 23 §0 "Requests"; 000 §4.4): a member asks the company to pay money out for
// a purpose, to a vendor or to themselves. Approved through the approvals engine as type `request`.
// The approver's choice (pay, approve only, schedule) is stored inside the engine's decision
// transaction (`decide`'s `within`), and the final approval acts on it: pay or schedule creates a
// payout through the payouts module (`createApprovedPayout`), which holds through the money core.
// "Request more info" is the engine's rejection; the maker answers it with the engine's resolve.
// This file: the request's handler on the approvals engine (its manifest, subject, and what final
// approval, rejection and resolve do to the request).
import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../platform/deps';
import { registerApprovable, type HandlerContext } from '../approvals';
import { outflowManifest } from '../money';
import { payRequest, requestDraft } from './pay';
import { lockRequest, notify } from './shared';
import { fundRequests } from './tables';

export function registerRequestApprovals(deps: AppDeps) {
  registerApprovable(deps, {
    type: 'request',
    // Digested at each approving decision, after the approver's choice (`within`) is stored.
    manifest: async (db, accountId, id) => {
      const [r] = await db
        .select()
        .from(fundRequests)
        .where(and(eq(fundRequests.id, id), eq(fundRequests.accountId, accountId)));
      return r ? outflowManifest(db, accountId, requestDraft(r, r.decision, r.scheduledDate)) : null;
    },
    load: async (db, accountId, id) => {
      const [r] = await db
        .select()
        .from(fundRequests)
        .where(and(eq(fundRequests.id, id), eq(fundRequests.accountId, accountId)));
      if (!r) return null;
      return {
        amountMinor: r.amountMinor,
        currency: r.currency,
        payee: `${r.accountName} (${r.bankName} ${r.accountNumber})`,
        description: r.narration,
        categoryId: null,
        subsidiaryId: r.subsidiaryId,
        makerUserId: r.makerUserId,
        reference: r.reference,
      };
    },
    onFinalApproval: async ({ tx, deps: d, item, afterCommit }: HandlerContext) => {
      const r = await lockRequest(tx, item.accountId, item.resourceId);
      if (r.status !== 'pending' || r.payoutId) return;
      // An auto-approval (AP policy) or a plain engine approval carries no choice: approve only.
      const decision = r.decision ?? 'approve';
      if (decision === 'approve') {
        await tx
          .update(fundRequests)
          .set({ status: 'approved', decision, updatedAt: sql`now()` })
          .where(eq(fundRequests.id, r.id));
        await notify(tx, r, 'Request Approved', `Your request ${r.reference} was approved.`, [r.makerUserId]);
        return;
      }
      await payRequest(tx, d, r, decision === 'schedule' ? 'schedule' : 'pay', r.scheduledDate, afterCommit);
    },
    onRejection: async ({ tx, item }) => {
      const r = await lockRequest(tx, item.accountId, item.resourceId);
      await tx
        .update(fundRequests)
        .set({ status: 'moreInfo', decision: null, scheduledDate: null, updatedAt: sql`now()` })
        .where(eq(fundRequests.id, r.id));
      await notify(tx, r, 'Request More Info', `More information is needed on your request ${r.reference}.`, [
        r.makerUserId,
      ]);
    },
    onResolve: async ({ tx, item }) => {
      await tx
        .update(fundRequests)
        .set({ status: 'pending', updatedAt: sql`now()` })
        .where(and(eq(fundRequests.id, item.resourceId), eq(fundRequests.accountId, item.accountId)));
    },
  });
}
