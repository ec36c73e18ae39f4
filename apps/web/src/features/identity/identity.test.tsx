import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { IDENTITY_MSG } from '@owo/contract';
import { store } from '../../lib/store';
import { fail, ok, renderApp, sessionRoutes, testUser, type Reply } from '../../app/test-utils';

const type = (label: string | RegExp, value: string) => {
  const el = screen.getByLabelText(label);
  fireEvent.change(el, { target: { value } });
  fireEvent.blur(el);
};

describe('login (000 §2.1, §8)', () => {
  it('validates on blur with the contract message', async () => {
    renderApp('/auth/login');
    await screen.findByRole('heading', { name: 'Welcome back' });
    type('Email address', 'not-an-email');
    expect(await screen.findByText(IDENTITY_MSG.emailInvalid)).toBeInTheDocument();
  });

  it('password-expired flags the session, remembers the email and offers a reset', async () => {
    renderApp('/auth/login', {
      routes: { 'POST /api/auth/login': fail(401, 'password-expired', IDENTITY_MSG.passwordExpired) },
    });
    await screen.findByRole('heading', { name: 'Welcome back' });
    type('Email address', 'ada@acme.ng');
    type('Password', 'Old-Password-1');
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByTestId('password-expired')).toBeInTheDocument();
    expect(store.get().staff).toMatchObject({ passwordExpired: true, expiredEmail: 'ada@acme.ng' });
    expect(screen.getByRole('link', { name: 'Send Reset Link' })).toHaveAttribute(
      'href',
      '/auth/forgot-password?email=ada%40acme.ng',
    );
  });

  it('2fa-required goes to the two-factor step, which completes the sign-in', async () => {
    const { router, api } = renderApp('/auth/login/INV1', {
      routes: {
        'POST /api/auth/login': {
          body: {
            status: '2fa-required',
            message: IDENTITY_MSG.twoFaRequired,
            data: { user: { ...testUser, _2fa: true } },
          },
        },
        'POST /api/auth/2fa': ok({ user: { ...testUser, _2fa: true } }, 'Login successful'),
      },
    });
    await screen.findByRole('heading', { name: 'Welcome back' });
    type('Email address', 'ada@acme.ng');
    type('Password', 'Secret-Pass-1');
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/two-factor'));
    expect(api.calls.find((c) => c.path === '/api/auth/login')?.body).toMatchObject({
      email: 'ada@acme.ng',
      code: 'INV1',
    });
    await screen.findByRole('heading', { name: 'Two-factor authentication' });
    type('Authentication code', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/api/auth/2fa')?.body).toEqual({
        code: '123456',
        invitationCode: 'INV1',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/auth/two-factor'));
  });
});

describe('register', () => {
  it("shows 'Passwords must match' and maps the server's field errors onto the form", async () => {
    const { api } = renderApp('/auth/register/CODE7?email=vendor%40acme.ng', {
      routes: {
        'POST /api/auth/register': fail(400, 'validation-error', 'Invalid input', {
          email: [IDENTITY_MSG.emailTaken],
        }),
      },
    });
    await screen.findByRole('heading', { name: 'Create your Owo account' });
    expect(screen.getByLabelText('Work email')).toHaveValue('vendor@acme.ng');
    type('First name', 'Ada');
    type('Last name', 'Obi');
    type('Phone number (optional)', '803 123 4567');
    type('Password', 'Str0ng-Passw0rd!');
    type('Confirm password', 'Different-1!');
    expect(await screen.findByText('Passwords must match')).toBeInTheDocument();
    type('Confirm password', 'Str0ng-Passw0rd!');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText(IDENTITY_MSG.emailTaken)).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === '/api/auth/register')?.body).toEqual({
      firstName: 'Ada',
      lastName: 'Obi',
      email: 'vendor@acme.ng',
      password: 'Str0ng-Passw0rd!',
      phoneNumber: '+2348031234567',
      code: 'CODE7',
    });
  });
});

describe('forgot and reset password', () => {
  it("shows 002 §8's success text after sending the link", async () => {
    renderApp('/auth/forgot-password', { routes: { 'POST /api/auth/password': ok(null, 'sent') } });
    await screen.findByRole('heading', { name: 'Forgot password' });
    type('Email address', 'ada@acme.ng');
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(
      await screen.findByText(
        'A password reset link has been sent to your Email. Kindly follow the instructions to reset your password.',
      ),
    ).toBeInTheDocument();
  });

  it('reset requires matching passwords and sends the ref from the link', async () => {
    const { api, router } = renderApp('/auth/reset-password?ref=abcdefghijkl', {
      routes: { 'PUT /api/auth/password/abcdefghijkl': ok(null, 'Your password has been reset.') },
    });
    await screen.findByRole('heading', { name: 'Reset password' });
    type('New password', 'Str0ng-Passw0rd!');
    type('Confirm new password', 'nope');
    expect(await screen.findByText('Passwords must match')).toBeInTheDocument();
    type('Confirm new password', 'Str0ng-Passw0rd!');
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ password: 'Str0ng-Passw0rd!' });
  });
});

describe('confirm email', () => {
  it('confirms the token from the link once', async () => {
    const { api } = renderApp('/auth/confirm-email?token=tok-1234567890', {
      routes: { 'POST /api/auth/confirm-email': ok({ user: testUser }, IDENTITY_MSG.emailConfirmed) },
    });
    expect(await screen.findByTestId('email-confirmed')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path === '/api/auth/confirm-email')).toHaveLength(1);
    expect(api.calls[0].body).toEqual({ token: 'tok-1234567890' });
  });

  it('a quick Continue reaches the dashboard even when the first profile fetch was still loading', async () => {
    // The page loads with the link: the profile fetch starts before the confirmation commits and
    // answers "unverified" after it. Continue must not bounce back to confirm-email.
    let confirmed = false;
    const profileRoute = sessionRoutes({ verified: true })['GET /api/me/settings/profile'] as Reply;
    const profile = (verified: boolean): Reply => {
      const body = profileRoute.body as { data: { profile: object } };
      return ok({ profile: { ...body.data.profile, verified } });
    };
    const { router } = renderApp('/auth/confirm-email?token=tok-1234567890', {
      session: { verified: false },
      routes: {
        'GET /api/me/settings/profile': async () => {
          const answer = profile(confirmed);
          await new Promise((r) => setTimeout(r, 400));
          return answer;
        },
        'POST /api/auth/confirm-email': async () => {
          await new Promise((r) => setTimeout(r, 50));
          confirmed = true;
          return ok({ user: testUser }, IDENTITY_MSG.emailConfirmed);
        },
      },
    });
    await screen.findByTestId('email-confirmed');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    // The dashboard itself, not just its URL while the guard is still loading.
    await screen.findByTestId('page-title');
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
