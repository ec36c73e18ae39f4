// Server data of the money screens: wallets, the funding account, transactions, receipts and
// statements (000 §7 wallet calls, 002 §7 receipt call, 000 §6 statement printing).
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  FundingAccount,
  Pagination,
  ReceiptLink,
  StatementBody,
  TransactionDetail,
  TransactionItem,
  WalletDto,
} from '@owo/contract';
import { api } from '../../lib/api';
import { fetchFile } from '../../lib/files';
import { listQuery, type ListFilters } from '../../components/list/list-query';

export const moneyKeys = {
  wallets: ['wallets'] as const,
  funding: (walletId: string) => ['wallets', walletId, 'funding-account'] as const,
  transactions: (params: object) => ['transactions', params] as const,
  transaction: (id: string) => ['transactions', 'detail', id] as const,
};

export function useWallets() {
  return useQuery({
    queryKey: moneyKeys.wallets,
    queryFn: async () => (await api.get<WalletDto[]>('/wallet')).data ?? [],
  });
}

export function useFundingAccount(walletId: string | null) {
  return useQuery({
    queryKey: moneyKeys.funding(walletId ?? ''),
    enabled: !!walletId,
    queryFn: async () => (await api.get<FundingAccount>(`/wallet/${walletId}/funding-account`)).data,
  });
}

/** search, period (24h | 7d | 30d), from/to (YYYY-MM-DD, Lagos days), type, status, walletId. */
export type TransactionFilters = ListFilters;
export type TransactionPage = { items: TransactionItem[]; pagination: Pagination };
/** The filter groups of the transactions list (the `where` keys). */
export const TRANSACTION_GROUPS = ['type', 'status', 'walletId'] as const;

/** The query string of the list (the list kit's pattern: groups go into the `where` JSON). */
export function transactionQuery(f: TransactionFilters, page: number, limit: number) {
  return listQuery(f, TRANSACTION_GROUPS, page, limit);
}

export function useTransactions(f: TransactionFilters, page: number, limit = 20, enabled = true) {
  const query = transactionQuery(f, page, limit);
  return useQuery({
    queryKey: moneyKeys.transactions(query),
    enabled,
    placeholderData: keepPreviousData,
    queryFn: async (): Promise<TransactionPage> => {
      const res = await api.get<TransactionItem[]>('/transactions', { query });
      return {
        items: res.data ?? [],
        pagination: res.metadata?.pagination ?? { page, limit, totalItems: 0, totalPages: 1 },
      };
    },
  });
}

export function useTransaction(id: string | undefined) {
  return useQuery({
    queryKey: moneyKeys.transaction(id ?? ''),
    enabled: !!id,
    queryFn: async () => (await api.get<TransactionDetail>(`/transactions/${id}`)).data,
  });
}

export const fetchReceiptLink = async (id: string) =>
  (await api.get<ReceiptLink>(`/transaction/reciept/${id}`)).data;

export function useInvalidateMoney() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: ['wallets'] }),
      qc.invalidateQueries({ queryKey: ['transactions'] }),
    ]);
}

/** POST /api/transactions/statement answers a file (PDF or CSV), fetched by `fetchFile`. */
export function downloadStatement(body: StatementBody): Promise<{ blob: Blob; filename: string }> {
  return fetchFile('/transactions/statement', {
    method: 'POST',
    body,
    fallbackName: `statement.${body.format ?? 'pdf'}`,
    failMessage: 'Could not download the statement',
  });
}

export { saveBlob } from '../../lib/files';
