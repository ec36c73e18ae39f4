import { Button, Card, Group, SegmentedControl, Stack } from '@mantine/core';
import { useState } from 'react';
import { useDeleteAllNotifications, useMarkAllRead, useNotifications, type NotificationFilter } from '../api';
import { NotificationDetailsModal } from '../components/notification-details-modal';
import { NotificationList } from '../components/notification-list';
import { useNotificationActions } from '../use-open-notification';
import { PageHeader } from '../../../components/page-header';

/** /notifications: the drawer's list on a full page, 10 per page (000 §2.8, §9). */
export function NotificationsPage() {
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
        title="Notifications"
        description={
          <>
            {unread > 0
              ? `You have ${unread} unread notification${unread === 1 ? '' : 's'}.`
              : 'You are all caught up.'}
          </>
        }
        actions={
          <Group gap="xs">
            <Button
              variant="light"
              disabled={unread === 0}
              loading={markAll.isPending}
              onClick={() => markAll.mutate()}
            >
              Mark all as read
            </Button>
            <Button
              variant="subtle"
              color="red"
              disabled={!list.data?.totalItems}
              loading={deleteAll.isPending}
              onClick={() => deleteAll.mutate()}
            >
              Delete all
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
          { value: 'all', label: 'All' },
          { value: 'unread', label: 'Unread' },
          { value: 'read', label: 'Read' },
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
