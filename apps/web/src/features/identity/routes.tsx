// Auth screens (000 §2.1). Guest routes sit behind the auth layout's redirects (GuestOnly);
// open routes (forgot/reset password, confirm email, two-factor, invitation) are unguarded.
import type { RouteObject } from 'react-router-dom';
import { paths } from '../../lib/paths';

export const authGuestRoutes: RouteObject[] = [
  {
    path: paths.auth.login.path,
    lazy: async () => ({ Component: (await import('./screens/login-screen')).LoginScreen }),
  },
  {
    path: paths.auth.loginWithCode.path,
    lazy: async () => ({ Component: (await import('./screens/login-screen')).LoginScreen }),
  },
  {
    path: paths.auth.register.path,
    lazy: async () => ({ Component: (await import('./screens/register-screen')).RegisterScreen }),
  },
  {
    path: paths.auth.registerWithCode.path,
    lazy: async () => ({ Component: (await import('./screens/register-screen')).RegisterScreen }),
  },
];

export const authOpenRoutes: RouteObject[] = [
  {
    path: paths.auth.forgotPassword.path,
    lazy: async () => ({
      Component: (await import('./screens/forgot-password-screen')).ForgotPasswordScreen,
    }),
  },
  {
    path: paths.auth.resetPassword.path,
    lazy: async () => ({ Component: (await import('./screens/reset-password-screen')).ResetPasswordScreen }),
  },
  {
    path: paths.auth.confirmEmail.path,
    lazy: async () => ({ Component: (await import('./screens/confirm-email-screen')).ConfirmEmailScreen }),
  },
  {
    path: paths.auth.twoFactor.path,
    lazy: async () => ({ Component: (await import('./screens/two-factor-screen')).TwoFactorScreen }),
  },
  {
    path: paths.auth.invite.path,
    lazy: async () => ({ Component: (await import('./screens/invite-screen')).InviteScreen }),
  },
];
