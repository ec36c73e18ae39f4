import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PORTAL_MSG, PORTAL_RESET_MSG } from '@owo/contract/payroll-portal';
import { store } from '../../lib/store';
import { toastSuccess } from '../../lib/toast';
import { mockFetch, renderWithRouter } from '../marketing/test-utils';
import { portalRoutes } from './routes';

vi.mock('../../lib/toast', () => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));
beforeEach(() => {
  store.reset();
  vi.mocked(toastSuccess).mockReset();
});

describe('employee portal password reset', () => {
  it('login links to forgot password, which submits the email and shows the API answer', async () => {
    const { calls } = mockFetch({
      'POST /api/employee-portal/auth/reset-password': {
        body: { status: 'success', message: PORTAL_RESET_MSG.requested, data: null },
      },
    });
    const { router } = renderWithRouter({ routes: portalRoutes, initial: '/employee-portal/login' });
    fireEvent.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/employee-portal/forgot-password'));
    // The login form has an 'Email address' field too: wait for the reset form itself before typing
    // (the route is lazy, so the login page can still be on screen after the location changed).
    const send = await screen.findByRole('button', { name: 'Send reset link' });
    fireEvent.input(screen.getByLabelText('Email address'), { target: { value: 'tolu@acme.ng' } });
    fireEvent.click(send);
    expect(await screen.findByTestId('employee-reset-sent')).toHaveTextContent(PORTAL_RESET_MSG.requested);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/employee-portal/auth/reset-password',
      body: { email: 'tolu@acme.ng' },
    });
  });

  it("reset: 'Passwords must match' on a mismatch, nothing sent; a match is sent and goes to login with the API's message", async () => {
    store.set({
      employee: {
        employeeUser: { name: 'Tolu Ade', email: 'tolu@acme.ng' },
        payrollEmployees: [],
        currentPayrollEmployee: null,
      },
    });
    const { calls } = mockFetch({
      'PUT /api/employee-portal/auth/reset-password/ref-123': {
        body: { status: 'success', message: PORTAL_RESET_MSG.reset, data: null },
      },
    });
    const { router } = renderWithRouter({
      routes: portalRoutes,
      initial: '/employee-portal/reset-password/ref-123',
    });
    const password = await screen.findByLabelText('New password');
    fireEvent.input(password, { target: { value: 'weak' } });
    fireEvent.input(screen.getByLabelText('Confirm password'), { target: { value: 'weak' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(PORTAL_MSG.passwordRule)).toBeInTheDocument();
    fireEvent.input(password, { target: { value: 'Salary#2026' } });
    fireEvent.input(screen.getByLabelText('Confirm password'), { target: { value: 'Salary#2027' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(PORTAL_RESET_MSG.passwordsMustMatch)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    fireEvent.input(screen.getByLabelText('Confirm password'), { target: { value: 'Salary#2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/employee-portal/login'));
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      method: 'PUT',
      path: '/api/employee-portal/auth/reset-password/ref-123',
      body: { password: 'Salary#2026', confirmPassword: 'Salary#2026' },
    });
    expect(toastSuccess).toHaveBeenCalledWith(PORTAL_RESET_MSG.reset);
    // Every session was signed out by the reset: the local one too, so the login form shows.
    expect(store.get().employee.employeeUser).toBeNull();
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('a used or expired link shows the API message with a way to ask for a new one', async () => {
    mockFetch({
      'PUT /api/employee-portal/auth/reset-password/old': {
        status: 400,
        body: {
          status: 'validation-error',
          message: PORTAL_RESET_MSG.refInvalid,
          errors: { ref: [PORTAL_RESET_MSG.refInvalid] },
        },
      },
    });
    const { router } = renderWithRouter({
      routes: portalRoutes,
      initial: '/employee-portal/reset-password/old',
    });
    fireEvent.input(await screen.findByLabelText('New password'), {
      target: { value: 'Salary#2026' },
    });
    fireEvent.input(screen.getByLabelText('Confirm password'), { target: { value: 'Salary#2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByTestId('employee-reset-error')).toHaveTextContent(PORTAL_RESET_MSG.refInvalid);
    expect(router.state.location.pathname).toBe('/employee-portal/reset-password/old');
    fireEvent.click(screen.getByRole('link', { name: 'Request a new link' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/employee-portal/forgot-password'));
  });
});
