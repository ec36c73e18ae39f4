// Calls of the auth screens (000 §7, 002 §7) and what a successful sign-in does to the client.
import type { AuthUser, LoginBody, RegisterBody, SessionData } from '@owo/contract';
import { api } from '../../../lib/api';
import { queryClient } from '../../../lib/query';
import { sessionKeys } from '../../../lib/session';
import { store, updateStaff } from '../../../lib/store';
import { paths } from '../../../lib/paths';

export type InvitationPreview = {
  email: string;
  accountName: string;
  role: string;
  roleName: string;
  expiresAt: string;
  userExists: boolean;
};

const quiet = { skipAuthHandling: true, skipForbiddenPage: true } as const;

export const authApi = {
  login: (body: LoginBody) => api.post<SessionData>('/auth/login', body, quiet),
  register: (body: RegisterBody) => api.post<SessionData>('/auth/register', body, quiet),
  twoFactor: (body: { code: string; invitationCode?: string }) =>
    api.post<SessionData>('/auth/2fa', body, quiet),
  confirmEmail: (token: string) => api.post<{ user: AuthUser }>('/auth/confirm-email', { token }, quiet),
  resendConfirmation: (email: string) => api.post<null>('/auth/confirm-email/resend', { email }, quiet),
  forgotPassword: (email: string) => api.post<null>('/auth/password', { email }, quiet),
  resetPassword: (ref: string, password: string) =>
    api.put<null>(`/auth/password/${encodeURIComponent(ref)}`, { password }, quiet),
  invitation: (code: string) => api.get<InvitationPreview>(`/auth/invite/${encodeURIComponent(code)}`, quiet),
  acceptInvitation: (code: string) =>
    api.post<{ accountId: string }>('/auth/invite', { code }, { skipForbiddenPage: true }),
};

/**
 * After login / register / 2FA: remember the user, drop any cached "signed out" answers and
 * tell where to go — confirm-email when unverified, else the remembered location (rule 1).
 */
export function completeSignIn(user: AuthUser): string {
  const { redirectTo } = store.get().staff;
  updateStaff({
    user,
    twoFactorEmail: null,
    passwordExpired: false,
    expiredEmail: null,
    redirectTo: user.verified ? null : redirectTo,
  });
  queryClient.removeQueries({ queryKey: sessionKeys.profile });
  queryClient.removeQueries({ queryKey: ['me'] });
  if (!user.verified) return paths.auth.confirmEmail.path;
  return redirectTo && !redirectTo.startsWith('/auth/') ? redirectTo : paths.dashboard.path;
}
