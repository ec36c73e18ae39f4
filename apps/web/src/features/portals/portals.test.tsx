import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { store } from '../../lib/store';
import { mockFetch, renderWithRouter } from '../marketing/test-utils';
import { portalRoutes } from './routes';

vi.setConfig({ testTimeout: 20_000 });
beforeEach(() => store.reset());

describe('customer portal', () => {
  it('sends a visitor without a customer email to login, then back to the invoice after signing in', async () => {
    const { calls } = mockFetch({
      'POST /api/customer/auth': {
        body: { status: 'success', message: 'OK', data: { email: 'ada@buyer.ng' } },
      },
    });
    const { router } = renderWithRouter({ routes: portalRoutes, initial: '/customer/invoice/inv-7' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/customer/login'));
    fireEvent.change(await screen.findByLabelText('Email address', {}, { timeout: 8000 }), {
      target: { value: 'Ada@Buyer.ng' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/customer/invoice/inv-7'));
    expect(calls[0].body).toEqual({ email: 'ada@buyer.ng' });
    expect(store.get().customer.email).toBe('ada@buyer.ng');
    expect(await screen.findByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('explains that the portal is not open yet when the auth call answers 404', async () => {
    mockFetch({});
    renderWithRouter({ routes: portalRoutes, initial: '/customer/login' });
    fireEvent.change(await screen.findByLabelText('Email address', {}, { timeout: 8000 }), {
      target: { value: 'ada@buyer.ng' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByTestId('customer-portal-not-open')).toBeInTheDocument();
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
