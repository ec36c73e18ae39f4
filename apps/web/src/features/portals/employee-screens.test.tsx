import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { PORTAL_MSG } from '@owo/contract/payroll-portal';
import { store } from '../../lib/store';
import { mockFetch, renderWithRouter } from '../marketing/test-utils';
import { portalRoutes } from './routes';

beforeEach(() => store.reset());

const session = {
  token: 't',
  expiresAt: '2026-11-25T00:00:00Z',
  user: { name: 'Tolu Ade', email: 'tolu@acme.ng' },
  payrollEmployees: [{ id: 'pe1', accountId: 'a1', companyName: 'Acme Ltd' }],
  currentPayrollEmployee: { id: 'pe1', accountId: 'a1', companyName: 'Acme Ltd' },
};
const slip = (over: Record<string, unknown>) => ({
  id: 's1',
  payrollId: 'p1',
  payrollName: 'November 2026 salaries',
  createdAt: '2026-11-24T10:00:00Z',
  companyName: 'Acme Ltd',
  status: 'paid',
  payPeriod: '2026-11',
  payrollEmployee: { id: 'pe1', name: 'Tolu Ade', email: 'tolu@acme.ng' },
  bankDetails: { bankName: 'GTBank', accountName: 'TOLU ADE', accountNumber: '******4321' },
  salaryVisible: true,
  amount: '500000.00',
  amountMinor: 50000000,
  finalAmount: '399735.00',
  finalAmountMinor: 39973500,
  salaryBreakdown: {
    Salary: '500000.00',
    PAYE: '-62015.00',
    'Pension (employee)': '-32000.00',
    NHF: '-6250.00',
  },
  salaryBreakdownMinor: {},
  deductionsTotal: '-100265.00',
  deductionsTotalMinor: -10026500,
  downloadable: true,
  ...over,
});

describe('employee portal screens', () => {
  it('an invalid invitation token goes to employee login', async () => {
    mockFetch({
      'POST /api/employee-portal/invites/validate': {
        status: 400,
        body: {
          status: 'validation-error',
          message: PORTAL_MSG.tokenInvalid,
          errors: { token: [PORTAL_MSG.tokenInvalid] },
        },
      },
    });
    const { router } = renderWithRouter({ routes: portalRoutes, initial: '/employee-portal/join?token=bad' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/employee-portal/login'));
  });

  it('invite → set password (002 §5 rule) → signed in on the payslip list; download only when paid', async () => {
    const { calls } = mockFetch({
      'POST /api/employee-portal/invites/validate': {
        body: {
          status: 'success',
          message: 'ok',
          data: {
            name: 'Tolu Ade',
            email: 'tolu@acme.ng',
            companyName: 'Acme Ltd',
            token: { valid: true, hasAccount: false },
          },
        },
      },
      'POST /api/employee-portal/auth/create-user': {
        status: 201,
        body: { status: 'success', message: PORTAL_MSG.accountCreated, data: session },
      },
      'GET /api/employee-portal/payslips': {
        body: {
          status: 'success',
          message: 'Success',
          data: [slip({}), slip({ id: 's2', status: 'failed', downloadable: false, payPeriod: '2026-10' })],
          metadata: { pagination: { page: 1, limit: 20, totalItems: 2, totalPages: 1 } },
        },
      },
    });
    const { router } = renderWithRouter({
      routes: portalRoutes,
      initial: '/employee-portal/join?token=good',
    });
    expect(await screen.findByRole('heading', { name: 'Join Acme Ltd' })).toBeInTheDocument();
    fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'password1' } });
    fireEvent.input(screen.getByLabelText('Confirm password'), { target: { value: 'password1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText(PORTAL_MSG.passwordRule)).toBeInTheDocument();
    fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'Salary#2026' } });
    fireEvent.input(screen.getByLabelText('Confirm password'), { target: { value: 'Salary#2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/employee-portal/payslip'));
    expect(calls.find((c) => c.path.endsWith('create-user'))?.body).toEqual({
      token: 'good',
      password: 'Salary#2026',
    });
    expect((store.get().employee.employeeUser as { email: string }).email).toBe('tolu@acme.ng');
    const buttons = await screen.findAllByRole('button', { name: 'Download' });
    expect(buttons[0]).toBeEnabled();
    expect(buttons[1]).toBeDisabled();
    expect(screen.getAllByText('₦399,735.00')).toHaveLength(2);
  });
});
