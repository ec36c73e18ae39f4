import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { DetailField } from '../../../components/detail-field';
import {
  AddFundsButton,
  ExportCsvButton,
  FilterBar,
  ListBody,
  ListPagination,
  useListState,
} from '../../../components/list';
import { WIRE_PURPOSE_LABELS, type WirePurpose } from '@owo/contract/payouts';
import { ConfirmModal } from '../../../components/confirm-modal';
import { DateField } from '../../../components/date-field';
import { StatusBadge } from '../../../components/status-badge';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { useApiMutation } from '../../../lib/query';
import { useCan } from '../../../lib/session';
import { ApprovalActions, TrailList } from '../../approvals';
import { isPayoutEditable, payoutApi, PAYOUT_GROUPS, refreshPayouts, usePayout, usePayouts } from '../api';
import { describeRecurrence } from '../components/payout-fields';
import { BillsList } from './bills';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The tabs (each a filter of the one list); data-tour targets as the built tour expects. */
const TABS: { key: string; title: string; status?: string; tour?: string }[] = [
  { key: 'all', title: 'All', tour: 'payouts-tab-all' },
  { key: 'pending', title: 'Pending', status: 'pending', tour: 'payouts-tab-pending' },
  { key: 'scheduled', title: 'Scheduled', status: 'scheduled', tour: 'payouts-tab-scheduled' },
  { key: 'completed', title: 'Completed', status: 'completed', tour: 'payouts-tab-completed' },
  { key: 'rejected', title: 'Rejected', status: 'rejected' },
  { key: 'failed', title: 'Failed', status: 'failed' },
  { key: 'bills', title: 'Bills', tour: 'payouts-tab-bills' },
];
/** The other list variants of 001 §2, each a filter of the same list. */
const ALIASES: Record<string, string> = {
  inbox: 'pending',
  'pending-approval': 'pending',
  'ready-to-send': 'scheduled',
  'direct-payout': 'all',
  me: 'all',
  'fill-missing-info': 'pending',
  'bills-summary': 'bills',
  quotes: 'bills',
};

/** /payouts, /payouts/{tab} and /payouts/{id}. */
export function PayoutsRouteScreen() {
  const { ref } = useParams();
  if (ref && UUID.test(ref)) return <PayoutScreen id={ref} />;
  return <PayoutsScreen tab={ALIASES[ref ?? ''] ?? ref ?? 'all'} />;
}

function PayoutsScreen(props: { tab: string }) {
  const navigate = useNavigate();
  const current = TABS.find((t) => t.key === props.tab) ?? TABS[0];
  const { filters, page, setFilters, setPage } = useListState(PAYOUT_GROUPS);
  const effective = { ...filters, status: current.status };
  const list = usePayouts(effective, page);
  const canCreate = useCan('payouts', 'post');
  const canApprove = useCan('approvalWorkflows', 'post');
  const pagination = list.data?.pagination;
  return (
    <Stack gap="lg">
      <PageHeader
        mb={0}
        title="Payouts"
        description={<>Payments to your vendors{pagination ? ` · ${pagination.totalItems} in total` : ''}</>}
        actions={
          <>
            <ExportCsvButton
              path="/payouts"
              filters={effective}
              groups={PAYOUT_GROUPS}
              filename="owo-payouts.csv"
            />
            {canApprove && (
              <Button variant="default" onClick={() => navigate(paths.payouts.massApproval.href())}>
                Mass approval
              </Button>
            )}
            <AddFundsButton />
            {canCreate && <Button onClick={() => navigate(paths.payouts.direct.href())}>New payout</Button>}
          </>
        }
      />
      <Tabs
        value={current.key}
        onChange={(v) =>
          navigate(v === 'all' ? paths.payouts.root.href() : paths.payouts.list.href({ list: String(v) }))
        }
      >
        <Tabs.List>
          {TABS.map((t) => (
            <Tabs.Tab key={t.key} value={t.key} data-tour={t.tour}>
              {t.title}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {current.key === 'bills' ? (
        <BillsList />
      ) : (
        <>
          <Card>
            <FilterBar
              groups={[]}
              value={filters}
              onChange={setFilters}
              searchPlaceholder="Search by reference, vendor or narration"
            />
          </Card>
          <Card padding={0}>
            <ListBody query={list} isEmpty={!list.data?.items.length}>
              <Table highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Date</Table.Th>
                    <Table.Th>Reference</Table.Th>
                    <Table.Th>Vendor</Table.Th>
                    <Table.Th>Narration</Table.Th>
                    <Table.Th>Amount</Table.Th>
                    <Table.Th>Scheduled</Table.Th>
                    <Table.Th>Status</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {(list.data?.items ?? []).map((p) => (
                    <Table.Tr
                      key={p.id}
                      style={{ cursor: 'pointer' }}
                      onClick={() => navigate(paths.payouts.detail.href({ ref: p.id }))}
                    >
                      <Table.Td>{formatDate(p.createdAt)}</Table.Td>
                      <Table.Td>{p.reference}</Table.Td>
                      <Table.Td>{p.payee.name}</Table.Td>
                      <Table.Td>{p.narration}</Table.Td>
                      <Table.Td>{formatMoney(p.amountMinor, p.currency)}</Table.Td>
                      <Table.Td>{p.scheduledDate ? formatDate(p.scheduledDate) : '—'}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap', minWidth: 120 }}>
                        <StatusBadge status={p.status} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ListBody>
            <ListPagination pagination={pagination} page={page} onChange={setPage} />
          </Card>
        </>
      )}
    </Stack>
  );
}

/** /payouts/{id}: the payout, the shared approval actions and its trail; a schedule can move or stop. */
function PayoutScreen(props: { id: string }) {
  const navigate = useNavigate();
  const q = usePayout(props.id);
  const canPut = useCan('payouts', 'put');
  const canDelete = useCan('payouts', 'delete');
  const [date, setDate] = useState('');
  const move = useApiMutation({
    mutationFn: () => payoutApi.reschedule(q.data!.scheduleId!, date),
    onSuccess: () => void refreshPayouts(),
  });
  const cancel = useApiMutation({
    mutationFn: () => payoutApi.cancelSchedule(q.data!.scheduleId!),
    onSuccess: () => void refreshPayouts(),
  });
  const [stopping, setStopping] = useState(false);
  const stop = useApiMutation({
    mutationFn: () => payoutApi.stopRecurrence(q.data!.recurrence!.id),
    onSuccess: () => {
      setStopping(false);
      void refreshPayouts();
    },
  });
  if (q.isLoading) return <Loader />;
  if (q.error || !q.data) return <Alert color="red">{q.error?.message ?? 'Payout not found'}</Alert>;
  const p = q.data;
  const scheduleOpen = !!p.scheduleId && ['pending', 'scheduled'].includes(p.status);
  return (
    <Stack gap="lg">
      <PageHeader
        mb={0}
        above={
          <Button variant="subtle" px={0} onClick={() => navigate(paths.payouts.root.href())}>
            ← Payouts
          </Button>
        }
        title={formatMoney(p.amountMinor, p.currency)}
        badges={<StatusBadge status={p.status} />}
        description={
          <>
            {p.reference} · {formatDateTime(p.createdAt)} · by {p.maker.name}
          </>
        }
        actions={
          <>
            {canPut && isPayoutEditable(p) && (
              <Button variant="default" onClick={() => navigate(paths.payouts.edit.href({ ref: p.id }))}>
                Edit
              </Button>
            )}
            <ApprovalActions
              item={p.approvalWorkflowPendingApprovalItem}
              onDone={() => void refreshPayouts()}
            />
          </>
        }
      />
      {p.failureReason && <Alert color="red">{p.failureReason}</Alert>}
      <Card>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <DetailField label="Vendor" value={p.payee.name} />
          <DetailField label="Bank" value={`${p.payee.bankName} · ${p.payee.accountNumber}`} />
          <DetailField label="Account name" value={p.payee.accountName} />
          <DetailField label="Fee" value={formatMoney(p.feeMinor, p.currency)} />
          <DetailField label="Total" value={formatMoney(p.amountMinor + p.feeMinor, p.currency)} />
          <DetailField label="Payout type" value={p.payoutOption} />
          <DetailField label="Narration" value={p.narration} />
          <DetailField label="Scheduled date" value={p.scheduledDate ? formatDate(p.scheduledDate) : null} />
          <DetailField label="Approval" value={p.approvalStatus} />
          {p.recipientCurrency && p.recipientAmountMinor != null && (
            <DetailField
              label="Recipient gets"
              value={`${formatMoney(p.recipientAmountMinor, p.recipientCurrency)} at ${p.fxRate ?? '1'} ${p.currency}/${p.recipientCurrency}`}
            />
          )}
          {p.wirePurpose && (
            <DetailField
              label="Wire purpose"
              value={`${WIRE_PURPOSE_LABELS[p.wirePurpose as WirePurpose] ?? p.wirePurpose} · ${p.wireNarration ?? ''}`}
            />
          )}
          {p.senderDetails && <DetailField label="Sent on behalf of" value={p.senderDetails.name} />}
        </SimpleGrid>
      </Card>
      {p.recurrence && (
        <Card>
          <Group justify="space-between" align="center">
            <div>
              <Title order={5}>{describeRecurrence(p.recurrence)}</Title>
              <Text size="sm" c="dimmed">
                {p.recurrence.status === 'active'
                  ? `Next payment ${formatDate(p.recurrence.nextDate)}`
                  : p.recurrence.status === 'cancelled'
                    ? 'Stopped'
                    : 'Ended'}{' '}
                · {p.recurrence.occurrences} repeat payment{p.recurrence.occurrences === 1 ? '' : 's'} made
              </Text>
            </div>
            {canDelete && p.recurrence.status === 'active' && (
              <Button color="red" variant="light" onClick={() => setStopping(true)}>
                Stop repeating
              </Button>
            )}
          </Group>
          <ConfirmModal
            opened={stopping}
            title="Stop repeating"
            text="No further payments of this series will be made. Payouts already made stand."
            confirm="Stop repeating"
            loading={stop.isPending}
            onConfirm={() => stop.mutate()}
            onClose={() => setStopping(false)}
          />
        </Card>
      )}
      {scheduleOpen && (canPut || canDelete) && (
        <Card>
          <Title order={5} mb="sm">
            Schedule
          </Title>
          <Group align="flex-end">
            {canPut && (
              <>
                <DateField label="New date" value={date} onChange={setDate} />
                <Button
                  loading={move.isPending}
                  disabled={!/^\d{4}-\d{2}-\d{2}$/.test(date)}
                  onClick={() => move.mutate()}
                >
                  Move
                </Button>
              </>
            )}
            {canDelete && (
              <Button color="red" variant="light" loading={cancel.isPending} onClick={() => cancel.mutate()}>
                Cancel scheduled payout
              </Button>
            )}
          </Group>
        </Card>
      )}
      {p.approvalWorkflowPendingApprovalItem && (
        <Card>
          <Title order={5} mb="sm">
            Approval history
          </Title>
          <TrailList item={p.approvalWorkflowPendingApprovalItem} />
        </Card>
      )}
    </Stack>
  );
}
