import { Alert, Button, Card, Loader, Stack, Tabs, Title } from '@mantine/core';
import { useNavigate, useParams } from 'react-router-dom';
import {
  AddFundsButton,
  ExportCsvButton,
  FilterBar,
  ListBody,
  ListPagination,
  useListState,
  type ListFilters,
} from '../../../components/list';
import { StatusBadge } from '../../../components/status-badge';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useCan } from '../../../lib/session';
import { ApprovalActions, TrailList } from '../../approvals';
import { isPayoutEditable, PAYOUT_GROUPS, refreshPayouts, usePayout, usePayouts } from '../api';
import { PayoutFields } from '../components/payout-detail-fields';
import { PayoutsTable } from '../components/payouts-table';
import { RecurrenceCard, ScheduleCard, usePayoutScheduleActions } from '../components/payout-schedule';
import { BillsList } from './bills';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../../lib/messages';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The tabs (each a filter of the one list; titles in payouts:payoutsScreen.tab.<key>); data-tour
 * targets as the built tour expects. */
const TABS: { key: string; status?: string; tour?: string }[] = [
  { key: 'all', tour: 'payouts-tab-all' },
  { key: 'pending', status: 'pending', tour: 'payouts-tab-pending' },
  { key: 'scheduled', status: 'scheduled', tour: 'payouts-tab-scheduled' },
  { key: 'completed', status: 'completed', tour: 'payouts-tab-completed' },
  { key: 'rejected', status: 'rejected' },
  { key: 'failed', status: 'failed' },
  { key: 'bills', tour: 'payouts-tab-bills' },
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
  const { t } = useTranslation('payouts');
  const current = TABS.find((tab) => tab.key === props.tab) ?? TABS[0];
  const { filters, page, setFilters, setPage } = useListState(PAYOUT_GROUPS);
  const effective = { ...filters, status: current.status };
  const list = usePayouts(effective, page);
  const pagination = list.data?.pagination;
  return (
    <Stack gap="lg">
      <PageHeader
        mb={0}
        title={t('payoutsScreen.payouts')}
        description={
          <>
            {pagination
              ? t('payoutsScreen.paymentsToYourVendorsCounted', { totalItems: pagination.totalItems })
              : t('payoutsScreen.paymentsToYourVendors')}
          </>
        }
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
              searchPlaceholder={t('payoutsScreen.searchByReferenceVendorOr')}
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
  const { t } = useTranslation('payouts');
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
        <Button variant="secondary" onClick={() => navigate(paths.payouts.massApproval.href())}>
          {t('payoutsScreen.massApproval')}
        </Button>
      )}
      <AddFundsButton />
      {canCreate && (
        <Button onClick={() => navigate(paths.payouts.direct.href())}>{t('payoutsScreen.newPayout')}</Button>
      )}
    </>
  );
}

/** The tabs over the list; each one is its own address. */
function PayoutsTabs(props: { current: string }) {
  const navigate = useNavigate();
  const { t } = useTranslation('payouts');
  return (
    <Tabs
      value={props.current}
      onChange={(v) =>
        navigate(v === 'all' ? paths.payouts.root.href() : paths.payouts.list.href({ list: String(v) }))
      }
    >
      <Tabs.List>
        {TABS.map((tab) => (
          <Tabs.Tab key={tab.key} value={tab.key} data-tour={tab.tour}>
            {t(`payoutsScreen.tab.${tab.key}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}

/** /payouts/{id}: the payout, the shared approval actions and its trail; a schedule can move or stop. */
function PayoutScreen(props: { id: string }) {
  const { t } = useTranslation('payouts');
  const navigate = useNavigate();
  const q = usePayout(props.id);
  const canPut = useCan('payouts', 'put');
  const canDelete = useCan('payouts', 'delete');
  const actions = usePayoutScheduleActions(q.data);
  if (q.isLoading) return <Loader />;
  if (q.error || !q.data)
    return <Alert color="red">{messageText(q.error?.message ?? t('payoutsScreen.payoutNotFound'))}</Alert>;
  const p = q.data;
  const scheduleOpen = !!p.scheduleId && ['pending', 'scheduled'].includes(p.status);
  return (
    <Stack gap="lg">
      <PageHeader
        mb={0}
        above={
          <Button variant="subtle" px={0} onClick={() => navigate(paths.payouts.root.href())}>
            {t('payoutsScreen.payouts2')}
          </Button>
        }
        title={formatMoney(p.amountMinor, p.currency)}
        badges={<StatusBadge status={p.status} />}
        description={
          <>
            {t('payoutsScreen.by', {
              reference: p.reference,
              date: formatDateTime(p.createdAt),
              name: p.maker.name,
            })}
          </>
        }
        actions={
          <>
            {canPut && isPayoutEditable(p) && (
              <Button variant="secondary" onClick={() => navigate(paths.payouts.edit.href({ ref: p.id }))}>
                {t('payoutsScreen.edit')}
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
            {t('payoutsScreen.approvalHistory')}
          </Title>
          <TrailList item={p.approvalWorkflowPendingApprovalItem} />
        </Card>
      )}
    </Stack>
  );
}
