// Expense calls (001 §7 Expenses; issue 21 §2).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PendingApprovalItem } from '@owo/contract/approvals';
import type { Beneficiary, Expense, ExpenseBody, ExpenseDetail } from '@owo/contract/expenses';
import type { ExchangeQuoteAnswer } from '@owo/contract/exchange';
import type { Product } from '@owo/contract/products';
import type { Pagination } from '@owo/contract/http';
import type { Member } from '@owo/contract/teams';
import { listQuery, type ListFilters } from '../../components/list';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/query';
import { BENEFICIARY_LIMIT, QUOTE_DELAY_MS, useDebounced } from './timings';

export const expenseKeys = {
  all: ['expenses'] as const,
  list: (p: object) => ['expenses', 'list', p] as const,
  detail: (id: string) => ['expenses', 'detail', id] as const,
  beneficiaries: (search: string) => ['expenses', 'beneficiaries', search] as const,
  approvers: ['expenses', 'approvers'] as const,
};
export const refreshExpenses = () => queryClient.invalidateQueries({ queryKey: expenseKeys.all });

/** The expense list's filter groups (the `where` keys of GET /api/expense). */
export const EXPENSE_GROUPS = ['currency'] as const;
/** A sub-list's fixed parameters (001 §2: /expenses/pending, /rejected, …, /me). */
export type ExpenseSubList = { status?: string; mine?: 'true' };

export function useExpenses(fixed: ExpenseSubList, filters: ListFilters, page: number) {
  const query = { ...fixed, ...listQuery(filters, EXPENSE_GROUPS, page) };
  return useQuery({
    queryKey: expenseKeys.list(query),
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const res = await api.get<Expense[]>('/expense', { query });
      return { items: res.data ?? [], pagination: res.metadata?.pagination as Pagination | undefined };
    },
  });
}

export function useExpense(id: string | undefined) {
  return useQuery({
    queryKey: expenseKeys.detail(id ?? ''),
    enabled: !!id,
    queryFn: async () => (await api.get<ExpenseDetail>(`/expense/${id}`)).data,
    // A paying expense settles through the rails: poll until it is final.
    refetchInterval: (q) =>
      q.state.data?.status === 'paying' || q.state.data?.status === 'approved' ? 3000 : false,
  });
}

export function useBeneficiaries(search: string) {
  return useQuery({
    queryKey: expenseKeys.beneficiaries(search),
    placeholderData: keepPreviousData,
    queryFn: async () =>
      (
        await api.get<Beneficiary[]>('/expense/beneficiary', {
          query: search ? { search, limit: BENEFICIARY_LIMIT } : { limit: BENEFICIARY_LIMIT },
        })
      ).data,
  });
}

/** The account's products and services offered for a product line (searched after 500 ms). */
export function useProductOptions(search: string) {
  return useQuery({
    queryKey: ['expenses', 'products', search],
    placeholderData: keepPreviousData,
    queryFn: async () =>
      (
        await api.get<Product[]>('/products-and-services', {
          query: search ? { search, limit: 20 } : { limit: 20 },
        })
      ).data ?? [],
  });
}

/**
 * The money core's exchange quote and fee for an expense (POST /exchange/disbursement/expenses/
 * {walletId}), asked QUOTE_DELAY_MS after the amount, wallet or currency last changed.
 */
export function useExpenseQuote(p: { walletId?: string; amount?: string; currency?: string }) {
  const input = useDebounced(p, QUOTE_DELAY_MS);
  const amount = String(input.amount ?? '').trim();
  const ready =
    !!input.walletId && !!input.currency && /^\d+(\.\d{1,2})?$/.test(amount) && Number(amount) >= 1;
  return useQuery({
    queryKey: ['expenses', 'quote', input.walletId, input.currency, amount],
    enabled: ready,
    retry: false,
    queryFn: async () =>
      (
        await api.post<ExchangeQuoteAnswer>(`/exchange/disbursement/expenses/${input.walletId}`, {
          amount,
          currency: input.currency,
          method: 'bank-transfer',
        })
      ).data,
  });
}

/** Approvers offered: members whose limit exceeds the amount (or who have none), 001 §5. */
export function useApprovers() {
  return useQuery({
    queryKey: expenseKeys.approvers,
    queryFn: async () =>
      (await api.get<Member[]>('/account_access', { query: { where: 'members', limit: 100 } })).data.filter(
        (m) => m.active,
      ),
  });
}

export const expenseApi = {
  create: (body: ExpenseBody) => api.post<ExpenseDetail>('/expense', body),
  update: (id: string, body: ExpenseBody) => api.put<ExpenseDetail>(`/expense/${id}`, body),
  reapprove: (id: string) => api.put<ExpenseDetail>(`/expense/${id}/re-approve`, {}),
  retry: (id: string) => api.post<ExpenseDetail>(`/expense/${id}/retry`, {}),
  retire: (id: string) => api.put<ExpenseDetail>(`/expense/${id}/retire`, {}),
  approvalStatus: (id: string) => api.put<PendingApprovalItem>(`/expense/pending-approval/${id}`, {}),
  attach: (id: string, attachments: { uploader: string; fileName: string }[]) =>
    api.patch<ExpenseDetail>(`/expense/${id}/attachment`, { attachments }),
  deleteBeneficiary: (id: string) => api.delete<Beneficiary>(`/expense/beneficiary/${id}`),
};

export const EXPENSE_DRAFT = 'expense';
export type ExpenseDraft = {
  body: ExpenseBody;
  accountName: string;
  editing?: string;
  /** The money core's quote shown before submit (fee and what leaves the wallet). */
  quote?: { feeMinor: number; totalMinor: number; currency: string; rate: string } | null;
};
