import { Box, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { TransactionItem } from '@owo/contract';
import { EmptyState } from '../../../components/page-states';
import { formatDateTime } from '../../../lib/format';
import { StatusBadge } from '../../../components/status-badge';
import { RowCards, usePhone } from '../../../components/list';
import { amountColor, signedAmountText, statusLabel, typeLabel } from '../rules';

const counterpartyOf = (t: TransactionItem) => t.counterparty.accountName ?? t.counterparty.name ?? '';

/** One transaction row; Enter or a click opens it. */
function TransactionRow(props: {
  t: TransactionItem;
  compact?: boolean;
  onOpen: (t: TransactionItem) => void;
}) {
  const { t } = props;
  return (
    <Table.Tr
      onClick={() => props.onOpen(t)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') props.onOpen(t);
      }}
      tabIndex={0}
      style={{ cursor: 'pointer' }}
      data-testid="transaction-row"
    >
      {!props.compact && (
        <Table.Td>
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {formatDateTime(t.createdAt)}
          </Text>
        </Table.Td>
      )}
      <Table.Td>
        <Box miw={0}>
          <Text size="sm" fw={600} lineClamp={1}>
            {counterpartyOf(t) || typeLabel(t.type)}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={1}>
            {props.compact ? formatDateTime(t.createdAt) : t.narration || t.reference}
          </Text>
        </Box>
      </Table.Td>
      {!props.compact && (
        <Table.Td>
          <Text size="sm">{typeLabel(t.type)}</Text>
        </Table.Td>
      )}
      <Table.Td ta="right">
        <Group justify="flex-end" gap={4} wrap="nowrap">
          <Text
            size="sm"
            fw={700}
            c={amountColor(t)}
            style={{ whiteSpace: 'nowrap' }}
            data-testid="transaction-amount"
          >
            {signedAmountText(t)}
          </Text>
        </Group>
      </Table.Td>
      <Table.Td>
        <StatusBadge status={t.status} label={statusLabel(t.status)} radius="sm" tt="none" />
      </Table.Td>
    </Table.Tr>
  );
}

/** Transactions as rows (cards on a phone); a row opens the detail. */
export function TransactionsTable(props: {
  items: TransactionItem[] | undefined;
  isLoading?: boolean;
  onOpen: (t: TransactionItem) => void;
  compact?: boolean;
}) {
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
        label="Transactions"
        rows={props.items.map((t) => ({
          key: t.id,
          title: counterpartyOf(t) || typeLabel(t.type),
          subtitle: formatDateTime(t.createdAt),
          amount: (
            <Text span inherit c={amountColor(t)} data-testid="transaction-amount">
              {signedAmountText(t)}
            </Text>
          ),
          status: <StatusBadge status={t.status} label={statusLabel(t.status)} radius="sm" tt="none" />,
          onOpen: () => props.onOpen(t),
          testId: 'transaction-row',
        }))}
      />
    );
  return (
    <Table.ScrollContainer minWidth={props.compact ? 330 : 760}>
      <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
        <Table.Thead>
          <Table.Tr>
            {!props.compact && <Table.Th>Date</Table.Th>}
            <Table.Th>Details</Table.Th>
            {!props.compact && <Table.Th>Type</Table.Th>}
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.items.map((t) => (
            <TransactionRow key={t.id} t={t} compact={props.compact} onOpen={props.onOpen} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
