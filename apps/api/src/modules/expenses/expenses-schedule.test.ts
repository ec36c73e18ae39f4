// Scheduled and recurring expenses (issue 21 §2): approved now, paid on the date by a pg-boss job,
// once per run even when the job runs twice at the same instant (two workers) or is sent twice.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPENSE_MSG } from '@owo/contract';
import { memberWithRole, type TestApp, createTestApp } from '../../../test/helpers';
import { sendJob, startJobs } from '../../platform/jobs';
import { lagosToday } from '../../platform/dates';
import { fundedOwner, ordinaryAccount, waitFor } from '../funding/test-support';
import { transactions } from '../money/tables';
import { verifyLedger } from '../money/verify';
import { currentManifest, manifestDigest } from '../approvals';
import { approvalItems } from '../approvals/tables';
import { SCHEDULE_QUEUE, secondsUntil } from './schedule';
import { runScheduledExpense } from './scheduled-run';
import { expenses } from './tables';

let t: TestApp;
let stop: () => Promise<void>;
beforeAll(async () => {
  t = await createTestApp();
  stop = await startJobs(t.app.deps);
});
afterAll(async () => {
  await stop?.();
  await t?.close();
});

const day = (offset: number) => lagosToday(new Date(Date.now() + offset * 86_400_000));

async function scheduled(over: Record<string, unknown>) {
  const o = await fundedOwner(t, 1_000_000_00);
  const a = await memberWithRole(t, o.account.id, 'finance-manager');
  const res = await o.api.post('/api/expense', {
    amount: '10000',
    walletId: o.wallet.id,
    currency: 'NGN',
    bankCode: '058',
    bankAccountNumber: ordinaryAccount(),
    approverId: a.user.id,
    purpose: { description: 'Office cleaning, monthly' },
    ...over,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const e = res.body.data;
  const ok = await a.api.post(
    `/api/approval-workflows/pending-approvals/approve/${e.approvalWorkflowPendingApprovalItem.id}`,
    { approvalStatus: 'approved', comments: 'Contract checked' },
  );
  expect(ok.status).toBe(200);
  return { o, a, e };
}

const txsOf = async (expenseIds: string[]) =>
  (await t.db.select().from(transactions)).filter((x) => x.sourceId && expenseIds.includes(x.sourceId));
/**
 * Pretend the run's date has come: the schedule's next run is today, and its approval was given for
 * today (the date is part of the manifest the approval digested, issue 34 §1).
 */
async function makeDue(id: string) {
  const [e] = await t.db
    .update(expenses)
    .set({ nextRunOn: day(0), scheduledDate: day(0) })
    .where(eq(expenses.id, id))
    .returning();
  const manifest = await currentManifest(t.db, t.app.deps, {
    accountId: e.accountId,
    type: 'expense',
    resourceId: id,
  });
  await t.db
    .update(approvalItems)
    .set({ manifest, manifestDigest: manifestDigest(manifest) })
    .where(and(eq(approvalItems.type, 'expense'), eq(approvalItems.resourceId, id)));
}

describe('scheduled and recurring expenses', () => {
  it('refuses a date that is not after today, and a recurrence without a date; changes nothing', async () => {
    const o = await fundedOwner(t, 1_000_000_00);
    const a = await memberWithRole(t, o.account.id, 'finance-manager');
    const base = {
      amount: '10000',
      walletId: o.wallet.id,
      currency: 'NGN',
      bankCode: '058',
      bankAccountNumber: ordinaryAccount(),
      approverId: a.user.id,
      purpose: { description: 'Rent' },
    };
    const past = await o.api.post('/api/expense', { ...base, scheduledDate: day(0) });
    expect(past.status).toBe(400);
    expect(past.body.errors!.scheduledDate).toEqual([EXPENSE_MSG.scheduleInPast]);
    const noDate = await o.api.post('/api/expense', { ...base, recurrence: 'monthly' });
    expect(noDate.body.errors!.scheduledDate).toEqual([EXPENSE_MSG.recurrenceNeedsDate]);
    const endFirst = await o.api.post('/api/expense', {
      ...base,
      scheduledDate: day(5),
      recurrence: 'weekly',
      recurrenceEndDate: day(2),
    });
    expect(endFirst.body.errors!.recurrenceEndDate).toEqual([EXPENSE_MSG.recurrenceEndBeforeStart]);
    const bad = await o.api.post('/api/expense', { ...base, scheduledDate: '2026-02-30' });
    expect(bad.status).toBe(400);
    expect((await o.api.get('/api/expense')).body.data).toHaveLength(0);
  });

  it('a scheduled expense is approved now and not paid before its date', async () => {
    const { o, e } = await scheduled({ scheduledDate: day(3) });
    const now = (await o.api.get(`/api/expense/${e.id}`)).body.data;
    expect(now).toMatchObject({
      status: 'scheduled',
      scheduledDate: day(3),
      nextRunOn: day(3),
      recurrence: 'once',
    });
    expect(await runScheduledExpense(t.app.deps, { expenseId: e.id, runOn: day(3) })).toBe('skipped');
    expect(await txsOf([e.id])).toHaveLength(0);
    expect(secondsUntil(day(3))).toBeGreaterThan(86_400);
    expect(
      (await o.api.get('/api/expense?status=scheduled')).body.data.map((x: { id: string }) => x.id),
    ).toEqual([e.id]);
  });

  it('on its date the run pays exactly once, even when two workers run it at the same instant', async () => {
    const { o, e } = await scheduled({ scheduledDate: day(1) });
    await makeDue(e.id);
    const results = await Promise.all([
      runScheduledExpense(t.app.deps, { expenseId: e.id, runOn: day(0) }),
      runScheduledExpense(t.app.deps, { expenseId: e.id, runOn: day(0) }),
    ]);
    expect(results.sort()).toEqual(['paid', 'skipped']);
    // The same job sent twice more through pg-boss (the workers started in beforeAll) changes nothing.
    await sendJob(t.app.deps, SCHEDULE_QUEUE, { expenseId: e.id, runOn: day(0) });
    await sendJob(t.app.deps, SCHEDULE_QUEUE, { expenseId: e.id, runOn: day(0) });
    expect(
      await waitFor(
        'completed',
        async () => (await o.api.get(`/api/expense/${e.id}`)).body.data.status === 'completed',
      ),
    ).toBe(true);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await txsOf([e.id])).toHaveLength(1);
    const after = (await o.api.get(`/api/expense/${e.id}`)).body.data;
    expect(after.nextRunOn).toBeNull();
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('the pg-boss job alone pays a due schedule (sent by the due sweep or the approval)', async () => {
    const { o, e } = await scheduled({ scheduledDate: day(1) });
    await makeDue(e.id);
    await Promise.all([
      sendJob(t.app.deps, SCHEDULE_QUEUE, { expenseId: e.id, runOn: day(0) }),
      sendJob(t.app.deps, SCHEDULE_QUEUE, { expenseId: e.id, runOn: day(0) }),
    ]);
    expect(
      await waitFor(
        'paid',
        async () => (await o.api.get(`/api/expense/${e.id}`)).body.data.status === 'completed',
      ),
    ).toBe(true);
    expect(await txsOf([e.id])).toHaveLength(1);
  });

  it('a monthly expense pays each month as its own expense, once per run, until its end date', async () => {
    const { o, e } = await scheduled({
      scheduledDate: day(1),
      recurrence: 'monthly',
      recurrenceEndDate: day(45),
    });
    await makeDue(e.id);
    expect(await runScheduledExpense(t.app.deps, { expenseId: e.id, runOn: day(0) })).toBe('paid');
    let tpl = (await o.api.get(`/api/expense/${e.id}`)).body.data;
    const second = (
      await t.db.execute(sql`select to_char((${day(0)}::date + interval '1 month')::date, 'YYYY-MM-DD') as d`)
    ).rows[0] as { d: string };
    expect(tpl.nextRunOn).toBe(second.d);
    // A month passes: the second run is due.
    await t.db
      .update(expenses)
      .set({ nextRunOn: day(0) })
      .where(eq(expenses.id, e.id));
    const runs = await Promise.all([
      runScheduledExpense(t.app.deps, { expenseId: e.id, runOn: day(0) }),
      runScheduledExpense(t.app.deps, { expenseId: e.id, runOn: day(0) }),
      runScheduledExpense(t.app.deps, { expenseId: e.id, runOn: day(0) }),
    ]);
    expect(runs.filter((r) => r === 'paid')).toHaveLength(1);
    const children = await t.db.select().from(expenses).where(eq(expenses.parentExpenseId, e.id));
    expect(children).toHaveLength(1);
    expect(children[0]).toMatchObject({
      reference: `${e.reference}-r2`,
      occurrence: 2,
      amountMinor: 1_000_000,
    });
    tpl = (await o.api.get(`/api/expense/${e.id}`)).body.data;
    expect(tpl.nextRunOn).toBeNull(); // the third run (two months on) is after the end date
    await waitFor('both paid', async () =>
      (await txsOf([e.id, children[0].id])).every((x) => x.status === 'success'),
    );
    const txs = await txsOf([e.id, children[0].id]);
    expect(txs).toHaveLength(2);
    expect(new Set(txs.map((x) => x.reference)).size).toBe(2);
    const child = (await o.api.get(`/api/expense/${children[0].id}`)).body.data;
    expect(child).toMatchObject({ parentExpenseId: e.id, status: 'completed' });
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});
