import { Group, Pagination, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { MSG } from '@owo/contract/messages';
import { QueryError } from '../query-error';
import { messageText } from '../../lib/messages';

/** 'No data available' (001 §8, 002 §8): a list with no rows. */
export function NoData(props: { text?: string }) {
  return (
    <Stack align="center" gap={4} py="xl" data-testid="list-empty">
      <Text c="dimmed">{props.text ?? messageText(MSG.noData)}</Text>
    </Stack>
  );
}

export function ListSkeleton(props: { rows?: number }) {
  return (
    <Stack gap="xs" p="md" aria-busy="true" data-testid="list-skeleton">
      {Array.from({ length: props.rows ?? 5 }, (_, i) => (
        <Skeleton key={i} h={36} />
      ))}
    </Stack>
  );
}

/**
 * The states every list shows around its rows: a skeleton while the first page loads, the error
 * with a retry, 'No data available' when empty, else `children`. A list whose spec gives its own
 * empty state (notifications, the team) passes it as `empty`; `showForbidden` says a 403 here
 * (a tab the caller may not see) instead of leaving it to the Access Forbidden page.
 */
export function ListBody(props: {
  query: { isLoading: boolean; error: unknown; refetch: () => unknown; data?: unknown };
  isEmpty: boolean;
  /** The rows; none when the caller renders them itself once there are some. */
  children?: ReactNode;
  emptyText?: string;
  empty?: ReactNode;
  showForbidden?: boolean;
}) {
  const { query } = props;
  if (query.error)
    return (
      <Stack p="md">
        <QueryError
          error={query.error}
          onRetry={() => void query.refetch()}
          showForbidden={props.showForbidden}
        />
      </Stack>
    );
  if (query.isLoading && !query.data) return <ListSkeleton />;
  if (props.isEmpty) return props.empty ?? <NoData text={props.emptyText} />;
  return <>{props.children}</>;
}

/**
 * Pages of the API's list pattern (`metadata.pagination`); nothing when there is one page. Centred
 * under a full-width list; `justify="flex-end"` under a table in a settings tab.
 */
export function ListPagination(props: {
  pagination?: { totalPages: number } | null;
  page: number;
  onChange: (page: number) => void;
  justify?: 'center' | 'flex-end';
  label?: string;
}) {
  if (!props.pagination || props.pagination.totalPages <= 1) return null;
  return (
    <Group justify={props.justify ?? 'center'} p="md">
      <Pagination
        total={props.pagination.totalPages}
        value={props.page}
        onChange={props.onChange}
        size="sm"
        aria-label={props.label}
      />
    </Group>
  );
}
