import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PAYROLL_MSG, type PayrollEmployee } from '@owo/contract/payroll';
import { GROUP_MSG, type PayrollGroup } from '@owo/contract/payroll-settings';
import { accountEntry, ok, renderApp, type Handler } from '../../app/test-utils';
import { toastSuccess } from '../../lib/toast';

vi.mock('../../lib/toast', () => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));
beforeEach(() => vi.mocked(toastSuccess).mockReset());

const GID = '22222222-2222-4222-8222-222222222222';
const EID = '33333333-3333-4333-8333-333333333333';

const employee = (over: Partial<PayrollEmployee> = {}): PayrollEmployee => ({
  id: EID,
  name: 'Ada Obi',
  email: 'ada@acme.ng',
  salaryVisible: true,
  salaryAmount: '150000.00',
  salaryAmountMinor: 150_000_00,
  annualRent: '1200000.00',
  annualRentMinor: 1_200_000_00,
  nhfEnabled: true,
  bankDetails: { bankCode: '058', bankName: 'GTBank', accountName: 'ADA OBI', accountNumber: '******6789' },
  components: [
    { description: 'Housing', type: 'addition', amount: '20000.00', amountMinor: 20_000_00 },
    { description: 'Loan', type: 'deduction', amount: '-5000.00', amountMinor: -5_000_00 },
  ],
  salaryBreakdown: null,
  salaryBreakdownMinor: null,
  finalAmount: '140000.00',
  finalAmountMinor: 140_000_00,
  grossAmount: '170000.00',
  grossAmountMinor: 170_000_00,
  statutoryDeductionsMinor: 25_000_00,
  otherDeductionsMinor: 5_000_00,
  reviewFlags: [],
  invitationStatus: 'invited',
  groupId: null,
  groupName: null,
  stateOfResidence: 'Lagos',
  pfaName: 'ARM Pension',
  rsaPin: '******0001',
  nhfNumber: 'NHF-1',
  createdAt: '2026-01-05T10:00:00Z',
  updatedAt: '2026-01-05T10:00:00Z',
  ...over,
});
const masked = () =>
  employee({
    salaryVisible: false,
    salaryAmount: null,
    salaryAmountMinor: null,
    annualRent: null,
    annualRentMinor: null,
    finalAmount: null,
    finalAmountMinor: null,
    grossAmount: null,
    grossAmountMinor: null,
    statutoryDeductionsMinor: null,
    otherDeductionsMinor: null,
    components: [{ description: 'Housing', type: 'addition', amount: null, amountMinor: null }],
  });
const group: PayrollGroup = {
  id: GID,
  name: 'Sales',
  description: null,
  employeeCount: 1,
  createdAt: '2026-01-05T10:00:00Z',
  updatedAt: '2026-01-05T10:00:00Z',
};
const page = (items: PayrollEmployee[]) => ({
  body: {
    status: 'success',
    message: 'OK',
    data: items,
    metadata: { pagination: { page: 1, limit: 20, totalItems: items.length, totalPages: 1 } },
  },
});

function open(e: PayrollEmployee, extra: Record<string, Handler> = {}, role = 'owner') {
  return renderApp('/payroll/employees', {
    session: { accounts: [accountEntry({ role })] },
    routes: {
      'GET /api/payrolls/employees': page([e]),
      'GET /api/payrolls/groups': ok([group]),
      'GET /api/content/payout/local/banks': ok([
        { code: '058', name: 'GTBank' },
        { code: '044', name: 'Access Bank' },
      ]),
      [`PUT /api/payrolls/employees/${EID}`]: ok(e, PAYROLL_MSG.employeesUpdated),
      ...extra,
    },
  });
}

/** Picks an option of one Mantine select (its own listbox: the filter bar has a Group select too). */
async function pick(input: HTMLElement, name: string) {
  fireEvent.click(input);
  await waitFor(() => expect(input.getAttribute('aria-controls')).toBeTruthy());
  const list = document.getElementById(input.getAttribute('aria-controls')!)!;
  fireEvent.click(within(list).getByRole('option', { name, hidden: true }));
}

async function action(name: string, label: string) {
  fireEvent.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  fireEvent.click(await screen.findByRole('menuitem', { name: label, hidden: true }));
}

describe('/payroll/employees: edit an employee', () => {
  it('prefills the form in the user model (gross and split), leaves account number and RSA PIN blank with hints, PUTs without them', async () => {
    const { api } = open(employee());
    await action('Ada Obi', 'Edit');
    const dialog = await screen.findByRole('dialog', { name: 'Edit employee' });
    const field = (l: string) => within(dialog).getByLabelText(l) as HTMLInputElement;
    expect(field('Full name').value).toBe('Ada Obi');
    expect(field('Email').value).toBe('ada@acme.ng');
    // salary ₦150,000 + Housing ₦20,000: the gross, its basic (the salary) and housing
    expect(field('Monthly gross (₦)').value).toBe('170000.00');
    expect(field('Basic').value).toBe('150000.00');
    expect(field('Annual rent paid (₦, for rent relief)').value).toBe('1200000.00');
    expect(field('Housing').value).toBe('20000.00');
    expect(field('Transport').value).toBe('');
    expect(within(dialog).getByText(/Deductions kept as they are: Loan/)).toBeInTheDocument();
    expect(field('Pension fund administrator (PFA)').value).toBe('ARM Pension');
    expect(field('NHF number').value).toBe('NHF-1');
    expect(field('RSA PIN').value).toBe('');
    expect(within(dialog).getByText('Leave blank to keep ******0001')).toBeInTheDocument();
    expect(field('Account number').value).toBe('');
    expect(within(dialog).getByText('Leave blank to keep ******6789')).toBeInTheDocument();
    expect((within(dialog).getByRole('textbox', { name: 'Bank' }) as HTMLInputElement).value).toBe('GTBank');

    fireEvent.change(field('Full name'), { target: { value: 'Ada Obi-Okafor' } });
    fireEvent.change(field('Monthly gross (₦)'), { target: { value: '180000' } });
    fireEvent.change(field('Basic'), { target: { value: '160000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith(PAYROLL_MSG.employeesUpdated));
    const put = api.calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe(`/api/payrolls/employees/${EID}`);
    expect(put.body).toEqual({
      name: 'Ada Obi-Okafor',
      email: 'ada@acme.ng',
      bankCode: '058',
      stateOfResidence: 'Lagos',
      pfaName: 'ARM Pension',
      nhfNumber: 'NHF-1',
      salaryAmount: '160000.00',
      annualRent: '1200000.00',
      components: [
        { description: 'Housing', type: 'addition', amount: '20000.00' },
        { description: 'Loan', type: 'deduction', amount: '5000.00' },
      ],
    });
    expect(put.body).not.toHaveProperty('rsaPin');
    expect(put.body).not.toHaveProperty('accountNumber');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit employee' })).toBeNull());
  });

  it('sends a typed RSA PIN and account number; shows the API field error on the form', async () => {
    const { api } = open(employee(), {
      ['PUT /api/payrolls/employees/' + EID]: {
        status: 400,
        body: {
          status: 'validation-error',
          message: PAYROLL_MSG.accountNumberForBank,
          data: null,
          errors: { accountNumber: [PAYROLL_MSG.accountNumberForBank] },
        },
      },
    });
    await action('Ada Obi', 'Edit');
    const dialog = await screen.findByRole('dialog', { name: 'Edit employee' });
    fireEvent.change(within(dialog).getByLabelText('RSA PIN'), { target: { value: 'pen100000000002' } });
    fireEvent.change(within(dialog).getByLabelText('Account number'), { target: { value: '0123456789' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText(PAYROLL_MSG.accountNumberForBank)).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      rsaPin: 'PEN100000000002',
      accountNumber: '0123456789',
    });
  });

  it('a role without canViewPayrollSensitiveData sees asterisks and sends no figures', async () => {
    const { api } = open(masked(), {}, 'finance-manager');
    const row = (await screen.findByText('ada@acme.ng')).closest('tr')!;
    expect(within(row).getAllByText('******').length).toBeGreaterThan(0);
    await action('Ada Obi', 'Edit');
    const dialog = await screen.findByRole('dialog', { name: 'Edit employee' });
    const salary = within(dialog).getByLabelText('Monthly gross (₦)') as HTMLInputElement;
    expect(salary.value).toBe('******');
    expect(salary).toBeDisabled();
    expect(within(dialog).queryByLabelText('Housing')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Full name'), { target: { value: 'Ada O.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith(PAYROLL_MSG.employeesUpdated));
    const body = api.calls.find((c) => c.method === 'PUT')!.body as Record<string, unknown>;
    expect(body.name).toBe('Ada O.');
    for (const k of ['salaryAmount', 'annualRent', 'components', 'rsaPin', 'accountNumber'])
      expect(body).not.toHaveProperty(k);
  });
});

describe('/payroll/employees: groups', () => {
  it('shows the group column and filters by group with the API groupId parameter', async () => {
    const { api } = open(employee({ groupId: GID, groupName: 'Sales' }));
    const row = (await screen.findByText('ada@acme.ng')).closest('tr')!;
    expect(within(row).getByText('Sales')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('textbox', { name: 'Group' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Sales', hidden: true }));
    await waitFor(() =>
      expect(
        api.calls.some(
          (c) => c.path === '/api/payrolls/employees' && c.url.searchParams.get('groupId') === GID,
        ),
      ).toBe(true),
    );
    const last = api.calls.filter((c) => c.path === '/api/payrolls/employees').at(-1)!;
    expect(last.url.searchParams.get('where')).toBeNull();
  });

  it('changes the group: a company group, then "No group" (null); toasts the API message', async () => {
    const { api } = open(employee(), {
      ['POST /api/payrolls/employees/' + EID + '/group']: ok(employee(), GROUP_MSG.assigned),
    });
    await action('Ada Obi', 'Change group');
    let dialog = await screen.findByRole('dialog', { name: 'Change group' });
    await pick(within(dialog).getByRole('textbox', { name: 'Group' }), 'Sales');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith(GROUP_MSG.assigned));
    const posts = () => api.calls.filter((c) => c.method === 'POST');
    expect(posts()[0].body).toEqual({ groupId: GID });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change group' })).toBeNull());

    await action('Ada Obi', 'Change group');
    dialog = await screen.findByRole('dialog', { name: 'Change group' });
    await pick(within(dialog).getByRole('textbox', { name: 'Group' }), 'No group');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts()).toHaveLength(2));
    expect(posts()[1].body).toEqual({ groupId: null });
  });
});
