// Notification calls (000 §7): GET /me/notifications (page, limit 10, where), PATCH one / all
// with {read: true}, DELETE one / all. The list's metadata carries unreadCount for the bell.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATION_PAGE_SIZE, type NotificationItem } from '@owo/contract';
import { api } from '../../lib/api';
import { useApiMutation } from '../../lib/query';

export type NotificationFilter = 'all' | 'unread' | 'read';
export type NotificationPage = {
  items: NotificationItem[];
  page: number;
  totalPages: number;
  totalItems: number;
  unreadCount: number;
};

export const notificationKeys = {
  all: ['me', 'notifications'] as const,
  list: (filter: NotificationFilter, page: number) => ['me', 'notifications', 'list', filter, page] as const,
  unread: ['me', 'notifications', 'unread-count'] as const,
};

export async function fetchNotifications(
  filter: NotificationFilter,
  page: number,
  limit = NOTIFICATION_PAGE_SIZE,
): Promise<NotificationPage> {
  const res = await api.get<NotificationItem[]>('/me/notifications', {
    query: { page, limit, where: filter === 'all' ? undefined : filter },
  });
  const p = res.metadata?.pagination;
  const unread = res.metadata?.unreadCount;
  return {
    items: res.data ?? [],
    page: p?.page ?? page,
    totalPages: p?.totalPages ?? 1,
    totalItems: p?.totalItems ?? 0,
    unreadCount: typeof unread === 'number' ? unread : 0,
  };
}

export function useNotifications(filter: NotificationFilter, page: number, enabled = true) {
  return useQuery({
    queryKey: notificationKeys.list(filter, page),
    queryFn: () => fetchNotifications(filter, page),
    enabled,
  });
}

/** Unread count for the bell badge; refreshed every minute while the app is open. */
export function useUnreadCount(enabled = true) {
  return useQuery({
    queryKey: notificationKeys.unread,
    queryFn: async () => (await fetchNotifications('unread', 1, 1)).totalItems,
    enabled,
    refetchInterval: 60_000,
  });
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: notificationKeys.all });
}

export function useMarkRead() {
  const invalidate = useInvalidate();
  return useApiMutation<unknown, string>({
    mutationFn: (id) => api.patch(`/me/notifications/${id}`, { read: true }),
    silentSuccess: true,
    onSuccess: invalidate,
  });
}

export function useMarkAllRead() {
  const invalidate = useInvalidate();
  return useApiMutation<unknown, void>({
    mutationFn: () => api.patch('/me/notifications', { read: true }),
    onSuccess: invalidate,
  });
}

export function useDeleteNotification() {
  const invalidate = useInvalidate();
  return useApiMutation<unknown, string>({
    mutationFn: (id) => api.delete(`/me/notifications/${id}`),
    onSuccess: invalidate,
  });
}

export function useDeleteAllNotifications() {
  const invalidate = useInvalidate();
  return useApiMutation<unknown, void>({
    mutationFn: () => api.delete('/me/notifications'),
    onSuccess: invalidate,
  });
}
