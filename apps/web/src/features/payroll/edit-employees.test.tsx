import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PAYROLL_MSG, type PayrollEmployee } from '@owo/contract/payroll';
import { type PayrollDetail, type PayrollRow } from '@owo/contract/payroll-runs';
import { DEFAULT_STATUTORY, employeeNetPay } from '@owo/contract/payroll-pay';
import { fail, ok, renderApp } from '../../app/test-utils';
import { formatMoney } from '../../lib/format';
import { toastSuccess } from '../../lib/toast';

vi.mock('../../lib/toast', () => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));
beforeEach(() => vi.mocked(toastSuccess).mockReset());

const E1 = '11111111-1111-4111-8111-111111111111';
const E2 = '22222222-2222-4222-8222-222222222222';
const E3 = '33333333-3333-4333-8333-333333333333';

const paged = (data: unknown[]) => ({
  body: {
    status: 'success',
    message: 'OK',
    data,
    metadata: { pagination: { page: 1, limit: 1000, totalItems: data.length, totalPages: 1 } },
  },
});

const payroll = (over: Partial<PayrollDetail> = {}) =>
  ({
    id: 'p1',
    reference: 'pyr_1',
    name: 'December salaries',
    description: null,
    type: 'once',
    mode: 'instant',
    status: 'draft',
    walletId: 'w1',
    employeeCount: 2,
    paidCount: 0,
    failedCount: 0,
    salaryVisible: true,
    approvalWorkflowPendingApprovalItem: null,
    maker: { id: 'u1', name: 'Ada Obi' },
    createdAt: '2026-12-01T10:00:00Z',
    updatedAt: '2026-12-01T10:00:00Z',
    ...over,
  }) as PayrollDetail;

const row = (id: string, name: string, breakdown: Record<string, string> | null, net: number | null) =>
  ({
    id: `r-${id}`,
    employeeId: id,
    name,
    email: `${name.toLowerCase()}@acme.ng`,
    status: 'pending',
    attempt: 0,
    failureReason: null,
    transactionId: null,
    bankDetails: { bankName: 'GTBank', accountName: name, accountNumber: '******1234' },
    salaryVisible: breakdown !== null,
    salaryAmount: breakdown?.Salary ?? null,
    salaryAmountMinor: null,
    finalAmount: null,
    finalAmountMinor: net,
    salaryBreakdown: breakdown,
    salaryBreakdownMinor: null,
    employerCosts: null,
  }) as PayrollRow;

const emp = (id: string, name: string) =>
  ({
    id,
    name,
    email: `${name.toLowerCase()}@acme.ng`,
    salaryVisible: true,
    salaryAmount: '90000.00',
    salaryAmountMinor: 9_000_000,
    annualRentMinor: 0,
    nhfEnabled: true,
    components: [{ description: 'Transport', type: 'addition', amount: '5000.00', amountMinor: 500_000 }],
  }) as unknown as PayrollEmployee;

const visibleRows = [
  row(
    E1,
    'Chidi',
    { Salary: '150000.00', Housing: '20000.00', Loan: '-5000.00', PAYE: '-9000.00' },
    15_600_000,
  ),
  row(E2, 'Bola', { Salary: '100000.00', NHF: '-2500.00' }, 9_000_000),
];

describe('/payroll/:payrollId/employees/edit', () => {
  it("edits each row's gross, split and deductions with live net pay, adds and removes employees, and PUTs the rows", async () => {
    const { api, router } = renderApp('/payroll/p1/employees/edit', {
      session: {},
      routes: {
        'GET /api/payrolls/p1': ok(payroll()),
        'GET /api/payrolls/p1/employees': paged(visibleRows),
        'GET /api/payrolls/employees': paged([emp(E1, 'Chidi'), emp(E2, 'Bola'), emp(E3, 'Dayo')]),
        'PUT /api/payrolls/p1/employees': ok(payroll(), PAYROLL_MSG.employeesUpdated),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Edit payroll employees' })).toBeInTheDocument();
    // this run's Salary ₦150,000 + Housing ₦20,000 as the user's model; PAYE is not typed
    const gross = await screen.findByLabelText('Monthly gross for Chidi');
    expect(gross).toHaveValue('170000.00');
    expect(screen.getByLabelText('Basic for Chidi')).toHaveValue('150000.00');
    expect(screen.getByLabelText('Housing for Chidi')).toHaveValue('20000.00');
    expect(screen.getByLabelText('Deduction 1 description for Chidi')).toHaveValue('Loan');
    expect(screen.getByLabelText('Deduction 1 amount for Chidi')).toHaveValue('5000.00');
    expect(screen.queryByDisplayValue('PAYE')).toBeNull();
    // live: the contract's function, with the company's three employees (pension applies)
    const live = (salaryMinor: number, components: { description: string; amountMinor: number }[]) =>
      employeeNetPay(
        { salaryMinor, components, annualRentMinor: 0, nhfEnabled: true },
        { settings: DEFAULT_STATUTORY, headcount: 3 },
      );
    const chidi = () => screen.getByLabelText('Pay for Chidi');
    const first = live(15_000_000, [
      { description: 'Housing', amountMinor: 2_000_000 },
      { description: 'Loan', amountMinor: -500_000 },
    ]);
    await waitFor(() => expect(chidi()).toHaveTextContent(`Net ${formatMoney(first.netMinor)}`));
    // a split that does not add up is refused on the client
    fireEvent.change(gross, { target: { value: '180000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save employees' }));
    expect(
      await screen.findByText(
        `Basic, Housing, Transport and Other allowances add up to ${formatMoney(17_000_000)}, not the monthly gross of ${formatMoney(18_000_000)}`,
      ),
    ).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Basic for Chidi'), { target: { value: '160000' } });
    const second = live(16_000_000, [
      { description: 'Housing', amountMinor: 2_000_000 },
      { description: 'Loan', amountMinor: -500_000 },
    ]);
    await waitFor(() => expect(chidi()).toHaveTextContent(`Net ${formatMoney(second.netMinor)}`));
    expect(chidi()).toHaveTextContent(`Gross ${formatMoney(18_000_000)}`);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Bola' }));
    fireEvent.click(screen.getByRole('textbox', { name: 'Add an employee' }));
    fireEvent.click(await screen.findByRole('option', { name: /Dayo/, hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Add to payroll' }));
    expect(await screen.findByLabelText('Monthly gross for Dayo')).toHaveValue('95000.00');
    expect(screen.getByLabelText('Transport for Dayo')).toHaveValue('5000.00');
    fireEvent.click(screen.getByRole('button', { name: 'Add deduction for Dayo' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save employees' }));
    // the new blank deduction is refused on the client
    expect(await screen.findByText('Description is required')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.change(screen.getByLabelText('Deduction 1 description for Dayo'), {
      target: { value: 'Advance' },
    });
    fireEvent.change(screen.getByLabelText('Deduction 1 amount for Dayo'), { target: { value: '1000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save employees' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Payroll Employees Updated!'));
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      employees: [
        { employeeId: E1, lines: { Salary: '160000.00', Housing: '20000.00', Loan: '-5000.00' } },
        { employeeId: E3, lines: { Salary: '90000.00', Transport: '5000.00', Advance: '-1000.00' } },
      ],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/payroll/p1/details'));
  });

  it('shows asterisks and the no-permission message without the sensitive flag, sending no figures', async () => {
    const { api } = renderApp('/payroll/p1/employees/edit', {
      session: { accounts: undefined },
      routes: {
        'GET /api/payrolls/p1': ok(payroll({ salaryVisible: false })),
        'GET /api/payrolls/p1/employees': paged([row(E1, 'Chidi', null, null), row(E2, 'Bola', null, null)]),
        'GET /api/payrolls/employees': paged([]),
        'PUT /api/payrolls/p1/employees': ok(payroll({ salaryVisible: false }), PAYROLL_MSG.employeesUpdated),
      },
    });
    expect(await screen.findByText(PAYROLL_MSG.noPermission)).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(within(table).getAllByText('******').length).toBeGreaterThanOrEqual(6);
    expect(screen.queryByLabelText('Monthly gross for Chidi')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Bola' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save employees' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Payroll Employees Updated!'));
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ employees: [{ employeeId: E1 }] });
  });

  it('offers no save once the payroll was submitted, and shows server field errors', async () => {
    renderApp('/payroll/p1/employees/edit', {
      session: {},
      routes: {
        'GET /api/payrolls/p1': ok(payroll({ status: 'pending' })),
        'GET /api/payrolls/p1/employees': paged(visibleRows),
        'GET /api/payrolls/employees': paged([]),
      },
    });
    expect(await screen.findByText(PAYROLL_MSG.notEditable)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save employees' })).toBeNull();
    expect(await screen.findByLabelText('Monthly gross for Chidi')).toBeDisabled();
  });

  it('maps a refusal of the server onto the form', async () => {
    renderApp('/payroll/p1/employees/edit', {
      session: {},
      routes: {
        'GET /api/payrolls/p1': ok(payroll()),
        'GET /api/payrolls/p1/employees': paged(visibleRows),
        'GET /api/payrolls/employees': paged([]),
        'PUT /api/payrolls/p1/employees': fail(400, 'validation-error', PAYROLL_MSG.zeroOrNegative, {
          employees: [PAYROLL_MSG.zeroOrNegative],
        }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Save employees' }));
    expect(await screen.findByText(PAYROLL_MSG.zeroOrNegative)).toBeInTheDocument();
  });

  it('is reached from the details of a draft payroll', async () => {
    const { router } = renderApp('/payroll/p1/details', {
      session: {},
      routes: {
        'GET /api/payrolls/p1': ok(payroll()),
        'GET /api/payrolls/p1/employees': paged(visibleRows),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit employees' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payroll/p1/employees/edit'));
  });
});
