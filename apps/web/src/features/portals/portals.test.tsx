import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { store } from '../../lib/store';
import { mockFetch, renderWithRouter } from '../marketing/test-utils';
import { portalRoutes } from './routes';

beforeEach(() => store.reset());

describe('customer portal', () => {
  it('sends a visitor to login, signs in with the mailed code, then goes back to the invoice', async () => {
    const profile = {
      id: '11111111-1111-4111-8111-111111111111',
      accountId: '11111111-1111-4111-8111-111111111111',
      companyName: 'Alpha Cement',
      customerName: 'Ada',
      email: 'ada@buyer.ng',
    };
    const { calls } = mockFetch({
      'POST /api/customer/auth': {
        body: { status: 'success', message: 'sent', data: { email: 'ada@buyer.ng' } },
      },
      'POST /api/customer/auth/verify': {
        body: {
          status: 'success',
          message: 'Signed in',
          data: {
            email: 'ada@buyer.ng',
            expiresAt: new Date().toISOString(),
            allCustomerProfiles: [profile],
            currentCustomerProfile: profile,
          },
        },
      },
    });
    const { router } = renderWithRouter({ routes: portalRoutes, initial: '/customer/invoice/inv-7' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/customer/login'));
    fireEvent.change(await screen.findByLabelText('Email address'), {
      target: { value: 'Ada@Buyer.ng' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByTestId('customer-code-sent')).toHaveTextContent('ada@buyer.ng');
    expect(calls[0].body).toEqual({ email: 'ada@buyer.ng' });
    // Not signed in before the code is accepted.
    expect(store.get().customer.email).toBeNull();
    const inputs = document.querySelectorAll('input');
    '123456'.split('').forEach((d, i) => fireEvent.change(inputs[i], { target: { value: d } }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/customer/invoice/inv-7'));
    expect(calls.find((c) => c.path.endsWith('/verify'))?.body).toEqual({
      email: 'ada@buyer.ng',
      code: '123456',
    });
    expect(store.get().customer.email).toBe('ada@buyer.ng');
    expect(store.get().customer.allCustomerProfiles).toEqual([profile]);
    expect(await screen.findByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('shows the wrong-code message under the code', async () => {
    mockFetch({
      'POST /api/customer/auth': { body: { status: 'success', message: 'sent', data: { email: 'a@b.ng' } } },
      'POST /api/customer/auth/verify': {
        status: 400,
        body: {
          status: 'validation-error',
          message: 'Invalid or expired code',
          errors: { code: ['Invalid or expired code'] },
        },
      },
    });
    renderWithRouter({ routes: portalRoutes, initial: '/customer/login' });
    fireEvent.change(await screen.findByLabelText('Email address'), {
      target: { value: 'a@b.ng' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByTestId('customer-code-sent');
    const inputs = document.querySelectorAll('input');
    '000000'.split('').forEach((d, i) => fireEvent.change(inputs[i], { target: { value: d } }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid or expired code');
    expect(store.get().customer.email).toBeNull();
  });
});

describe('customer portal: one company at a time (000 §3)', () => {
  const profileOf = (n: string, name: string) => ({
    id: `${n}1111111-1111-4111-8111-111111111111`,
    accountId: `${n}1111111-1111-4111-8111-111111111111`,
    companyName: name,
    customerName: 'Ada',
    email: 'ada@buyer.ng',
  });
  const A = profileOf('a', 'Alpha Cement');
  const B = profileOf('b', 'Beta Paints');
  const row = (ref: string, amountMinor: number) => ({
    id: `inv-${ref}`,
    reference: ref,
    createdAt: '2026-01-05T10:00:00Z',
    amount: (amountMinor / 100).toFixed(2),
    amountMinor,
    amountPaid: '0.00',
    amountPaidMinor: 0,
    status: 'pending',
  });
  const page = (data: unknown[], p: number, totalPages: number) => ({
    body: {
      status: 'success',
      message: 'OK',
      data,
      metadata: { pagination: { page: p, limit: 20, totalItems: totalPages * 20, totalPages } },
    },
  });

  it('lists the current company’s invoices, and a switch asks for the other company from page 1', async () => {
    store.set({
      customer: { email: 'ada@buyer.ng', allCustomerProfiles: [A, B], currentCustomerProfile: A },
    });
    const { calls } = mockFetch({
      'GET /api/customer/invoices': (url) => {
        const acc = url.searchParams.get('accountId');
        const p = Number(url.searchParams.get('page'));
        if (acc === A.accountId) return page([row(`A-${p}`, 4_500_000)], p, 3);
        if (acc === B.accountId) return page([row(`B-${p}`, 1_600_000)], p, 1);
        return page([], 1, 1);
      },
    });
    renderWithRouter({ routes: portalRoutes, initial: '/customer/invoice' });
    expect(await screen.findByText('A-1')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByText('A-2')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('textbox', { name: 'Company' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Beta Paints', hidden: true }));
    expect(await screen.findByText('B-1')).toBeInTheDocument();
    expect(screen.queryByText(/^A-/)).toBeNull();
    expect(store.get().customer.currentCustomerProfile).toEqual(B);
    const asked = calls
      .filter((c) => c.path === '/api/customer/invoices')
      .map((c) => [c.url.searchParams.get('accountId'), c.url.searchParams.get('page')]);
    expect(asked).toContainEqual([B.accountId, '1']);
    expect(asked).not.toContainEqual([B.accountId, '2']);
  });
});

describe('employee portal', () => {
  it('guards payslips, and shows Profile and Logout only when signed in', async () => {
    const { router } = renderWithRouter({ routes: portalRoutes, initial: '/employee-portal/payslip' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/employee-portal/login'));
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
    store.set({
      employee: {
        employeeUser: { email: 'tolu@acme.ng' },
        payrollEmployees: [],
        currentPayrollEmployee: null,
      },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/employee-portal/payslip'));
    expect(await screen.findByRole('link', { name: 'Profile' })).toHaveAttribute(
      'href',
      '/employee-portal/profile',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/employee-portal/login'));
    expect(store.get().employee.employeeUser).toBeNull();
  });
});
