// The dashboard's bills and assets panels (issue 27 §2; 002 §2 "Insight dashboard": bills
// overview, bill payments awaiting approval, assets overview, asset payout statistics).
import { BarChart, DonutChart } from '../../components/charts';
import { Anchor, Box, Group, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { BILL_INSIGHT_LABELS, type BillInsightStatus, type Dashboard } from '@owo/contract/insights';
import { ChartEmptyState } from '../../components/page-states';
import { formatChartMoney, formatDate, formatMoney, formatRelative, titleCase } from '../../lib/format';
import { paths } from '../../lib/paths';
import { Panel } from './components';
import { bucketLabel } from './periods';
import { useTranslation } from 'react-i18next';

const major = (minor: number) => minor / 100;
const BILL_COLORS: Record<BillInsightStatus, string> = {
  requested: 'gray.5',
  received: 'blue.5',
  awaitingApproval: 'yellow.6',
  processing: 'cyan.6',
  scheduled: 'indigo.5',
  paid: 'teal.6',
  overdue: 'red.6',
  rejected: 'gray.7',
  failed: 'red.8',
  cancelled: 'gray.4',
};
const TYPE_COLORS = ['indigo.6', 'teal.6', 'orange.6', 'grape.6', 'cyan.6', 'lime.6', 'pink.6', 'gray.6'];

type Props = { data: Dashboard; currency: string; csv: (panel: string) => ReactNode };

export function BillsOverviewPanel({ data, currency, csv }: Props) {
  const { t } = useTranslation('dashboard');
  const rows = data.billsOverview;
  const total = rows.reduce((s, r) => s + r.count, 0);
  return (
    <Panel
      title={t('billsAssetsPanels.billsOverview')}
      action={csv('billsOverview')}
      testId="panel-bills-overview"
    >
      {total ? (
        <>
          <Text size="sm" c="dimmed" mb="xs">
            {t('billsAssetsPanels.billsInThisPeriod', { count: total })}
          </Text>
          <BarChart
            h={40 + rows.length * 30}
            orientation="vertical"
            data={rows.map((r) => ({
              status: `${BILL_INSIGHT_LABELS[r.status]} (${r.count})`,
              Amount: major(r.amountMinor),
              color: BILL_COLORS[r.status],
            }))}
            dataKey="status"
            series={[{ name: 'Amount', color: 'indigo.6' }]}
            valueFormatter={(v) => formatChartMoney(Math.round(v * 100), currency)}
            yAxisProps={{ width: 140 }}
          />
        </>
      ) : (
        <ChartEmptyState text={t('billsAssetsPanels.noBillsInThisPeriod')} />
      )}
    </Panel>
  );
}

export function BillsAwaitingPanel({ data, currency, csv }: Props) {
  const { t } = useTranslation('dashboard');
  const w = data.billsAwaitingApproval;
  return (
    <Panel
      title={t('billsAssetsPanels.billsAwaitingApproval')}
      action={csv('billsAwaitingApproval')}
      testId="panel-bills-awaiting-approval"
    >
      {w.count ? (
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            {t('billsAssetsPanels.billCount', { count: w.count })} · {formatMoney(w.totalMinor, currency)}
          </Text>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('billsAssetsPanels.vendor')}</Table.Th>
                <Table.Th>{t('billsAssetsPanels.waiting')}</Table.Th>
                <Table.Th>{t('billsAssetsPanels.due')}</Table.Th>
                <Table.Th ta="right">{t('billsAssetsPanels.amount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {w.oldest.map((b) => (
                <Table.Tr key={b.reference}>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={paths.bills.inDashboard.href({ ref: b.reference })}
                      size="sm"
                    >
                      {b.vendor ?? b.invoiceNumber ?? t('billsAssetsPanels.bill2')}
                    </Anchor>
                    {b.invoiceNumber && b.vendor && (
                      <Text size="xs" c="dimmed">
                        {b.invoiceNumber}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{formatRelative(b.waitingSince)}</Table.Td>
                  <Table.Td>{formatDate(b.dueDate)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(b.amountMinor, currency)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      ) : (
        <ChartEmptyState text={t('billsAssetsPanels.noBillsAreWaitingFor')} />
      )}
    </Panel>
  );
}

export function AssetsOverviewPanel({ data, csv }: Omit<Props, 'currency'>) {
  const { t } = useTranslation('dashboard');
  const a = data.assetsOverview;
  const byType = new Map<string, { count: number; valueMinor: number }>();
  for (const r of a.byType) {
    const agg = byType.get(r.type) ?? { count: 0, valueMinor: 0 };
    byType.set(r.type, { count: agg.count + r.count, valueMinor: agg.valueMinor + r.valueMinor });
  }
  // Sized by inventory value when the products are priced, else by count.
  const byValue = a.valueMinor > 0;
  const colorOf = new Map([...byType.keys()].map((type, i) => [type, TYPE_COLORS[i % TYPE_COLORS.length]]));
  return (
    <Panel
      title={t('billsAssetsPanels.assetsOverview')}
      action={csv('assetsOverview')}
      testId="panel-assets-overview"
    >
      {a.count ? (
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            {t('billsAssetsPanels.assetsActiveValueAdded', {
              count: a.count,
              activeCount: a.activeCount,
              amount: formatMoney(a.valueMinor, a.valueCurrency),
              addedInPeriod: a.addedInPeriod,
            })}
          </Text>
          <DonutChart
            h={180}
            withLabels
            data={[...byType].map(([type, x]) => ({
              name: `${titleCase(type)} (${x.count})`,
              value: byValue ? x.valueMinor : x.count,
              label: byValue ? formatChartMoney(x.valueMinor, a.valueCurrency) : String(x.count),
              color: colorOf.get(type)!,
            }))}
          />
          <Table>
            <Table.Tbody>
              {a.byType.map((r) => (
                <Table.Tr key={`${r.type}-${r.status}`}>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Box w={10} h={10} bg={colorOf.get(r.type)} style={{ borderRadius: 2 }} />
                      {titleCase(r.type)}
                    </Group>
                  </Table.Td>
                  <Table.Td tt="capitalize">{r.status}</Table.Td>
                  <Table.Td>{r.count}</Table.Td>
                  <Table.Td ta="right">{formatMoney(r.valueMinor, a.valueCurrency)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      ) : (
        <ChartEmptyState text={t('billsAssetsPanels.noAssetsYet')} />
      )}
    </Panel>
  );
}

export function AssetPayoutsPanel({ data, currency, csv }: Props) {
  const { t } = useTranslation('dashboard');
  const p = data.assetPayouts;
  return (
    <Panel
      title={t('billsAssetsPanels.assetPayoutStatistics')}
      action={csv('assetPayouts')}
      testId="panel-asset-payouts"
    >
      {p.count ? (
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            {t('billsAssetsPanels.payoutCount', { count: p.count })} · {formatMoney(p.amountMinor, currency)}
          </Text>
          <BarChart
            h={180}
            data={p.buckets.map((b) => ({
              bucket: bucketLabel(b.bucket, data.paymentOverview.period),
              Paid: major(b.amountMinor),
            }))}
            dataKey="bucket"
            series={[{ name: 'Paid', color: 'grape.6' }]}
            valueFormatter={(v) => formatChartMoney(Math.round(v * 100), currency)}
            tickFormatter={(v) => formatChartMoney(Math.round(v * 100), currency, { compact: true })}
            yAxisProps={{ width: 84 }}
          />
          <Text size="sm" fw={600}>
            {t('billsAssetsPanels.topAssets')}
          </Text>
          <Table>
            <Table.Tbody>
              {p.topAssets.map((x) => (
                <Table.Tr key={x.assetId}>
                  <Table.Td>
                    <Anchor component={Link} to={paths.assets.detail.href({ id: x.assetId })} size="sm">
                      {x.type} · {x.brand} {x.modelNo}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {x.serialNo}
                    </Text>
                  </Table.Td>
                  <Table.Td>{x.count}</Table.Td>
                  <Table.Td ta="right">{formatMoney(x.amountMinor, currency)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      ) : (
        <ChartEmptyState text={t('billsAssetsPanels.noAssetPayoutsInThis')} />
      )}
    </Panel>
  );
}
