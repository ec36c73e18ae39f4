// Payout category calls other features pick a category with (001 §7 Payout categories; issue 21 §3).
import { useQuery } from '@tanstack/react-query';
import type { PayoutCategory } from '@owo/contract/categories';
import { api } from '../../lib/api';
import { useCan } from '../../lib/session';

export const categoryKeys = { all: ['categories'] as const, list: ['categories', 'list'] as const };

/** GET /payout/category: the top-level payout categories with their monthly budgets. */
export function useCategories() {
  const canRead = useCan('payouts', 'get');
  return useQuery({
    queryKey: categoryKeys.list,
    enabled: canRead,
    queryFn: async () =>
      // A member without payouts rights simply gets no picker, never the Access Forbidden page.
      (await api.get<PayoutCategory[]>('/payout/category', { skipForbiddenPage: true })).data,
  });
}
