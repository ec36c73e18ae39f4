// The notification drawer (000 §2.8): 370 px, tabs All / Unread, a 250 px filter popup, per-item
// options and a global Mark all as read.
import { ActionIcon, Box, Drawer, Group, Menu, ScrollArea, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { useDeleteAllNotifications, useMarkAllRead, useNotifications, type NotificationFilter } from '../api';
import { useNotificationActions } from '../use-open-notification';
import { CheckAllIcon, DotsIcon, EyeIcon, TrashIcon } from './icons';
import { NotificationDetailsModal } from './notification-details-modal';
import { NotificationFilterButton } from './notification-filter';
import { NotificationList } from './notification-list';
import { useTranslation } from 'react-i18next';

export const DRAWER_WIDTH = 370;

/** Mark all as read, Open notifications page, Delete all. */
function DrawerOptionsMenu(props: { unread: number; hasAny: boolean; onClose: () => void }) {
  const { t } = useTranslation('notifications');
  const markAll = useMarkAllRead();
  const deleteAll = useDeleteAllNotifications();
  return (
    <Menu position="bottom-end" width={210} shadow="md" zIndex={350}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('notificationDrawer.notificationOptions')}>
          <DotsIcon />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={<CheckAllIcon />}
          disabled={props.unread === 0}
          onClick={() => markAll.mutate()}
        >
          {t('notificationDrawer.markAllAsRead')}
        </Menu.Item>
        <Menu.Item
          leftSection={<EyeIcon />}
          component={Link}
          to={paths.notifications.href()}
          onClick={props.onClose}
        >
          {t('notificationDrawer.openNotificationsPage')}
        </Menu.Item>
        <Menu.Item
          leftSection={<TrashIcon />}
          color="red"
          disabled={!props.hasAny}
          onClick={() => deleteAll.mutate()}
        >
          {t('notificationDrawer.deleteAll')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

export function NotificationDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('notifications');
  const [filter, setFilter] = useState<NotificationFilter>('all');
  const [page, setPage] = useState(1);
  const list = useNotifications(filter, page, opened);
  const { detail, closeDetail, handlers } = useNotificationActions(onClose);
  const unread = list.data?.unreadCount ?? 0;

  const changeFilter = (f: NotificationFilter) => {
    setFilter(f);
    setPage(1);
  };

  return (
    <>
      <Drawer
        opened={opened}
        onClose={onClose}
        position="right"
        size={DRAWER_WIDTH}
        padding={0}
        zIndex={300}
        title={
          <Text fw={700} fz="lg">
            {t('notificationDrawer.notifications')}
          </Text>
        }
        styles={{ header: { padding: '16px 16px 8px' }, body: { padding: 0 } }}
      >
        <Group justify="space-between" px="md" pb={4} wrap="nowrap">
          <Tabs
            value={filter === 'read' ? null : filter}
            onChange={(v) => changeFilter((v as NotificationFilter) ?? 'all')}
            variant="pills"
            radius="xl"
          >
            <Tabs.List>
              <Tabs.Tab value="all">{t('notificationDrawer.all')}</Tabs.Tab>
              <Tabs.Tab value="unread">
                {unread > 0
                  ? t('notificationDrawer.unreadCount', { unread })
                  : t('notificationDrawer.unread')}
              </Tabs.Tab>
            </Tabs.List>
          </Tabs>
          <Group gap={2} wrap="nowrap">
            <NotificationFilterButton value={filter} onChange={changeFilter} />
            <DrawerOptionsMenu unread={unread} hasAny={!!list.data?.totalItems} onClose={onClose} />
          </Group>
        </Group>
        {filter === 'read' && (
          <Text fz="xs" c="dimmed" px="md" pb={4}>
            {t('notificationDrawer.showingReadNotifications')}
          </Text>
        )}
        <ScrollArea h="calc(100vh - 110px)" type="auto">
          <Box data-testid="notification-drawer-list">
            <NotificationList
              query={list}
              page={page}
              onPage={setPage}
              emptyText={filter === 'unread' ? t('notificationDrawer.youHaveReadAllYour') : undefined}
              {...handlers}
            />
          </Box>
        </ScrollArea>
      </Drawer>
      <NotificationDetailsModal item={detail} onClose={closeDetail} />
    </>
  );
}
