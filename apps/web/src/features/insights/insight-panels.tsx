import { BarChart, DonutChart } from '../../components/charts';
import { Alert, Progress, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartEmptyState } from '../../components/page-states';
import { formatChartMoney, formatMoney, titleCase } from '../../lib/format';
import { useDashboard, type InsightFilter } from './api';
import {
  AssetPayoutsPanel,
  AssetsOverviewPanel,
  BillsAwaitingPanel,
  BillsOverviewPanel,
} from './bills-assets-panels';
import { Panel, PanelCsvButton } from './components';
import { ForecastPanel } from './forecast-panel';
import { bucketLabel } from './periods';
import type { Dashboard } from '@owo/contract/insights';
import { messageText } from '../../lib/messages';

const major = (minor: number) => minor / 100;
const STATUS_COLORS: Record<string, string> = {
  completed: 'teal.6',
  pending: 'yellow.6',
  approved: 'blue.6',
  paying: 'cyan.6',
  failed: 'red.6',
  rejected: 'gray.6',
  retired: 'grape.6',
};

type Props = { data: Dashboard; currency: string; csv: (panel: string) => ReactNode };

/** Money in and out per bucket of the period. */
function PaymentOverviewPanel({ data, currency: cur, csv }: Props) {
  const { t } = useTranslation('dashboard');
  const o = data.paymentOverview;
  const moneyIn = t('panels.moneyIn');
  const moneyOut = t('panels.moneyOut');
  return (
    <Panel
      title={t('panels.paymentOverview')}
      action={csv('paymentOverview')}
      testId="panel-payment-overview"
    >
      <Text size="sm" c="dimmed" mb="xs">
        {t('panels.paymentTotals', {
          in: formatMoney(o.totalInMinor, cur),
          out: formatMoney(o.totalOutMinor, cur),
        })}
      </Text>
      {o.buckets.length ? (
        <BarChart
          h={260}
          data={o.buckets.map((b) => ({
            bucket: bucketLabel(b.bucket, o.period),
            [moneyIn]: major(b.moneyInMinor),
            [moneyOut]: major(b.moneyOutMinor),
          }))}
          dataKey="bucket"
          series={[
            { name: moneyIn, color: 'teal.6' },
            { name: moneyOut, color: 'red.5' },
          ]}
          valueFormatter={(v) => formatChartMoney(Math.round(v * 100), cur)}
          tickFormatter={(v) => formatChartMoney(Math.round(v * 100), cur, { compact: true })}
          yAxisProps={{ width: 84 }}
          withLegend
        />
      ) : (
        <ChartEmptyState h={260} text={t('panels.noPayments')} />
      )}
    </Panel>
  );
}

function VendorPaymentsPanel({ data, currency: cur, csv }: Props) {
  const { t } = useTranslation('dashboard');
  const paid = t('panels.paid');
  return (
    <Panel title={t('panels.vendorPayments')} action={csv('vendorPayments')} testId="panel-vendor-payments">
      {data.vendorPayments.length ? (
        <BarChart
          h={40 + data.vendorPayments.length * 34}
          orientation="vertical"
          data={data.vendorPayments.map((v) => ({ payee: titleCase(v.payee), [paid]: major(v.amountMinor) }))}
          dataKey="payee"
          series={[{ name: paid, color: 'indigo.6' }]}
          valueFormatter={(v) => formatChartMoney(Math.round(v * 100), cur)}
          yAxisProps={{ width: 160 }}
        />
      ) : (
        <ChartEmptyState text={t('panels.noVendorPayments')} />
      )}
    </Panel>
  );
}

function ExpensesByStatusPanel({ data, currency: cur, csv }: Props) {
  const { t } = useTranslation('dashboard');
  const rows = data.expensesByStatus;
  // Sized by amount when any has one (a draft may have none), else by count.
  const byAmount = rows.some((e) => e.amountMinor > 0);
  return (
    <Panel title={t('panels.expensesByStatus')} action={csv('expensesByStatus')} testId="panel-expenses">
      {rows.length ? (
        <DonutChart
          h={180}
          withLabels
          data={rows.map((e) => ({
            name: `${titleCase(e.status)} (${e.count})`,
            value: byAmount ? e.amountMinor : e.count,
            label: byAmount ? formatChartMoney(e.amountMinor, cur) : String(e.count),
            color: STATUS_COLORS[e.status] ?? 'gray.5',
          }))}
        />
      ) : (
        <ChartEmptyState text={t('panels.noExpenses')} />
      )}
    </Panel>
  );
}

/** Each budgeted category: spent against its budget (only those with a budget or spending). */
function BudgetUsePanel({ data, currency: cur, csv }: Props) {
  const { t } = useTranslation('dashboard');
  const rows = data.budgetUse.filter((b) => b.budgetMinor !== null || b.spentMinor > 0);
  return (
    <Panel title={t('panels.budgetUse')} action={csv('budgetUse')} testId="panel-budget-use">
      <Stack gap="xs">
        {rows.map((b) => (
          <div key={b.categoryId}>
            <Text size="sm" truncate="end" title={b.name}>
              {titleCase(b.name)} ·{' '}
              {b.budgetMinor !== null
                ? t('panels.budgetOf', {
                    spent: formatChartMoney(b.spentMinor, cur),
                    budget: formatChartMoney(b.budgetMinor, cur),
                  })
                : formatChartMoney(b.spentMinor, cur)}
            </Text>
            <Progress
              aria-label={b.name}
              value={b.budgetMinor ? Math.min(100, (b.spentMinor / b.budgetMinor) * 100) : 0}
              color={b.budgetMinor && b.spentMinor > b.budgetMinor ? 'red' : 'teal'}
            />
          </div>
        ))}
      </Stack>
    </Panel>
  );
}

/** A dashboard panel's CSV button. */
const csvOf = (filter: InsightFilter) => (panel: string) => (
  <PanelCsvButton
    path="/insights/dashboard"
    filter={filter}
    panel={panel}
    filename={`owo-dashboard-${panel}.csv`}
  />
);

/**
 * The dashboard's charts (000 §2.4; 002 §2 "Insight dashboard") for the filter the KPI row shows:
 * money in and out, then the panels. Areas the company does not use (no assets, no budgets, no bill
 * waiting for approval) are left out rather than shown empty.
 */
export function InsightPanels({ filter }: { filter: InsightFilter }) {
  const d = useDashboard(filter);
  const csv = csvOf(filter);
  const cur = filter.currency;
  if (d.error) return <Alert color="red">{messageText(d.error.message)}</Alert>;
  if (!d.data) return <Skeleton h={260} radius="md" />;
  const data = d.data;
  const props = { data, currency: cur, csv };
  const hasAssets = data.assetsOverview.count > 0 || data.assetPayouts.count > 0;
  const hasBudgets = data.budgetUse.some((b) => b.budgetMinor !== null || b.spentMinor > 0);
  return (
    <Stack gap="lg">
      <PaymentOverviewPanel {...props} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <VendorPaymentsPanel {...props} />
        <ExpensesByStatusPanel {...props} />
        <ForecastPanel currency={cur} />
        <BillsOverviewPanel {...props} />
        {data.billsAwaitingApproval.count > 0 && <BillsAwaitingPanel {...props} />}
        {hasBudgets && <BudgetUsePanel {...props} />}
        {hasAssets && <AssetsOverviewPanel data={data} csv={csv} />}
        {hasAssets && <AssetPayoutsPanel {...props} />}
      </SimpleGrid>
    </Stack>
  );
}
