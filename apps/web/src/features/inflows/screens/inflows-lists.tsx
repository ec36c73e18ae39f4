// The Transactions, Partners and Customers tabs of /inflows (002 §2 Inflows), on the list kit.
import { Box, Button, Card, Group, Menu, Table } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  ExportCsvButton,
  FilterBar,
  ListBody,
  ListPagination,
  listQuery,
  useListState,
} from '../../../components/list';
import { formatDate, formatMoney } from '../../../lib/format';
import { useApiMutation } from '../../../lib/query';
import { useCan } from '../../../lib/session';
import { inflowApi, refreshInflows, useCustomers, useInflowTransactions, usePartners } from '../api';
import { StatusBadge } from '../../../components/status-badge';
import { inflowStatusLabel, PartnerModal } from '../components';
import { paths } from '../../../lib/paths';
import type { Partner } from '@owo/contract/inflows';

export const SEARCH_PLACEHOLDER = 'Search customer, reference or amount';

export function TransactionsList() {
  const navigate = useNavigate();
  const { filters, page, setFilters, setPage } = useListState([]);
  const list = useInflowTransactions(listQuery(filters, [], page));
  return (
    <Card padding={0}>
      <Box px="md">
        <FilterBar
          groups={[]}
          value={filters}
          onChange={setFilters}
          searchPlaceholder={SEARCH_PLACEHOLDER}
          dates={false}
          presets={[]}
        />
      </Box>
      <ListBody query={list} isEmpty={!list.data?.items.length}>
        <Table highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>Name</Table.Th>
              <Table.Th>Invoice</Table.Th>
              <Table.Th>Amount</Table.Th>
              <Table.Th>Fee</Table.Th>
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(list.data?.items ?? []).map((x) => (
              <Table.Tr
                key={x.id}
                style={{ cursor: 'pointer' }}
                onClick={() => navigate(paths.inflows.invoice.href({ id: x.itemData.invoiceId }))}
              >
                <Table.Td>{formatDate(x.updatedAt)}</Table.Td>
                <Table.Td>{x.type}</Table.Td>
                <Table.Td>{x.itemData.recipientName}</Table.Td>
                <Table.Td>{x.itemData.invoiceReference}</Table.Td>
                <Table.Td>{formatMoney(x.amountMinor)}</Table.Td>
                <Table.Td>{formatMoney(x.itemData.transactionFeeMinor)}</Table.Td>
                <Table.Td>
                  <StatusBadge status={x.status} label={inflowStatusLabel(x.status)} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ListBody>
      <ListPagination pagination={list.data?.pagination} page={page} onChange={setPage} />
    </Card>
  );
}

export function CustomerList() {
  const navigate = useNavigate();
  const { filters, page, setFilters, setPage } = useListState([]);
  const list = useCustomers(listQuery(filters, [], page));
  return (
    <Card padding={0}>
      <Group justify="flex-end" p="md" pb={0}>
        <ExportCsvButton
          path="/inflows/customers"
          filters={filters}
          groups={[]}
          filename="owo-customers.csv"
        />
      </Group>
      <Box px="md">
        <FilterBar
          groups={[]}
          value={filters}
          onChange={setFilters}
          searchPlaceholder="Search name, email or phone"
          dates={false}
          presets={[]}
        />
      </Box>
      <ListBody query={list} isEmpty={!list.data?.items.length}>
        <Table highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Phone</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(list.data?.items ?? []).map((c) => (
              <Table.Tr
                key={c.id}
                style={{ cursor: 'pointer' }}
                onClick={() => navigate(paths.inflows.customer.href({ id: c.id }))}
              >
                <Table.Td>{c.name}</Table.Td>
                <Table.Td>{c.email}</Table.Td>
                <Table.Td>{c.phoneNumber ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ListBody>
      <ListPagination pagination={list.data?.pagination} page={page} onChange={setPage} />
    </Card>
  );
}

export function PartnerList() {
  const { filters, page, setFilters, setPage } = useListState([]);
  const list = usePartners(listQuery(filters, [], page));
  const [editing, setEditing] = useState<string | null>(null);
  const del = useApiMutation({
    mutationFn: (id: string) => inflowApi.deletePartner(id),
    onSuccess: () => void refreshInflows(),
  });
  return (
    <Card padding={0}>
      <Group justify="flex-end" p="md" pb={0}>
        <ExportCsvButton path="/inflows/partners" filters={filters} groups={[]} filename="owo-partners.csv" />
      </Group>
      <Box px="md">
        <FilterBar
          groups={[]}
          value={filters}
          onChange={setFilters}
          searchPlaceholder="Search name or account number"
          dates={false}
          presets={[]}
        />
      </Box>
      <ListBody query={list} isEmpty={!list.data?.items.length}>
        <Table highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Bank</Table.Th>
              <Table.Th>Account</Table.Th>
              <Table.Th>Share</Table.Th>
              <Table.Th>Cap</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(list.data?.items ?? []).map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>{p.customerName}</Table.Td>
                <Table.Td>{p.bankName}</Table.Td>
                <Table.Td>
                  {p.accountNumber} · {p.accountName}
                </Table.Td>
                <Table.Td>{p.percentage}%</Table.Td>
                <Table.Td>{p.capMinor ? formatMoney(p.capMinor) : '-'}</Table.Td>
                <Table.Td>
                  <PartnerMenu
                    partner={p}
                    onEdit={() => setEditing(p.id)}
                    onRemove={() => del.mutate(p.id)}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ListBody>
      <ListPagination pagination={list.data?.pagination} page={page} onChange={setPage} />
      <PartnerModal
        opened={!!editing}
        onClose={() => setEditing(null)}
        partner={list.data?.items.find((p) => p.id === editing)}
      />
    </Card>
  );
}

function PartnerMenu({
  partner: p,
  onEdit,
  onRemove,
}: {
  partner: Partner;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const navigate = useNavigate();
  const canEdit = useCan('inflowsPartners', 'put');
  const canDelete = useCan('inflowsPartners', 'delete');
  return (
    <Menu>
      <Menu.Target>
        <Button size="xs" variant="subtle">
          Actions
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => navigate(paths.inflows.partner.href({ id: p.id }))}>View Details</Menu.Item>
        {canEdit && <Menu.Item onClick={() => onEdit()}>Edit Partner</Menu.Item>}
        {canDelete && (
          <Menu.Item color="red" onClick={() => onRemove()}>
            Remove Partner
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
