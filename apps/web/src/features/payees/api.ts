// Vendor calls (`/api/payee`, issue 23 §1).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Pagination } from '@owo/contract/http';
import type {
  Payee,
  PayeeDetail,
  VendorImport,
  VendorInvitation,
  VendorOnboardingInfo,
} from '@owo/contract/payees';
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

// ---- invite, self-onboarding (public), import ----

export const onboardingKeys = { info: (ref: string) => ['vendor-onboarding', ref] as const };
const PUBLIC = { skipAuthHandling: true, skipForbiddenPage: true } as const;

export function useOnboarding(ref: string | undefined) {
  return useQuery({
    queryKey: onboardingKeys.info(ref ?? ''),
    enabled: !!ref,
    retry: false,
    queryFn: async () =>
      (await api.get<VendorOnboardingInfo>(`/public/vendor-onboarding/${ref}`, PUBLIC)).data,
  });
}

export function useOnboardingBanks(ref: string | undefined) {
  return useQuery({
    queryKey: [...onboardingKeys.info(ref ?? ''), 'banks'],
    enabled: !!ref,
    retry: false,
    staleTime: 10 * 60_000,
    queryFn: async () =>
      (await api.get<{ code: string; name: string }[]>(`/public/vendor-onboarding/${ref}/banks`, PUBLIC))
        .data,
  });
}

export function useVendorImport(id: string | null) {
  return useQuery({
    queryKey: ['payees', 'import', id ?? ''],
    enabled: !!id,
    retry: false,
    queryFn: async () => (await api.get<VendorImport>(`/payee/import/${id}`)).data,
  });
}

export const vendorOnboardingApi = {
  invite: (body: { email: string; name?: string; payeeId?: string | null }) =>
    api.post<VendorInvitation>('/payee/invite', body),
  personal: (
    ref: string,
    body: { name: string; email: string; phone?: string | null; billingAddress?: string | null },
  ) => api.put<null>(`/public/vendor-onboarding/${ref}/personal-details`, body, PUBLIC),
  bank: (ref: string, body: { bankCode: string; accountNumber: string }) =>
    api.put<{ companyName: string; bankName: string; accountName: string; pendingApproval: boolean }>(
      `/public/vendor-onboarding/${ref}/bank-details`,
      body,
      PUBLIC,
    ),
  upload: (file: File) => {
    const f = new FormData();
    f.append('file', file);
    return api.post<VendorImport>('/payee/import', f);
  },
  confirm: (id: string) => api.post<{ created: number }>(`/payee/import/${id}/confirm`),
};
