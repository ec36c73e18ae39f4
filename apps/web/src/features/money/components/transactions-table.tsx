import { Box, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { TransactionItem } from '@owo/contract';
import { EmptyState } from '../../../components/page-states';
import { formatDateTime } from '../../../lib/format';
import { StatusBadge } from '../../../components/status-badge';
import { RowCards, usePhone } from '../../../components/list';
import { amountColor, signedAmountText, statusLabel, typeLabel } from '../rules';
import { useTranslation } from 'react-i18next';

const counterpartyOf = (tx: TransactionItem) => tx.counterparty.accountName ?? tx.counterparty.name ?? '';

/** One transaction row; Enter or a click opens it. */
function TransactionRow(props: {
  t: TransactionItem;
  compact?: boolean;
  onOpen: (tx: TransactionItem) => void;
}) {
  const { t: tx } = props;
  return (
    <Table.Tr
      onClick={() => props.onOpen(tx)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') props.onOpen(tx);
      }}
      tabIndex={0}
      style={{ cursor: 'pointer' }}
      data-testid="transaction-row"
    >
      {!props.compact && (
        <Table.Td>
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {formatDateTime(tx.createdAt)}
          </Text>
        </Table.Td>
      )}
      <Table.Td>
        <Box miw={0}>
          <Text size="sm" fw={600} lineClamp={1}>
            {counterpartyOf(tx) || typeLabel(tx.type)}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={1}>
            {props.compact ? formatDateTime(tx.createdAt) : tx.narration || tx.reference}
          </Text>
        </Box>
      </Table.Td>
      {!props.compact && (
        <Table.Td>
          <Text size="sm">{typeLabel(tx.type)}</Text>
        </Table.Td>
      )}
      <Table.Td ta="right">
        <Group justify="flex-end" gap={4} wrap="nowrap">
          <Text
            size="sm"
            fw={700}
            c={amountColor(tx)}
            style={{ whiteSpace: 'nowrap' }}
            data-testid="transaction-amount"
          >
            {signedAmountText(tx)}
          </Text>
        </Group>
      </Table.Td>
      <Table.Td>
        <StatusBadge status={tx.status} label={statusLabel(tx.status)} radius="sm" tt="none" />
      </Table.Td>
    </Table.Tr>
  );
}

/** Transactions as rows (cards on a phone); a row opens the detail. */
export function TransactionsTable(props: {
  items: TransactionItem[] | undefined;
  isLoading?: boolean;
  onOpen: (tx: TransactionItem) => void;
  compact?: boolean;
}) {
  const { t } = useTranslation('money');
  const phone = usePhone();
  if (props.isLoading && !props.items) {
    return (
      <Stack gap="xs" p="md" aria-busy="true">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} h={36} />
        ))}
      </Stack>
    );
  }
  if (!props.items?.length) return <EmptyState />;
  if (phone)
    return (
      <RowCards
        label={t('transactionsTable.transactions')}
        rows={props.items.map((tx) => ({
          key: tx.id,
          title: counterpartyOf(tx) || typeLabel(tx.type),
          subtitle: formatDateTime(tx.createdAt),
          amount: (
            <Text span inherit c={amountColor(tx)} data-testid="transaction-amount">
              {signedAmountText(tx)}
            </Text>
          ),
          status: <StatusBadge status={tx.status} label={statusLabel(tx.status)} radius="sm" tt="none" />,
          onOpen: () => props.onOpen(tx),
          testId: 'transaction-row',
        }))}
      />
    );
  return (
    <Table.ScrollContainer minWidth={props.compact ? 330 : 760}>
      <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
        <Table.Thead>
          <Table.Tr>
            {!props.compact && <Table.Th>{t('transactionsTable.date')}</Table.Th>}
            <Table.Th>{t('transactionsTable.details')}</Table.Th>
            {!props.compact && <Table.Th>{t('transactionsTable.type')}</Table.Th>}
            <Table.Th ta="right">{t('transactionsTable.amount')}</Table.Th>
            <Table.Th>{t('transactionsTable.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.items.map((tx) => (
            <TransactionRow key={tx.id} t={tx} compact={props.compact} onOpen={props.onOpen} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
