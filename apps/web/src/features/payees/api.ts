// Vendor calls (`/api/payee`, issue 23 §1).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Pagination } from '@owo/contract/http';
import type { Payee, PayeeDetail } from '@owo/contract/payees';
import { listQuery, type ListFilters } from '../../components/list';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/query';

export const PAYEE_GROUPS = [] as const;
export const payeeKeys = {
  all: ['payees'] as const,
  list: (p: object) => ['payees', 'list', p] as const,
  detail: (id: string) => ['payees', 'detail', id] as const,
};
export const refreshPayees = () => queryClient.invalidateQueries({ queryKey: payeeKeys.all });

export function usePayees(filters: ListFilters, page: number, limit = 20) {
  return useQuery({
    queryKey: payeeKeys.list({ filters, page, limit }),
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const {
        period: _p,
        where: _w,
        from: _f,
        to: _t,
        ...query
      } = listQuery(filters, PAYEE_GROUPS, page, limit);
      const res = await api.get<Payee[]>('/payee', { query });
      return { items: res.data, pagination: res.metadata?.pagination as Pagination | undefined };
    },
  });
}

export function usePayee(id: string | undefined) {
  return useQuery({
    queryKey: payeeKeys.detail(id ?? ''),
    enabled: !!id,
    queryFn: async () => (await api.get<PayeeDetail>(`/payee/${id}`)).data,
  });
}

export type PayeeForm = {
  name: string;
  email: string;
  phone?: string | null;
  billingAddress?: string | null;
  bankCode: string;
  accountNumber: string;
};
export const payeeApi = {
  create: (body: PayeeForm) => api.post<PayeeDetail>('/payee', body),
  update: (id: string, body: Partial<PayeeForm>) => api.put<PayeeDetail>(`/payee/${id}`, body),
};
