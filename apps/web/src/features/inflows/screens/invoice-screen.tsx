// /inflows/invoices/:id (002 §2 Invoice detail): totals and status, the approval actions and trail
// (the shared approvals modals), products, installments, settlement splits, overage and the
// transaction attempts; share payment link, send reminder, cancel and retry failed settlements.
import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { DetailField } from '../../../components/detail-field';
import { ListBody, ListPagination } from '../../../components/list';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { useApiMutation } from '../../../lib/query';
import { toastSuccess } from '../../../lib/toast';
import { useCan } from '../../../lib/session';
import { ApprovalActions, TrailList } from '../../approvals';
import { InvoiceCommissions } from '../../commissions';
import { ConfirmModal } from '../../../components/confirm-modal';
import { useBanks } from '../../profile';
import { inflowApi, refreshInflows, useInvoice, useInvoiceTransactions } from '../api';
import { StatusBadge } from '../../../components/status-badge';
import { inflowStatusLabel } from '../components';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';

const STRATEGY: Record<string, string> = {
  consolidated: 'Once after all collections',
  'per-collection': 'After every collection',
  'per-installment': 'After every installment',
};

export function InvoiceScreen() {
  const { id } = useParams();
  const navigate = useNavigate();
  const q = useInvoice(id);
  const canPost = useCan('inflows', 'post');
  const canPut = useCan('inflows', 'put');
  const canRefund = useCan('invoiceRefunds', 'post');
  const canDeliver = useCan('invoiceDelivery', 'patch');
  const [cancelling, setCancelling] = useState(false);
  const [delivering, setDelivering] = useState(false);
  const [refunding, setRefunding] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const txs = useInvoiceTransactions(id ?? '', { page, limit: 20 });
  const retry = useApiMutation({
    mutationFn: () => inflowApi.retrySettlements(id!),
    onSuccess: () => void refreshInflows(),
  });
  // Both toast the server's message (useApiMutation); a cancel also refreshes the invoice.
  const cancel = useApiMutation({
    mutationFn: () => inflowApi.cancelInvoice(id!),
    onSuccess: () => {
      setCancelling(false);
      void refreshInflows();
    },
  });
  const remind = useApiMutation({ mutationFn: () => inflowApi.sendReminder(id!) });
  const deliver = useApiMutation({
    mutationFn: () => inflowApi.markDelivered(id!),
    onSuccess: () => {
      setDelivering(false);
      void refreshInflows();
    },
  });
  if (q.isLoading) return <Loader />;
  if (q.error || !q.data) return <Alert color="red">{q.error?.message ?? 'Invoice not found'}</Alert>;
  const inv = q.data;
  // The API's 409 rule for reminders, shares and cancellation: approved and not (fully) paid.
  const payable =
    inv.approvalStatus === 'approved' && !['fullyPaid', 'completed', 'cancelled'].includes(inv.status);
  const cancellable = payable && inv.amountPaidMinor < inv.amountMinor;
  // 002 §4: Retry Failed Settlements when (a) the invoice is fullyPaid without allocations or (b) it
  // has allocations and is neither draft nor pending; in both cases a settlement is pending or failed.
  const allocated = inv.partners.length > 0 || inv.invoiceSettlements.length > 0;
  const settling =
    inv.invoiceSettlements.some((s) => s.status === 'pending' || s.status === 'failed') &&
    ((inv.status === 'fullyPaid' && !allocated) || (allocated && !['draft', 'pending'].includes(inv.status)));
  // 002 §4: the delivery prompt shows to a role that may update delivery, on an approved,
  // non-draft invoice whose delivery is still pending.
  const deliverable =
    canDeliver &&
    inv.status !== 'draft' &&
    inv.approvalStatus === 'approved' &&
    inv.deliveryStatus === 'pending';
  const share = async () => {
    if (!inv.payLink) return;
    if (navigator.share)
      await navigator.share({ title: `Invoice ${inv.reference}`, url: inv.payLink }).catch(() => undefined);
    else {
      await navigator.clipboard?.writeText(inv.payLink).catch(() => undefined);
      toastSuccess('Payment link copied');
    }
  };
  return (
    <Stack gap="lg">
      <PageHeader
        mb={0}
        above={
          <Button variant="subtle" px={0} onClick={() => navigate(paths.inflows.invoices.href())}>
            ← Back
          </Button>
        }
        title={formatMoney(inv.amountMinor)}
        badges={
          <>
            <StatusBadge status={inv.status} label={inflowStatusLabel(inv.status)} />
            {inv.deliveryStatus === 'delivered' && (
              <StatusBadge status="delivered" label={inflowStatusLabel('delivered')} />
            )}
          </>
        }
        description={
          <>
            {inv.reference} · {formatDateTime(inv.createdAt)} · requested by {inv.createdBy}
          </>
        }
        actions={
          <ApprovalActions
            item={inv.approvalWorkflowPendingApprovalItem}
            onDone={() => void refreshInflows()}
            extra={
              <>
                {canPost && inv.approvalStatus === 'rejected' && (
                  <Button
                    variant="default"
                    onClick={() => navigate(paths.inflows.editInvoice.href({ invoiceId: inv.id }))}
                  >
                    Edit Invoice
                  </Button>
                )}
                {inv.status !== 'draft' && (
                  <Button
                    variant="default"
                    component="a"
                    href={`/api/inflows/invoice/${inv.id}/pdf`}
                    target="_blank"
                    rel="noopener"
                  >
                    Download PDF
                  </Button>
                )}
                {canPost && payable && inv.collectionAccount && (
                  <Button variant="default" loading={remind.isPending} onClick={() => remind.mutate()}>
                    Send reminder
                  </Button>
                )}
                {payable && inv.payLink && (
                  <Button variant="default" onClick={() => void share()}>
                    Share payment link
                  </Button>
                )}
                {canPut && cancellable && (
                  <Button color="red" variant="light" onClick={() => setCancelling(true)}>
                    Cancel invoice
                  </Button>
                )}
                {deliverable && (
                  <Button variant="default" onClick={() => setDelivering(true)}>
                    Confirm delivery
                  </Button>
                )}
                {canPost && settling && (
                  <Button color="orange" loading={retry.isPending} onClick={() => retry.mutate()}>
                    Retry Failed Settlements
                  </Button>
                )}
              </>
            }
          />
        }
      />
      <Card>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <DetailField label="Initial amount" value={formatMoney(inv.initialAmountMinor)} />
          <DetailField
            label="Discount"
            value={
              inv.discountType
                ? inv.discountType === 'percentage'
                  ? `${inv.discount}% (${formatMoney(inv.discountAmountMinor)})`
                  : formatMoney(inv.discountAmountMinor)
                : null
            }
          />
          <DetailField label="Discounted amount" value={formatMoney(inv.amountMinor)} />
          <DetailField label="Amount paid" value={formatMoney(inv.amountPaidMinor)} />
          <DetailField label="Mode of partners settlement" value={STRATEGY[inv.settlementStrategy]} />
          <DetailField label="Customer" value={`${inv.customer.name} · ${inv.customer.email}`} />
          <DetailField
            label="Collection account"
            value={
              inv.collectionAccount
                ? `${inv.collectionAccount.accountNumber} · ${inv.collectionAccount.bankName}`
                : null
            }
          />
          <DetailField
            label="Approval"
            value={<StatusBadge status={inv.approvalStatus} label={inflowStatusLabel(inv.approvalStatus)} />}
          />
          {inv.payLink && (
            <DetailField
              label="Pay link"
              value={
                <a href={inv.payLink} target="_blank" rel="noreferrer">
                  Open the pay page
                </a>
              }
            />
          )}
        </SimpleGrid>
      </Card>
      <Section title="Products">
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>QTY</Table.Th>
              <Table.Th>Amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {inv.products.map((p, i) => (
              <Table.Tr key={i}>
                <Table.Td>{p.name}</Table.Td>
                <Table.Td>{p.quantity}</Table.Td>
                <Table.Td>{formatMoney(p.amountMinor)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Section>
      <Section title="Collection Installments">
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Amount</Table.Th>
              <Table.Th>Amount Paid</Table.Th>
              <Table.Th>Due Date</Table.Th>
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {inv.invoiceInstallments.map((i) => (
              <Table.Tr key={i.id}>
                <Table.Td>
                  {i.name} ({i.percentage}%)
                </Table.Td>
                <Table.Td>{formatMoney(i.amountMinor)}</Table.Td>
                <Table.Td>{formatMoney(i.amountPaidMinor)}</Table.Td>
                <Table.Td>{i.dueDate ? formatDate(i.dueDate) : '—'}</Table.Td>
                <Table.Td>
                  <StatusBadge status={i.status} label={inflowStatusLabel(i.status)} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Section>
      <Section title="Settlement Splits">
        {inv.invoiceSettlements.length === 0 ? (
          <Text p="md" c="dimmed" size="sm">
            No data available
          </Text>
        ) : (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>Percentage</Table.Th>
                <Table.Th>Amount</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {inv.invoiceSettlements.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td>{s.customerName}</Table.Td>
                  <Table.Td>{formatDate(s.createdAt)}</Table.Td>
                  <Table.Td>{s.percentage}%</Table.Td>
                  <Table.Td>
                    {formatMoney(s.amountMinor)}
                    {s.capped ? ' (capped)' : ''}
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge status={s.status} label={inflowStatusLabel(s.status)} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Section>
      {inv.invoiceCollectionRefunds.length > 0 && (
        <Section title="Overage Payment">
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Account</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>Refundable</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {inv.invoiceCollectionRefunds.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>
                    {r.accountName}
                    {r.accountNumber ? ` · ${r.accountNumber}` : ''}
                  </Table.Td>
                  <Table.Td>{formatDate(r.createdAt)}</Table.Td>
                  <Table.Td>{formatMoney(r.refundableAmountMinor)}</Table.Td>
                  <Table.Td>
                    <StatusBadge
                      status={r.processing ? 'processing' : r.status}
                      label={inflowStatusLabel(r.processing ? 'processing' : r.status)}
                    />
                  </Table.Td>
                  <Table.Td>
                    {canRefund && r.status === 'pending' && !r.processing && (
                      <Button size="xs" variant="light" onClick={() => setRefunding(r.id)}>
                        Refund
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Section>
      )}
      <Section title="Transaction Attempts">
        <ListBody query={txs} isEmpty={!txs.data?.items.length}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Amount</Table.Th>
                <Table.Th>Fee</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(txs.data?.items ?? []).map((x) => (
                <Table.Tr key={x.id}>
                  <Table.Td>{formatDateTime(x.updatedAt)}</Table.Td>
                  <Table.Td>{x.type}</Table.Td>
                  <Table.Td>{x.itemData.recipientName}</Table.Td>
                  <Table.Td>{formatMoney(x.amountMinor)}</Table.Td>
                  <Table.Td>{formatMoney(x.itemData.transactionFeeMinor)}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={x.status} label={inflowStatusLabel(x.status)} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ListBody>
        <ListPagination pagination={txs.data?.pagination} page={page} onChange={setPage} />
      </Section>
      <InvoiceCommissions invoiceId={inv.id} />
      <RefundModal invoiceId={inv.id} refundId={refunding} onClose={() => setRefunding(null)} />
      <ConfirmModal
        opened={cancelling}
        title="Cancel invoice"
        text={`Cancel invoice ${inv.reference}? Unpaid installments are cancelled and the pay link stops working; money already received stays applied.`}
        confirm="Cancel invoice"
        loading={cancel.isPending}
        onConfirm={() => cancel.mutate()}
        onClose={() => setCancelling(false)}
      />
      <ConfirmModal
        opened={delivering}
        title="Confirm delivery"
        text={`Confirm that the goods or services on invoice ${inv.reference} have been delivered to ${inv.customer.name}? This cannot be undone.`}
        confirm="Confirm delivery"
        loading={deliver.isPending}
        onConfirm={() => deliver.mutate()}
        onClose={() => setDelivering(false)}
      />
      {inv.approvalWorkflowPendingApprovalItem && (
        <Card>
          <Title order={5} mb="sm">
            Approval history
          </Title>
          <TrailList item={inv.approvalWorkflowPendingApprovalItem} />
        </Card>
      )}
    </Stack>
  );
}

function Section(props: { title: string; children: React.ReactNode }) {
  return (
    <Card padding={0}>
      <Title order={5} p="md" pb={0}>
        {props.title}
      </Title>
      {props.children}
    </Card>
  );
}

function RefundModal(props: { invoiceId: string; refundId: string | null; onClose: () => void }) {
  const banks = useBanks();
  const [bankCode, setBankCode] = useState<string | null>(null);
  const [accountNumber, setAccountNumber] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const refund = useApiMutation({
    mutationFn: () =>
      inflowApi.initRefund(props.invoiceId, props.refundId!, { bankCode: bankCode ?? '', accountNumber }),
    onSuccess: () => {
      void refreshInflows();
      props.onClose();
    },
    onError: (err) => setErrors(err.errors ?? {}),
  });
  return (
    <Modal opened={!!props.refundId} onClose={props.onClose} title="Refund overage">
      <Stack>
        <Text size="sm">The overpaid amount is sent back to the account you give.</Text>
        <Select
          label="Bank"
          searchable
          data={(banks.data ?? []).map((b) => ({ value: b.code, label: b.name }))}
          value={bankCode}
          onChange={setBankCode}
          error={errors['refundAccountDetails.bankCode']?.[0] ?? errors.bankCode?.[0]}
        />
        <TextInput
          label="Account number"
          maxLength={10}
          value={accountNumber}
          onChange={(e) => setAccountNumber(e.currentTarget.value)}
          error={errors['refundAccountDetails.accountNumber']?.[0] ?? errors.accountNumber?.[0]}
        />
        <Group justify="flex-end">
          <Button loading={refund.isPending} onClick={() => refund.mutate()}>
            Refund
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
