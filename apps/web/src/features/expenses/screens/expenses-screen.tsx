import {
  Alert,
  Button,
  Card,
  Group,
  Pagination,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { formatDate, formatMoney } from '../../../lib/format';
import { useApiMutation } from '../../../lib/query';
import { useCan } from '../../../lib/session';
import { expenseApi, refreshExpenses, useBeneficiaries, useExpenses } from '../api';
import { ExpenseStatusBadge } from '../status-badge';

const LISTS: { key: string; title: string; status?: string; mine?: boolean }[] = [
  { key: 'all', title: 'All expenses' },
  { key: 'pending', title: 'Pending', status: 'pending' },
  { key: 'rejected', title: 'Rejected', status: 'rejected' },
  { key: 'active', title: 'Active', status: 'active' },
  { key: 'completed', title: 'Completed', status: 'completed' },
  { key: 'failed', title: 'Failed', status: 'failed' },
  { key: 'retired', title: 'Retired', status: 'retired' },
  { key: 'me', title: 'My expenses', mine: true },
  { key: 'beneficiaries', title: 'Beneficiaries' },
];

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setV(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return v;
}

/** /expenses and /expenses/{pending,rejected,completed,active,retired,me,beneficiaries} (001 §2). */
export function ExpensesScreen() {
  const { list = 'all' } = useParams();
  const navigate = useNavigate();
  const canCreate = useCan('expenses', 'post');
  const current = LISTS.find((l) => l.key === list) ?? LISTS[0];
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <div>
          <Title order={2}>Expenses</Title>
          <Text c="dimmed" size="sm">
            {current.title}
          </Text>
        </div>
        {canCreate && <Button onClick={() => navigate('/expense/new-payment')}>Create an expense</Button>}
      </Group>
      <Tabs value={current.key} onChange={(v) => navigate(v === 'all' ? '/expenses' : `/expenses/${v}`)}>
        <Tabs.List>
          {LISTS.map((l) => (
            <Tabs.Tab key={l.key} value={l.key}>
              {l.title}
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

function ExpenseList(props: { list: (typeof LISTS)[number] }) {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const debounced = useDebounced(search, 500);
  const q = useExpenses({ status: props.list.status, mine: props.list.mine, search: debounced, page });
  const pagination = q.data?.pagination;
  return (
    <Card padding={0}>
      <TextInput
        m="md"
        placeholder="Search by reference, payee or description"
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
      />
      {q.error ? (
        <Alert color="red" m="md">
          {q.error.message}
        </Alert>
      ) : q.data && q.data.items.length === 0 ? (
        <Text p="md" c="dimmed">
          No data yet — There is currently no data to display
        </Text>
      ) : (
        <Table highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Reference</Table.Th>
              <Table.Th>Payee</Table.Th>
              <Table.Th>Description</Table.Th>
              <Table.Th>Amount</Table.Th>
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(q.data?.items ?? []).map((e) => (
              <Table.Tr key={e.id} style={{ cursor: 'pointer' }} onClick={() => navigate(`/expense/${e.id}`)}>
                <Table.Td>{formatDate(e.createdAt)}</Table.Td>
                <Table.Td>{e.reference}</Table.Td>
                <Table.Td>{e.bankAccountName}</Table.Td>
                <Table.Td>{e.purpose.description}</Table.Td>
                <Table.Td>{formatMoney(e.amountMinor, e.currency)}</Table.Td>
                <Table.Td>
                  <ExpenseStatusBadge status={e.status} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {pagination && pagination.totalPages > 1 && (
        <Group justify="flex-end" p="md">
          <Pagination total={pagination.totalPages} value={page} onChange={setPage} />
        </Group>
      )}
    </Card>
  );
}

function BeneficiariesList() {
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search, 300);
  const q = useBeneficiaries(debounced);
  const canDelete = useCan('expenses', 'delete');
  const del = useApiMutation({
    mutationFn: (id: string) => expenseApi.deleteBeneficiary(id),
    onSuccess: () => void refreshExpenses(),
  });
  return (
    <Card padding={0}>
      <TextInput
        m="md"
        placeholder="Search beneficiaries"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
      />
      {q.data && q.data.length === 0 ? (
        <Text p="md" c="dimmed">
          No data yet
        </Text>
      ) : (
        <Table>
          <Table.Tbody>
            {(q.data ?? []).map((b) => (
              <Table.Tr key={b.id}>
                <Table.Td>{b.accountName}</Table.Td>
                <Table.Td>{b.bankName}</Table.Td>
                <Table.Td>{b.accountNumber}</Table.Td>
                <Table.Td>{b.email}</Table.Td>
                <Table.Td>
                  {canDelete && (
                    <Button size="xs" variant="subtle" color="red" onClick={() => del.mutate(b.id)}>
                      Delete
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
