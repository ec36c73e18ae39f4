import { Button, Card, Group, Stack, Table, Tabs, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import {
  ExportCsvButton,
  FilterBar,
  ListBody,
  ListPagination,
  useListState,
  type FilterGroup,
} from '../../../components/list';
import { StatusBadge } from '../../../components/status-badge';
import { formatDate, formatMoney } from '../../../lib/format';
import { useApiMutation } from '../../../lib/query';
import { useCan } from '../../../lib/session';
import {
  EXPENSE_GROUPS,
  expenseApi,
  refreshExpenses,
  useBeneficiaries,
  useExpenses,
  type ExpenseSubList,
} from '../api';
import { BENEFICIARY_SEARCH_MS, useDebounced } from '../timings';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';
import { useTranslation } from 'react-i18next';

const LISTS: { key: string; fixed?: ExpenseSubList }[] = [
  { key: 'all' },
  { key: 'pending', fixed: { status: 'pending' } },
  { key: 'rejected', fixed: { status: 'rejected' } },
  { key: 'active', fixed: { status: 'active' } },
  { key: 'scheduled', fixed: { status: 'scheduled' } },
  { key: 'completed', fixed: { status: 'completed' } },
  { key: 'failed', fixed: { status: 'failed' } },
  { key: 'retired', fixed: { status: 'retired' } },
  { key: 'me', fixed: { mine: 'true' } },
  { key: 'beneficiaries' },
];

const CURRENCY_FILTER: Omit<FilterGroup, 'label'> = {
  key: 'currency',
  options: [
    { value: 'NGN', label: 'NGN' },
    { value: 'USD', label: 'USD' },
    { value: 'GBP', label: 'GBP' },
  ],
};

/** /expenses and /expenses/{pending,rejected,completed,active,retired,me,beneficiaries} (001 §2). */
export function ExpensesScreen() {
  const { t } = useTranslation('expenses');
  const { list = 'all' } = useParams();
  const navigate = useNavigate();
  const canCreate = useCan('expenses', 'post');
  const current = LISTS.find((l) => l.key === list) ?? LISTS[0];
  return (
    <Stack gap="lg">
      <PageHeader
        mb={0}
        title={t('expensesScreen.expenses')}
        description={t(`expensesScreen.lists.${current.key}`)}
        actions={
          canCreate && (
            <Button onClick={() => navigate(paths.expenses.newPayment.href())}>
              {t('expensesScreen.createAnExpense')}
            </Button>
          )
        }
      />
      <Tabs
        value={current.key}
        onChange={(v) =>
          navigate(v === 'all' ? paths.expenses.root.href() : paths.expenses.list.href({ list: String(v) }))
        }
        keepMounted={false}
      >
        <Tabs.List style={{ flexWrap: 'wrap' }}>
          {LISTS.map((l) => (
            <Tabs.Tab key={l.key} value={l.key}>
              {t(`expensesScreen.lists.${l.key}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {current.key === 'beneficiaries' ? (
        <BeneficiariesList />
      ) : (
        <ExpenseList key={current.key} list={current} />
      )}
    </Stack>
  );
}

/** One expense list on the list kit: URL filters, 20 per page, CSV export of the same filters. */
function ExpenseList(props: { list: (typeof LISTS)[number] }) {
  const { t } = useTranslation('expenses');
  const navigate = useNavigate();
  const fixed = props.list.fixed ?? {};
  const { filters, page, setFilters, setPage } = useListState(EXPENSE_GROUPS);
  const list = useExpenses(fixed, filters, page);
  const pagination = list.data?.pagination;
  return (
    <Stack gap="md">
      <Card>
        <Group justify="space-between" align="flex-end" mb="sm">
          <Text c="dimmed" size="sm">
            {pagination ? t('expensesScreen.inTotal', { totalItems: pagination.totalItems }) : ' '}
          </Text>
          <ExportCsvButton
            path="/expense"
            filters={filters}
            groups={EXPENSE_GROUPS}
            fixed={fixed}
            filename="owo-expenses.csv"
          />
        </Group>
        <FilterBar
          groups={[{ ...CURRENCY_FILTER, label: t('expensesScreen.currency') }]}
          value={filters}
          onChange={setFilters}
          searchPlaceholder={t('expensesScreen.searchByReferencePayeeAccount')}
        />
      </Card>
      <Card padding={0}>
        <ListBody query={list} isEmpty={!list.data?.items.length}>
          <Table highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('expensesScreen.date')}</Table.Th>
                <Table.Th>{t('expensesScreen.reference')}</Table.Th>
                <Table.Th>{t('expensesScreen.payee')}</Table.Th>
                <Table.Th>{t('expensesScreen.description')}</Table.Th>
                <Table.Th>{t('expensesScreen.amount')}</Table.Th>
                <Table.Th>{t('expensesScreen.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(list.data?.items ?? []).map((e) => (
                <Table.Tr
                  key={e.id}
                  style={{ cursor: 'pointer' }}
                  onClick={() => navigate(paths.expenses.detail.href({ ref: e.id }))}
                >
                  <Table.Td>{formatDate(e.createdAt)}</Table.Td>
                  <Table.Td>{e.reference}</Table.Td>
                  <Table.Td>{e.bankAccountName}</Table.Td>
                  <Table.Td>{e.purpose.description}</Table.Td>
                  <Table.Td>{formatMoney(e.amountMinor, e.currency)}</Table.Td>
                  <Table.Td>
                    <StatusBadge
                      status={e.status}
                      label={t(`statusName.${e.status}`, { defaultValue: e.status })}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ListBody>
        <ListPagination pagination={pagination} page={page} onChange={setPage} />
      </Card>
    </Stack>
  );
}

/** Saved beneficiaries (001 §3): search after 300 ms, else the 15 most recent; delete. */
function BeneficiariesList() {
  const { t } = useTranslation('expenses');
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search, BENEFICIARY_SEARCH_MS);
  const q = useBeneficiaries(debounced.trim());
  const canDelete = useCan('expenses', 'delete');
  const del = useApiMutation({
    mutationFn: (id: string) => expenseApi.deleteBeneficiary(id),
    onSuccess: () => void refreshExpenses(),
  });
  return (
    <Card padding={0}>
      <TextInput
        m="md"
        placeholder={t('expensesScreen.searchBeneficiaries')}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
      />
      <ListBody query={q} isEmpty={!q.data?.length}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('expensesScreen.name')}</Table.Th>
              <Table.Th>{t('expensesScreen.bank')}</Table.Th>
              <Table.Th>{t('expensesScreen.accountNumber')}</Table.Th>
              <Table.Th>{t('expensesScreen.email')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(q.data ?? []).map((b) => (
              <Table.Tr key={b.id}>
                <Table.Td>{b.accountName}</Table.Td>
                <Table.Td>{b.bankName}</Table.Td>
                <Table.Td>{b.accountNumber}</Table.Td>
                <Table.Td>{b.email}</Table.Td>
                <Table.Td>
                  {canDelete && (
                    <Button
                      size="xs"
                      variant="danger"
                      loading={del.isPending && del.variables === b.id}
                      onClick={() => del.mutate(b.id)}
                    >
                      {t('expensesScreen.delete')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ListBody>
    </Card>
  );
}
