import { ActionIcon, Box, Group, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import type { NotificationItem } from '@owo/contract';
import { formatRelative } from '../../../lib/format';
import { notificationTitle } from '../notification-rules';
import { CheckAllIcon, DotsIcon, EyeIcon, TrashIcon } from './icons';
import { useTranslation } from 'react-i18next';

export type RowHandlers = {
  onOpen: (item: NotificationItem) => void;
  onMarkRead: (item: NotificationItem) => void;
  onDelete: (item: NotificationItem) => void;
};

export function NotificationRow({
  item,
  onOpen,
  onMarkRead,
  onDelete,
}: { item: NotificationItem } & RowHandlers) {
  const { t } = useTranslation('notifications');
  const title = notificationTitle(item);
  return (
    <Group
      gap="xs"
      wrap="nowrap"
      align="flex-start"
      px="sm"
      py="sm"
      data-testid="notification-item"
      data-read={item.read}
      style={{
        borderBottom: '1px solid var(--mantine-color-gray-2)',
        background: item.read ? undefined : 'var(--mantine-color-owo-0)',
      }}
    >
      <UnstyledButton onClick={() => onOpen(item)} style={{ flex: 1, minWidth: 0 }} aria-label={title}>
        <Group gap={10} wrap="nowrap" align="flex-start">
          <Box
            mt={6}
            w={8}
            h={8}
            style={{
              borderRadius: '50%',
              flexShrink: 0,
              background: item.read ? 'transparent' : 'var(--mantine-color-owo-6)',
            }}
            data-testid={item.read ? undefined : 'unread-dot'}
            aria-label={item.read ? undefined : t('notificationRow.unread')}
          />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fz="sm" fw={item.read ? 500 : 700} lineClamp={2}>
              {title}
            </Text>
            <Text fz="xs" c="dark.4" lineClamp={2}>
              {item.notification.value}
            </Text>
            <Text fz="xs" c="dimmed">
              {formatRelative(item.notification.createdAt)}
            </Text>
          </Stack>
        </Group>
      </UnstyledButton>
      <Menu position="bottom-end" width={200} shadow="md" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={t('notificationRow.optionsFor', { title })}>
            <DotsIcon />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<CheckAllIcon />} disabled={item.read} onClick={() => onMarkRead(item)}>
            {t('notificationRow.markAsRead')}
          </Menu.Item>
          <Menu.Item leftSection={<EyeIcon />} onClick={() => onOpen(item)}>
            {t('notificationRow.viewDetails')}
          </Menu.Item>
          <Menu.Item leftSection={<TrashIcon />} color="red" onClick={() => onDelete(item)}>
            {t('notificationRow.deleteNotification')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
