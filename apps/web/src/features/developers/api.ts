import { useQuery } from '@tanstack/react-query';
import type { ApiKey, Webhook, WebhookDelivery } from '@owo/contract/developers';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/query';

export const devKeys = { keys: ['developers', 'keys'], hooks: ['developers', 'webhooks'] } as const;
export const refreshDevelopers = () => queryClient.invalidateQueries({ queryKey: ['developers'] });

export const useApiKeys = () =>
  useQuery({
    queryKey: devKeys.keys,
    queryFn: async () => (await api.get<ApiKey[]>('/developers/keys')).data,
  });
export const useWebhooks = () =>
  useQuery({
    queryKey: devKeys.hooks,
    queryFn: async () => (await api.get<Webhook[]>('/developers/webhooks')).data,
  });
export const useDeliveries = (id: string | null) =>
  useQuery({
    queryKey: ['developers', 'deliveries', id],
    enabled: !!id,
    refetchInterval: 2000,
    queryFn: async () => (await api.get<WebhookDelivery[]>(`/developers/webhooks/${id}/deliveries`)).data,
  });
