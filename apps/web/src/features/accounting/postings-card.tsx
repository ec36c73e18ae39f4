import { Alert, Button, Card, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { Posting, PostingStatus } from '@owo/contract/accounting';
import { StatusBadge } from '../../components/status-badge';
import { ListBody, ListPagination } from '../../components/list';
import { formatDateTime } from '../../lib/format';
import { useApiMutation } from '../../lib/query';
import { useCan } from '../../lib/session';
import { accountingApi, refreshAccounting, usePostings } from './api';
import { useTranslation } from 'react-i18next';

/** The integrations screen's "Posted to the books" card: postings by status, paged, retry a failed one. */
export function Postings() {
  const { t } = useTranslation('accounting');
  const [status, setStatus] = useState<PostingStatus | null>(null);
  const [page, setPage] = useState(1);
  const list = usePostings(status, page);
  const canRetry = useCan('accountingIntegrations', 'post');
  const retry = useApiMutation({
    mutationFn: (id: string) => accountingApi.retry(id),
    onSuccess: () => void refreshAccounting(),
  });
  const items = list.data?.data ?? [];
  return (
    <Card withBorder>
      <Stack>
        <Group justify="space-between">
          <Title order={4}>{t('postingsCard.postedToTheBooks')}</Title>
          <Select
            aria-label={t('postingsCard.postingStatus')}
            w={180}
            clearable
            placeholder={t('postingsCard.allStatuses')}
            data={[
              { value: 'posted', label: t('postingsCard.posted') },
              { value: 'pending', label: t('postingsCard.pending') },
              { value: 'failed', label: t('postingsCard.failed') },
            ]}
            value={status}
            onChange={(v) => {
              setStatus(v as PostingStatus | null);
              setPage(1);
            }}
          />
        </Group>
        <ListBody
          query={list}
          isEmpty={!items.length}
          emptyText={t('postingsCard.nothingPostedYetPaidRecords')}
        >
          <PostingsTable items={items} canRetry={canRetry} retry={retry} />
        </ListBody>
        {list.error ? <Alert color="red">{(list.error as Error).message}</Alert> : null}
        <ListPagination pagination={list.data?.metadata?.pagination} page={page} onChange={setPage} />
      </Stack>
    </Card>
  );
}

function PostingsTable(props: {
  items: Posting[];
  canRetry: boolean;
  retry: { isPending: boolean; mutate: (id: string) => void };
}) {
  const { t } = useTranslation('accounting');
  const { items, canRetry, retry } = props;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table data-testid="postings">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('postingsCard.record')}</Table.Th>
            <Table.Th>{t('postingsCard.document')}</Table.Th>
            <Table.Th>{t('postingsCard.amount')}</Table.Th>
            <Table.Th>{t('postingsCard.status')}</Table.Th>
            <Table.Th>{t('postingsCard.date')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((p) => (
            <Table.Tr key={p.id}>
              <Table.Td>
                <Text size="sm" tt="capitalize">
                  {p.record}
                </Text>
                <Text size="xs" c="dimmed">
                  <a href={new URL(p.link).pathname}>{p.reference}</a>
                </Text>
              </Table.Td>
              <Table.Td>
                {p.document}
                {p.providerDocumentId ? ` #${p.providerDocumentId}` : ''}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {p.currency} {Number(p.amount).toLocaleString('en-NG', { minimumFractionDigits: 2 })}
              </Table.Td>
              <Table.Td>
                <StatusBadge status={p.status} />
                {p.lastError && p.status !== 'posted' && (
                  <Text size="xs" c="red" maw={260}>
                    {p.lastError}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{formatDateTime(p.postedAt ?? p.createdAt)}</Table.Td>
              <Table.Td>
                {p.status === 'failed' && canRetry && (
                  <Button
                    size="xs"
                    variant="secondary"
                    loading={retry.isPending}
                    onClick={() => retry.mutate(p.id)}
                  >
                    {t('postingsCard.retry')}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
