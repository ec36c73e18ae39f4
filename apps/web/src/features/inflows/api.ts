// Receivables calls (002 §7 Partners, Customers, Invoices; issue 24).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ApprovalListItem } from '@owo/contract/approvals';
import type { Pagination } from '@owo/contract/http';
import type { Customer, CustomerInput, Invoice, InvoiceDetail, Partner } from '@owo/contract/inflows';
import type { InflowTransaction, PublicInvoice } from '@owo/contract/inflows-payments';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/query';

export const inflowKeys = {
  all: ['inflows'] as const,
  list: (path: string, q: object) => ['inflows', 'list', path, q] as const,
  invoice: (id: string) => ['inflows', 'invoice', id] as const,
  customer: (id: string) => ['inflows', 'customer', id] as const,
  partner: (id: string) => ['inflows', 'partner', id] as const,
  public: (token: string) => ['public-invoice', token] as const,
};
export const refreshInflows = () => queryClient.invalidateQueries({ queryKey: inflowKeys.all });

type Query = Record<string, string | number | undefined>;
/** A page of one of the inflows lists (the list kit's query: page, limit, search, where, dates). */
export function useInflowList<T>(path: string, query: Query, enabled = true) {
  return useQuery({
    queryKey: inflowKeys.list(path, query),
    enabled,
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const res = await api.get<T[]>(path, { query });
      return { items: res.data, pagination: res.metadata?.pagination as Pagination | undefined };
    },
  });
}
export const useInvoices = (q: Query) => useInflowList<Invoice>('/inflows/invoice', q);
export const useDrafts = (q: Query) => useInflowList<Invoice>('/inflows/invoice/drafts', q);
export const useCustomers = (q: Query) => useInflowList<Customer>('/inflows/customers', q);
export const usePartners = (q: Query) => useInflowList<Partner>('/inflows/partners', q);
export const useInflowTransactions = (q: Query) =>
  useInflowList<InflowTransaction>('/inflows/invoice/transactions', q);
export const useInvoiceTransactions = (id: string, q: Query) =>
  useInflowList<InflowTransaction>(`/inflows/invoice/${id}/transactions`, q);
export const useInvoiceApprovals = (kind: 'pending' | 'rejected', page: number) =>
  useInflowList<ApprovalListItem>(`/approval-workflows/${kind}-approvals/invoice`, { page, limit: 20 });

export function useInvoice(id: string | undefined) {
  return useQuery({
    queryKey: inflowKeys.invoice(id ?? ''),
    enabled: !!id,
    queryFn: async () =>
      (await api.get<InvoiceDetail>(`/inflows/invoice/${id}`, { query: { edit: 'true' } })).data,
    // Collections and settlements arrive by webhook: poll while money is still moving.
    refetchInterval: (q) =>
      q.state.data &&
      (['pending', 'partlyPaid', 'fullyPaid'].includes(q.state.data.status) ||
        q.state.data.invoiceCollectionRefunds.some((r) => r.processing))
        ? 4000
        : false,
  });
}
export function useCustomer(id: string | undefined) {
  return useQuery({
    queryKey: inflowKeys.customer(id ?? ''),
    enabled: !!id,
    queryFn: async () => (await api.get<Customer & { invoices: Invoice[] }>(`/inflows/customers/${id}`)).data,
  });
}
export type PartnerDetail = Partner & {
  totalValue: string;
  totalValueMinor: number;
  recievedValue: string;
  recievedValueMinor: number;
  pendingValue: string;
  pendingValueMinor: number;
};
export function usePartner(id: string | undefined) {
  return useQuery({
    queryKey: inflowKeys.partner(id ?? ''),
    enabled: !!id,
    queryFn: async () => (await api.get<PartnerDetail>(`/inflows/partners/${id}`)).data,
  });
}
/** The public pay page's invoice, by its pay link's token (404 unknown; 410 cancelled or expired). */
export function usePublicInvoice(token: string) {
  return useQuery({
    queryKey: inflowKeys.public(token),
    retry: false,
    queryFn: async () =>
      (
        await api.get<PublicInvoice>(`/public/invoices/${token}`, {
          skipAuthHandling: true,
          skipForbiddenPage: true,
        })
      ).data,
    refetchInterval: 5000,
  });
}

export type PartnerBody = {
  customerName: string;
  customerEmail?: string;
  bankCode: string;
  accountNumber: string;
  percentage: string;
  cap?: string;
};
export const inflowApi = {
  createCustomer: (b: CustomerInput) => api.post<Customer>('/inflows/customers', b),
  updateCustomer: (id: string, b: CustomerInput) => api.put<Customer>(`/inflows/customers/${id}`, b),
  createPartner: (b: PartnerBody) => api.post<Partner>('/inflows/partners', b),
  updatePartner: (id: string, b: PartnerBody) => api.put<Partner>(`/inflows/partners/${id}`, b),
  deletePartner: (id: string) => api.delete<null>(`/inflows/partners/${id}`),
  step: (step: 1 | 2 | 3, payload: object) => api.post<InvoiceDetail>('/inflows/invoice', { step, payload }),
  initRefund: (id: string, refundId: string, b: { accountNumber: string; bankCode: string }) =>
    api.post<InvoiceDetail>(`/inflows/invoice/${id}/refunds/${refundId}/init`, {
      useSourceAccount: false,
      refundAccountDetails: b,
    }),
  retrySettlements: (id: string) =>
    api.post<InvoiceDetail>(`/inflows/invoice/${id}/settlements/init-payment`),
  /** Approved and not fully paid only (409 otherwise); answers the cancelled invoice. */
  cancelInvoice: (id: string) => api.post<InvoiceDetail>(`/inflows/invoice/${id}/cancel`),
  markDelivered: (id: string) =>
    api.patch<InvoiceDetail>(`/inflows/invoice/${id}/delivery/mark-as-delivered`),
  /** Mails the customer the pay link ('Reminder sent successfully!'); same 409 rule as cancel. */
  sendReminder: (id: string) => api.action<null>(`/inflows/invoice/notification/${id}`),
};
