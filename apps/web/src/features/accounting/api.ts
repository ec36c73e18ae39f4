import { useQuery } from '@tanstack/react-query';
import type {
  AccountingProvider,
  AuthStatus,
  ConnectAnswer,
  Integration,
  MappingAnswer,
  MappingBody,
  Posting,
  PostingStatus,
  ProviderAccount,
} from '@owo/contract/accounting';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/query';

export const refreshAccounting = () => queryClient.invalidateQueries({ queryKey: ['accounting'] });

/** Where the callback page returns to after the consent (the page that started the connect). */
export const RETURN_KEY = 'owo.accounting.return';

export const accountingApi = {
  connect: (type: AccountingProvider) => api.post<ConnectAnswer>('/accounting', { type }),
  callback: (provider: string, q: { code: string; state: string; realmId: string }) =>
    api.get<Integration>(`/accounting/auth/callbacks/${provider}`, { query: q }),
  disconnect: () => api.delete<null>('/accounting'),
  status: () => api.get<AuthStatus>('/accounting/auth/status', { skipErrorToast: true }),
  syncAccounts: () => api.post<{ accounts: number; classes: number }>('/accounting/accounts/sync'),
  syncLocations: () => api.post<ProviderAccount[]>('/accounting/locations/sync'),
  saveMapping: (body: MappingBody) => api.put<MappingAnswer>('/accounting/payment-tags', body),
  retry: (id: string) => api.post<Posting>(`/accounting/postings/${id}/retry`),
  sandboxAuthorize: (state: string) =>
    api.post<{ code: string; realmId: string; state: string }>('/accounting/sandbox/authorize', { state }),
  sandboxExpire: () => api.post<null>('/accounting/sandbox/expire'),
};

/** Starts the connect: remembers where to come back, then leaves for the consent page. */
export async function startConnect(type: AccountingProvider, returnTo: string) {
  const res = await accountingApi.connect(type);
  sessionStorage.setItem(RETURN_KEY, returnTo);
  window.location.assign(res.data.url);
}

export const useIntegrations = () =>
  useQuery({
    queryKey: ['accounting', 'integrations'],
    queryFn: async () => (await api.get<Integration[]>('/accounting/integrations')).data,
  });
export const useProviderAccounts = (type: string, enabled = true) =>
  useQuery({
    queryKey: ['accounting', 'accounts', type],
    enabled,
    queryFn: async () =>
      (await api.get<ProviderAccount[]>(`/accounting/accounts/${encodeURIComponent(type)}`)).data,
  });
export const useClasses = (enabled = true) =>
  useQuery({
    queryKey: ['accounting', 'classes'],
    enabled,
    queryFn: async () => (await api.get<ProviderAccount[]>('/accounting/classes')).data,
  });
export const useLocations = (enabled = true) =>
  useQuery({
    queryKey: ['accounting', 'locations'],
    enabled,
    queryFn: async () => (await api.get<ProviderAccount[]>('/accounting/locations/sync')).data,
  });
export const useMapping = (enabled = true) =>
  useQuery({
    queryKey: ['accounting', 'mapping'],
    enabled,
    queryFn: async () => (await api.get<MappingAnswer>('/accounting/payment-tags')).data,
  });
export const usePostings = (status: PostingStatus | null, page: number) =>
  useQuery({
    queryKey: ['accounting', 'postings', status, page],
    refetchInterval: 3000,
    queryFn: async () =>
      await api.get<Posting[]>('/accounting/postings', {
        query: { page, limit: 10, status: status ?? undefined },
      }),
  });
