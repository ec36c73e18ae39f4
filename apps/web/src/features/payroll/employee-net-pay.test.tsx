// Issue 35 §5: the employee form speaks the user's model (the monthly gross and its split), shows
// gross, statutory deductions and net live with the contract's own function, and maps onto the
// API's salaryAmount + components; the doubled entry is flagged on the list.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PAYROLL_MSG, type PayrollEmployee } from '@owo/contract/payroll';
import { DEFAULT_STATUTORY, employeeNetPay, PAY_REVIEW_MSG } from '@owo/contract/payroll-pay';
import { accountEntry, ok, renderApp } from '../../app/test-utils';
import { formatMoney } from '../../lib/format';
import { toastSuccess } from '../../lib/toast';

vi.mock('../../lib/toast', () => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));
beforeEach(() => vi.mocked(toastSuccess).mockReset());

const EID = '33333333-3333-4333-8333-333333333333';
const page = (items: PayrollEmployee[]) => ({
  body: {
    status: 'success',
    message: 'OK',
    data: items,
    metadata: { pagination: { page: 1, limit: 20, totalItems: items.length, totalPages: 1 } },
  },
});
const doubled: PayrollEmployee = {
  id: EID,
  name: 'Chidi Eze',
  email: 'chidi@acme.ng',
  salaryVisible: true,
  salaryAmount: '450000.00',
  salaryAmountMinor: 450_000_00,
  annualRent: '0.00',
  annualRentMinor: 0,
  nhfEnabled: true,
  bankDetails: { bankCode: '058', bankName: 'GTBank', accountName: 'CHIDI EZE', accountNumber: '******6789' },
  components: [
    { description: 'Basic', type: 'addition', amount: '250000.00', amountMinor: 250_000_00 },
    { description: 'Housing', type: 'addition', amount: '120000.00', amountMinor: 120_000_00 },
    { description: 'Transport', type: 'addition', amount: '80000.00', amountMinor: 80_000_00 },
  ],
  salaryBreakdown: null,
  salaryBreakdownMinor: null,
  finalAmount: '755775.00',
  finalAmountMinor: 755_775_00,
  grossAmount: '900000.00',
  grossAmountMinor: 900_000_00,
  statutoryDeductionsMinor: 144_225_00,
  otherDeductionsMinor: 0,
  reviewFlags: ['componentsDoubleSalary'],
  invitationStatus: 'invited',
  groupId: null,
  groupName: null,
  stateOfResidence: null,
  pfaName: null,
  rsaPin: null,
  nhfNumber: null,
  createdAt: '2026-01-05T10:00:00Z',
  updatedAt: '2026-01-05T10:00:00Z',
};

function open(items: PayrollEmployee[]) {
  return renderApp('/payroll/employees', {
    session: { accounts: [accountEntry({ role: 'owner' })] },
    routes: {
      'GET /api/payrolls/employees': page(items),
      'GET /api/payrolls/groups': ok([]),
      'GET /api/content/payout/local/banks': ok([{ code: '058', name: 'GTBank' }]),
      'POST /api/payrolls/employees/add': {
        status: 201,
        body: { status: 'success', message: PAYROLL_MSG.employeesUpdated, data: [] },
      },
      [`PUT /api/payrolls/employees/${EID}`]: ok(doubled, PAYROLL_MSG.employeesUpdated),
    },
  });
}

/** What the summary must show: the contract's own function over the mapped figures. */
const expected = (
  salaryMinor: number,
  components: { description: string; amountMinor: number }[],
  headcount: number,
) =>
  employeeNetPay(
    { salaryMinor, components, annualRentMinor: 0, nhfEnabled: true },
    { settings: DEFAULT_STATUTORY, headcount },
  );
const shown = (card: HTMLElement, label: string) => within(card).getByLabelText(label).textContent;

describe('/payroll/employees: the add form in the user model (gross and its split)', () => {
  it('shows gross, statutory deductions and net live, refuses a split that does not add up, and maps Basic onto salaryAmount', async () => {
    const { api } = open([]);
    fireEvent.click(await screen.findByRole('button', { name: 'Add employee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add employee' });
    const type = (label: string, value: string) =>
      fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    const card = within(dialog).getByLabelText('Pay summary');
    type('Full name', 'Ada Obi');
    type('Email', 'ada@acme.ng');
    type('Account number', '0123456789');
    fireEvent.click(within(dialog).getByRole('textbox', { name: 'Bank' }));
    fireEvent.click(await screen.findByRole('option', { name: 'GTBank', hidden: true }));

    // the gross alone: all of it is basic, figures live as typed
    type('Monthly gross (₦)', '450000');
    const all = expected(450_000_00, [], 1);
    await waitFor(() => expect(shown(card, 'Gross pay')).toBe(formatMoney(450_000_00)));
    expect(shown(card, 'Net pay')).toBe(formatMoney(all.netMinor));
    expect(shown(card, 'Statutory deductions')).toBe(formatMoney(-all.statutoryMinor));

    // a split that misses ₦30,000: a clear error, nothing sent
    type('Basic', '250000');
    type('Housing', '120000');
    type('Transport', '50000');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add employee' }));
    expect(
      await within(dialog).findByText(
        `Basic, Housing, Transport and Other allowances add up to ${formatMoney(420_000_00)}, not the monthly gross of ${formatMoney(450_000_00)}`,
      ),
    ).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    // the rest as other allowances: the gross stays what was typed (never doubled)
    type('Other allowances', '30000');
    const split = expected(
      250_000_00,
      [
        { description: 'Housing', amountMinor: 120_000_00 },
        { description: 'Transport', amountMinor: 50_000_00 },
        { description: 'Other allowances', amountMinor: 30_000_00 },
      ],
      1,
    );
    expect(split.grossMinor).toBe(450_000_00);
    await waitFor(() => expect(shown(card, 'Net pay')).toBe(formatMoney(split.netMinor)));
    expect(shown(card, 'Gross pay')).toBe(formatMoney(450_000_00));
    expect(shown(card, 'NHF')).toBe(formatMoney(-split.nhfMinor)); // 2.5% of the basic only
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add employee' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    const body = api.calls.find((c) => c.method === 'POST')!.body as { employees: Record<string, unknown>[] };
    expect(body.employees[0]).toMatchObject({
      salaryAmount: '250000.00',
      components: [
        { description: 'Housing', type: 'addition', amount: '120000.00' },
        { description: 'Transport', type: 'addition', amount: '50000.00' },
        { description: 'Other allowances', type: 'addition', amount: '30000.00' },
      ],
    });
  });

  it('flags the doubled entry on the list and loads it with its real gross, changing nothing until saved', async () => {
    const { api } = open([doubled]);
    const row = (await screen.findByText('chidi@acme.ng')).closest('tr')!;
    const badge = within(row).getByText('Review pay');
    expect(badge.closest('[title]')).toHaveAttribute('title', PAY_REVIEW_MSG.componentsDoubleSalary);
    expect(screen.getByText('1 employee to review')).toBeInTheDocument();
    expect(within(row).getByText(formatMoney(900_000_00))).toBeInTheDocument();

    fireEvent.click(within(row).getByRole('button', { name: 'Actions for Chidi Eze' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Edit', hidden: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit employee' });
    expect(within(dialog).getByText(PAY_REVIEW_MSG.componentsDoubleSalary)).toBeInTheDocument();
    const field = (l: string) => (within(dialog).getByLabelText(l) as HTMLInputElement).value;
    // salary ₦450,000 + Basic, Housing, Transport ₦450,000: the real gross is ₦900,000
    expect(field('Monthly gross (₦)')).toBe('900000.00');
    expect(field('Basic')).toBe('250000.00');
    expect(field('Housing')).toBe('120000.00');
    expect(field('Transport')).toBe('80000.00');
    expect(field('Other allowances')).toBe('450000.00');
    const card = within(dialog).getByLabelText('Pay summary');
    // the same net as the server's: the contract's function over the stored figures (one employee)
    const stored = expected(
      450_000_00,
      doubled.components.map((c) => ({ description: c.description, amountMinor: c.amountMinor! })),
      1,
    );
    expect(shown(card, 'Gross pay')).toBe(formatMoney(900_000_00));
    expect(shown(card, 'Net pay')).toBe(formatMoney(stored.netMinor));

    // the user corrects it: gross ₦450,000 without the doubled part
    fireEvent.change(within(dialog).getByLabelText('Monthly gross (₦)'), { target: { value: '450000' } });
    fireEvent.change(within(dialog).getByLabelText('Other allowances'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith(PAYROLL_MSG.employeesUpdated));
    expect(api.calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      salaryAmount: '250000.00',
      components: [
        { description: 'Housing', type: 'addition', amount: '120000.00' },
        { description: 'Transport', type: 'addition', amount: '80000.00' },
      ],
    });
  });
});
