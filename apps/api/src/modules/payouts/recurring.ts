// Recurring payouts (issue 23 §3): the first payout's approval approves the series; each due
// occurrence is made once by a pg-boss job (and a sweep), as an already-approved payout.
import { and, eq, lte } from 'drizzle-orm';
import type { PayoutStatus } from '@owo/contract';
import type { Db, DbOrTx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { conflict, notFound } from '../../platform/errors';
import { sendJob } from '../../platform/jobs';
import { lagosToday } from '../../platform/dates';
import { createApprovedPayout } from './create-approved';
import { Q_RECURRING_PAYOUT, type Row } from './shared';
import { payoutRecurrences, payouts } from './tables';

/** The n-th date of a series from `start`: weekly, or monthly on the same day (clamped to short months). */
export function occurrenceDate(start: string, frequency: 'weekly' | 'monthly', n: number): string {
  const [y, m, d] = start.split('-').map(Number);
  if (frequency === 'weekly') return new Date(Date.UTC(y, m - 1, d + 7 * n)).toISOString().slice(0, 10);
  const month = m - 1 + n;
  const last = new Date(Date.UTC(y, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, month, Math.min(d, last))).toISOString().slice(0, 10);
}

const recurrenceDto = (r: typeof payoutRecurrences.$inferSelect) => ({
  id: r.id,
  frequency: r.frequency,
  startDate: r.startDate,
  nextDate: r.nextDate,
  endDate: r.endDate,
  occurrences: r.occurrences,
  status: r.status,
});

export async function recurrenceOf(db: DbOrTx, p: Row) {
  const [r] = await db
    .select()
    .from(payoutRecurrences)
    .where(
      p.recurrenceId
        ? and(eq(payoutRecurrences.id, p.recurrenceId), eq(payoutRecurrences.accountId, p.accountId))
        : and(eq(payoutRecurrences.payoutId, p.id), eq(payoutRecurrences.accountId, p.accountId)),
    );
  return r ? recurrenceDto(r) : null;
}

/** The first payout's approval approves the series: these statuses mean it was approved. */
const APPROVED_STATES: PayoutStatus[] = ['approved', 'scheduled', 'paying', 'completed', 'failed'];

/**
 * Creates the series' due occurrence, once, whatever the number of workers: the recurrence row is
 * locked, its next date checked, the occurrence inserted (unique per series and date) and the next
 * date advanced in one transaction. The occurrence is an already-approved payout, held and sent at
 * once (`createApprovedPayout`); a short balance marks that occurrence failed, the series goes on.
 */
export async function runRecurrence(deps: AppDeps, recurrenceId: string): Promise<'created' | 'skipped'> {
  const after: (() => Promise<void> | void)[] = [];
  const outcome = await deps.db.transaction(async (tx) => {
    const [r] = await tx
      .select()
      .from(payoutRecurrences)
      .where(eq(payoutRecurrences.id, recurrenceId))
      .for('update');
    if (!r || r.status !== 'active' || r.nextDate > lagosToday()) return 'skipped' as const;
    const [first] = await tx.select().from(payouts).where(eq(payouts.id, r.payoutId));
    if (!first) return 'skipped' as const;
    if (first.status === 'cancelled' || first.status === 'rejected') {
      if (first.status === 'cancelled')
        await tx.update(payoutRecurrences).set({ status: 'cancelled' }).where(eq(payoutRecurrences.id, r.id));
      return 'skipped' as const;
    }
    if (!APPROVED_STATES.includes(first.status)) return 'skipped' as const; // not approved yet
    const [made] = await tx
      .select({ id: payouts.id })
      .from(payouts)
      .where(and(eq(payouts.recurrenceId, r.id), eq(payouts.occurrenceDate, r.nextDate)));
    // That date's occurrence exists already (the series' dates were edited): it is not made twice.
    if (!made)
      await createApprovedPayout(tx, deps, {
        accountId: r.accountId,
        subsidiaryId: first.subsidiaryId,
        makerUserId: first.makerUserId,
        payeeId: first.payeeId,
        walletId: first.walletId,
        currency: first.currency,
        amountMinor: first.amountMinor,
        narration: first.narration,
        scheduledDate: null,
        afterCommit: (fn) => after.push(fn),
        recurrence: { id: r.id, date: r.nextDate },
        channel: 'recurring',
      });
    const n = r.occurrences + 1;
    const next = occurrenceDate(r.startDate, r.frequency, n + 1);
    await tx
      .update(payoutRecurrences)
      .set({
        occurrences: n,
        nextDate: next,
        status: r.endDate && next > r.endDate ? 'ended' : 'active',
      })
      .where(eq(payoutRecurrences.id, r.id));
    return 'created' as const;
  });
  for (const fn of after) await Promise.resolve(fn()).catch(() => {});
  return outcome;
}

export async function sweepDueRecurrences(deps: AppDeps) {
  const due = await deps.db
    .select({ id: payoutRecurrences.id })
    .from(payoutRecurrences)
    .where(and(eq(payoutRecurrences.status, 'active'), lte(payoutRecurrences.nextDate, lagosToday())))
    .limit(500);
  for (const d of due)
    await sendJob(deps, Q_RECURRING_PAYOUT, { recurrenceId: d.id }, { singletonKey: d.id });
}

/** DELETE /api/payout/recurrence/{id}: stops the series (payouts already made stand). */
export async function cancelRecurrence(db: Db, p: { accountId: string; id: string }) {
  const [r] = await db
    .update(payoutRecurrences)
    .set({ status: 'cancelled' })
    .where(
      and(
        eq(payoutRecurrences.id, p.id),
        eq(payoutRecurrences.accountId, p.accountId),
        eq(payoutRecurrences.status, 'active'),
      ),
    )
    .returning();
  if (r) return recurrenceDto(r);
  const [exists] = await db
    .select({ id: payoutRecurrences.id })
    .from(payoutRecurrences)
    .where(and(eq(payoutRecurrences.id, p.id), eq(payoutRecurrences.accountId, p.accountId)));
  if (!exists) throw notFound('Recurring payout');
  throw conflict('This recurring payout is no longer active');
}
