// Expenses: one run of a scheduled or recurring expense (issue 21 §2).
import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../platform/deps';
import { lagosToday } from '../../platform/dates';
import { enqueueRun, type ScheduleRun } from './schedule';
import { expenses } from './tables';
import { startPayment } from './pay';
import { type AfterCommit } from './shared';

/**
 * One run of a schedule (the pg-boss job of `schedule.ts`). Under the scheduled expense's row lock it
 * acts only when `runOn` is still the schedule's next run and is due (Lagos date), so a second job,
 * a second worker or the sweep find nothing to do: one payment per run. Run 1 pays the scheduled
 * expense itself; run n > 1 pays a new expense (`<reference>-r<n>`, unique per parent and
 * occurrence) covered by the first's approval. Then the schedule moves to its next date or ends.
 */
export async function runScheduledExpense(deps: AppDeps, data: ScheduleRun): Promise<'paid' | 'skipped'> {
  const after: (() => Promise<void> | void)[] = [];
  const done = await deps.db.transaction(async (tx) => {
    const [tpl] = await tx.select().from(expenses).where(eq(expenses.id, data.expenseId)).for('update');
    if (!tpl || tpl.nextRunOn !== data.runOn || data.runOn > lagosToday()) return false;
    const n = tpl.occurrence;
    const afterCommit: AfterCommit = (fn) => after.push(fn);
    if (n === 1) {
      const next = { ...tpl, status: 'approved' as const, paymentAttempt: tpl.paymentAttempt + 1 };
      await tx
        .update(expenses)
        .set({ status: 'approved', paymentAttempt: next.paymentAttempt, updatedAt: sql`now()` })
        .where(eq(expenses.id, tpl.id));
      await startPayment(tx, deps, next, afterCommit);
    } else {
      const {
        id: _id,
        createdAt: _c,
        updatedAt: _u,
        transactionId: _t,
        failureReason: _f,
        retiredAt: _r,
        ...copy
      } = tpl;
      const [child] = await tx
        .insert(expenses)
        .values({
          ...copy,
          reference: `${tpl.reference}-r${n}`,
          status: 'approved',
          paymentAttempt: 1,
          scheduledDate: data.runOn,
          recurrence: null,
          recurrenceEndDate: null,
          nextRunOn: null,
          occurrence: n,
          parentExpenseId: tpl.id,
        })
        .returning();
      await startPayment(tx, deps, child, afterCommit);
    }
    // The next run: a week or a calendar month later (PostgreSQL clamps 31 Jan + 1 month to 28/29 Feb).
    let nextRunOn: string | null = null;
    if (tpl.recurrence === 'weekly' || tpl.recurrence === 'monthly') {
      const step = tpl.recurrence === 'weekly' ? '7 days' : '1 month';
      const r = await tx.execute(
        sql`select to_char((${tpl.scheduledDate}::date + ${sql.raw(`interval '${step}'`)} * ${n})::date, 'YYYY-MM-DD') as d`,
      );
      const d = (r.rows[0] as { d: string }).d;
      if (!tpl.recurrenceEndDate || d <= tpl.recurrenceEndDate) nextRunOn = d;
    }
    await tx
      .update(expenses)
      .set({ nextRunOn, occurrence: n + 1, updatedAt: sql`now()` })
      .where(eq(expenses.id, tpl.id));
    if (nextRunOn) afterCommit(() => enqueueRun(deps, tpl.id, nextRunOn));
    return true;
  });
  for (const fn of after) await fn();
  return done ? 'paid' : 'skipped';
}
