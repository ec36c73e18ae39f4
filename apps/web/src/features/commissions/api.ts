// Commissions calls (002 §7 Agents and commission settings; 001 §7 Commissions).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  Agent,
  AgentCommission,
  AgentDashboard,
  CommissionConfig,
  CommissionDisbursement,
  CommissionView,
  CommissionDisbursementItem,
  Pagination,
} from '@owo/contract';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/query';

export const COMMISSION_PAGE_SIZE = 20;
type Page<T> = { items: T[]; pagination: Pagination | undefined };
export type BatchSummary = Omit<
  CommissionDisbursement,
  'approvalWorkflowPendingApprovalItem' | 'commissions' | 'canDeleteItems' | 'payoutFrequency'
>;

export const commissionKeys = { all: ['commissions'] as const };
export const refreshCommissions = () => queryClient.invalidateQueries({ queryKey: commissionKeys.all });

export function useGeneralSetting(enabled = true) {
  return useQuery({
    queryKey: ['commissions', 'settings', 'general'],
    enabled,
    queryFn: async () => (await api.get<CommissionConfig>('/agents/core/commission-settings/general')).data,
  });
}

export function useAgent(userId: string | null) {
  return useQuery({
    queryKey: ['commissions', 'agent', userId],
    enabled: !!userId,
    queryFn: async () => (await api.get<Agent>(`/agents/core/${userId}`)).data,
  });
}

/** Own commissions (agents) or every agent's (managers). */
export function useCommissions(
  scope: 'self' | 'core' | null,
  view: CommissionView,
  page: number,
  invoiceId?: string,
) {
  return useQuery({
    queryKey: ['commissions', 'list', scope, view, page, invoiceId ?? null],
    enabled: scope !== null,
    placeholderData: keepPreviousData,
    queryFn: async (): Promise<Page<AgentCommission>> => {
      const res = await api.get<AgentCommission[]>(`/agents/${scope}/commissions`, {
        query: { view, page, limit: COMMISSION_PAGE_SIZE, ...(invoiceId ? { invoiceId } : {}) },
      });
      return { items: res.data, pagination: res.metadata?.pagination };
    },
  });
}

export function useBatches(scope: 'self' | 'core', page: number) {
  return useQuery({
    queryKey: ['commissions', 'batches', scope, page],
    placeholderData: keepPreviousData,
    queryFn: async (): Promise<Page<BatchSummary>> => {
      const res = await api.get<BatchSummary[]>(`/agents/${scope}/commission-disbursements`, {
        query: { page, limit: COMMISSION_PAGE_SIZE },
      });
      return { items: res.data, pagination: res.metadata?.pagination };
    },
  });
}

export function useBatch(id: string | undefined) {
  return useQuery({
    queryKey: ['commissions', 'batch', id],
    enabled: !!id,
    refetchInterval: (q) => (q.state.data?.state === 'processing' ? 3000 : false),
    queryFn: async () =>
      (await api.get<CommissionDisbursement>(`/agents/core/commission-disbursements/${id}`)).data,
  });
}

export function useBatchItems(id: string | undefined, page: number) {
  return useQuery({
    queryKey: ['commissions', 'batch', id, 'items', page],
    enabled: !!id,
    placeholderData: keepPreviousData,
    queryFn: async (): Promise<Page<CommissionDisbursementItem>> => {
      const res = await api.get<CommissionDisbursementItem[]>(
        `/agents/core/commission-disbursements/${id}/items`,
        {
          query: { page, limit: 10 },
        },
      );
      return { items: res.data, pagination: res.metadata?.pagination };
    },
  });
}

export function useAgentDashboard() {
  return useQuery({
    queryKey: ['commissions', 'dashboard'],
    queryFn: async () => (await api.get<AgentDashboard>('/agents/self/dashboard')).data,
  });
}

export const commissionApi = {
  saveSettings: (body: Record<string, unknown>) =>
    api.post<CommissionConfig>('/agents/core/commission-settings', body),
  retry: (id: string) =>
    api.post<CommissionDisbursement>(`/agents/core/commission-disbursements/${id}/retry-disbursement`),
  refresh: (id: string) =>
    api.post<CommissionDisbursement>(`/agents/core/commission-disbursements/${id}/refresh-bank-details`),
  removeItem: (id: string, itemId: string) =>
    api.delete<CommissionDisbursement>(`/agents/core/commission-disbursements/${id}/items/${itemId}`),
};
