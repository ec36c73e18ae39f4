// A payout approved elsewhere (a fund request's final approval, a recurring series' occurrence):
// inserted and paid, or scheduled, in the caller's transaction.
import { eq } from 'drizzle-orm';
import type { PayoutStatus } from '@owo/contract';
import type { Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { sendJobSoon } from '../../platform/jobs';
import { newReference } from '../../platform/text';
import { computeFee, type OutflowDraft } from '../money';
import { startPayment } from './payment';
import { type AfterCommit, assertFutureDate, Q_SCHEDULED_PAYOUT, secondsUntil } from './shared';
import { payoutSchedules, payouts } from './tables';

/**
 * A payout already approved elsewhere (a fund request's final approval, issue 23 §0 "Requests"):
 * inserted and paid (or scheduled) at once, in the caller's transaction, by the same path as a
 * payout's own final approval. It carries no approval item of its own: the request's is its trail.
 */
export async function createApprovedPayout(
  tx: Tx,
  deps: AppDeps,
  p: {
    accountId: string;
    subsidiaryId: string | null;
    makerUserId: string;
    payeeId: string;
    walletId: string;
    currency: string;
    amountMinor: number;
    narration: string;
    scheduledDate: string | null;
    afterCommit: AfterCommit;
    /** An occurrence of a recurring payout (unique per series and date). */
    recurrence?: { id: string; date: string };
    channel?: 'request' | 'recurring';
    /**
     * The approval it is paid under when not its series' (a fund request's), with the draft of the
     * manifest that approval digested: the payout pays exactly that (money/outflow.ts).
     */
    authority?: { approval: 'request'; resourceId: string; draft: OutflowDraft };
  },
): Promise<{ id: string; status: PayoutStatus; transactionId: string | null }> {
  if (p.scheduledDate) assertFutureDate(p.scheduledDate);
  const fee = await computeFee(tx, {
    accountId: p.accountId,
    method: 'bank-transfer',
    amount: p.amountMinor,
    currency: p.currency,
  });
  const [row] = await tx
    .insert(payouts)
    .values({
      accountId: p.accountId,
      subsidiaryId: p.subsidiaryId,
      reference: newReference('pay'),
      payoutOption: 'standard',
      channel: p.channel ?? 'request',
      recurrenceId: p.recurrence?.id ?? null,
      occurrenceDate: p.recurrence?.date ?? null,
      authority: p.authority ?? null,
      makerUserId: p.makerUserId,
      payeeId: p.payeeId,
      walletId: p.walletId,
      currency: p.currency,
      amountMinor: p.amountMinor,
      feeMinor: fee,
      narration: p.narration,
      scheduledDate: p.scheduledDate,
      status: p.scheduledDate ? 'scheduled' : 'pending',
    })
    .returning();
  if (p.scheduledDate) {
    const [s] = await tx
      .insert(payoutSchedules)
      .values({
        accountId: p.accountId,
        payoutId: row.id,
        scheduledDate: p.scheduledDate,
        status: 'scheduled',
      })
      .returning();
    p.afterCommit(() =>
      sendJobSoon(
        deps,
        Q_SCHEDULED_PAYOUT,
        { scheduleId: s.id },
        { startAfterSeconds: secondsUntil(s.scheduledDate) },
      ),
    );
  } else {
    await startPayment(tx, deps, row, p.afterCommit);
  }
  const [after] = await tx
    .select({ status: payouts.status, transactionId: payouts.transactionId })
    .from(payouts)
    .where(eq(payouts.id, row.id));
  return { id: row.id, status: after.status, transactionId: after.transactionId };
}
