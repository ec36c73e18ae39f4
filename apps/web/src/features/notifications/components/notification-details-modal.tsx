import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { NotificationItem } from '@owo/contract';
import { formatDateTime } from '../../../lib/format';
import { notificationTitle } from '../notification-rules';
import { useTranslation } from 'react-i18next';

/** Announcements (and notifications with nothing to open) show their full text here. */
export function NotificationDetailsModal({
  item,
  onClose,
}: {
  item: NotificationItem | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('notifications');
  return (
    <Modal
      opened={!!item}
      onClose={onClose}
      title={item ? item.notification.topic : ''}
      centered
      size="md"
      zIndex={400}
    >
      {item && (
        <Stack gap="sm" data-testid="notification-modal">
          <Group gap="xs">
            {item.kind === 'announcement' && (
              <Badge color="owo" variant="light">
                {t('notificationDetailsModal.announcement')}
              </Badge>
            )}
            <Text fz="xs" c="dimmed">
              {formatDateTime(item.notification.createdAt)}
            </Text>
          </Group>
          <Text fz="sm" fw={600}>
            {notificationTitle(item)}
          </Text>
          <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {item.notification.value}
          </Text>
          <Group justify="flex-end" mt="sm">
            <Button onClick={onClose}>{t('notificationDetailsModal.close')}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
