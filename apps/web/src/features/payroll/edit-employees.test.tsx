import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PAYROLL_MSG,
  type PayrollDetail,
  type PayrollEmployee,
  type PayrollRow,
} from '@owo/contract/payroll';
import { fail, ok, renderApp } from '../../app/test-utils';
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
  it("edits each row's salary and lines, adds and removes employees, and PUTs the rows", async () => {
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
    const salary = await screen.findByLabelText('Salary for Chidi');
    expect(salary).toHaveValue('150000.00');
    // statutory lines are not editable: only Housing and Loan are lines
    expect(screen.getByLabelText('Line 1 description for Chidi')).toHaveValue('Housing');
    expect(screen.getByLabelText('Line 2 amount for Chidi')).toHaveValue('-5000.00');
    expect(screen.queryByDisplayValue('PAYE')).toBeNull();
    fireEvent.change(salary, { target: { value: '160000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove line 1 for Chidi' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Bola' }));
    fireEvent.click(screen.getByRole('textbox', { name: 'Add an employee' }));
    fireEvent.click(await screen.findByRole('option', { name: /Dayo/, hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Add to payroll' }));
    expect(await screen.findByLabelText('Salary for Dayo')).toHaveValue('90000.00');
    fireEvent.click(screen.getByRole('button', { name: 'Add line for Dayo' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save employees' }));
    // the new blank line is refused on the client
    expect(await screen.findByText('Description is required')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.change(screen.getByLabelText('Line 2 description for Dayo'), { target: { value: 'Pension' } });
    fireEvent.change(screen.getByLabelText('Line 2 amount for Dayo'), { target: { value: '-1000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save employees' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Payroll Employees Updated!'));
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      employees: [
        { employeeId: E1, lines: { Salary: '160000', Loan: '-5000.00' } },
        { employeeId: E3, lines: { Salary: '90000.00', Transport: '5000.00', Pension: '-1000' } },
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
    expect(screen.queryByLabelText('Salary for Chidi')).toBeNull();
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
    expect(await screen.findByLabelText('Salary for Chidi')).toBeDisabled();
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
