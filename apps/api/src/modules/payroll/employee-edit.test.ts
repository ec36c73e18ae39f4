import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeNuban, PAYROLL_MSG } from '@owo/contract';
import { memberWithRole, setKybTier, type TestApp, createTestApp } from '../../../test/helpers';
import { fundedOwner, ordinaryAccount } from '../funding/test-support';
import { payrollEmployees } from './tables';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

let n = 0;
const employee = () => ({
  name: `Edit ${++n}`,
  email: `edit${n}.${Date.now()}@example.ng`,
  salaryAmount: '150000',
  bankCode: '058',
  accountNumber: ordinaryAccount(),
  annualRent: '1200000',
  components: [{ description: 'Housing', type: 'addition' as const, amount: '20000' }],
  pfaName: 'ARM Pension',
  rsaPin: 'PEN100000000001',
});

async function company() {
  const o = await fundedOwner(t, 1_000_000_00);
  await setKybTier(t, o.account.id, 3);
  const fm = await memberWithRole(t, o.account.id, 'finance-manager');
  const added = await o.api.post('/api/payrolls/employees/add', { employees: [employee(), employee()] });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  return { o, fm, ids: added.body.data.map((e: any) => e.id) as string[] };
}

describe('employee list: group name', () => {
  it('answers groupId and groupName in the list and one employee; filters by group; scoped to the account', async () => {
    const { o, ids } = await company();
    const other = await company();
    const g = await o.api.post('/api/payrolls/groups', { name: 'Sales' });
    const gid = g.body.data.id;
    await o.api.post(`/api/payrolls/employees/${ids[1]}/group`, { groupId: gid });
    const all = await o.api.get('/api/payrolls/employees');
    const byId = new Map(all.body.data.map((e: any) => [e.id, e]));
    expect(byId.get(ids[1])).toMatchObject({ groupId: gid, groupName: 'Sales' });
    expect(byId.get(ids[0])).toMatchObject({ groupId: null, groupName: null });
    const only = await o.api.get(`/api/payrolls/employees?groupId=${gid}`);
    expect(only.body.data.map((e: any) => [e.id, e.groupName])).toEqual([[ids[1], 'Sales']]);
    expect((await o.api.get(`/api/payrolls/employees/${ids[1]}`)).body.data.groupName).toBe('Sales');
    // another company filtering by this group sees none of it
    expect((await other.o.api.get(`/api/payrolls/employees?groupId=${gid}`)).body.data).toEqual([]);
  });
});

describe('PUT /payrolls/employees/{id}', () => {
  it('keeps omitted figures, account number and RSA PIN; a bank change needs its account number', async () => {
    const { o, ids } = await company();
    const before = (await o.api.get(`/api/payrolls/employees/${ids[0]}`)).body.data;
    const put = await o.api.put(`/api/payrolls/employees/${ids[0]}`, {
      name: 'Renamed Person',
      email: before.email,
      bankCode: before.bankDetails.bankCode,
      stateOfResidence: 'Lagos',
      pfaName: 'ARM Pension',
      nhfNumber: 'NHF-22',
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.message).toBe(PAYROLL_MSG.employeesUpdated);
    expect(put.body.data).toMatchObject({
      name: 'Renamed Person',
      salaryAmount: '150000.00',
      annualRentMinor: 1_200_000_00,
      nhfEnabled: before.nhfEnabled,
      bankDetails: before.bankDetails,
      rsaPin: '******0001',
      stateOfResidence: 'Lagos',
      nhfNumber: 'NHF-22',
    });
    expect(put.body.data.components).toEqual(before.components);

    const other = before.bankDetails.bankCode === '058' ? '044' : '058';
    const noNumber = await o.api.put(`/api/payrolls/employees/${ids[0]}`, {
      name: 'Renamed Person',
      email: before.email,
      bankCode: other,
    });
    expect(noNumber.status).toBe(400);
    expect(noNumber.body.errors).toEqual({ accountNumber: [PAYROLL_MSG.accountNumberForBank] });

    const moved = await o.api.put(`/api/payrolls/employees/${ids[0]}`, {
      name: 'Renamed Person',
      email: before.email,
      bankCode: other,
      accountNumber: makeNuban(other, '123456789'),
      accountName: 'Typed By Hand',
      salaryAmount: '160000',
      components: [],
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data.bankDetails.bankCode).toBe(other);
    expect(moved.body.data.bankDetails.accountName).not.toBe('Typed By Hand');
    expect(moved.body.data.salaryAmount).toBe('160000.00');
    expect(moved.body.data.components).toEqual([]);

    const bad = await o.api.put(`/api/payrolls/employees/${ids[0]}`, {
      name: '',
      email: 'nope',
      bankCode: other,
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual(['email', 'name']);
  });

  it('a role without canViewPayrollSensitiveData edits all but figures; another account gets 404', async () => {
    const { o, fm, ids } = await company();
    const other = await company();
    const before = (await o.api.get(`/api/payrolls/employees/${ids[0]}`)).body.data;
    const base = { name: 'By Finance', email: before.email, bankCode: before.bankDetails.bankCode };
    const refused = await fm.api.put(`/api/payrolls/employees/${ids[0]}`, { ...base, salaryAmount: '1' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(PAYROLL_MSG.noPermission);
    const [row] = await t.db.select().from(payrollEmployees).where(eq(payrollEmployees.id, ids[0]));
    expect(row.name).toBe(before.name);

    const okPut = await fm.api.put(`/api/payrolls/employees/${ids[0]}`, base);
    expect(okPut.status, JSON.stringify(okPut.body)).toBe(200);
    expect(okPut.body.data).toMatchObject({ name: 'By Finance', salaryAmount: null, salaryVisible: false });
    const after = (await o.api.get(`/api/payrolls/employees/${ids[0]}`)).body.data;
    expect(after.salaryAmountMinor).toBe(before.salaryAmountMinor);
    expect(after.components).toEqual(before.components);

    expect((await other.o.api.put(`/api/payrolls/employees/${ids[0]}`, base)).status).toBe(404);
  });
});
