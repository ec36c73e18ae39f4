// Fund request calls (issue 23 §0 "Requests").
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Pagination } from '@owo/contract/http';
import type {
  FundRequest,
  FundRequestDecisionInput,
  FundRequestDetail,
  FundRequestInput,
} from '@owo/contract/requests';
import { listQuery, type ListFilters } from '../../components/list';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/query';

/** The list kit's `where` keys of the requests list. */
export const REQUEST_GROUPS = ['status'] as const;

export const requestKeys = {
  all: ['requests'] as const,
  list: (p: object) => ['requests', 'list', p] as const,
  detail: (ref: string) => ['requests', 'detail', ref] as const,
};
export const refreshRequests = () => queryClient.invalidateQueries({ queryKey: requestKeys.all });

export function useFundRequests(filters: ListFilters, page: number, limit = 20) {
  return useQuery({
    queryKey: requestKeys.list({ filters, page, limit }),
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const res = await api.get<FundRequest[]>('/requests', {
        query: listQuery(filters, REQUEST_GROUPS, page, limit),
      });
      return { items: res.data, pagination: res.metadata?.pagination as Pagination | undefined };
    },
  });
}

export function useFundRequest(ref: string | undefined) {
  return useQuery({
    queryKey: requestKeys.detail(ref ?? ''),
    enabled: !!ref,
    queryFn: async () => (await api.get<FundRequestDetail>(`/requests/${ref}`)).data,
    refetchInterval: (q) => (q.state.data?.status === 'paying' ? 3000 : false),
  });
}

export const requestApi = {
  create: (body: FundRequestInput) => api.post<FundRequestDetail>('/requests', body),
  decide: (ref: string, body: FundRequestDecisionInput) =>
    api.post<FundRequestDetail>(`/requests/${ref}/decision`, body),
  pay: (ref: string) => api.post<FundRequestDetail>(`/requests/${ref}/pay`, {}),
};
