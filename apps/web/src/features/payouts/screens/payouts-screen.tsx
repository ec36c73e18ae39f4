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
  RowCards,
  usePhone,
  useListState,
  type ListFilters,
} from '../../../components/list';
import { type Payout, type PayoutDetail } from '@owo/contract/payouts';
import { WIRE_PURPOSE_LABELS, type WirePurpose } from '@owo/contract/payouts-pay-someone';
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
  const current = TABS.find((t) => t.key === props.tab) ?? TABS[0];
  const { filters, page, setFilters, setPage } = useListState(PAYOUT_GROUPS);
  const effective = { ...filters, status: current.status };
  const list = usePayouts(effective, page);
  const pagination = list.data?.pagination;
  return (
    <Stack gap="lg">
      <PageHeader
        mb={0}
        title="Payouts"
        description={<>Payments to your vendors{pagination ? ` · ${pagination.totalItems} in total` : ''}</>}
        actions={<PayoutsActions filters={effective} />}
      />
      <PayoutsTabs current={current.key} />
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
              <PayoutsTable items={list.data?.items ?? []} />
            </ListBody>
            <ListPagination pagination={pagination} page={page} onChange={setPage} />
          </Card>
        </>
      )}
    </Stack>
  );
}

/** The list's header actions: export, mass approval, add funds and a new payout. */
function PayoutsActions(props: { filters: ListFilters }) {
  const navigate = useNavigate();
  const canCreate = useCan('payouts', 'post');
  const canApprove = useCan('approvalWorkflows', 'post');
  return (
    <>
      <ExportCsvButton
        path="/payouts"
        filters={props.filters}
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
  );
}

/** The tabs over the list; each one is its own address. */
function PayoutsTabs(props: { current: string }) {
  const navigate = useNavigate();
  return (
    <Tabs
      value={props.current}
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
  );
}

/** The payouts table; a row opens its payout. */
function PayoutsTable(props: { items: Payout[] }) {
  const navigate = useNavigate();
  const phone = usePhone();
  const open = (p: Payout) => navigate(paths.payouts.detail.href({ ref: p.id }));
  if (phone)
    return (
      <RowCards
        label="Payouts"
        rows={props.items.map((p) => ({
          key: p.id,
          title: p.payee.name,
          subtitle: `${formatDate(p.createdAt)} · ${p.reference}`,
          amount: formatMoney(p.amountMinor, p.currency),
          status: <StatusBadge status={p.status} />,
          onOpen: () => open(p),
        }))}
      />
    );
  return (
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
        {props.items.map((p) => (
          <Table.Tr key={p.id} style={{ cursor: 'pointer' }} onClick={() => open(p)}>
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
  );
}

/** The detail's schedule and recurrence actions: move or cancel the schedule, stop the series. */
function usePayoutScheduleActions(payout: PayoutDetail | undefined) {
  const [date, setDate] = useState('');
  const move = useApiMutation({
    mutationFn: () => payoutApi.reschedule(payout!.scheduleId!, date),
    onSuccess: () => void refreshPayouts(),
  });
  const cancel = useApiMutation({
    mutationFn: () => payoutApi.cancelSchedule(payout!.scheduleId!),
    onSuccess: () => void refreshPayouts(),
  });
  const [stopping, setStopping] = useState(false);
  const stop = useApiMutation({
    mutationFn: () => payoutApi.stopRecurrence(payout!.recurrence!.id),
    onSuccess: () => {
      setStopping(false);
      void refreshPayouts();
    },
  });
  return { date, setDate, move, cancel, stopping, setStopping, stop };
}
type ScheduleActions = ReturnType<typeof usePayoutScheduleActions>;

/** /payouts/{id}: the payout, the shared approval actions and its trail; a schedule can move or stop. */
function PayoutScreen(props: { id: string }) {
  const navigate = useNavigate();
  const q = usePayout(props.id);
  const canPut = useCan('payouts', 'put');
  const canDelete = useCan('payouts', 'delete');
  const actions = usePayoutScheduleActions(q.data);
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
      <PayoutFields p={p} />
      {p.recurrence && <RecurrenceCard recurrence={p.recurrence} canDelete={canDelete} actions={actions} />}
      {scheduleOpen && (canPut || canDelete) && (
        <ScheduleCard canPut={canPut} canDelete={canDelete} actions={actions} />
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

/** The payout's fields: vendor, bank, money, type, schedule, and the wire's extras. */
function PayoutFields({ p }: { p: PayoutDetail }) {
  return (
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
  );
}

/** A repeating payout's series: its next date or end, the count made, and stopping it. */
function RecurrenceCard(props: {
  recurrence: NonNullable<PayoutDetail['recurrence']>;
  canDelete: boolean;
  actions: ScheduleActions;
}) {
  const { recurrence: r, actions } = props;
  return (
    <Card>
      <Group justify="space-between" align="center">
        <div>
          <Title order={5}>{describeRecurrence(r)}</Title>
          <Text size="sm" c="dimmed">
            {r.status === 'active'
              ? `Next payment ${formatDate(r.nextDate)}`
              : r.status === 'cancelled'
                ? 'Stopped'
                : 'Ended'}{' '}
            · {r.occurrences} repeat payment{r.occurrences === 1 ? '' : 's'} made
          </Text>
        </div>
        {props.canDelete && r.status === 'active' && (
          <Button color="red" variant="light" onClick={() => actions.setStopping(true)}>
            Stop repeating
          </Button>
        )}
      </Group>
      <ConfirmModal
        opened={actions.stopping}
        title="Stop repeating"
        text="No further payments of this series will be made. Payouts already made stand."
        confirm="Stop repeating"
        loading={actions.stop.isPending}
        onConfirm={() => actions.stop.mutate()}
        onClose={() => actions.setStopping(false)}
      />
    </Card>
  );
}

/** A scheduled payout still open: move it to a new date, or cancel it. */
function ScheduleCard(props: { canPut: boolean; canDelete: boolean; actions: ScheduleActions }) {
  const { date, setDate, move, cancel } = props.actions;
  return (
    <Card>
      <Title order={5} mb="sm">
        Schedule
      </Title>
      <Group align="flex-end">
        {props.canPut && (
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
        {props.canDelete && (
          <Button color="red" variant="light" loading={cancel.isPending} onClick={() => cancel.mutate()}>
            Cancel scheduled payout
          </Button>
        )}
      </Group>
    </Card>
  );
}
