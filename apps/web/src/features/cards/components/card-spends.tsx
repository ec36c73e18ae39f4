import { Badge, Button, Card as MCard, FileButton, Group, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { Card, CardSpend } from '@owo/contract/cards';
import { StatusBadge } from '../../../components/status-badge';
import { ListBody, ListPagination } from '../../../components/list';
import { formatDate, formatMoney } from '../../../lib/format';
import { useApiMutation } from '../../../lib/query';
import { extractDocument } from '../../documents';
import { cardApi, refreshCards, useCardSpends } from '../api';
import { ReceiptReading, type ReceiptRead } from './receipt-reading';

/** A spend that still needs the holder's receipt: not reversed and nothing uploaded yet. */
export const needsReceipt = (s: CardSpend) => s.status !== 'reversed' && !s.receiptFile;

/** One spend's "Upload receipt" action (same FileButton pattern as an expense's Add receipt). */
function UploadReceipt(props: { spend: CardSpend; onUploaded: (file: File) => void }) {
  const upload = useApiMutation({
    mutationFn: (file: File) => cardApi.uploadReceipt(props.spend.transactionId, file),
    // the API's message is toasted by useApiMutation; then the receipt is read
    onSuccess: (_res, file) => {
      void refreshCards();
      props.onUploaded(file);
    },
  });
  return (
    <FileButton onChange={(f) => f && upload.mutate(f)} accept="image/*,application/pdf">
      {(p) => (
        <Button
          size="xs"
          variant="secondary"
          loading={upload.isPending}
          aria-label={`Upload receipt for ${props.spend.merchant}`}
          {...p}
        >
          Upload receipt
        </Button>
      )}
    </FileButton>
  );
}

/** A card's transactions (GET /cards/{id}/spends) with the receipt each one asks for. */
export function CardSpends(props: { card: Card; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const list = useCardSpends(props.card.id, page);
  const [reads, setReads] = useState<Record<string, ReceiptRead>>({});
  /** Reads an uploaded receipt (quietly: a failure only says it could not be read). */
  const readReceipt = (spendId: string, file: File) => {
    const put = (r: ReceiptRead) => setReads((all) => ({ ...all, [spendId]: r }));
    put({ state: 'reading' });
    extractDocument(file, { quiet: true }).then(
      (res) => put({ state: 'read', doc: res.data }),
      () => put({ state: 'failed' }),
    );
  };
  return (
    <MCard padding={0}>
      <Group justify="space-between" p="md">
        <Title order={4}>
          Transactions · {props.card.brand} •••• {props.card.last4}
        </Title>
        <Button size="xs" variant="subtle" onClick={props.onClose}>
          Close
        </Button>
      </Group>
      <ListBody query={list} isEmpty={!list.data?.items.length}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Merchant</Table.Th>
              <Table.Th>Amount</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Receipt</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(list.data?.items ?? []).map((s) => (
              <Table.Tr key={s.transactionId} data-testid={`spend-${s.transactionId}`}>
                <Table.Td>{formatDate(s.createdAt)}</Table.Td>
                <Table.Td>
                  {s.merchant}
                  <Text size="xs" c="dimmed">
                    {s.category}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {formatMoney(s.amountMinor, s.currency)}
                  {s.refundedMinor > 0 && (
                    <Text size="xs" c="dimmed">
                      {formatMoney(s.refundedMinor, s.currency)} refunded
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <StatusBadge status={s.status} />
                </Table.Td>
                <Table.Td>
                  {s.receiptFile ? (
                    <Badge color="teal" variant="outline">
                      Receipt attached
                    </Badge>
                  ) : needsReceipt(s) ? (
                    <UploadReceipt spend={s} onUploaded={(f) => readReceipt(s.transactionId, f)} />
                  ) : (
                    <Text size="xs" c="dimmed">
                      Not needed
                    </Text>
                  )}
                  {reads[s.transactionId] && <ReceiptReading read={reads[s.transactionId]} spend={s} />}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ListBody>
      <ListPagination pagination={list.data?.pagination} page={page} onChange={setPage} />
    </MCard>
  );
}
