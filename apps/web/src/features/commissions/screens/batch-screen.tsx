// /commissions/disbursement/:disbursementId (001 §2, §3, §4): Back, Summary, Approval History (the
// shared approval actions and trail), the payments with retry / refresh bank details / remove
// from batch under 001 §4's rules, and the Commissions table.
import { Alert, Button, Card, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { DetailField } from '../../../components/detail-field';
import { ListBody, ListPagination } from '../../../components/list';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { useApiMutation } from '../../../lib/query';
import { useCan } from '../../../lib/session';
import { ApprovalActions, TrailList } from '../../approvals';
import { commissionApi, refreshCommissions, useBatch, useBatchItems } from '../api';
import { StatusBadge } from '../../../components/status-badge';
import { commissionStatusLabel } from './parts';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../../lib/messages';

type Batch = NonNullable<ReturnType<typeof useBatch>['data']>;

/** The batch in figures: amount, period, approval, item counts. */
function SummaryCard({ b }: { b: Batch }) {
  const { t } = useTranslation('commissions');
  return (
    <Card withBorder>
      <Title order={4} mb="sm">
        {t('batchScreen.summary')}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <DetailField label={t('batchScreen.totalAmount')} value={formatMoney(b.totalAmountMinor)} />
        <DetailField label={t('batchScreen.payoutPeriod')} value={`${b.period} (${b.payoutFrequency})`} />
        <DetailField
          label={t('batchScreen.approvalStatus')}
          value={<StatusBadge status={b.approvalStatus} label={commissionStatusLabel(b.approvalStatus)} />}
        />
        <DetailField label={t('batchScreen.items')} value={b.totalItems} />
        <DetailField label={t('batchScreen.paid')} value={b.totalPaidItems} />
        <DetailField label={t('batchScreen.failed')} value={b.totalFailedItems} />
        <DetailField label={t('batchScreen.pending')} value={b.totalPendingItems} />
        <DetailField label={t('batchScreen.created')} value={formatDate(b.createdAt)} />
      </SimpleGrid>
    </Card>
  );
}

/** The batch's payments, page by page, each removable while the batch allows it. */
function PaymentsCard({ b, disbursementId }: { b: Batch; disbursementId: string }) {
  const { t } = useTranslation('commissions');
  const [page, setPage] = useState(1);
  const items = useBatchItems(disbursementId, page);
  const remove = useApiMutation({
    mutationFn: (itemId: string) => commissionApi.removeItem(disbursementId, itemId),
    onSuccess: () => void refreshCommissions(),
  });
  return (
    <Card withBorder>
      <Title order={4} mb="sm">
        {t('batchScreen.payments')}
      </Title>
      <ListBody query={items} isEmpty={!items.data?.items.length}>
        <Table.ScrollContainer minWidth={700}>
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('batchScreen.accountName')}</Table.Th>
                <Table.Th>{t('batchScreen.bank')}</Table.Th>
                <Table.Th>{t('batchScreen.accountNumber')}</Table.Th>
                <Table.Th>{t('batchScreen.amount')}</Table.Th>
                <Table.Th>{t('batchScreen.reference')}</Table.Th>
                <Table.Th>{t('batchScreen.status')}</Table.Th>
                {b.canDeleteItems && <Table.Th />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.data?.items.map((i) => (
                <Table.Tr key={i.id}>
                  <Table.Td>{i.accountName ?? '—'}</Table.Td>
                  <Table.Td>{i.bankName ?? '—'}</Table.Td>
                  <Table.Td>{i.accountNumber ?? '—'}</Table.Td>
                  <Table.Td>{formatMoney(i.amountMinor)}</Table.Td>
                  <Table.Td>
                    <Text size="xs" ff="monospace">
                      {i.reference}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <StatusBadge status={i.paymentStatus} label={commissionStatusLabel(i.paymentStatus)} />
                    {i.failureReason && (
                      <Text size="xs" c="red">
                        {i.failureReason}
                      </Text>
                    )}
                  </Table.Td>
                  {b.canDeleteItems && (
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="danger"
                        onClick={() => remove.mutate(i.id)}
                        loading={remove.isPending}
                      >
                        {t('batchScreen.removeFromBatch')}
                      </Button>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </ListBody>
      <ListPagination pagination={items.data?.pagination} page={page} onChange={setPage} />
    </Card>
  );
}

/** The commissions the batch pays. */
function CommissionsCard({ b }: { b: Batch }) {
  const { t } = useTranslation('commissions');
  return (
    <Card withBorder>
      <Title order={4} mb="sm">
        {t('batchScreen.commissions')}
      </Title>
      <Table verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('batchScreen.agent')}</Table.Th>
            <Table.Th>{t('batchScreen.invoice')}</Table.Th>
            <Table.Th>{t('batchScreen.commission')}</Table.Th>
            <Table.Th>{t('batchScreen.rate')}</Table.Th>
            <Table.Th>{t('batchScreen.paymentStatus')}</Table.Th>
            <Table.Th>{t('batchScreen.approvalStatus2')}</Table.Th>
            <Table.Th>{t('batchScreen.payoutDate')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {b.commissions.map((c) => (
            <Table.Tr key={c.id}>
              <Table.Td>{c.agent.name}</Table.Td>
              <Table.Td>{c.invoiceReference ?? '—'}</Table.Td>
              <Table.Td>{formatMoney(c.amountDueMinor)}</Table.Td>
              <Table.Td>{c.invoiceCommissionConfig.commissionRate}</Table.Td>
              <Table.Td>
                <StatusBadge status={c.paymentStatus} label={commissionStatusLabel(c.paymentStatus)} />
              </Table.Td>
              <Table.Td>
                <StatusBadge status={c.approvalStatus} label={commissionStatusLabel(c.approvalStatus)} />
              </Table.Td>
              <Table.Td>{c.payoutDate ? formatDate(c.payoutDate) : t('batchScreen.nA')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

export function BatchScreen() {
  const { t } = useTranslation('commissions');
  const { disbursementId } = useParams();
  const navigate = useNavigate();
  const q = useBatch(disbursementId);
  const canAct = useCan('agentCommissionDisbursements', 'post');
  const done = () => void refreshCommissions();
  const retry = useApiMutation({ mutationFn: () => commissionApi.retry(disbursementId!), onSuccess: done });
  const refresh = useApiMutation({
    mutationFn: () => commissionApi.refresh(disbursementId!),
    onSuccess: done,
  });
  if (q.isLoading) return <Loader />;
  if (q.error || !q.data)
    return (
      <Alert color="red">{messageText(q.error?.message ?? t('batchScreen.disbursementBatchNotFound'))}</Alert>
    );
  const b = q.data;
  const hasFailed = b.totalFailedItems > 0;
  return (
    <Stack gap="lg" maw={1200} mx="auto">
      <PageHeader
        mb={0}
        above={
          <Button variant="subtle" px={0} onClick={() => navigate(paths.commissions.disbursements.href())}>
            {t('batchScreen.back')}
          </Button>
        }
        title={formatMoney(b.totalAmountMinor)}
        badges={<StatusBadge status={b.state} label={commissionStatusLabel(b.state)} />}
        description={
          <>
            {b.reference} · {b.agent.name} · {formatDateTime(b.createdAt)}
          </>
        }
        actions={
          <ApprovalActions
            item={b.approvalWorkflowPendingApprovalItem}
            onDone={done}
            extra={
              canAct && hasFailed ? (
                <>
                  <Button variant="secondary" onClick={() => retry.mutate()} loading={retry.isPending}>
                    {t('batchScreen.retryFailedPayments')}
                  </Button>
                  <Button
                    variant="secondary"
                    onClick={() => refresh.mutate()}
                    loading={refresh.isPending}
                    disabled={b.state === 'pending'}
                  >
                    {t('batchScreen.refreshBankDetails')}
                  </Button>
                </>
              ) : undefined
            }
          />
        }
      />

      <SummaryCard b={b} />

      <PaymentsCard b={b} disbursementId={disbursementId!} />

      <CommissionsCard b={b} />

      {b.approvalWorkflowPendingApprovalItem && (
        <Card withBorder>
          <Title order={4} mb="sm">
            {t('batchScreen.approvalHistory')}
          </Title>
          <TrailList item={b.approvalWorkflowPendingApprovalItem} />
        </Card>
      )}
    </Stack>
  );
}
