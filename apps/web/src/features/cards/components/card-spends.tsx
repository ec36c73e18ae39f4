import {
  Badge,
  Button,
  Card as MCard,
  FileButton,
  Group,
  SimpleGrid,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import type { Card, CardSpend } from '@owo/contract/cards';
import { DetailField } from '../../../components/detail-field';
import { StatusBadge } from '../../../components/status-badge';
import { ListBody, ListPagination } from '../../../components/list';
import { formatDate, formatMoney } from '../../../lib/format';
import { useApiMutation } from '../../../lib/query';
import { extractDocument } from '../../documents';
import { cardApi, refreshCards, useCardSpends } from '../api';
import { CardFace } from './card-face';
import { ReceiptReading, type ReceiptRead } from './receipt-reading';
import { useTranslation } from 'react-i18next';

/** A spend that still needs the holder's receipt: not reversed and nothing uploaded yet. */
export const needsReceipt = (s: CardSpend) => s.status !== 'reversed' && !s.receiptFile;

/** One spend's "Upload receipt" action (same FileButton pattern as an expense's Add receipt). */
function UploadReceipt(props: { spend: CardSpend; onUploaded: (file: File) => void }) {
  const { t } = useTranslation('cards');
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
          aria-label={t('cardSpends.uploadReceiptFor', { merchant: props.spend.merchant })}
          {...p}
        >
          {t('cardSpends.uploadReceipt')}
        </Button>
      )}
    </FileButton>
  );
}

/** The card's face beside its balance, limits and this month's spend. */
function CardSummary({ card: c, onClose }: { card: Card; onClose: () => void }) {
  const { t } = useTranslation('cards');
  return (
    <>
      <Group justify="space-between" p="md" pb={0}>
        <Title order={4}>
          {c.label ?? c.brand} •••• {c.last4}
        </Title>
        <Button size="xs" variant="subtle" onClick={onClose}>
          {t('cardSpends.close')}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} p="md" spacing="lg">
        <CardFace card={c} />
        <SimpleGrid cols={2} spacing="sm" verticalSpacing="sm" style={{ alignContent: 'start' }}>
          <DetailField label={t('cardSpends.balance')} value={formatMoney(c.balanceMinor, c.currency)} />
          <DetailField label={t('cardSpends.status')} value={<StatusBadge status={c.status} />} />
          <DetailField
            label={t('cardSpends.perTransaction')}
            value={formatMoney(c.perTransactionLimitMinor, c.currency)}
          />
          <DetailField
            label={t('cardSpends.monthlyLimit')}
            value={formatMoney(c.monthlyLimitMinor, c.currency)}
          />
          <DetailField
            label={t('cardSpends.spentThisMonth')}
            value={formatMoney(c.spentThisMonthMinor, c.currency)}
          />
          <DetailField label={t('cardSpends.use')} value={c.singleUse ? 'Single use' : 'Reusable'} />
        </SimpleGrid>
      </SimpleGrid>
      <Title order={5} px="md" pb="xs">
        {t('cardSpends.transactions')}
      </Title>
    </>
  );
}

/** A card's transactions (GET /cards/{id}/spends) with the receipt each one asks for. */
export function CardSpends(props: { card: Card; onClose: () => void }) {
  const { t } = useTranslation('cards');
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
    <MCard padding={0} data-testid="card-detail">
      <CardSummary card={props.card} onClose={props.onClose} />
      <ListBody query={list} isEmpty={!list.data?.items.length}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('cardSpends.date')}</Table.Th>
              <Table.Th>{t('cardSpends.merchant')}</Table.Th>
              <Table.Th>{t('cardSpends.amount')}</Table.Th>
              <Table.Th>{t('cardSpends.status')}</Table.Th>
              <Table.Th>{t('cardSpends.receipt')}</Table.Th>
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
                      {t('cardSpends.refunded', { amount: formatMoney(s.refundedMinor, s.currency) })}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <StatusBadge status={s.status} />
                </Table.Td>
                <Table.Td>
                  {s.receiptFile ? (
                    <Badge color="teal" variant="outline">
                      {t('cardSpends.receiptAttached')}
                    </Badge>
                  ) : needsReceipt(s) ? (
                    <UploadReceipt spend={s} onUploaded={(f) => readReceipt(s.transactionId, f)} />
                  ) : (
                    <Text size="xs" c="dimmed">
                      {t('cardSpends.notNeeded')}
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
