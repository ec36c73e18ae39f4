import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYROLL_MSG } from '@owo/contract';
import { memberWithRole, setKybTier, type TestApp, createTestApp } from '../../../test/helpers';
import { fundedOwner, ordinaryAccount } from '../funding/test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

let n = 0;
const employee = (over: Record<string, unknown> = {}) => ({
  name: `Edit Employee ${++n}`,
  email: `edit${n}.${Date.now()}@example.ng`,
  salaryAmount: '150000',
  bankCode: '058',
  accountNumber: ordinaryAccount(),
  ...over,
});

async function company() {
  const o = await fundedOwner(t, 10_000_000_00);
  await setKybTier(t, o.account.id, 3);
  const fm = await memberWithRole(t, o.account.id, 'finance-manager');
  const accountant = await memberWithRole(t, o.account.id, 'accountant');
  return { o, fm, accountant };
}

async function draft(o: Awaited<ReturnType<typeof company>>['o'], count = 2) {
  const added = await o.api.post('/api/payrolls/employees/add', {
    employees: Array.from({ length: count }, () => employee()),
  });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  const ids: string[] = added.body.data.map((e: { id: string }) => e.id);
  const created = await o.api.post('/api/payrolls', {
    name: 'December 2026 salaries',
    type: 'once',
    mode: 'instant',
    walletId: o.wallet.id,
    employees: ids.slice(0, 1),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { ids, payroll: created.body.data as { id: string } };
}

describe('PUT /payrolls/{id}/employees', () => {
  it("changes this run's lines and employees, recomputing the statutory lines and totals", async () => {
    const { o } = await company();
    const { ids, payroll } = await draft(o);
    // a reference employee whose standing pay is what the run's first row is edited to
    const ref = await o.api.post('/api/payrolls/employees/add', {
      employees: [
        employee({
          salaryAmount: '200000',
          components: [
            { description: 'Housing', type: 'addition', amount: '50000' },
            { description: 'Loan', type: 'deduction', amount: '10000' },
          ],
        }),
      ],
    });
    const expected = ref.body.data[0];
    const res = await o.api.put(`/api/payrolls/${payroll.id}/employees`, {
      employees: [
        { employeeId: ids[0], lines: { Salary: '200000', Housing: '50000', Loan: '-10000' } },
        { employeeId: ids[1] },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Payroll Employees Updated!');
    expect(res.body.data.employeeCount).toBe(2);
    const rows = (await o.api.get(`/api/payrolls/${payroll.id}/employees`)).body.data;
    expect(rows.map((r: { employeeId: string }) => r.employeeId)).toEqual([ids[0], ids[1]]);
    expect(rows[0].salaryBreakdown).toEqual(expected.salaryBreakdown);
    expect(rows[0].finalAmountMinor).toBe(expected.finalAmountMinor);
    expect(rows[0].salaryBreakdown.PAYE).toMatch(/^-/);
    expect(rows[1].salaryBreakdown.Salary).toBe('150000.00');
    const net = rows.reduce((a: number, r: { finalAmountMinor: number }) => a + r.finalAmountMinor, 0);
    expect(res.body.data.netAmountMinor).toBe(net);

    // a row sent without lines keeps this run's own lines; a removed employee leaves the run
    const keep = await o.api.put(`/api/payrolls/${payroll.id}/employees`, {
      employees: [{ employeeId: ids[0] }],
    });
    expect(keep.status, JSON.stringify(keep.body)).toBe(200);
    const kept = (await o.api.get(`/api/payrolls/${payroll.id}/employees`)).body.data;
    expect(kept).toHaveLength(1);
    expect(kept[0].salaryBreakdown).toMatchObject({
      Salary: '200000.00',
      Housing: '50000.00',
      Loan: '-10000.00',
    });
  });

  it('refuses bad input with field errors and changes nothing', async () => {
    const { o } = await company();
    const { ids, payroll } = await draft(o);
    const before = (await o.api.get(`/api/payrolls/${payroll.id}`)).body.data;
    const bad = async (body: unknown, status: number, field?: string, message?: string) => {
      const res = await o.api.put(`/api/payrolls/${payroll.id}/employees`, body);
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      if (field) expect(res.body.errors![field]).toEqual([message]);
    };
    await bad({ employees: [] }, 400, 'employees', PAYROLL_MSG.employeesRequired);
    await bad({ employees: [{ employeeId: 'nope' }] }, 400);
    await bad(
      { employees: [{ employeeId: ids[0], lines: { Salary: '100', PAYE: '-5' } }] },
      400,
      'employees.0.lines',
      PAYROLL_MSG.reservedLine,
    );
    await bad(
      { employees: [{ employeeId: ids[1] }, { employeeId: ids[0], lines: { Salary: '10.123' } }] },
      400,
      'employees.1.lines',
      PAYROLL_MSG.salaryDecimals,
    );
    await bad(
      { employees: [{ employeeId: ids[0], lines: { Salary: '1000', Loan: '-1000' } }] },
      400,
      'employees',
      PAYROLL_MSG.zeroOrNegative,
    );
    await bad(
      { employees: [{ employeeId: ids[0] }, { employeeId: ids[0] }] },
      400,
      'employees.1.employeeId',
      PAYROLL_MSG.employeeTwice,
    );
    const after = (await o.api.get(`/api/payrolls/${payroll.id}`)).body.data;
    expect(after.netAmountMinor).toBe(before.netAmountMinor);
    expect(after.employeeCount).toBe(1);
  });

  it('refuses once submitted for approval (409)', async () => {
    const { o } = await company();
    const { ids, payroll } = await draft(o);
    expect((await o.api.post(`/api/payrolls/${payroll.id}/approve`)).status).toBe(200);
    const res = await o.api.put(`/api/payrolls/${payroll.id}/employees`, {
      employees: [{ employeeId: ids[1] }],
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(PAYROLL_MSG.notEditable);
  });

  it('a role without canViewPayrollSensitiveData may add or remove employees but not send figures', async () => {
    const { o, fm, accountant } = await company();
    const { ids, payroll } = await draft(o);
    const figures = await fm.api.put(`/api/payrolls/${payroll.id}/employees`, {
      employees: [{ employeeId: ids[0], lines: { Salary: '999999' } }],
    });
    expect(figures.status).toBe(403);
    expect(figures.body.message).toBe(PAYROLL_MSG.noPermission);
    const res = await fm.api.put(`/api/payrolls/${payroll.id}/employees`, {
      employees: [{ employeeId: ids[0] }, { employeeId: ids[1] }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ employeeCount: 2, netAmount: null, salaryVisible: false });
    expect(JSON.stringify(res.body)).not.toMatch(/150000/);
    // read-only role: no put on payrolls
    const ro = await accountant.api.put(`/api/payrolls/${payroll.id}/employees`, {
      employees: [{ employeeId: ids[0] }],
    });
    expect(ro.status).toBe(403);
  });

  it("never reaches another account's payroll or employees", async () => {
    const a = await company();
    const b = await company();
    const { payroll } = await draft(a.o);
    const { ids: theirs } = await draft(b.o);
    const other = await b.o.api.put(`/api/payrolls/${payroll.id}/employees`, {
      employees: [{ employeeId: theirs[0] }],
    });
    expect(other.status).toBe(404);
    const foreign = await a.o.api.put(`/api/payrolls/${payroll.id}/employees`, {
      employees: [{ employeeId: theirs[0] }],
    });
    // Another company's employee id is refused on its field by the body-id check (issue 34 §7).
    expect(foreign.status).toBe(400);
    expect(Object.keys(foreign.body.errors!)).toEqual(['employees.0.employeeId']);
  });
});

describe('PUT /payrolls/settings', () => {
  it('needs put on payrolls and validates, per account', async () => {
    const a = await company();
    const b = await company();
    const body = {
      enabled: true,
      nhfDefault: false,
      pensionMinEmployees: 7,
      minimumWageExempt: true,
      nsitfBase: 'bht',
    };
    expect((await a.accountant.api.put('/api/payrolls/settings', body)).status).toBe(403);
    const bad = await a.o.api.put('/api/payrolls/settings', {
      ...body,
      nsitfBase: 'net',
      pensionMinEmployees: 1001,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      nsitfBase: ['NSITF base must be gross or bht'],
      pensionMinEmployees: ['Enter a number of employees from 1 to 1000'],
    });
    expect((await a.o.api.put('/api/payrolls/settings', body)).status).toBe(200);
    expect((await a.o.api.get('/api/payrolls/settings')).body.data.pensionMinEmployees).toBe(7);
    expect((await b.o.api.get('/api/payrolls/settings')).body.data.pensionMinEmployees).toBe(3);
  });
});
