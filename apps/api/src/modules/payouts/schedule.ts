// Scheduled payouts (issue 23 §0): a payout dated in the future is paid by a pg-boss job at its
// date, once, whatever the number of workers (row lock + status check); its schedule can be read,
// moved (back to approval when approved) or cancelled while it has not run.
import { and, eq, lte, sql } from 'drizzle-orm';
import { PAYOUT_MSG } from '@owo/contract';
import type { Db, DbOrTx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { conflict, notFound } from '../../platform/errors';
import { sendJob, sendJobSoon } from '../../platform/jobs';
import { lagosToday } from '../../platform/dates';
import { resubmitForApproval } from '../approvals';
import { editedAfterApproval, manifestChange } from '../money';
import { startPayment } from './payment';
import { scheduledPayoutSummary } from './read';
import { assertFutureDate, lockPayout, Q_SCHEDULED_PAYOUT, secondsUntil } from './shared';
import { payoutRecurrences, payoutSchedules, payouts } from './tables';

/** Runs a scheduled payout if due: once, whatever the number of workers (row locks + status). */
export async function runSchedule(deps: AppDeps, scheduleId: string): Promise<'paid' | 'skipped'> {
  const after: (() => Promise<void> | void)[] = [];
  const outcome = await deps.db.transaction(async (tx) => {
    const [s] = await tx
      .select()
      .from(payoutSchedules)
      .where(eq(payoutSchedules.id, scheduleId))
      .for('update');
    if (!s || s.status !== 'scheduled' || s.scheduledDate > lagosToday()) return 'skipped' as const;
    const p = await lockPayout(tx, s.accountId, s.payoutId);
    if (p.status !== 'scheduled') return 'skipped' as const;
    await tx
      .update(payoutSchedules)
      .set({ status: 'paid', ranAt: sql`now()` })
      .where(eq(payoutSchedules.id, s.id));
    await startPayment(tx, deps, p, (fn) => after.push(fn));
    return 'paid' as const;
  });
  for (const fn of after) await Promise.resolve(fn()).catch(() => {});
  return outcome;
}

/** Sweep: due schedules whose job was lost (or moved earlier) are queued again. */
export async function sweepDueSchedules(deps: AppDeps) {
  const due = await deps.db
    .select({ id: payoutSchedules.id })
    .from(payoutSchedules)
    .innerJoin(payouts, eq(payouts.id, payoutSchedules.payoutId))
    .where(
      and(
        eq(payoutSchedules.status, 'scheduled'),
        lte(payoutSchedules.scheduledDate, lagosToday()),
        eq(payouts.status, 'scheduled'),
      ),
    )
    .limit(500);
  for (const d of due) await sendJob(deps, Q_SCHEDULED_PAYOUT, { scheduleId: d.id }, { singletonKey: d.id });
}

async function scheduleOf(db: DbOrTx, accountId: string, id: string) {
  const [s] = await db
    .select()
    .from(payoutSchedules)
    .where(and(eq(payoutSchedules.id, id), eq(payoutSchedules.accountId, accountId)));
  if (!s) throw notFound('Schedule');
  return s;
}

export const scheduleDto = (s: typeof payoutSchedules.$inferSelect) => ({
  id: s.id,
  payoutId: s.payoutId,
  scheduledDate: s.scheduledDate,
  status: s.status,
});

/** A schedule with the payout it pays (amount, fee, payee). */
const withPayout = async (db: DbOrTx, accountId: string, s: typeof payoutSchedules.$inferSelect) => ({
  ...scheduleDto(s),
  payout: await scheduledPayoutSummary(db, accountId, s.payoutId),
});

export const getSchedule = async (db: Db, accountId: string, id: string) =>
  withPayout(db, accountId, await scheduleOf(db, accountId, id));

/**
 * PUT /api/payout/schedule/{id}: a new date, tomorrow or later, while not yet paid. The date is part
 * of what was approved: an approved payout goes back to approval, the trail showing the change.
 */
export async function reschedule(
  deps: AppDeps,
  p: { accountId: string; id: string; scheduledDate: string; userId: string },
) {
  assertFutureDate(p.scheduledDate);
  const after: (() => Promise<void> | void)[] = [];
  const s = await deps.db.transaction(async (tx) => {
    const [s] = await tx
      .select()
      .from(payoutSchedules)
      .where(and(eq(payoutSchedules.id, p.id), eq(payoutSchedules.accountId, p.accountId)))
      .for('update');
    if (!s) throw notFound('Schedule');
    if (s.status !== 'scheduled') throw conflict(PAYOUT_MSG.notScheduled);
    const [u] = await tx
      .update(payoutSchedules)
      .set({ scheduledDate: p.scheduledDate })
      .where(eq(payoutSchedules.id, s.id))
      .returning();
    const [payout] = await tx
      .update(payouts)
      .set({ scheduledDate: p.scheduledDate, updatedAt: sql`now()` })
      .where(eq(payouts.id, s.payoutId))
      .returning();
    const change =
      payout.status === 'scheduled' && !payout.authority && !payout.recurrenceId
        ? await manifestChange(tx, deps, { accountId: p.accountId, type: 'payout', resourceId: payout.id })
        : null;
    if (change) {
      await tx
        .update(payouts)
        .set({ status: 'pending', updatedAt: sql`now()` })
        .where(eq(payouts.id, payout.id));
      await resubmitForApproval(tx, deps, {
        accountId: p.accountId,
        type: 'payout',
        resourceId: payout.id,
        userId: p.userId,
        comments: editedAfterApproval(change),
        afterCommit: (fn) => after.push(fn),
      });
    }
    return u;
  });
  for (const fn of after) await Promise.resolve(fn()).catch(() => {});
  sendJobSoon(
    deps,
    Q_SCHEDULED_PAYOUT,
    { scheduleId: s.id },
    { startAfterSeconds: secondsUntil(s.scheduledDate) },
  );
  return withPayout(deps.db, p.accountId, s);
}

/** DELETE /api/payout/schedule/{id}: cancels a scheduled payout that has not run. */
export async function cancelSchedule(db: Db, p: { accountId: string; id: string }) {
  return db.transaction(async (tx) => {
    const [s] = await tx
      .select()
      .from(payoutSchedules)
      .where(and(eq(payoutSchedules.id, p.id), eq(payoutSchedules.accountId, p.accountId)))
      .for('update');
    if (!s) throw notFound('Schedule');
    if (s.status !== 'scheduled') throw conflict(PAYOUT_MSG.notScheduled);
    const payout = await lockPayout(tx, p.accountId, s.payoutId);
    if (payout.status !== 'scheduled' && payout.status !== 'pending' && payout.status !== 'rejected')
      throw conflict(PAYOUT_MSG.notScheduled);
    const [u] = await tx
      .update(payoutSchedules)
      .set({ status: 'cancelled' })
      .where(eq(payoutSchedules.id, s.id))
      .returning();
    await tx
      .update(payouts)
      .set({ status: 'cancelled', updatedAt: sql`now()` })
      .where(eq(payouts.id, payout.id));
    // A recurring payout's series stops with its first payout.
    await tx
      .update(payoutRecurrences)
      .set({ status: 'cancelled' })
      .where(and(eq(payoutRecurrences.payoutId, payout.id), eq(payoutRecurrences.status, 'active')));
    return withPayout(tx, p.accountId, u);
  });
}
