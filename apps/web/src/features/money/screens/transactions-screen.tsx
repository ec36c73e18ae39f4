import { Button, Card, Stack } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  AddFundsButton,
  ExportCsvButton,
  ListBody,
  ListPagination,
  useListState,
} from '../../../components/list';
import { useCan } from '../../../lib/session';
import { formatCount } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { TRANSACTION_GROUPS, useTransactions, useWallets } from '../api';
import { StatementModal } from '../components/statement-modal';
import { TransactionFilters } from '../components/transaction-filters';
import { TransactionsTable } from '../components/transactions-table';
import { PageHeader } from '../../../components/page-header';
import { useTranslation } from 'react-i18next';

/** /transactions (002 §4): the list kit (URL filters, 20 per page, CSV export); rows open the detail. */
export function TransactionsScreen() {
  const { t } = useTranslation('money');
  const navigate = useNavigate();
  const { filters, page, setFilters, setPage } = useListState(TRANSACTION_GROUPS);
  const [statementOpen, setStatementOpen] = useState(false);
  const list = useTransactions(filters, page);
  const wallets = useWallets();
  const canStatement = useCan('transactions', 'post');
  const pagination = list.data?.pagination;

  return (
    <Stack gap="lg">
      <PageHeader
        mb={0}
        title={t('transactionsScreen.transactions')}
        description={
          <>
            {pagination
              ? t('transactionsScreen.everyMovementOnYourWalletsCounted', {
                  totalItems: formatCount(pagination.totalItems, pagination.totalIsEstimate),
                })
              : t('transactionsScreen.everyMovementOnYourWallets')}
          </>
        }
        actions={
          <>
            <ExportCsvButton
              path="/transactions"
              filters={filters}
              groups={TRANSACTION_GROUPS}
              filename="owo-transactions.csv"
            />
            {canStatement && (
              <Button variant="secondary" onClick={() => setStatementOpen(true)}>
                {t('transactionsScreen.statement')}
              </Button>
            )}
            <AddFundsButton />
          </>
        }
      />
      <Card>
        <TransactionFilters wallets={wallets.data ?? []} value={filters} onChange={setFilters} />
      </Card>
      <Card padding={0}>
        <ListBody query={list} isEmpty={!list.data?.items.length}>
          <TransactionsTable
            items={list.data?.items}
            onOpen={(tx) => navigate(paths.transaction.href({ transactionId: tx.id }))}
          />
        </ListBody>
        <ListPagination pagination={pagination} page={page} onChange={setPage} />
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
