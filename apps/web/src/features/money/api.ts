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
  TransactionPeriod,
  WalletDto,
} from '@owo/contract';
import { api, ApiError, API_BASE, refreshSession } from '../../lib/api';
import { readCookie } from '../../lib/cookies';
import { store } from '../../lib/store';

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

export type TransactionFilters = {
  search?: string;
  type?: string;
  status?: string;
  walletId?: string;
  period?: TransactionPeriod;
  /** YYYY-MM-DD (Lagos days). */
  from?: string;
  to?: string;
};
export type TransactionPage = { items: TransactionItem[]; pagination: Pagination };

/** The query string of the list: filters go into the `where` JSON (000 §7 generic lists). */
export function transactionQuery(f: TransactionFilters, page: number, limit: number) {
  const where: Record<string, string> = {};
  if (f.type) where.type = f.type;
  if (f.status) where.status = f.status;
  if (f.walletId) where.walletId = f.walletId;
  return {
    page,
    limit,
    search: f.search?.trim() || undefined,
    period: f.period,
    from: f.from,
    to: f.to,
    where: Object.keys(where).length ? JSON.stringify(where) : undefined,
  };
}

export function useTransactions(f: TransactionFilters, page: number, limit = 20) {
  const query = transactionQuery(f, page, limit);
  return useQuery({
    queryKey: moneyKeys.transactions(query),
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

/**
 * POST /api/transactions/statement answers a file, not the JSON envelope, so it is fetched here
 * with the same headers as the api client (account, subsidiary, CSRF) and one session refresh.
 */
export async function downloadStatement(
  body: StatementBody,
  retried = false,
): Promise<{ blob: Blob; filename: string }> {
  const { accountId, subsidiaryId } = store.get().staff;
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/pdf, text/csv, application/json',
  };
  if (accountId) headers['x-account-id'] = accountId;
  if (subsidiaryId) headers['x-subsidiary-id'] = subsidiaryId;
  const csrf = readCookie('owo_csrf');
  if (csrf) headers['x-csrf-token'] = csrf;
  const res = await fetch(`${API_BASE}/transactions/statement`, {
    method: 'POST',
    credentials: 'include',
    headers,
    body: JSON.stringify(body),
  });
  if (res.status === 401 && !retried && (await refreshSession())) return downloadStatement(body, true);
  if (!res.ok) {
    const err = (await res.json().catch(() => ({}))) as {
      status?: string;
      message?: string;
      errors?: Record<string, string[]>;
    };
    throw new ApiError(
      res.status,
      err.status ?? 'error',
      err.message ?? 'Could not download the statement',
      err.errors,
    );
  }
  const disposition = res.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `statement.${body.format ?? 'pdf'}`;
  return { blob: await res.blob(), filename };
}

/** Saves a blob as a file through a temporary link. */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
