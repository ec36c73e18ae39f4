// Products and services, payout assets (001 §7 Products, assets, projects).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Pagination } from '@owo/contract/http';
import type { PayoutAsset, Product } from '@owo/contract/products';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/query';

export const productKeys = {
  all: ['products'] as const,
  list: (p: object) => ['products', 'list', p] as const,
  detail: (id: string) => ['products', 'detail', id] as const,
  assets: ['assets'] as const,
  assetList: (p: object) => ['assets', 'list', p] as const,
  asset: (id: string) => ['assets', 'detail', id] as const,
};
export const refreshProducts = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: productKeys.all }),
    queryClient.invalidateQueries({ queryKey: productKeys.assets }),
  ]);

type Page = { page: number; search?: string; active?: string; limit?: number };
const pageQuery = (p: Page) => {
  const q: Record<string, string | number> = { page: p.page, limit: p.limit ?? 15 };
  if (p.search) q.search = p.search;
  if (p.active) q.active = p.active;
  return q;
};

export function useProducts(p: Page, enabled = true) {
  return useQuery({
    queryKey: productKeys.list(p),
    enabled,
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const res = await api.get<Product[]>('/products-and-services', { query: pageQuery(p) });
      return { items: res.data, pagination: res.metadata?.pagination as Pagination | undefined };
    },
  });
}

export function useProduct(id: string | undefined) {
  return useQuery({
    queryKey: productKeys.detail(id ?? ''),
    enabled: !!id,
    queryFn: async () => (await api.get<Product>(`/products-and-services/${id}`)).data,
  });
}

export function useAssets(p: Page) {
  return useQuery({
    queryKey: productKeys.assetList(p),
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const res = await api.get<PayoutAsset[]>('/payout-asset', { query: pageQuery(p) });
      return { items: res.data, pagination: res.metadata?.pagination as Pagination | undefined };
    },
  });
}

export function useAsset(id: string | undefined | null) {
  return useQuery({
    queryKey: productKeys.asset(id ?? ''),
    enabled: !!id,
    queryFn: async () => (await api.get<PayoutAsset>(`/payout-asset/${id}`)).data,
  });
}

export type ProductInput = {
  name: string;
  description?: string | null;
  amount: string;
  category: 'Inflow' | 'Outflow';
  quantity: number;
};
export type AssetInput = {
  type: string;
  brand: string;
  modelNo: string;
  serialNo: string;
  location: string;
  inventory: { productId: string; quantity: number }[];
};

export const productsApi = {
  saveProduct: (body: ProductInput, id?: string) =>
    id
      ? api.put<Product>(`/products-and-services/${id}`, body)
      : api.post<Product>('/products-and-services', body),
  deleteProduct: (id: string) => api.delete<Product>(`/products-and-services/${id}`),
  saveAsset: (body: AssetInput, id?: string) =>
    id ? api.put<PayoutAsset>(`/payout-asset/${id}`, body) : api.post<PayoutAsset>('/payout-asset', body),
  setAssetActive: (id: string, active: boolean) =>
    api.patch<PayoutAsset>(`/payout-asset/${id}/deactivate`, { active }),
  deleteAsset: (id: string) => api.delete<PayoutAsset>(`/payout-asset/${id}`),
};
