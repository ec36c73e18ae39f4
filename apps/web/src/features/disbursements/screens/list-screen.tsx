import { Button, Card, Progress, Stack, Table, Tabs, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Disbursement, DisbursementTab } from '@owo/contract/disbursements';
import {
  DAY_PRESETS,
  ExportCsvButton,
  FilterBar,
  ListBody,
  ListPagination,
  useListState,
} from '../../../components/list';
import { formatDate, formatMoney } from '../../../lib/format';
import { useCan } from '../../../lib/session';
import { DISBURSEMENT_GROUPS, useDisbursements } from '../api';
import { StatusBadge } from '../../../components/status-badge';
import { batchStatusLabel } from './status';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';
import { useTranslation } from 'react-i18next';

const TABS: { key: 'all' | DisbursementTab }[] = [
  { key: 'all' },
  { key: 'pending' },
  { key: 'rejected' },
  { key: 'active' },
];
const NO_GROUPS: readonly string[] = [];

/** One batch: date, name and reference, maker, rows, total, progress and status; a click opens it. */
function DisbursementRow({ d }: { d: Disbursement }) {
  const navigate = useNavigate();
  const done = d.progress.paid + d.progress.failed;
  return (
    <Table.Tr
      style={{ cursor: 'pointer' }}
      onClick={() =>
        navigate(
          d.status === 'validating' || d.status === 'invalid'
            ? paths.disbursements.validation.href({ id: d.id })
            : paths.disbursements.detail.href({ id: d.id }),
        )
      }
    >
      <Table.Td>{formatDate(d.createdAt)}</Table.Td>
      <Table.Td>
        <Text size="sm" fw={500}>
          {d.name}
        </Text>
        <Text size="xs" c="dimmed">
          {d.reference}
        </Text>
      </Table.Td>
      <Table.Td>{d.maker.name}</Table.Td>
      <Table.Td ta="right">{d.itemCount.toLocaleString('en-NG')}</Table.Td>
      <Table.Td ta="right">{formatMoney(d.totalMinor, d.currency)}</Table.Td>
      <Table.Td miw={120}>
        {done > 0 ? (
          <Progress value={(done / Math.max(1, d.progress.rows)) * 100} size="sm" />
        ) : (
          <Text size="xs" c="dimmed">
            —
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <StatusBadge status={d.status} label={batchStatusLabel(d.status)} />
      </Table.Td>
    </Table.Tr>
  );
}

/** The page of batches. */
function DisbursementsTable({ items }: { items: Disbursement[] }) {
  const { t } = useTranslation('disbursements');
  return (
    <Table highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('listScreen.date')}</Table.Th>
          <Table.Th>{t('listScreen.name')}</Table.Th>
          <Table.Th>{t('listScreen.createdBy')}</Table.Th>
          <Table.Th ta="right">{t('listScreen.rows')}</Table.Th>
          <Table.Th ta="right">{t('listScreen.total')}</Table.Th>
          <Table.Th>{t('listScreen.progress')}</Table.Th>
          <Table.Th>{t('listScreen.status')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((d) => (
          <DisbursementRow key={d.id} d={d} />
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The tabs; each is its own address. */
function TabBar({ tab }: { tab: 'all' | DisbursementTab }) {
  const { t } = useTranslation('disbursements');
  const navigate = useNavigate();
  return (
    <Tabs
      value={tab}
      onChange={(v) =>
        navigate(
          v === 'all' ? paths.disbursements.root.href() : paths.disbursements.tab.href({ tab: String(v) }),
        )
      }
    >
      <Tabs.List>
        {TABS.map((tb) => (
          <Tabs.Tab key={tb.key} value={tb.key}>
            {t(`listScreen.tabs.${tb.key}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}

/** /disbursements with /pending, /rejected and /active: each tab a filter of one list (the list kit). */
export function DisbursementsScreen() {
  const { t } = useTranslation('disbursements');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const tab = (TABS.find((tb) => pathname === paths.disbursements.detail.href({ id: tb.key }))?.key ??
    'all') as 'all' | DisbursementTab;
  const { filters, page, setFilters, setPage } = useListState(NO_GROUPS);
  const withTab = useMemo(() => (tab === 'all' ? filters : { ...filters, status: tab }), [filters, tab]);
  const list = useDisbursements(withTab, page);
  const canCreate = useCan('disbursement', 'post');
  const pagination = list.data?.pagination;
  return (
    <Stack gap="lg">
      <PageHeader
        mb={0}
        title={t('listScreen.bulkDisbursements')}
        description={
          <>
            {pagination
              ? t('listScreen.payManyBankAccountsFromCounted', { totalItems: pagination.totalItems })
              : t('listScreen.payManyBankAccountsFrom')}
          </>
        }
        actions={
          <>
            <ExportCsvButton
              path="/disbursements"
              filters={withTab}
              groups={DISBURSEMENT_GROUPS}
              filename="owo-disbursements.csv"
            />
            {canCreate && (
              <Button onClick={() => navigate(paths.disbursements.new.href())}>
                {t('listScreen.newBulkPayment')}
              </Button>
            )}
          </>
        }
      />
      <TabBar tab={tab} />
      <Card>
        <FilterBar
          groups={[]}
          value={filters}
          onChange={setFilters}
          presets={DAY_PRESETS}
          searchPlaceholder={t('listScreen.searchByNameReferenceOr')}
        />
      </Card>
      <Card padding={0}>
        <ListBody query={list} isEmpty={!list.data?.items.length}>
          <DisbursementsTable items={list.data?.items ?? []} />
        </ListBody>
        <ListPagination pagination={pagination} page={page} onChange={setPage} />
      </Card>
    </Stack>
  );
}
