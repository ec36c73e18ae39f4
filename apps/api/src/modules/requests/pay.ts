// Paying a fund request: its payout (created through the payouts module, held through the money
// core) on the final approval or on "pay now" after "approve only", and the draft it pays.
import { and, eq, sql } from 'drizzle-orm';
import { formatMoney, REQUEST_MSG, type RequestStatus } from '@owo/contract';
import type { Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { conflict, notFound } from '../../platform/errors';
import type { TenantContext } from '../../platform/guard';
import { payees, users } from '../../platform/schema';
import type { OutflowDraft } from '../money';
import { createApprovedPayout } from '../payouts';
import { addPayees } from '../payees';
import { lockRequest, notify, type Row } from './shared';
import { fundRequests } from './tables';

/** The vendor a self-payee request pays: the company's vendor with that bank account, else a new one. */
async function selfPayeeId(tx: Tx, r: Row): Promise<string> {
  const [maker] = await tx.select({ email: users.email }).from(users).where(eq(users.id, r.makerUserId));
  await addPayees(
    tx,
    [
      {
        accountId: r.accountId,
        name: r.accountName,
        email: maker?.email ?? '',
        bankCode: r.bankCode,
        bankName: r.bankName,
        accountNumber: r.accountNumber,
        accountName: r.accountName,
        createdBy: r.makerUserId,
      },
    ],
    'skip',
  );
  const [v] = await tx
    .select({ id: payees.id })
    .from(payees)
    .where(
      and(
        eq(payees.accountId, r.accountId),
        eq(payees.bankCode, r.bankCode),
        eq(payees.accountNumber, r.accountNumber),
      ),
    );
  return v.id;
}

/**
 * What a request pays (money/outflow.ts): the amount, wallet and bank account the approvers saw on
 * it, dated by the approver's choice. Its final approval digests this; its payout pays exactly it.
 */
export function requestDraft(r: Row, decision: Row['decision'], scheduledDate: string | null): OutflowDraft {
  return {
    amountMinor: r.amountMinor,
    currency: r.currency,
    walletId: r.walletId,
    bankCode: r.bankCode,
    bankName: r.bankName,
    accountNumber: r.accountNumber,
    accountName: r.accountName,
    payee: r.payeeKind === 'vendor' ? r.payeeId : null,
    date: decision === 'schedule' ? scheduledDate : null,
  };
}

/** Creates and pays (or schedules) the request's payout: the final approval's path and "pay now". */
export async function payRequest(
  tx: Tx,
  deps: AppDeps,
  r: Row,
  decision: 'pay' | 'schedule',
  scheduledDate: string | null,
  afterCommit: (fn: () => Promise<void> | void) => void,
) {
  const payeeId = r.payeeKind === 'vendor' && r.payeeId ? r.payeeId : await selfPayeeId(tx, r);
  const payout = await createApprovedPayout(tx, deps, {
    accountId: r.accountId,
    subsidiaryId: r.subsidiaryId,
    makerUserId: r.makerUserId,
    payeeId,
    walletId: r.walletId,
    currency: r.currency,
    amountMinor: r.amountMinor,
    narration: r.narration,
    scheduledDate: decision === 'schedule' ? scheduledDate : null,
    afterCommit,
    authority: { approval: 'request', resourceId: r.id, draft: requestDraft(r, decision, scheduledDate) },
  });
  const status: RequestStatus =
    payout.status === 'scheduled' ? 'scheduled' : payout.status === 'failed' ? 'failed' : 'paying';
  await tx
    .update(fundRequests)
    .set({ status, decision, payoutId: payout.id, updatedAt: sql`now()` })
    .where(eq(fundRequests.id, r.id));
  const money = formatMoney(r.amountMinor, r.currency);
  await notify(
    tx,
    r,
    status === 'scheduled' ? 'Request Scheduled' : status === 'failed' ? 'Request Failed' : 'Request Paid',
    status === 'scheduled'
      ? `Your request ${r.reference} for ${money} was approved; payment is scheduled for ${scheduledDate}.`
      : status === 'failed'
        ? `Your request ${r.reference} for ${money} was approved but the payment could not be made.`
        : `Your request ${r.reference} for ${money} was approved and the payment is on its way.`,
    [r.makerUserId],
  );
}

/** POST /api/requests/{ref}/pay: pays an "Approve only" request now, once (row lock + status). */
export async function payApprovedRequest(
  deps: AppDeps,
  p: { tenant: TenantContext; ref: string },
): Promise<{ afterCommit: (() => Promise<void> | void)[] }> {
  const after: (() => Promise<void> | void)[] = [];
  await deps.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: fundRequests.id })
      .from(fundRequests)
      .where(and(eq(fundRequests.reference, p.ref), eq(fundRequests.accountId, p.tenant.accountId)));
    if (!found) throw notFound('Request');
    const r = await lockRequest(tx, p.tenant.accountId, found.id);
    if (r.status !== 'approved' || r.payoutId) throw conflict(REQUEST_MSG.notApprovedOnly);
    await payRequest(tx, deps, r, 'pay', null, (fn) => after.push(fn));
  });
  return { afterCommit: after };
}
