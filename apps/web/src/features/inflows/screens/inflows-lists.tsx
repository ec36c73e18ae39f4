// The Transactions, Partners and Customers tabs of /inflows (002 §2 Inflows), on the list kit.
import { Box, Button, Card, Group, Menu, Table } from '@mantine/core';
import { useState, type ReactNode } from 'react';
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
import { useTranslation } from 'react-i18next';

type ListState = ReturnType<typeof useListState>;
type PagedList<T> = {
  data?: { items: T[]; pagination?: { totalPages: number } | null };
  isLoading: boolean;
  error: unknown;
  refetch: () => unknown;
};

/** A tab's card: the CSV export (when the tab has one), a search-only filter bar, the table on the list kit, pages. */
function SearchListCard<T extends { id: string }>(props: {
  state: ListState;
  list: PagedList<T>;
  placeholder: string;
  csv?: { path: string; filename: string };
  columns: string[];
  row: (item: T) => ReactNode;
  children?: ReactNode;
}) {
  const { state, list } = props;
  return (
    <Card padding={0}>
      {props.csv && (
        <Group justify="flex-end" p="md" pb={0}>
          <ExportCsvButton
            path={props.csv.path}
            filters={state.filters}
            groups={[]}
            filename={props.csv.filename}
          />
        </Group>
      )}
      <Box px="md">
        <FilterBar
          groups={[]}
          value={state.filters}
          onChange={state.setFilters}
          searchPlaceholder={props.placeholder}
          dates={false}
          presets={[]}
        />
      </Box>
      <ListBody query={list} isEmpty={!list.data?.items.length}>
        <Table highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              {props.columns.map((c, i) => (
                <Table.Th key={i}>{c}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{(list.data?.items ?? []).map(props.row)}</Table.Tbody>
        </Table>
      </ListBody>
      <ListPagination pagination={list.data?.pagination} page={state.page} onChange={state.setPage} />
      {props.children}
    </Card>
  );
}

export function TransactionsList() {
  const { t } = useTranslation('inflows');
  const navigate = useNavigate();
  const state = useListState([]);
  const list = useInflowTransactions(listQuery(state.filters, [], state.page));
  return (
    <SearchListCard
      state={state}
      list={list}
      placeholder={t('inflowsLists.searchPlaceholder')}
      columns={(['date', 'type', 'name', 'invoice', 'amount', 'fee', 'status'] as const).map((c) =>
        t(`inflowsLists.columns.${c}`),
      )}
      row={(x) => (
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
      )}
    />
  );
}

export function CustomerList() {
  const { t } = useTranslation('inflows');
  const navigate = useNavigate();
  const state = useListState([]);
  const list = useCustomers(listQuery(state.filters, [], state.page));
  return (
    <SearchListCard
      state={state}
      list={list}
      placeholder={t('inflowsLists.searchNameEmailOrPhone')}
      csv={{ path: '/inflows/customers', filename: 'owo-customers.csv' }}
      columns={(['name', 'email', 'phone'] as const).map((c) => t(`inflowsLists.columns.${c}`))}
      row={(c) => (
        <Table.Tr
          key={c.id}
          style={{ cursor: 'pointer' }}
          onClick={() => navigate(paths.inflows.customer.href({ id: c.id }))}
        >
          <Table.Td>{c.name}</Table.Td>
          <Table.Td>{c.email}</Table.Td>
          <Table.Td>{c.phoneNumber ?? '—'}</Table.Td>
        </Table.Tr>
      )}
    />
  );
}

export function PartnerList() {
  const { t } = useTranslation('inflows');
  const state = useListState([]);
  const list = usePartners(listQuery(state.filters, [], state.page));
  const [editing, setEditing] = useState<string | null>(null);
  const del = useApiMutation({
    mutationFn: (id: string) => inflowApi.deletePartner(id),
    onSuccess: () => void refreshInflows(),
  });
  return (
    <SearchListCard
      state={state}
      list={list}
      placeholder={t('inflowsLists.searchNameOrAccountNumber')}
      csv={{ path: '/inflows/partners', filename: 'owo-partners.csv' }}
      columns={[
        ...(['name', 'bank', 'account', 'share', 'cap'] as const).map((c) => t(`inflowsLists.columns.${c}`)),
        '',
      ]}
      row={(p) => (
        <Table.Tr key={p.id}>
          <Table.Td>{p.customerName}</Table.Td>
          <Table.Td>{p.bankName}</Table.Td>
          <Table.Td>
            {p.accountNumber} · {p.accountName}
          </Table.Td>
          <Table.Td>{p.percentage}%</Table.Td>
          <Table.Td>{p.capMinor ? formatMoney(p.capMinor) : '-'}</Table.Td>
          <Table.Td>
            <PartnerMenu partner={p} onEdit={() => setEditing(p.id)} onRemove={() => del.mutate(p.id)} />
          </Table.Td>
        </Table.Tr>
      )}
    >
      <PartnerModal
        opened={!!editing}
        onClose={() => setEditing(null)}
        partner={list.data?.items.find((p) => p.id === editing)}
      />
    </SearchListCard>
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
  const { t } = useTranslation('inflows');
  const navigate = useNavigate();
  const canEdit = useCan('inflowsPartners', 'put');
  const canDelete = useCan('inflowsPartners', 'delete');
  return (
    <Menu>
      <Menu.Target>
        <Button size="xs" variant="subtle">
          {t('inflowsLists.actions')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => navigate(paths.inflows.partner.href({ id: p.id }))}>
          {t('inflowsLists.viewDetails')}
        </Menu.Item>
        {canEdit && <Menu.Item onClick={() => onEdit()}>{t('inflowsLists.editPartner')}</Menu.Item>}
        {canDelete && (
          <Menu.Item color="red" onClick={() => onRemove()}>
            {t('inflowsLists.removePartner')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
