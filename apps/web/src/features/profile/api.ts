// The signed-in user's own settings (000 §2.2, §5, §7): profile, password, 2FA, notification
// preferences and bank accounts.
import { useQuery } from '@tanstack/react-query';
import type {
  BankItem,
  ChangePasswordBody,
  NotificationCategory,
  Profile,
  ProfileBody,
  SavedBankAccount,
} from '@owo/contract';
import { api, PROFILE_PATH } from '../../lib/api';

export type Preference = { category: NotificationCategory; label: string; email: boolean; inApp: boolean };
export type TwoFactorSetup = { secret: string; otpauthUri: string; qrCode: string };

export const profileKeys = {
  banks: ['banks', 'local'] as const,
  bankAccounts: ['me', 'bank-accounts'] as const,
  preferences: ['me', 'settings', 'notifications'] as const,
};

export function useBanks() {
  return useQuery({
    queryKey: profileKeys.banks,
    staleTime: 10 * 60_000,
    queryFn: async () => (await api.get<BankItem[]>('/content/payout/local/banks')).data,
  });
}
export function useBankAccounts() {
  return useQuery({
    queryKey: profileKeys.bankAccounts,
    queryFn: async () => (await api.get<SavedBankAccount[]>('/me/bank-accounts')).data,
  });
}
export function usePreferences() {
  return useQuery({
    queryKey: profileKeys.preferences,
    queryFn: async () =>
      (await api.get<{ preferences: Preference[] }>('/me/settings/notifications')).data.preferences,
  });
}

export const profileApi = {
  update: (body: ProfileBody) => api.put<{ profile: Profile }>(PROFILE_PATH, body),
  changePassword: (body: ChangePasswordBody) => api.put<null>('/me/settings/password', body),
  setupTwoFactor: () => api.post<TwoFactorSetup>('/me/2fa/setup'),
  enableTwoFactor: (code: string) => api.post<{ recoveryCodes: string[] }>('/me/2fa/enable', { code }),
  disableTwoFactor: (code: string) => api.post<null>('/me/2fa/disable', { code }),
  regenerateRecoveryCodes: (code: string) =>
    api.post<{ recoveryCodes: string[] }>('/me/2fa/recovery-codes', { code }),
  savePreferences: (preferences: Omit<Preference, 'label'>[]) =>
    api.put<{ preferences: Preference[] }>('/me/settings/notifications', { preferences }),
  saveBankAccount: (body: { accountNumber: string; bankCode: string; accountName?: string }) =>
    api.post<SavedBankAccount>('/me/bank-accounts', body),
  deleteBankAccount: (id: string) => api.delete<null>(`/me/bank-accounts/${id}`),
};
