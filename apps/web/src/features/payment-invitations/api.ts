// Payment invitation calls (issue 23 §0): the company's list and actions, and the payer's public page.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Pagination } from '@owo/contract/http';
import type {
  PaymentInvitation,
  PaymentInvitationConfirmInput,
  PaymentInvitationInput,
  PublicPaymentInvitation,
} from '@owo/contract/payment-invitations';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/query';

type Query = Record<string, string | number | undefined>;

export const PAYMENT_INVITATION_GROUPS = ['status'] as const;
export const paymentInvitationKeys = {
  all: ['payment-invitations'] as const,
  list: (q: object) => ['payment-invitations', 'list', q] as const,
  public: (ref: string) => ['payment-invitation', 'public', ref] as const,
};
const PUBLIC = { skipAuthHandling: true, skipForbiddenPage: true } as const;

export function usePaymentInvitations(query: Query) {
  return useQuery({
    queryKey: paymentInvitationKeys.list(query),
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const res = await api.get<PaymentInvitation[]>('/payment-invitations', { query });
      return { items: res.data, pagination: res.metadata?.pagination as Pagination | undefined };
    },
  });
}

export const refreshPaymentInvitations = () =>
  queryClient.invalidateQueries({ queryKey: paymentInvitationKeys.all });

export function usePublicPaymentInvitation(ref: string | undefined) {
  return useQuery({
    queryKey: paymentInvitationKeys.public(ref ?? ''),
    enabled: !!ref,
    retry: false,
    queryFn: async () =>
      (await api.get<PublicPaymentInvitation>(`/public/payment-invitations/${ref}`, PUBLIC)).data,
  });
}

export const paymentInvitationApi = {
  create: (body: PaymentInvitationInput) => api.post<PaymentInvitation>('/payment-invitations', body),
  cancel: (id: string) => api.post<PaymentInvitation>(`/payment-invitations/${id}/cancel`, {}),
  resend: (id: string) => api.post<PaymentInvitation>(`/payment-invitations/${id}/resend`, {}),
  confirm: (ref: string, body: PaymentInvitationConfirmInput) =>
    api.post<null>(`/public/payment-invitations/${ref}/confirm`, body, PUBLIC),
};
