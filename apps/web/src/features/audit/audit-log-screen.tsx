import { Badge, Card, Code, Stack, Table, Text, Tooltip } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AUDIT_GROUPS, type AuditEntry } from '@owo/contract/audit';
import {
  ExportCsvButton,
  FilterBar,
  ListBody,
  ListPagination,
  listQuery,
  useListState,
} from '../../components/list';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { PageHeader } from '../../components/page-header';
import { useTranslation } from 'react-i18next';

/** One entry: when, who (member or API key), what, from where, and the change. */
function AuditRow({ e }: { e: AuditEntry }) {
  const { t } = useTranslation('audit');
  return (
    <Table.Tr>
      <Table.Td>{formatDateTime(e.createdAt)}</Table.Td>
      <Table.Td>
        <Text size="sm">{e.actorName}</Text>
        <Text size="xs" c="dimmed">
          {e.actorEmail}
        </Text>
        {e.apiKeyId && (
          <Badge size="xs" variant="light">
            {t('auditLogScreen.apiKey')}
          </Badge>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm">{e.action}</Text>
        <Text size="xs" c="dimmed">
          {e.method} {e.path}
        </Text>
      </Table.Td>
      <Table.Td>{e.ip}</Table.Td>
      <Table.Td>{e.before || e.after ? <ChangeSummary e={e} /> : '—'}</Table.Td>
    </Table.Tr>
  );
}

/** /settings/audit-log: every change in the account, read-only, filterable, exportable. */
export function AuditLogScreen() {
  const { t } = useTranslation('audit');
  const { filters, page, setFilters, setPage } = useListState(AUDIT_GROUPS);
  const query = listQuery(filters, AUDIT_GROUPS, page);
  const list = useQuery({
    queryKey: ['audit-log', query],
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const res = await api.get<AuditEntry[]>('/audit-log', { query });
      return {
        items: res.data ?? [],
        pagination: res.metadata?.pagination ?? { page, limit: 20, totalItems: 0, totalPages: 1 },
      };
    },
  });
  return (
    <Stack gap="lg">
      <PageHeader
        mb={0}
        title={t('auditLogScreen.auditLog')}
        description={<>{t('auditLogScreen.everyChangeByAMember')}</>}
        actions={
          <ExportCsvButton
            path="/audit-log"
            filters={filters}
            groups={AUDIT_GROUPS}
            filename="owo-audit-log.csv"
          />
        }
      />
      <Card>
        <FilterBar
          groups={[
            {
              key: 'via',
              label: t('auditLogScreen.madeBy'),
              options: [
                { value: 'member', label: t('auditLogScreen.member') },
                { value: 'apiKey', label: t('auditLogScreen.apiKey') },
              ],
            },
          ]}
          value={filters}
          onChange={setFilters}
        />
      </Card>
      <Card padding={0}>
        <ListBody query={list} isEmpty={!list.data?.items.length}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('auditLogScreen.date')}</Table.Th>
                <Table.Th>{t('auditLogScreen.who')}</Table.Th>
                <Table.Th>{t('auditLogScreen.what')}</Table.Th>
                <Table.Th>{t('auditLogScreen.ip')}</Table.Th>
                <Table.Th>{t('auditLogScreen.change')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data?.items.map((e) => (
                <AuditRow key={e.id} e={e} />
              ))}
            </Table.Tbody>
          </Table>
        </ListBody>
        <ListPagination pagination={list.data?.pagination} page={page} onChange={setPage} />
      </Card>
    </Stack>
  );
}

/** The fields whose values differ between before and after. */
function ChangeSummary(props: { e: AuditEntry }) {
  const { t } = useTranslation('audit');
  const before = props.e.before ?? {};
  const after = props.e.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]),
  );
  if (!keys.length) return <Text size="xs">{t('auditLogScreen.noChange')}</Text>;
  return (
    <Stack gap={2}>
      {keys.slice(0, 4).map((k) => (
        <Tooltip key={k} label={`${JSON.stringify(before[k])} → ${JSON.stringify(after[k])}`}>
          <Text size="xs">
            <Code>{k}</Code>: {String(JSON.stringify(before[k])).slice(0, 30)} →{' '}
            {String(JSON.stringify(after[k])).slice(0, 30)}
          </Text>
        </Tooltip>
      ))}
    </Stack>
  );
}
