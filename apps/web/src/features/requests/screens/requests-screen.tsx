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
import { STATUS_LABELS } from './status';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';

/** One request; a click opens it. */
function RequestRow({ r }: { r: FundRequest }) {
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
            Self
          </Badge>
        )}
      </Table.Td>
      <Table.Td ta="right">{formatMoney(r.amountMinor, r.currency)}</Table.Td>
      <Table.Td>
        <StatusBadge status={r.status} label={STATUS_LABELS[r.status]} />
      </Table.Td>
    </Table.Tr>
  );
}

/** /requests (issue 23 §0 "Requests"): fund requests with the list kit (filters, search, CSV). */
export function RequestsScreen() {
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
        title="Requests"
        description={
          <>
            Money members ask the company to pay out{pagination ? ` · ${pagination.totalItems} in total` : ''}
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
            {canCreate && <Button onClick={() => setAsking(true)}>Request funds</Button>}
          </>
        }
      />
      <Card>
        <FilterBar
          groups={[
            {
              key: 'status',
              label: 'Status',
              options: REQUEST_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })),
            },
          ]}
          value={filters}
          onChange={setFilters}
          presets={DAY_PRESETS}
          searchPlaceholder="Search by reference, narration, payee or requester"
        />
      </Card>
      <Card padding={0}>
        <ListBody query={list} isEmpty={!list.data?.items.length}>
          <Table highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Requested by</Table.Th>
                <Table.Th>Narration</Table.Th>
                <Table.Th>Payee</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th>Status</Table.Th>
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
