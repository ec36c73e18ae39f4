import { Button, Card, Stack, Table, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Vending } from '@owo/contract/marketplace';
import { FilterBar, ListBody, ListPagination, useListState } from '../../../components/list';
import { StatusBadge } from '../../../components/status-badge';
import { formatDate, formatMoney } from '../../../lib/format';
import { useCan } from '../../../lib/session';
import { useVendings, VENDING_GROUPS } from '../api';
import { BuyModal } from '../components/buy-modal';
import { approvalLabel, vendStatusLabel } from '../components/status';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';

const TABS = [
  { key: 'vending-history', status: undefined },
  { key: 'pending', status: 'pending' },
  { key: 'rejected', status: 'rejected' },
  { key: 'transactions', status: 'SUCCESS' },
] as const;

/** The vend statuses a list filters by (labels in marketplace:statusOption.<value>). */
const STATUS_VALUES = ['pending', 'awaiting', 'SUCCESS', 'FAILED', 'rejected'] as const;

/** The purchases as rows; a row opens the purchase. */
function VendingsTable({ items }: { items: Vending[] }) {
  const { t } = useTranslation('marketplace');
  const navigate = useNavigate();
  return (
    <Table highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('cols.date')}</Table.Th>
          <Table.Th>{t('cols.meter')}</Table.Th>
          <Table.Th>{t('cols.name')}</Table.Th>
          <Table.Th>{t('cols.disco')}</Table.Th>
          <Table.Th>{t('cols.amount')}</Table.Th>
          <Table.Th>{t('cols.approval')}</Table.Th>
          <Table.Th>{t('cols.status')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((v) => (
          <Table.Tr
            key={v.id}
            style={{ cursor: 'pointer' }}
            onClick={() => navigate(paths.marketplace.vending.href({ id: v.id }))}
          >
            <Table.Td>{formatDate(v.createdAt)}</Table.Td>
            <Table.Td>
              {v.assetIdentifier}
              {v.assetLabel && (
                <Text size="xs" c="dimmed">
                  {v.assetLabel}
                </Text>
              )}
            </Table.Td>
            <Table.Td>{v.metadata.name}</Table.Td>
            <Table.Td>{v.metadata.disco}</Table.Td>
            <Table.Td>{formatMoney(v.amountMinor, v.currency)}</Table.Td>
            <Table.Td>
              <StatusBadge status={v.approvalStatus} label={approvalLabel(v.approvalStatus)} />
            </Table.Td>
            <Table.Td>
              <StatusBadge status={v.vendStatus} label={vendStatusLabel(v.vendStatus)} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** /marketplace and its lists: /vending-history, /pending, /rejected, /transactions (001 §2). */
export function MarketplaceScreen() {
  const { t } = useTranslation('marketplace');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const key = pathname.split('/')[2] ?? 'vending-history';
  const tab = TABS.find((x) => x.key === key) ?? TABS[0];
  const canBuy = useCan('marketplaceVendings', 'post');
  const canAssets = useCan('marketplaceAssets', 'get');
  const canReport = useCan('marketplaceTransactions', 'get');
  const [buying, setBuying] = useState(false);
  const { filters, page, setFilters, setPage } = useListState(VENDING_GROUPS);
  const list = useVendings(filters, page, tab.status ?? filters.status);
  const pagination = list.data?.pagination;
  return (
    <Stack gap="lg">
      <PageHeader
        mb={0}
        title={t('title')}
        description={t('subtitle')}
        actions={
          <>
            {canReport && (
              <Button variant="secondary" onClick={() => navigate(paths.marketplace.meterReport.href())}>
                {t('report.button')}
              </Button>
            )}
            {canAssets && (
              <Button variant="secondary" onClick={() => navigate(paths.marketplace.meters.href())}>
                {t('assets')}
              </Button>
            )}
            {canBuy && <Button onClick={() => setBuying(true)}>{t('buy')}</Button>}
          </>
        }
      />
      <Tabs value={tab.key} onChange={(v) => navigate(paths.marketplace.tab.href({ tab: String(v) }))}>
        <Tabs.List>
          {TABS.map((x) => (
            <Tabs.Tab key={x.key} value={x.key}>
              {t(`tabs.${x.key}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Card>
        <FilterBar
          groups={
            tab.status
              ? []
              : [
                  {
                    key: 'status',
                    label: t('cols.status'),
                    options: STATUS_VALUES.map((value) => ({ value, label: t(`statusOption.${value}`) })),
                  },
                ]
          }
          value={filters}
          onChange={setFilters}
          presets={[]}
          searchPlaceholder={t('marketplaceScreen.searchByMeterCustomerOr')}
        />
      </Card>
      <Card padding={0}>
        <ListBody query={list} isEmpty={!list.data?.items.length}>
          <VendingsTable items={list.data?.items ?? []} />
        </ListBody>
        <ListPagination pagination={pagination} page={page} onChange={setPage} />
      </Card>
      <BuyModal opened={buying} onClose={() => setBuying(false)} />
    </Stack>
  );
}
