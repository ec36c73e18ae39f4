import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { logoutStaff } from '../../lib/session';
import { store } from '../../lib/store';
import { accountEntry, fail, ok, renderApp, testUser } from '../test-utils';

const where = (router: { state: { location: { pathname: string; search: string } } }) =>
  `${router.state.location.pathname}${router.state.location.search}`;

describe('000 §2.4 route guards', () => {
  it('rule 1: an unauthenticated visitor goes to login, and back to the remembered page after login', async () => {
    const { router } = renderApp('/payouts?tab=pending', {
      routes: {
        'POST /api/auth/login': ok(
          { accessToken: 'x', refreshToken: 'y', accessExpiresAt: '', user: testUser },
          'Login successful',
        ),
      },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(store.get().staff.redirectTo).toBe('/payouts?tab=pending');
    await screen.findByRole('heading', { name: 'Welcome back' });
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'ada@acme.ng' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret-Pass-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(where(router)).toBe('/payouts?tab=pending'));
  });

  it('a deliberate Log Out forgets the page: signing in again opens the dashboard (000 §4.1)', async () => {
    const { router } = renderApp('/transactions', {
      routes: { 'POST /api/auth/logout': ok(null, 'Logged out') },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/transactions'));
    await logoutStaff();
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(store.get().staff.redirectTo).toBeNull();
  });

  it('rule 2: a signed-in but unverified user goes to confirm-email', async () => {
    const { router } = renderApp('/transactions', { session: { verified: false } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/confirm-email'));
    expect(await screen.findByText(/We sent a confirmation link to ada@acme.ng/)).toBeInTheDocument();
  });

  it('rule 3: verified with no accounts goes to create-account', async () => {
    const { router } = renderApp('/dashboard', { session: { accounts: [], active: null } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/create'));
  });

  it('rule 4: accounts but none active goes to accounts/switch', async () => {
    const { router } = renderApp('/dashboard', { session: { accounts: [accountEntry()], active: null } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/accounts/switch'));
  });

  it('rule 5: a verified user with an active account is sent from create-account and confirm-email to the dashboard', async () => {
    const a = renderApp('/account/create', { session: {} });
    await waitFor(() => expect(a.router.state.location.pathname).toBe('/dashboard'));
    a.unmount();
    const b = renderApp('/auth/confirm-email', { session: {} });
    await waitFor(() => expect(b.router.state.location.pathname).toBe('/dashboard'));
  });

  it('rule 6: a path without permission shows Access Forbidden with a button to the first permitted area', async () => {
    const { router } = renderApp('/payouts', {
      session: { resources: { requests: ['get'], expenses: ['get', 'post'] } },
    });
    expect(await screen.findByText('Access Forbidden')).toBeInTheDocument();
    expect(screen.getByText(/contact your company admin/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/payouts');
    const button = screen.getByRole('link', { name: 'Go to Requests' });
    expect(button).toHaveAttribute('href', '/requests');
  });

  it('rule 7: /dashboard without the insights permission redirects to the first permitted area', async () => {
    const { router } = renderApp('/dashboard', {
      session: { resources: { expenses: ['get'], teamReports: ['get'] } },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/team-report'));
    // /team-report is built (issue 27): its own screen, not Coming soon.
    expect(await screen.findByRole('heading', { level: 2, name: 'Team Report' })).toBeInTheDocument();
  });

  it('a permitted area is routed, titled and shows Coming soon', async () => {
    // Every /payroll screen of 002 §2 is built (issue 25); an unknown /payroll path is the placeholder.
    renderApp('/payroll/p1/not-built', { session: { resources: { payrolls: ['get'] } } });
    expect(await screen.findByTestId('coming-soon')).toBeInTheDocument();
    expect(screen.getByTestId('page-title')).toHaveTextContent('Payroll');
  });

  it('a 403 answer shows Access Forbidden at the current path', async () => {
    const { router } = renderApp('/dashboard', {
      session: {},
      routes: {
        'GET /api/me/notifications': fail(
          403,
          'forbidden',
          'You do not have permission to perform this action. Please contact your company admin.',
        ),
      },
    });
    expect(await screen.findByText('Access Forbidden')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});

describe('auth layout redirects (000 §2.1)', () => {
  it('a signed-in verified user opening login goes to the dashboard', async () => {
    const { router } = renderApp('/auth/login', { session: {} });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('a signed-in unverified user opening register goes to confirm-email', async () => {
    const { router } = renderApp('/auth/register', { session: { verified: false } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/confirm-email'));
  });

  it('forgot-password stays reachable while signed in (unguarded)', async () => {
    const { router } = renderApp('/auth/forgot-password', { session: {} });
    expect(await screen.findByRole('heading', { name: 'Forgot password' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/forgot-password');
  });

  it('an expired session (401 session-expired) logs the staff user out to login', async () => {
    const { router } = renderApp('/transactions', {
      session: {},
      routes: {
        'GET /api/me/settings/profile': fail(
          401,
          'session-expired',
          'Session has expired, please sign in again',
        ),
      },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(store.get().staff.user).toBeNull();
  });

  it('a profile fetch answering 2fa-required goes to the two-factor step', async () => {
    const { router } = renderApp('/transactions', {
      session: {},
      routes: {
        'GET /api/me/settings/profile': fail(
          401,
          '2fa-required',
          'Enter the code from your authenticator app to continue',
        ),
      },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/two-factor'));
  });
});
