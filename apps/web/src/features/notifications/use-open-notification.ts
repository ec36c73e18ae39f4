import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { NotificationItem } from '@owo/contract';
import { useDeleteNotification, useMarkRead } from './api';
import { notificationAction } from './notification-rules';

/**
 * Opening a notification (000 §2.8, §4.7): an unread one is marked read, then announcements (and
 * items without a reference) open the details modal and the rest navigate to what they refer to.
 */
export function useNotificationActions(onNavigated?: () => void) {
  const navigate = useNavigate();
  const markRead = useMarkRead();
  const remove = useDeleteNotification();
  const [detail, setDetail] = useState<NotificationItem | null>(null);

  const open = (item: NotificationItem) => {
    if (!item.read) markRead.mutate(item.id);
    const action = notificationAction(item);
    if (action.type === 'modal') {
      setDetail(item);
      return;
    }
    onNavigated?.();
    void navigate(action.to);
  };

  return {
    detail,
    closeDetail: () => setDetail(null),
    handlers: {
      onOpen: open,
      onMarkRead: (item: NotificationItem) => markRead.mutate(item.id),
      onDelete: (item: NotificationItem) => remove.mutate(item.id),
    },
  };
}
