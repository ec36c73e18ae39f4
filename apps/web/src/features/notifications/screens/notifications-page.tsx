import { Button, Card, Group, SegmentedControl, Stack } from '@mantine/core';
import { useState } from 'react';
import { useDeleteAllNotifications, useMarkAllRead, useNotifications, type NotificationFilter } from '../api';
import { NotificationDetailsModal } from '../components/notification-details-modal';
import { NotificationList } from '../components/notification-list';
import { useNotificationActions } from '../use-open-notification';
import { PageHeader } from '../../../components/page-header';
import { useTranslation } from 'react-i18next';

/** /notifications: the drawer's list on a full page, 10 per page (000 §2.8, §9). */
export function NotificationsPage() {
  const { t } = useTranslation('notifications');
  const [filter, setFilter] = useState<NotificationFilter>('all');
  const [page, setPage] = useState(1);
  const list = useNotifications(filter, page);
  const markAll = useMarkAllRead();
  const deleteAll = useDeleteAllNotifications();
  const { detail, closeDetail, handlers } = useNotificationActions();
  const unread = list.data?.unreadCount ?? 0;

  return (
    <Stack gap="lg" maw={860}>
      <PageHeader
        mb={0}
        title={t('notificationsPage.notifications')}
        description={
          <>
            {unread > 0
              ? t('notificationsPage.youHaveUnreadNotification', { count: unread })
              : t('notificationsPage.youAreAllCaughtUp')}
          </>
        }
        actions={
          <Group gap="xs">
            <Button
              variant="secondary"
              disabled={unread === 0}
              loading={markAll.isPending}
              onClick={() => markAll.mutate()}
            >
              {t('notificationsPage.markAllAsRead')}
            </Button>
            <Button
              variant="danger"
              disabled={!list.data?.totalItems}
              loading={deleteAll.isPending}
              onClick={() => deleteAll.mutate()}
            >
              {t('notificationsPage.deleteAll')}
            </Button>
          </Group>
        }
      />
      <SegmentedControl
        value={filter}
        onChange={(v) => {
          setFilter(v as NotificationFilter);
          setPage(1);
        }}
        data={[
          { value: 'all', label: t('notificationsPage.all') },
          { value: 'unread', label: t('notificationsPage.unread') },
          { value: 'read', label: t('notificationsPage.read') },
        ]}
        w={300}
      />
      <Card padding={0}>
        <NotificationList query={list} page={page} onPage={setPage} {...handlers} />
      </Card>
      <NotificationDetailsModal item={detail} onClose={closeDetail} />
    </Stack>
  );
}
