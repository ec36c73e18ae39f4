import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_MSG, PAYROLL_MSG } from '@owo/contract';
import { memberWithRole, setKybTier, type TestApp, createTestApp } from '../../../test/helpers';
import { startJobs } from '../../platform/jobs';
import { lagosToday } from '../../platform/dates';
import { fundedOwner, ordinaryAccount, waitFor } from '../funding/test-support';
import { transactions } from '../money/tables';
import { verifyLedger } from '../money/verify';
import { createRecurringRuns, daysBeforeMonthEnd, payDueScheduled } from './recurring';
import { payrolls } from './tables';

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

let n = 0;
const employee = () => ({
  name: `Recurring ${++n}`,
  email: `rec${n}.${Date.now()}@example.ng`,
  salaryAmount: '120000',
  bankCode: '058',
  accountNumber: ordinaryAccount(),
});

async function company() {
  const o = await fundedOwner(t, 100_000_000_00);
  await setKybTier(t, o.account.id, 3);
  const admin = await memberWithRole(t, o.account.id, 'admin');
  const fm = await memberWithRole(t, o.account.id, 'finance-manager');
  const added = await o.api.post('/api/payrolls/employees/add', {
    employees: [employee(), employee(), employee()],
  });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  return { o, admin, fm, ids: added.body.data.map((e: any) => e.id) as string[] };
}

const approveItem = async (o: any, admin: any, id: string) => {
  const item = (await o.api.get(`/api/payrolls/${id}`)).body.data.approvalWorkflowPendingApprovalItem;
  const res = await admin.api.post(`/api/approval-workflows/pending-approvals/approve/${item.id}`, {
    approvalStatus: 'approved',
    comments: 'Checked the payroll',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

describe('recurring and scheduled payrolls', () => {
  it('day arithmetic: days before month end', () => {
    expect(daysBeforeMonthEnd('2026-11', 5)).toBe('2026-11-25');
    expect(daysBeforeMonthEnd('2026-02', 0)).toBe('2026-02-28');
    expect(daysBeforeMonthEnd('2028-02', 31)).toBe('2028-02-01');
  });

  it("creates each month's run once even with two workers, names it for its period, pays it on its day", async () => {
    const { o, admin, ids } = await company();
    const created = await o.api.post('/api/payrolls', {
      name: 'Staff salaries',
      type: 'recurring',
      mode: 'instant',
      walletId: o.wallet.id,
      employees: ids,
      daysBeforeMonthEndToCreatePayroll: 5,
      daysBeforeMonthEndToProcessPayroll: 2,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const tpl = created.body.data.id;
    expect((await o.api.post(`/api/payrolls/${tpl}/approve`)).status).toBe(200);
    await approveItem(o, admin, tpl);
    // the recurring payroll was made last month
    await t.db.execute(sql`update payrolls set created_at = '2036-10-20T10:00:00Z' where id = ${tpl}`);

    expect(await createRecurringRuns(t.app.deps, '2036-11-24')).toEqual([]); // before the creation day
    // two workers at once (each its own connections and transactions): one run
    const [a, b] = await Promise.all([
      createRecurringRuns(t.app.deps, '2036-11-26'),
      createRecurringRuns(t.app.deps, '2036-11-26'),
    ]);
    expect(a.length + b.length).toBe(1);
    expect(await createRecurringRuns(t.app.deps, '2036-11-27')).toEqual([]);
    const children = await t.db.select().from(payrolls).where(eq(payrolls.parentId, tpl));
    expect(children).toHaveLength(1);
    const child = children[0];
    expect(child).toMatchObject({
      name: 'Staff salaries — November 2036',
      period: '2036-11',
      status: 'pending', // submitted to the approvals engine
      scheduledPayDate: '2036-11-28',
      employeeCount: 3,
    });
    await approveItem(o, admin, child.id);
    // approved, but the pay day has not come: nothing held yet
    expect((await o.api.get(`/api/payrolls/${child.id}`)).body.data.status).toBe('approved');
    expect(await payDueScheduled(t.app.deps, '2036-11-27')).toBe(0);
    expect(await payDueScheduled(t.app.deps, '2036-11-28')).toBe(1);
    expect(await payDueScheduled(t.app.deps, '2036-11-28')).toBe(0); // paid once
    await waitFor(
      'paid',
      async () => (await o.api.get(`/api/payrolls/${child.id}`)).body.data.status === 'completed',
    );
    const txs = await t.db.select().from(transactions).where(eq(transactions.sourceId, child.id));
    expect(txs).toHaveLength(3);
    expect(new Set(txs.map((x) => x.reference)).size).toBe(3);
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('a once/scheduled payroll waits for its date after approval', async () => {
    const { o, admin, ids } = await company();
    const tomorrow = lagosToday(Date.now() + 86_400_000);
    const created = await o.api.post('/api/payrolls', {
      name: 'Bonus',
      type: 'once',
      mode: 'scheduled',
      scheduledPayDate: tomorrow,
      walletId: o.wallet.id,
      employees: ids,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id;
    await o.api.post(`/api/payrolls/${id}/approve`);
    await approveItem(o, admin, id);
    expect((await o.api.get(`/api/payrolls/${id}`)).body.data.status).toBe('approved');
    expect(await payDueScheduled(t.app.deps, tomorrow)).toBe(1);
    await waitFor(
      'paid',
      async () => (await o.api.get(`/api/payrolls/${id}`)).body.data.status === 'completed',
    );
  });
});

describe('approved-run-paid', () => {
  it("a scheduled run the money core refuses (a fee change since approval) does not stop the other companies' due runs", async () => {
    const day = lagosToday(Date.now() + 3 * 86_400_000);
    const scheduled = async () => {
      const c = await company();
      const created = await c.o.api.post('/api/payrolls', {
        name: 'Scheduled salaries',
        type: 'once',
        mode: 'scheduled',
        scheduledPayDate: day,
        walletId: c.o.wallet.id,
        employees: c.ids,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = created.body.data.id as string;
      expect((await c.o.api.post(`/api/payrolls/${id}/approve`)).status).toBe(200);
      await approveItem(c.o, c.admin, id);
      return { ...c, id };
    };
    const first = await scheduled();
    const second = await scheduled();
    // After the approval, the first company's transfer fee changes: its approved manifest no longer
    // matches what would be paid, so the money core refuses that run (409, nothing moves).
    await t.db.execute(sql`insert into fee_policies (account_id, method, currency, flat_minor)
      values (${first.o.account.id}, 'bank-transfer', 'NGN', 7500)`);
    expect(await payDueScheduled(t.app.deps, day)).toBeGreaterThanOrEqual(1);
    const status = async (c: typeof first) => (await c.o.api.get(`/api/payrolls/${c.id}`)).body.data.status;
    expect(await status(first)).toBe('approved'); // refused: nothing held, still waiting
    await waitFor('the second company paid', async () => (await status(second)) === 'completed');
    const moved = await t.db.select().from(transactions).where(eq(transactions.sourceId, first.id));
    expect(moved).toHaveLength(0);
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});

describe('groups and settings', () => {
  it('group CRUD, assign, filter by group; tenancy and bad input', async () => {
    const { o, fm, ids } = await company();
    const other = await company();
    const g = await o.api.post('/api/payrolls/groups', { name: 'Engineering', description: 'Builders' });
    expect(g.status, JSON.stringify(g.body)).toBe(201);
    expect(g.body.message).toBe(GROUP_MSG.created);
    const dup = await o.api.post('/api/payrolls/groups', { name: 'engineering' });
    expect(dup.status).toBe(400);
    expect(dup.body.errors).toEqual({ name: [GROUP_MSG.nameTaken] });
    expect((await o.api.post('/api/payrolls/groups', { name: '  ' })).body.errors).toEqual({
      name: [GROUP_MSG.nameRequired],
    });
    const gid = g.body.data.id;
    const set = await o.api.post(`/api/payrolls/employees/${ids[0]}/group`, { groupId: gid });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data.groupId).toBe(gid);
    const list = await o.api.get(`/api/payrolls/employees?groupId=${gid}`);
    expect(list.body.data.map((e: any) => e.id)).toEqual([ids[0]]);
    expect((await o.api.get('/api/payrolls/groups')).body.data[0].employeeCount).toBe(1);
    // tenancy: another company's group or employee answers 404 / field error
    expect(
      (await other.o.api.post(`/api/payrolls/employees/${ids[1]}/group`, { groupId: null })).status,
    ).toBe(404);
    const foreign = await other.o.api.post(`/api/payrolls/employees/${other.ids[0]}/group`, { groupId: gid });
    expect(foreign.body.errors).toEqual({ groupId: [GROUP_MSG.notFound] });
    expect((await other.o.api.put(`/api/payrolls/groups/${gid}`, { name: 'Mine' })).status).toBe(404);
    expect((await other.o.api.delete(`/api/payrolls/groups/${gid}`)).status).toBe(404);
    expect((await o.api.post(`/api/payrolls/employees/${ids[0]}/group`, { groupId: 'x' })).status).toBe(400);
    expect((await o.api.put(`/api/payrolls/groups/${gid}`, { name: 'Eng' })).body.data.name).toBe('Eng');
    expect((await o.api.delete(`/api/payrolls/groups/${gid}`)).status).toBe(200);
    expect((await o.api.get(`/api/payrolls/employees/${ids[0]}`)).body.data.groupId).toBeNull();
    expect((await fm.api.get('/api/payrolls/groups')).status).toBe(200);
  });

  it('statutory settings: defaults, edit, bad input', async () => {
    const { o } = await company();
    const s = await o.api.get('/api/payrolls/settings');
    expect(s.body.data).toMatchObject({
      enabled: true,
      nhfDefault: true,
      pensionMinEmployees: 3,
      minimumWageExempt: false,
    });
    const body = {
      enabled: true,
      nhfDefault: false,
      pensionMinEmployees: 5,
      minimumWageExempt: true,
      nsitfBase: 'bht',
    };
    const put = await o.api.put('/api/payrolls/settings', body);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.data).toMatchObject(body);
    expect((await o.api.put('/api/payrolls/settings', { ...body, pensionMinEmployees: 0 })).status).toBe(400);
    expect((await o.api.put('/api/payrolls/settings', { enabled: 'yes' })).status).toBe(400);
    expect((await o.api.get('/api/payrolls/settings')).body.data.pensionMinEmployees).toBe(5);
    void PAYROLL_MSG;
  });
});
