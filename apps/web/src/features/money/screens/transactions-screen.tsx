import { Alert, Button, Card, Group, Pagination, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCan } from '../../../lib/session';
import { paths } from '../../../lib/paths';
import { useTransactions, useWallets, type TransactionFilters as Filters } from '../api';
import { StatementModal } from '../components/statement-modal';
import { TransactionFilters } from '../components/transaction-filters';
import { TransactionsTable } from '../components/transactions-table';

/** /transactions (002 §4): filters, search, 20 per page, rows open the detail. */
export function TransactionsScreen() {
  const navigate = useNavigate();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(1);
  const [statementOpen, setStatementOpen] = useState(false);
  const list = useTransactions(filters, page);
  const wallets = useWallets();
  const canStatement = useCan('transactions', 'post');
  const canAddFunds = useCan('payments', 'post');
  const pagination = list.data?.pagination;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={2}>Transactions</Title>
          <Text c="dimmed" size="sm">
            Every movement on your wallets{pagination ? ` · ${pagination.totalItems} in total` : ''}
          </Text>
        </div>
        <Group gap="sm">
          {canStatement && (
            <Button variant="default" onClick={() => setStatementOpen(true)}>
              Statement
            </Button>
          )}
          {canAddFunds && <Button onClick={() => navigate(paths.wallet.addFunds.path)}>Add Funds</Button>}
        </Group>
      </Group>
      <Card>
        <TransactionFilters
          wallets={wallets.data ?? []}
          onChange={(f) => {
            setFilters(f);
            setPage(1);
          }}
        />
      </Card>
      <Card padding={0}>
        {list.error ? (
          <Alert color="red" m="md">
            {list.error.message}
          </Alert>
        ) : (
          <TransactionsTable
            items={list.data?.items}
            isLoading={list.isLoading}
            onOpen={(t) => navigate(paths.transaction.href({ transactionId: t.id }))}
          />
        )}
        {pagination && pagination.totalPages > 1 && (
          <Group justify="center" p="md">
            <Pagination total={pagination.totalPages} value={page} onChange={setPage} size="sm" />
          </Group>
        )}
      </Card>
      {canStatement && (
        <StatementModal
          opened={statementOpen}
          onClose={() => setStatementOpen(false)}
          wallets={wallets.data ?? []}
        />
      )}
    </Stack>
  );
}
