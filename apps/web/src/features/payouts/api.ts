// Payout calls (issue 23 §0, §3).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Pagination } from '@owo/contract/http';
import type {
  MassApprovalResult,
  Payout,
  PayoutDetail,
  PayoutEditInput,
  PayoutFee,
  PayoutOption,
} from '@owo/contract/payouts';
import type { Bill, BillImport, BillTier, BillTierBand } from '@owo/contract/payouts-bills';
import { listQuery, type ListFilters } from '../../components/list';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/query';

/** POST /payout/quote/{ref}/payout: the wallet, and optionally a budget category and a pay date. */
export type BillPayoutInput = { walletId: string; categoryId?: string | null; scheduledDate?: string | null };

/** The list kit's `where` keys of the payouts list. */
export const PAYOUT_GROUPS = ['status'] as const;

export const payoutKeys = {
  all: ['payouts'] as const,
  list: (p: object) => ['payouts', 'list', p] as const,
  detail: (id: string) => ['payouts', 'detail', id] as const,
  fee: (amount: string) => ['payouts', 'fee', amount] as const,
};
export const refreshPayouts = () => queryClient.invalidateQueries({ queryKey: payoutKeys.all });

export function usePayouts(filters: ListFilters, page: number, limit = 20, enabled = true) {
  return useQuery({
    queryKey: payoutKeys.list({ filters, page, limit }),
    enabled,
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const res = await api.get<Payout[]>('/payouts', {
        query: listQuery(filters, PAYOUT_GROUPS, page, limit),
      });
      return { items: res.data, pagination: res.metadata?.pagination as Pagination | undefined };
    },
  });
}

export function usePayout(id: string | undefined) {
  return useQuery({
    queryKey: payoutKeys.detail(id ?? ''),
    enabled: !!id,
    queryFn: async () => (await api.get<PayoutDetail>(`/payouts/${id}`)).data,
    refetchInterval: (q) => (q.state.data?.status === 'paying' ? 3000 : false),
  });
}

/** The payouts made for one asset (payoutOption asset), newest first: the asset payout details. */
export function useAssetPayouts(assetId: string | null) {
  return useQuery({
    queryKey: payoutKeys.list({ assetId }),
    enabled: !!assetId,
    queryFn: async () =>
      (await api.get<Payout[]>('/payouts', { query: { assetId: assetId!, limit: 50 } })).data,
  });
}

export function usePayoutFee(amount: string | undefined) {
  return useQuery({
    queryKey: payoutKeys.fee(amount ?? ''),
    enabled: !!amount,
    queryFn: async () => (await api.get<PayoutFee>('/payouts/fee', { query: { amount: amount! } })).data,
  });
}

/** The "Repeat" choice of a direct payout (NGN to a vendor only). */
export type PayoutRecurrence = { frequency: 'weekly' | 'monthly'; endDate?: string | null };

export type PayoutDraft = {
  payoutOption: PayoutOption;
  payeeId?: string;
  payeeName?: string;
  projectId?: string | null;
  /** Asset ids (asset payouts). */
  assets?: string[];
  /** The vendor's currency: a recurring payout is NGN to a vendor only. */
  payeeCurrency?: string;
  walletId?: string;
  amount?: string;
  narration?: string;
  scheduledDate?: string;
  categoryId?: string | null;
  recurrence?: PayoutRecurrence | null;
  /** One key per draft: a double click or a retry never pays twice. */
  idempotencyKey: string;
};
export const PAYOUT_DRAFT = 'directPayout';
export const MASS_RESULT_DRAFT = 'massPayoutResult';

export const payoutApi = {
  create: (d: PayoutDraft) =>
    api.post<PayoutDetail>(
      '/payouts',
      {
        payoutOption: d.payoutOption,
        walletId: d.walletId,
        payeeId: d.payeeId,
        amount: d.amount,
        currency: 'NGN',
        narration: d.narration,
        scheduledDate: d.scheduledDate || undefined,
        categoryId: d.categoryId || undefined,
        projectId: d.payoutOption === 'project' ? d.projectId : undefined,
        assets: d.payoutOption === 'asset' ? (d.assets ?? []).map((id) => ({ id })) : undefined,
        recurrence: d.recurrence ?? undefined,
      },
      { headers: { 'Idempotency-Key': d.idempotencyKey } },
    ),
  massApproval: (body: { ids: string[]; approvalStatus: 'approved' | 'rejected'; comments: string }) =>
    api.post<MassApprovalResult[]>('/payouts/mass-approval', body),
  reschedule: (scheduleId: string, scheduledDate: string) =>
    api.put(`/payout/schedule/${scheduleId}`, { scheduledDate }),
  cancelSchedule: (scheduleId: string) => api.delete(`/payout/schedule/${scheduleId}`),
  /** PUT /api/payouts/{id}: any edit sends the payout back to approval level one. */
  update: (id: string, body: PayoutEditInput) => api.put<PayoutDetail>(`/payouts/${id}`, body),
  stopRecurrence: (recurrenceId: string) => api.delete(`/payout/recurrence/${recurrenceId}`),
};

/** The payout edit flow's draft (/payouts/:ref/edit → /edit/assets → /edit/review). */
export type PayoutEditDraft = {
  /** The payout being edited: a draft of another payout is ignored. */
  editing: string;
  /** The payout's `updatedAt` when the draft began: a payout changed since starts afresh. */
  version: string;
  amount: string;
  narration: string;
  scheduledDate: string;
  categoryId: string | null;
  projectId: string | null;
  assets: string[];
};
export const PAYOUT_EDIT_DRAFT = 'payoutEdit';

/** What an edit may touch (001 §3): not once the money is held or paid, not a cancelled or fund-request payout. */
export const isPayoutEditable = (p: Pick<PayoutDetail, 'status' | 'channel'>) =>
  !['paying', 'completed', 'cancelled'].includes(p.status) && !['request', 'recurring'].includes(p.channel);

// ---- bills ----
export type { Bill } from '@owo/contract/payouts-bills';
import type { Bill as BillT } from '@owo/contract/payouts-bills';

export const billKeys = {
  list: (p: object) => ['payouts', 'bills', p] as const,
  detail: (ref: string) => ['payouts', 'bill', ref] as const,
  send: (ref: string) => ['send-bill', ref] as const,
};

export function useBills(filters: ListFilters, page: number) {
  return useQuery({
    queryKey: billKeys.list({ filters, page }),
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const { period: _p, where: _w, ...query } = listQuery(filters, [], page);
      const res = await api.get<BillT[]>('/payout/quotes', { query });
      return { items: res.data, pagination: res.metadata?.pagination as Pagination | undefined };
    },
  });
}

export function useBill(ref: string | undefined) {
  return useQuery({
    queryKey: billKeys.detail(ref ?? ''),
    enabled: !!ref,
    queryFn: async () => (await api.get<BillT>(`/payout/quote/${ref}`)).data,
  });
}

/** The public send-bill link (its token, never the bill reference): the company name and the email (404 unknown; 410 used, expired or revoked). */
export function useSendBill(ref: string | undefined) {
  return useQuery({
    queryKey: billKeys.send(ref ?? ''),
    enabled: !!ref,
    retry: false,
    queryFn: async () =>
      (
        await api.get<{ companyName: string; email: string }>(`/verify/payout/quote/${ref}`, {
          skipAuthHandling: true,
          skipForbiddenPage: true,
        })
      ).data,
  });
}

/** The bank list for the public send-bill form (a live link token stands in for a session). */
export function useSendBillBanks(ref: string | undefined) {
  return useQuery({
    queryKey: [...billKeys.send(ref ?? ''), 'banks'],
    enabled: !!ref,
    staleTime: 10 * 60_000,
    queryFn: async () =>
      (
        await api.get<{ code: string; name: string }[]>(`/verify/payout/quote/${ref}/banks`, {
          skipAuthHandling: true,
          skipForbiddenPage: true,
        })
      ).data,
  });
}

export const billApi = {
  request: (body: { email: string; note?: string }) => api.post<BillT>('/payout/quote/request', body),
  submit: (ref: string, form: FormData) =>
    api.put<null>(`/verify/payout/quote/${ref}`, form, { skipAuthHandling: true, skipForbiddenPage: true }),
  completeDraft: (
    ref: string,
    body: { payeeId: string; amount: string; description: string; invoiceNumber: string; dueDate: string },
  ) => api.put<Bill>(`/payout/quote/${ref}/draft`, body),
  toPayout: (ref: string, body: BillPayoutInput, key: string) =>
    api.post<PayoutDetail>(`/payout/quote/${ref}/payout`, body, { headers: { 'Idempotency-Key': key } }),
};

// ---- bill import, bill tiers, bill inbox (issue 23 §2) ----

export function useBillImport(id: string | null) {
  return useQuery({
    queryKey: ['payouts', 'bill-import', id ?? ''],
    enabled: !!id,
    retry: false,
    queryFn: async () => (await api.get<BillImport>(`/payout/quote/import/${id}`)).data,
  });
}

export function useBillTiers(enabled = true) {
  return useQuery({
    queryKey: ['payouts', 'bill-tiers'],
    enabled,
    queryFn: async () => (await api.get<BillTierBand[]>('/payout/quote/tiers')).data,
  });
}

export function usePayoutWorkflows(enabled = true) {
  return useQuery({
    queryKey: ['payouts', 'payout-workflows'],
    enabled,
    queryFn: async () =>
      (await api.get<{ id: string; name: string }[]>('/approval-workflows', { query: { type: 'payout' } }))
        .data,
  });
}

export function useBillInbox(enabled = true) {
  return useQuery({
    queryKey: ['payouts', 'bill-inbox'],
    enabled,
    staleTime: Infinity,
    queryFn: async () => (await api.get<{ email: string }>('/ocr/quote/email')).data,
  });
}

export const billExtrasApi = {
  upload: (file: File) => {
    const f = new FormData();
    f.append('file', file);
    return api.post<BillImport>('/payout/quote/import', f);
  },
  confirm: (id: string) => api.post<{ created: number }>(`/payout/quote/import/${id}/confirm`),
  setTier: (tier: BillTier, workflowId: string, body: { fromAmount: number; toAmount: number | null }) =>
    api.put<BillTierBand[]>(`/payout/quote/tier/${tier}/${workflowId}`, body),
};
