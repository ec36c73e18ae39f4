// Scheduled and recurring expenses (issue 21 §2): a pg-boss job per run, sent for the run's date,
// and a sweep that re-sends any due run (a lost enqueue, a worker that was down). The run itself
// (`runScheduledExpense`, scheduled-run.ts) locks the scheduled expense and acts only when the run is
// still due, so a duplicated job, two workers or the sweep racing the job pay exactly once.
import { and, isNotNull, lte, sql } from 'drizzle-orm';
import type { AppDeps } from '../../platform/deps';
import { defineQueue, defineTicker, sendJob } from '../../platform/jobs';
import { expenses } from './tables';

export const SCHEDULE_QUEUE = 'expenses.scheduled-run';
export type ScheduleRun = { expenseId: string; runOn: string };

/** Seconds until the start of `runOn` in Lagos (UTC+1), at least 0. */
export function secondsUntil(runOn: string, now = Date.now()): number {
  return Math.max(0, Math.ceil((Date.parse(`${runOn}T00:00:00+01:00`) - now) / 1000));
}

/** Queues the run of `runOn` (one job per expense and date while it waits). */
export async function enqueueRun(deps: AppDeps, expenseId: string, runOn: string): Promise<void> {
  await sendJob(deps, SCHEDULE_QUEUE, { expenseId, runOn } satisfies ScheduleRun, {
    startAfterSeconds: secondsUntil(runOn),
    singletonKey: `${expenseId}:${runOn}`,
  });
}

export function registerScheduleJobs(
  deps: AppDeps,
  run: (deps: AppDeps, data: ScheduleRun) => Promise<void>,
) {
  defineQueue<ScheduleRun>(deps, SCHEDULE_QUEUE, (data) => run(deps, data), {
    concurrency: 2,
    policy: 'short',
    expireInSeconds: 120,
  });
  // Every minute: any run that is due and not yet done is queued again (the run is idempotent).
  defineTicker(deps, 'expenses.scheduled-due', 60_000, async (d) => {
    const due = await d.db
      .select({ id: expenses.id, nextRunOn: expenses.nextRunOn })
      .from(expenses)
      .where(
        and(
          isNotNull(expenses.nextRunOn),
          lte(expenses.nextRunOn, sql`(now() at time zone 'Africa/Lagos')::date`),
        ),
      )
      .limit(500);
    for (const e of due) await enqueueRun(d, e.id, e.nextRunOn!);
  });
}
