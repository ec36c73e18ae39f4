import { Alert, Box, Center, Loader, Pagination, Stack, Text } from '@mantine/core';
import { MSG } from '@owo/contract';
import type { NotificationPage } from '../api';
import { NotificationRow, type RowHandlers } from './notification-row';

type Props = RowHandlers & {
  data: NotificationPage | undefined;
  isLoading: boolean;
  error: Error | null;
  page: number;
  onPage: (page: number) => void;
  emptyText?: string;
};

export function NotificationList({ data, isLoading, error, page, onPage, emptyText, ...handlers }: Props) {
  if (isLoading)
    return (
      <Center py="xl">
        <Loader size="sm" aria-label="Loading notifications" />
      </Center>
    );
  if (error)
    return (
      <Alert color="red" variant="light" m="sm">
        {error.message}
      </Alert>
    );
  if (!data || data.items.length === 0) {
    return (
      <Stack align="center" gap={4} py={48} px="md" ta="center">
        <Text fw={600}>{MSG.emptyTitle}</Text>
        <Text c="dimmed" fz="sm">
          {emptyText ?? MSG.emptyText}
        </Text>
      </Stack>
    );
  }
  return (
    <Box>
      {data.items.map((item) => (
        <NotificationRow key={item.id} item={item} {...handlers} />
      ))}
      {data.totalPages > 1 && (
        <Center py="md">
          <Pagination
            total={data.totalPages}
            value={page}
            onChange={onPage}
            size="sm"
            aria-label="Notification pages"
          />
        </Center>
      )}
    </Box>
  );
}
