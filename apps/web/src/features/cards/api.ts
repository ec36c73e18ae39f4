// Card calls (issue 26 §4; designed here, documented in docs/openapi.json).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Card, CardCreateBody, CardSpend } from '@owo/contract/cards';
import type { Pagination } from '@owo/contract/http';
import type { Member } from '@owo/contract/teams';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/query';

export const cardKeys = {
  all: ['cards'] as const,
  list: (p: object) => ['cards', 'list', p] as const,
  spends: (id: string, p: object) => ['cards', 'spends', id, p] as const,
  members: ['cards', 'members'] as const,
};
export const refreshCards = () => queryClient.invalidateQueries({ queryKey: cardKeys.all });

export function useCards(page: number, status?: string) {
  const query: Record<string, string | number> = { page, limit: 20 };
  if (status) query.status = status;
  return useQuery({
    queryKey: cardKeys.list(query),
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const res = await api.get<Card[]>('/cards', { query });
      return { items: res.data, pagination: res.metadata?.pagination as Pagination | undefined };
    },
  });
}

/** GET /cards/{id}: one card (the Transactions panel opened from a notification, off this page). */
export function useCard(id: string | null, enabled: boolean) {
  return useQuery({
    queryKey: [...cardKeys.all, 'one', id],
    enabled: !!id && enabled,
    queryFn: async () => (await api.get<Card>(`/cards/${id}`)).data,
  });
}

/** GET /cards/{id}/spends: the card's spends (authorised, settled, reversed) with their receipts. */
export function useCardSpends(cardId: string | null, page: number) {
  const query = { page, limit: 20 };
  return useQuery({
    queryKey: cardKeys.spends(cardId ?? '', query),
    enabled: !!cardId,
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const res = await api.get<CardSpend[]>(`/cards/${cardId}/spends`, { query });
      return { items: res.data, pagination: res.metadata?.pagination as Pagination | undefined };
    },
  });
}

export function useMembers() {
  return useQuery({
    queryKey: cardKeys.members,
    queryFn: async () =>
      (await api.get<Member[]>('/account_access', { query: { where: 'members', limit: 100 } })).data.filter(
        (m) => m.active,
      ),
  });
}

export type CreatedCard = Card & { number: string; cvv: string };
export type Decision = { authorizationId: string; approved: boolean; reason: string | null };

export const cardApi = {
  create: (b: CardCreateBody) => api.post<CreatedCard>('/cards', b),
  fund: (id: string, b: { amount: string; walletId: string }) => api.post<Card>(`/cards/${id}/fund`, b),
  action: (id: string, a: 'freeze' | 'unfreeze' | 'terminate') => api.post<Card>(`/cards/${id}/${a}`, {}),
  simulate: (id: string, b: { amount: string; merchant: string; category: string }) =>
    api.post<Decision>(`/cards/${id}/sandbox-authorization`, b),
  /** The holder's receipt for a spend (multipart, field `file`, ≤ 1 MB). */
  uploadReceipt: (transactionId: string, file: File) => {
    const form = new FormData();
    form.append('file', file);
    return api.post<CardSpend>(`/cards/transactions/${transactionId}/receipt`, form);
  },
};
