import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '@owo/contract';
import { PORTAL_BANK_MSG } from '@owo/contract/payroll-portal-bank';
import { store } from '../../lib/store';
import { mockFetch, renderWithRouter } from '../marketing/test-utils';
import { portalRoutes } from './routes';

beforeEach(() => {
  store.reset();
  store.set({
    employee: {
      employeeUser: { name: 'Tolu Ade', email: 'tolu@acme.ng' },
      payrollEmployees: [{ id: 'pe1', accountId: 'a1', companyName: 'Acme Ltd' }],
      currentPayrollEmployee: { id: 'pe1', accountId: 'a1', companyName: 'Acme Ltd' },
    },
  });
});

const profile = {
  name: 'Tolu Ade',
  email: 'tolu@acme.ng',
  companyName: 'Acme Ltd',
  accountId: 'a1',
  salaryAmount: '500000.00',
  salaryAmountMinor: 50000000,
  bankDetails: { bankName: 'GTBank', accountName: 'TOLU ADE', accountNumber: '******4321' },
  joinedAt: '2026-01-05T10:00:00Z',
  payrollEmployees: [{ id: 'pe1', accountId: 'a1', companyName: 'Acme Ltd' }],
};
const current = { bankCode: '058', bankName: 'GTBank', accountName: 'TOLU ADE', accountNumber: '******4321' };
const env = (data: unknown, message = 'Success') => ({ body: { status: 'success', message, data } });
const pending = {
  id: '7d0b6b1e-0f57-4a53-9d0a-3b8f0a0c1d11',
  reference: 'EBC-1',
  status: 'pending',
  bankCode: '044',
  bankName: 'Access Bank',
  accountName: 'ADE TOLU',
  accountNumber: '******6789',
  nameMatches: true,
  reason: null,
  requestedAt: '2026-11-24T10:00:00Z',
  decidedAt: null,
};

describe('employee portal: bank account', () => {
  it('shows the masked account, resolves the name before submit, then shows the pending change', async () => {
    const { calls } = mockFetch({
      'GET /api/employee-portal/profile': env(profile),
      'GET /api/employee-portal/bank-account': env({ current, pendingChange: null, lastDecision: null }),
      'GET /api/employee-portal/banks': env([
        { code: '058', name: 'GTBank', type: 'dmb', nipCode: null },
        { code: '044', name: 'Access Bank', type: 'dmb', nipCode: null },
      ]),
      'GET /api/employee-portal/bank-account/resolve': (url) =>
        env({ accountName: url.searchParams.get('accountNumber') === '0123456789' ? 'ADE TOLU' : '' }),
      'POST /api/employee-portal/bank-account': {
        status: 201,
        body: {
          status: 'success',
          message: PORTAL_BANK_MSG.submitted,
          data: { current, pendingChange: pending, lastDecision: null },
        },
      },
    });
    renderWithRouter({ routes: portalRoutes, initial: '/employee-portal/profile' });
    expect(await screen.findByText('Bank account')).toBeInTheDocument();
    expect(screen.getByText('GTBank ******4321 (TOLU ADE)')).toBeInTheDocument();
    const send = screen.getByRole('button', { name: 'Send to HR for approval' });
    expect(send).toBeDisabled();

    await screen.findByRole('option', { name: 'Access Bank' });
    fireEvent.change(screen.getByLabelText('Bank'), { target: { value: '044' } });
    fireEvent.input(screen.getByLabelText('Account number'), { target: { value: '12345' } });
    expect(await screen.findByText(MSG.accountNumberLinking)).toBeInTheDocument();
    expect(send).toBeDisabled();

    // a number the bank does not know: no name, no submit
    fireEvent.input(screen.getByLabelText('Account number'), { target: { value: '0000000001' } });
    expect(await screen.findByText('Account number is invalid for this bank')).toBeInTheDocument();
    expect(send).toBeDisabled();

    fireEvent.input(screen.getByLabelText('Account number'), { target: { value: '0123456789' } });
    expect(await screen.findByTestId('resolved-name')).toHaveTextContent('ADE TOLU');
    await waitFor(() => expect(send).toBeEnabled());
    fireEvent.click(send);

    expect(await screen.findByText('Awaiting HR approval')).toBeInTheDocument();
    expect(screen.getByText('Access Bank ******6789 (ADE TOLU)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send to HR for approval' })).toBeNull();
    const posts = calls.filter((c) => c.method === 'POST' && c.path === '/api/employee-portal/bank-account');
    expect(posts).toHaveLength(1);
    expect(posts[0].body).toEqual({ bankCode: '044', accountNumber: '0123456789' });
  });

  it('shows a rejection with its reason and lets the employee try again', async () => {
    mockFetch({
      'GET /api/employee-portal/profile': env(profile),
      'GET /api/employee-portal/bank-account': env({
        current,
        pendingChange: null,
        lastDecision: { ...pending, status: 'rejected', reason: 'Name does not match our records' },
      }),
      'GET /api/employee-portal/banks': env([]),
    });
    renderWithRouter({ routes: portalRoutes, initial: '/employee-portal/profile' });
    expect(await screen.findByText('Reason: Name does not match our records')).toBeInTheDocument();
    expect(screen.getByText('rejected')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send to HR for approval' })).toBeInTheDocument();
  });

  it('/employee-portal/add-bank is the bank account page, reached from the profile (issue 37)', async () => {
    mockFetch({
      'GET /api/employee-portal/profile': env(profile),
      'GET /api/employee-portal/bank-account': env({ current, pendingChange: null, lastDecision: null }),
      'GET /api/employee-portal/banks': env([{ code: '058', name: 'GTBank', type: 'dmb', nipCode: null }]),
    });
    const { router } = renderWithRouter({ routes: portalRoutes, initial: '/employee-portal/profile' });
    fireEvent.click(await screen.findByRole('link', { name: 'Change bank account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/employee-portal/add-bank'));
    expect(await screen.findByRole('heading', { name: 'Add bank account' })).toBeInTheDocument();
    expect(await screen.findByText('GTBank ******4321 (TOLU ADE)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send to HR for approval' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Go to payslips' })).toHaveAttribute(
      'href',
      '/employee-portal/payslip',
    );
  });
});
