// Bulk disbursement calls (issue 23 §4).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Pagination } from '@owo/contract/http';
import type {
  Disbursement,
  DisbursementDetail,
  DisbursementItemInput,
  DisbursementItemStatus,
} from '@owo/contract/disbursements';
import { listQuery, type ListFilters } from '../../components/list';
import { api } from '../../lib/api';
import { fetchFile, saveBlob } from '../../lib/files';
import { queryClient } from '../../lib/query';

/** The list kit's `where` keys: the tab (pending | rejected | active). */
export const DISBURSEMENT_GROUPS = ['status'] as const;

export const disbursementKeys = {
  all: ['disbursements'] as const,
  list: (p: object) => ['disbursements', 'list', p] as const,
  detail: (id: string, itemStatus?: string) => ['disbursements', 'detail', id, itemStatus ?? 'all'] as const,
};
export const refreshDisbursements = () => queryClient.invalidateQueries({ queryKey: disbursementKeys.all });

export function useDisbursements(filters: ListFilters, page: number, limit = 20) {
  return useQuery({
    queryKey: disbursementKeys.list({ filters, page, limit }),
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const res = await api.get<Disbursement[]>('/disbursements', {
        query: listQuery(filters, DISBURSEMENT_GROUPS, page, limit),
      });
      return { items: res.data, pagination: res.metadata?.pagination as Pagination | undefined };
    },
  });
}

const IN_FLIGHT = new Set(['validating', 'paying']);

/** One batch; polled while its rows are being validated or paid (the progress on screen). */
export function useDisbursement(id: string | undefined, itemStatus?: DisbursementItemStatus) {
  return useQuery({
    queryKey: disbursementKeys.detail(id ?? '', itemStatus),
    enabled: !!id,
    queryFn: async () =>
      (
        await api.get<DisbursementDetail>(`/disbursements/${id}`, {
          query: itemStatus ? { itemStatus } : undefined,
        })
      ).data,
    refetchInterval: (q) => (q.state.data && IN_FLIGHT.has(q.state.data.status) ? 1500 : false),
  });
}

export const disbursementApi = {
  upload: (form: FormData) => api.post<DisbursementDetail>('/disbursements', form),
  fixItem: (id: string, itemId: string, body: DisbursementItemInput) =>
    api.patch<DisbursementDetail>(`/disbursements/${id}/items/${itemId}`, body),
  submit: (id: string) => api.post<DisbursementDetail>(`/disbursements/${id}/submit`, {}),
  retry: (id: string) =>
    api.post<DisbursementDetail>(
      `/disbursements/${id}/retry`,
      {},
      { headers: { 'idempotency-key': `retry-${id}-${crypto.randomUUID()}` } },
    ),
  report: async (id: string) => {
    const { blob, filename } = await fetchFile(`/disbursements/${id}/report`, {
      fallbackName: 'owo-disbursement-report.csv',
      accept: 'text/csv',
    });
    saveBlob(blob, filename);
  },
};
