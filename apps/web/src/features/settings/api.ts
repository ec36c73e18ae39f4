// Settings screens' calls: subsidiaries (the existing /subsidiaries API) and fee policies.
import { useQuery } from '@tanstack/react-query';
import type { Subsidiary } from '@owo/contract/accounts';
import type { FeePolicyAnswer, FeeQuote, PlatformFeePolicies } from '@owo/contract/fees';
import type { z } from 'zod';
import type { subsidiaryDetailSchema } from '@owo/contract/accounts';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/query';

export type SubsidiaryDetail = z.infer<typeof subsidiaryDetailSchema>;
export type SubsidiaryInput = { name: string; description?: string | null; active?: boolean };

export const settingsKeys = {
  subsidiaries: ['settings', 'subsidiaries'] as const,
  subsidiary: (id: string) => ['settings', 'subsidiaries', id] as const,
  fees: ['settings', 'fee-policy'] as const,
  platformFees: ['settings', 'platform-fee-policy'] as const,
};
export const refreshSubsidiaries = () =>
  queryClient.invalidateQueries({ queryKey: settingsKeys.subsidiaries });

export const subsidiariesApi = {
  list: (query: Record<string, string | number | undefined>) =>
    api.get<Subsidiary[]>('/subsidiaries', { query }),
  get: (id: string) => api.get<SubsidiaryDetail>(`/subsidiaries/${id}`),
  create: (body: SubsidiaryInput) => api.post<Subsidiary>('/subsidiaries', body),
  update: (id: string, body: Partial<SubsidiaryInput>) =>
    api.put<SubsidiaryDetail>(`/subsidiaries/${id}`, body),
  remove: (id: string) => api.delete<null>(`/subsidiaries/${id}`),
  // Sub-access (000 §3 "subaccess"): which members may see and work in this subsidiary.
  addMember: (id: string, memberId: string) =>
    api.post<SubsidiaryDetail>(`/subsidiaries/${id}/members`, { memberId }),
  setMemberActive: (id: string, memberId: string, active: boolean) =>
    api.patch<SubsidiaryDetail>(`/subsidiaries/${id}/members/${memberId}`, { active }),
  removeMember: (id: string, memberId: string) =>
    api.delete<SubsidiaryDetail>(`/subsidiaries/${id}/members/${memberId}`),
};

export const useSubsidiary = (id: string) =>
  useQuery({
    queryKey: settingsKeys.subsidiary(id),
    queryFn: async () => (await subsidiariesApi.get(id)).data,
  });

export const feesApi = {
  quote: (q: { method: string; currency: string; amount: string }) =>
    api.get<FeeQuote>('/settings/fee-policy/quote', { query: q }),
  setPlatform: (body: unknown) => api.put<FeePolicyAnswer>('/platform/fee-policy', body),
  resetPlatform: (method: string, currency: string) =>
    api.delete<null>(`/platform/fee-policy/${method}/${currency}`),
};

export const useFeePolicies = () =>
  useQuery({
    queryKey: settingsKeys.fees,
    queryFn: async () => (await api.get<FeePolicyAnswer[]>('/settings/fee-policy')).data,
  });
export const usePlatformFeePolicies = () =>
  useQuery({
    queryKey: settingsKeys.platformFees,
    queryFn: async () => (await api.get<PlatformFeePolicies>('/platform/fee-policy')).data,
  });
