import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, renderApp } from './test-utils';

const where = (r: { state: { location: { pathname: string; search: string } } }) =>
  `${r.state.location.pathname}${r.state.location.search}`;

describe('older paths of 000 §2.3 redirect to the current ones', () => {
  it.each([
    ['/register/ABC123', '/auth/register/ABC123'],
    ['/reset-password/ref-123', '/auth/reset-password?ref=ref-123'],
  ])('%s -> %s (signed out)', async (from, to) => {
    const { router } = renderApp(from);
    await waitFor(() => expect(where(router)).toBe(to));
  });

  it('/invite/:code -> /auth/invite?code=', async () => {
    const { router } = renderApp('/invite/CODE9', {
      routes: {
        'GET /api/auth/invite/CODE9': ok({
          email: 'new@acme.ng',
          accountName: 'Acme Ltd',
          role: 'finance-manager',
          roleName: 'Finance Manager',
          expiresAt: '2026-04-01T00:00:00Z',
          userExists: false,
        }),
      },
    });
    await waitFor(() => expect(where(router)).toBe('/auth/invite?code=CODE9'));
    expect(await screen.findByText(/invited to join Acme Ltd as Finance Manager/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "I'm new to Owo" })).toHaveAttribute(
      'href',
      '/auth/register/CODE9?email=new%40acme.ng',
    );
  });

  it.each([
    ['/team', '/teams'],
    ['/team/manage-roles', '/teams/manage-roles'],
    ['/team/member/42', '/teams/member?id=42'],
    ['/fund-wallet', '/wallet/add-funds'],
    ['/add-funds?amount=5000', '/wallet/add-funds?amount=5000'],
    ['/payees', '/vendors'],
    ['/confirm-email?token=abc', '/auth/confirm-email?token=abc'],
  ])('%s -> %s', async (from, to) => {
    const { router } = renderApp(from, {
      session: {},
      routes: {
        'POST /api/auth/confirm-email': ok({
          user: { id: 'u1', email: 'a@b.ng', verified: true, _2fa: false },
        }),
      },
    });
    await waitFor(() => expect(where(router)).toBe(to));
  });

  it('/create-account -> /account/create (for a user without accounts)', async () => {
    const { router } = renderApp('/create-account', { session: { accounts: [], active: null } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/create'));
  });
});

describe('404 pages', () => {
  it("signed out: 'Page Not Found'", async () => {
    renderApp('/no/such/page');
    expect(await screen.findByText('Page Not Found')).toBeInTheDocument();
  });
  it("signed in: the dashboard's 'We Lost that Page...' with Go Back and Back to Home", async () => {
    renderApp('/no/such/page', { session: {} });
    expect(await screen.findByText('We Lost that Page...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/dashboard');
  });
});
