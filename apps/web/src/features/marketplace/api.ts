// Marketplace calls (001 §7 Marketplace; issue 26).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Pagination } from '@owo/contract/http';
import type {
  Meter,
  MeterAddBody,
  MeterReport,
  MeterImportConfirmBody,
  MeterImportPreview,
  Vending,
  VendingDetail,
} from '@owo/contract/marketplace';
import type { ListFilters } from '../../components/list';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/query';

export const marketplaceKeys = {
  all: ['marketplace'] as const,
  discos: ['marketplace', 'discos'] as const,
  meters: (p: object) => ['marketplace', 'meters', p] as const,
  vendings: (p: object) => ['marketplace', 'vendings', p] as const,
  vending: (id: string) => ['marketplace', 'vending', id] as const,
  meterReport: (month: string) => ['marketplace', 'reports', 'meters', month] as const,
};
export const refreshMarketplace = () => queryClient.invalidateQueries({ queryKey: marketplaceKeys.all });

export const VENDING_GROUPS = ['status'] as const;
export const METER_GROUPS = ['disco', 'vendType'] as const;

const clean = (o: Record<string, string | number | undefined>) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== '')) as Record<
    string,
    string | number
  >;

export function useDiscos() {
  return useQuery({
    queryKey: marketplaceKeys.discos,
    staleTime: Infinity,
    queryFn: async () => (await api.get<string[]>('/marketplace/assets/meters/discos')).data,
  });
}

export function useMeters(f: ListFilters, page: number, limit = 20) {
  const query = clean({ page, limit, search: f.search, disco: f.disco, vendType: f.vendType });
  return useQuery({
    queryKey: marketplaceKeys.meters(query),
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const res = await api.get<Meter[]>('/marketplace/assets/meters', { query });
      return { items: res.data, pagination: res.metadata?.pagination as Pagination | undefined };
    },
  });
}

export function useVendings(f: ListFilters, page: number, status?: string) {
  const query = clean({
    page,
    limit: 20,
    search: f.search,
    from: f.from,
    to: f.to,
    status: status ?? f.status,
  });
  return useQuery({
    queryKey: marketplaceKeys.vendings(query),
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const res = await api.get<Vending[]>('/marketplace/transactions', { query });
      return { items: res.data, pagination: res.metadata?.pagination as Pagination | undefined };
    },
    refetchInterval: (q) =>
      q.state.data?.items.some((v) => v.vendStatus === 'pending' && v.approvalStatus === 'approved')
        ? 2000
        : false,
  });
}

export function useVending(id: string | undefined) {
  return useQuery({
    queryKey: marketplaceKeys.vending(id ?? ''),
    enabled: !!id,
    queryFn: async () => (await api.get<VendingDetail>(`/marketplace/vendings/${id}`)).data,
    // An approved vending is vended by a job: poll until its token is in.
    refetchInterval: (q) =>
      q.state.data?.vendStatus === 'pending' && q.state.data.approvalStatus === 'approved' ? 2000 : false,
  });
}

export const METER_REPORT_PATH = '/marketplace/reports/meters';

/** GET /marketplace/reports/meters?month=YYYY-MM: per meter, the month's successful vends (Lagos). */
export function useMeterReport(month: string) {
  return useQuery({
    queryKey: marketplaceKeys.meterReport(month),
    placeholderData: keepPreviousData,
    queryFn: async () => (await api.get<MeterReport>(METER_REPORT_PATH, { query: { month } })).data,
  });
}

export type Verified = {
  meterNo: string;
  disco: string;
  vendType: 'prepaid' | 'postpaid';
  name: string;
  address: string;
};
export type BuyOrder = { orderId: string; total: string; totalMinor: number; vendings: Vending[] };

export const marketplaceApi = {
  verify: (b: { disco: string; meterNo: string; vendType: string }) =>
    api.post<Verified>('/marketplace/assets/meters/verification', b),
  addMeter: (b: MeterAddBody) => api.post<Meter>('/marketplace/assets/meters/add', b),
  deleteMeter: (id: string) => api.delete<Meter>(`/marketplace/assets/meters/${id}`),
  /** `categoryId`: the payout category whose monthly budget the spend counts against (422 when over). */
  buy: (b: { walletId: string; assets: { assetId: string; amount: string }[]; categoryId?: string | null }) =>
    api.post<BuyOrder>('/marketplace/electricity/asset/bulk', {
      walletId: b.walletId,
      assets: b.assets,
      categoryId: b.categoryId || undefined,
    }),
  update: (id: string, amount: string) => api.patch<VendingDetail>(`/marketplace/vendings/${id}`, { amount }),
  importPreview: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return api.post<MeterImportPreview>('/marketplace/assets/meters/import/preview', form);
  },
  importConfirm: (b: MeterImportConfirmBody) => api.post<Meter[]>('/marketplace/assets/meters/import', b),
};

/** The electricity purchase draft (001 §3), kept in memory between the bulk screens. */
export type PurchaseDraft = {
  purchaseType: 'single' | 'bulk';
  walletId: string;
  /** Optional payout category (its monthly budget counts this spend). */
  categoryId?: string | null;
  meters: {
    id: string;
    meterNo: string;
    meterAddress: string;
    disco: string;
    vendType: string;
    name: string;
    amount: string;
  }[];
};
export const PURCHASE_DRAFT = 'electricityPurchase';
