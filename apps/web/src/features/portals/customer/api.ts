// Customer portal calls (issue 24 §4). The customer session rides on its own httpOnly cookie
// (path /api/customer); a 401 customer-token-* logs out only the customer (lib/api.ts).
import { useQuery } from '@tanstack/react-query';
import type { CustomerInvoice, CustomerInvoiceDetail, CustomerProfile } from '@owo/contract';
import { api } from '../../../lib/api';

export type CustomerSessionAnswer = {
  email: string;
  expiresAt: string;
  allCustomerProfiles: CustomerProfile[];
  currentCustomerProfile: CustomerProfile | null;
};

export const requestCustomerCode = (email: string) =>
  api.post<{ email: string }>('/customer/auth', { email }, { skipForbiddenPage: true });
export const verifyCustomerCode = (body: { email: string; code: string }) =>
  api.post<CustomerSessionAnswer>('/customer/auth/verify', body, { skipForbiddenPage: true });
export const logoutCustomer = () => api.post<null>('/customer/logout', {}, { skipForbiddenPage: true });

export function useCustomerInvoices(accountId: string | undefined, page: number) {
  return useQuery({
    queryKey: ['customer', 'invoices', accountId, page],
    queryFn: () =>
      api.get<CustomerInvoice[]>('/customer/invoices', { query: { accountId, page, limit: 20 } }),
  });
}

export function useCustomerInvoice(id: string) {
  return useQuery({
    queryKey: ['customer', 'invoice', id],
    queryFn: async () => (await api.get<CustomerInvoiceDetail>(`/customer/invoices/${id}`)).data,
    enabled: !!id,
  });
}
