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

type Batch = NonNullable<ReturnType<typeof useBatch>['data']>;

/** The batch in figures: amount, period, approval, item counts. */
function SummaryCard({ b }: { b: Batch }) {
  return (
    <Card withBorder>
      <Title order={4} mb="sm">
        Summary
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <DetailField label="Total amount" value={formatMoney(b.totalAmountMinor)} />
        <DetailField label="Payout period" value={`${b.period} (${b.payoutFrequency})`} />
        <DetailField
          label="Approval status"
          value={<StatusBadge status={b.approvalStatus} label={commissionStatusLabel(b.approvalStatus)} />}
        />
        <DetailField label="Items" value={b.totalItems} />
        <DetailField label="Paid" value={b.totalPaidItems} />
        <DetailField label="Failed" value={b.totalFailedItems} />
        <DetailField label="Pending" value={b.totalPendingItems} />
        <DetailField label="Created" value={formatDate(b.createdAt)} />
      </SimpleGrid>
    </Card>
  );
}

/** The batch's payments, page by page, each removable while the batch allows it. */
function PaymentsCard({ b, disbursementId }: { b: Batch; disbursementId: string }) {
  const [page, setPage] = useState(1);
  const items = useBatchItems(disbursementId, page);
  const remove = useApiMutation({
    mutationFn: (itemId: string) => commissionApi.removeItem(disbursementId, itemId),
    onSuccess: () => void refreshCommissions(),
  });
  return (
    <Card withBorder>
      <Title order={4} mb="sm">
        Payments
      </Title>
      <ListBody query={items} isEmpty={!items.data?.items.length}>
        <Table.ScrollContainer minWidth={700}>
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Account name</Table.Th>
                <Table.Th>Bank</Table.Th>
                <Table.Th>Account number</Table.Th>
                <Table.Th>Amount</Table.Th>
                <Table.Th>Reference</Table.Th>
                <Table.Th>Status</Table.Th>
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
                        color="red"
                        variant="subtle"
                        onClick={() => remove.mutate(i.id)}
                        loading={remove.isPending}
                      >
                        Remove from batch
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
  return (
    <Card withBorder>
      <Title order={4} mb="sm">
        Commissions
      </Title>
      <Table verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Agent</Table.Th>
            <Table.Th>Invoice</Table.Th>
            <Table.Th>Commission</Table.Th>
            <Table.Th>Rate</Table.Th>
            <Table.Th>Payment Status</Table.Th>
            <Table.Th>Approval Status</Table.Th>
            <Table.Th>Payout Date</Table.Th>
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
              <Table.Td>{c.payoutDate ? formatDate(c.payoutDate) : 'N/A'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

export function BatchScreen() {
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
    return <Alert color="red">{q.error?.message ?? 'Disbursement batch not found'}</Alert>;
  const b = q.data;
  const hasFailed = b.totalFailedItems > 0;
  return (
    <Stack gap="lg" maw={1200} mx="auto">
      <PageHeader
        mb={0}
        above={
          <Button variant="subtle" px={0} onClick={() => navigate(paths.commissions.disbursements.href())}>
            ← Back
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
                  <Button variant="light" onClick={() => retry.mutate()} loading={retry.isPending}>
                    Retry failed payments
                  </Button>
                  <Button
                    variant="default"
                    onClick={() => refresh.mutate()}
                    loading={refresh.isPending}
                    disabled={b.state === 'pending'}
                  >
                    Refresh Bank Details
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
            Approval History
          </Title>
          <TrailList item={b.approvalWorkflowPendingApprovalItem} />
        </Card>
      )}
    </Stack>
  );
}
