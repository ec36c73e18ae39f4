// Account and know-your-business calls (000 §2.2, §2.6, §7). Screens use these hooks only.
import { useQuery } from '@tanstack/react-query';
import type {
  AccountEntry,
  CreateAccountBody,
  KybAccount,
  KybStep,
  KybStepForm,
  Organisation,
  UploadResult,
} from '@owo/contract';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/query';

export const accountKeys = {
  kyb: ['kyb', 'account'] as const,
  kybForm: ['kyb', 'form'] as const,
  organisation: ['settings', 'organisation'] as const,
};

export function useKyb(enabled = true) {
  return useQuery({
    queryKey: accountKeys.kyb,
    enabled,
    queryFn: async () => (await api.get<KybAccount>('/parameter/account')).data,
  });
}

/** The form schema of every step; it changes only with a release, so it is kept for the session. */
export function useKybForm() {
  return useQuery({
    queryKey: accountKeys.kybForm,
    staleTime: Infinity,
    queryFn: async () =>
      (await api.get<{ steps: KybStepForm[] }>('/parameter/account/parameters')).data.steps,
  });
}

export function useOrganisation(enabled = true) {
  return useQuery({
    queryKey: accountKeys.organisation,
    enabled,
    queryFn: async () => (await api.get<Organisation>('/settings/organisation')).data,
  });
}

export const accountsApi = {
  create: (body: CreateAccountBody) => api.post<AccountEntry>('/accounts', body),
  saveStep: (step: KybStep, body: unknown) => api.put<KybAccount>(`/parameter/account/${step}`, body),
  updateOrganisation: (body: { name: string }) => api.put<Organisation>('/settings/organisation', body),
  upload: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return api.post<UploadResult>('/files/upload', form);
  },
  deleteUpload: (fileName: string) =>
    api.delete<{ fileName: string }>('/files/upload', { body: { fileName } }),
};

/** After a step is saved the answer is the whole KYB state: keep it instead of refetching. */
export function storeKyb(data: KybAccount) {
  queryClient.setQueryData(accountKeys.kyb, data);
  void queryClient.invalidateQueries({ queryKey: accountKeys.organisation });
}
