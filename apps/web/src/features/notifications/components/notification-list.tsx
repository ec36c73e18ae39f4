import { Stack, Text } from '@mantine/core';
import { MSG } from '@owo/contract';
import { ListBody, ListPagination } from '../../../components/list';
import type { NotificationPage } from '../api';
import { NotificationRow, type RowHandlers } from './notification-row';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../../lib/messages';

type Props = RowHandlers & {
  query: { data?: NotificationPage; isLoading: boolean; error: unknown; refetch: () => unknown };
  page: number;
  onPage: (page: number) => void;
  emptyText?: string;
};

export function NotificationList({ query, page, onPage, emptyText, ...handlers }: Props) {
  const { t } = useTranslation('notifications');
  const { data } = query;
  return (
    <ListBody query={query} isEmpty={!data?.items.length} empty={<NotificationsEmpty text={emptyText} />}>
      {data?.items.map((item) => (
        <NotificationRow key={item.id} item={item} {...handlers} />
      ))}
      <ListPagination
        pagination={data}
        page={page}
        onChange={onPage}
        label={t('notificationList.notificationPages')}
      />
    </ListBody>
  );
}

/** The spec's empty state of the notification list (its own title and text, not 'No data available'). */
function NotificationsEmpty(props: { text?: string }) {
  return (
    <Stack align="center" gap={4} py={48} px="md" ta="center">
      <Text fw={600}>{messageText(MSG.emptyTitle)}</Text>
      <Text c="dimmed" fz="sm">
        {props.text ?? messageText(MSG.emptyText)}
      </Text>
    </Stack>
  );
}
