import { BarChart, DonutChart } from '../../components/charts';
import { Alert, Progress, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { formatMoney, formatMoneyShort } from '../../lib/format';
import { useDashboard, type InsightFilter } from './api';
import {
  AssetPayoutsPanel,
  AssetsOverviewPanel,
  BillsAwaitingPanel,
  BillsOverviewPanel,
} from './bills-assets-panels';
import { InsightFilters, Panel, PanelCsvButton } from './components';
import { ForecastPanel } from './forecast-panel';
import type { Dashboard } from '@owo/contract/insights';

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
  return (
    <Panel title="Payment overview" action={csv('paymentOverview')} testId="panel-payment-overview">
      <Text size="sm" c="dimmed" mb="xs">
        In {formatMoney(data.paymentOverview.totalInMinor, cur)} · Out{' '}
        {formatMoney(data.paymentOverview.totalOutMinor, cur)}
      </Text>
      {data.paymentOverview.buckets.length ? (
        <BarChart
          h={260}
          data={data.paymentOverview.buckets.map((b) => ({
            bucket: b.bucket,
            'Money in': major(b.moneyInMinor),
            'Money out': major(b.moneyOutMinor),
          }))}
          dataKey="bucket"
          series={[
            { name: 'Money in', color: 'teal.6' },
            { name: 'Money out', color: 'red.5' },
          ]}
          valueFormatter={(v) => formatMoneyShort(Math.round(v * 100), cur)}
          yAxisProps={{ width: 80 }}
          withLegend
        />
      ) : (
        <Text c="dimmed">No payments in this period</Text>
      )}
    </Panel>
  );
}

/** Each budgeted category: spent against its budget. */
function BudgetUsePanel({ data, currency: cur, csv }: Props) {
  return (
    <Panel title="Budget use this month" action={csv('budgetUse')}>
      {data.budgetUse.length ? (
        <Stack gap="xs">
          {data.budgetUse.map((b) => (
            <div key={b.categoryId}>
              <Text size="sm">
                {b.name} · {formatMoney(b.spentMinor, cur)}
                {b.budgetMinor !== null ? ` of ${formatMoney(b.budgetMinor, cur)}` : ''}
              </Text>
              <Progress
                value={b.budgetMinor ? Math.min(100, (b.spentMinor / b.budgetMinor) * 100) : 0}
                color={b.budgetMinor && b.spentMinor > b.budgetMinor ? 'red' : 'teal'}
              />
            </div>
          ))}
        </Stack>
      ) : (
        <Text c="dimmed">No categories with budgets</Text>
      )}
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

/** The insight dashboard's panels (000 §2.4; 002 §2 "Insight dashboard"), shown on /dashboard. */
export function InsightPanels() {
  const [filter, setFilter] = useState<InsightFilter>({ period: 'month', currency: 'NGN' });
  const d = useDashboard(filter);
  const csv = csvOf(filter);
  const cur = filter.currency;
  return (
    <Stack gap="lg">
      <InsightFilters value={filter} onChange={setFilter} />
      {d.error && <Alert color="red">{d.error.message}</Alert>}
      {d.isLoading && <Skeleton h={260} radius="md" />}
      {d.data && (
        <>
          <PaymentOverviewPanel data={d.data} currency={cur} csv={csv} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <ForecastPanel currency={cur} />
            <Panel title="Vendor payments at a glance" action={csv('vendorPayments')}>
              {d.data.vendorPayments.length ? (
                <BarChart
                  h={220}
                  orientation="vertical"
                  data={d.data.vendorPayments.map((v) => ({ payee: v.payee, Paid: major(v.amountMinor) }))}
                  dataKey="payee"
                  series={[{ name: 'Paid', color: 'indigo.6' }]}
                  valueFormatter={(v) => formatMoneyShort(Math.round(v * 100), cur)}
                  yAxisProps={{ width: 110 }}
                />
              ) : (
                <Text c="dimmed">No vendor payments yet</Text>
              )}
            </Panel>
            <Panel title="Expenses by status" action={csv('expensesByStatus')}>
              {d.data.expensesByStatus.length ? (
                <DonutChart
                  h={220}
                  withLabels
                  data={d.data.expensesByStatus.map((e) => ({
                    name: e.status,
                    value: e.count,
                    color: STATUS_COLORS[e.status] ?? 'gray.5',
                  }))}
                />
              ) : (
                <Text c="dimmed">No expenses in this period</Text>
              )}
            </Panel>
            <Panel title="Awaiting approval" action={csv('approvalsPending')}>
              {d.data.approvalsPending.length ? (
                <Table>
                  <Table.Tbody>
                    {d.data.approvalsPending.map((a) => (
                      <Table.Tr key={a.type}>
                        <Table.Td tt="capitalize">{a.type}</Table.Td>
                        <Table.Td>{a.count}</Table.Td>
                        <Table.Td ta="right">{formatMoney(a.amountMinor, cur)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              ) : (
                <Text c="dimmed">Nothing is waiting for approval</Text>
              )}
            </Panel>
            <BudgetUsePanel data={d.data} currency={cur} csv={csv} />
            <BillsOverviewPanel data={d.data} currency={cur} csv={csv} />
            <BillsAwaitingPanel data={d.data} currency={cur} csv={csv} />
            <AssetsOverviewPanel data={d.data} csv={csv} />
            <AssetPayoutsPanel data={d.data} currency={cur} csv={csv} />
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
