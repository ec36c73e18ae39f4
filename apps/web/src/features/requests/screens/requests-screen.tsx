import { Badge, Button, Card, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { REQUEST_STATUSES, type FundRequest } from '@owo/contract/requests';
import {
  DAY_PRESETS,
  ExportCsvButton,
  FilterBar,
  ListBody,
  ListPagination,
  useListState,
} from '../../../components/list';
import { formatDate, formatMoney } from '../../../lib/format';
import { useCan } from '../../../lib/session';
import { REQUEST_GROUPS, useFundRequests } from '../api';
import { RequestFundsModal } from './request-funds-modal';
import { StatusBadge } from '../../../components/status-badge';
import { requestStatusLabel } from './status';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';
import { useTranslation } from 'react-i18next';

/** One request; a click opens it. */
function RequestRow({ r }: { r: FundRequest }) {
  const { t } = useTranslation('requests');
  const navigate = useNavigate();
  return (
    <Table.Tr
      style={{ cursor: 'pointer' }}
      onClick={() => navigate(paths.request.href({ ref: r.reference }))}
    >
      <Table.Td>{formatDate(r.createdAt)}</Table.Td>
      <Table.Td>{r.maker.name}</Table.Td>
      <Table.Td>
        <Text size="sm">{r.narration}</Text>
      </Table.Td>
      <Table.Td>
        {r.payee.name}{' '}
        {r.payeeKind === 'self' && (
          <Badge size="xs" variant="light">
            {t('requestsScreen.self')}
          </Badge>
        )}
      </Table.Td>
      <Table.Td ta="right">{formatMoney(r.amountMinor, r.currency)}</Table.Td>
      <Table.Td>
        <StatusBadge status={r.status} label={requestStatusLabel(r.status)} />
      </Table.Td>
    </Table.Tr>
  );
}

/** /requests (issue 23 §0 "Requests"): fund requests with the list kit (filters, search, CSV). */
export function RequestsScreen() {
  const { t } = useTranslation('requests');
  const navigate = useNavigate();
  const { filters, page, setFilters, setPage } = useListState(REQUEST_GROUPS);
  const list = useFundRequests(filters, page);
  const canCreate = useCan('requests', 'post');
  const [asking, setAsking] = useState(false);
  const pagination = list.data?.pagination;
  return (
    <Stack gap="lg">
      <PageHeader
        mb={0}
        title={t('requestsScreen.requests')}
        description={
          <>
            {pagination
              ? t('requestsScreen.moneyMembersAskTheCompanyCounted', { totalItems: pagination.totalItems })
              : t('requestsScreen.moneyMembersAskTheCompany')}
          </>
        }
        actions={
          <>
            <ExportCsvButton
              path="/requests"
              filters={filters}
              groups={REQUEST_GROUPS}
              filename="owo-requests.csv"
            />
            {canCreate && <Button onClick={() => setAsking(true)}>{t('requestsScreen.requestFunds')}</Button>}
          </>
        }
      />
      <Card>
        <FilterBar
          groups={[
            {
              key: 'status',
              label: t('requestsScreen.status'),
              options: REQUEST_STATUSES.map((s) => ({ value: s, label: requestStatusLabel(s) })),
            },
          ]}
          value={filters}
          onChange={setFilters}
          presets={DAY_PRESETS}
          searchPlaceholder={t('requestsScreen.searchByReferenceNarrationPayee')}
        />
      </Card>
      <Card padding={0}>
        <ListBody query={list} isEmpty={!list.data?.items.length}>
          <Table highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('requestsScreen.date')}</Table.Th>
                <Table.Th>{t('requestsScreen.requestedBy')}</Table.Th>
                <Table.Th>{t('requestsScreen.narration')}</Table.Th>
                <Table.Th>{t('requestsScreen.payee')}</Table.Th>
                <Table.Th ta="right">{t('requestsScreen.amount')}</Table.Th>
                <Table.Th>{t('requestsScreen.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(list.data?.items ?? []).map((r) => (
                <RequestRow key={r.id} r={r} />
              ))}
            </Table.Tbody>
          </Table>
        </ListBody>
        <ListPagination pagination={pagination} page={page} onChange={setPage} />
      </Card>
      {asking && (
        <RequestFundsModal
          onClose={() => setAsking(false)}
          onDone={(ref) => navigate(paths.request.href({ ref }))}
        />
      )}
    </Stack>
  );
}
