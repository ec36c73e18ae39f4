import { Alert, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import { BarChart } from '../../components/charts';
import type { TeamReport } from '@owo/contract/insights';
import { useState } from 'react';
import { formatMoney, formatMoneyShort } from '../../lib/format';
import { useTeamReport, type InsightFilter } from './api';
import { InsightFilters, Panel, PanelCsvButton } from './components';
import { PageHeader } from '../../components/page-header';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../lib/messages';

/** Each approver's decisions, average turnaround and what waits on them. */
function ApproversPanel({
  approvers,
  cur,
}: {
  approvers: TeamReport['approvers'];
  cur: InsightFilter['currency'];
}) {
  const { t } = useTranslation('dashboard');
  return (
    <Panel title={t('teamReportScreen.approvers')}>
      {approvers.length ? (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('teamReportScreen.approver')}</Table.Th>
              <Table.Th>{t('teamReportScreen.decisions')}</Table.Th>
              <Table.Th>{t('teamReportScreen.avgTurnaround')}</Table.Th>
              <Table.Th>{t('teamReportScreen.waiting')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {approvers.map((a) => (
              <Table.Tr key={a.userId}>
                <Table.Td>{a.name}</Table.Td>
                <Table.Td>{a.decisions}</Table.Td>
                <Table.Td>
                  {a.avgTurnaroundHours === null
                    ? '—'
                    : t('teamReportScreen.h', { avgTurnaroundHours: a.avgTurnaroundHours })}
                </Table.Td>
                <Table.Td>
                  {a.waitingCount} · {formatMoney(a.waitingAmountMinor, cur)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Text c="dimmed">{t('teamReportScreen.noApprovalActivityYet')}</Text>
      )}
    </Panel>
  );
}

/** /team-report: spend per member and subsidiary, approval turnaround and what waits on each approver. */
export function TeamReportScreen() {
  const { t } = useTranslation('dashboard');
  const [filter, setFilter] = useState<InsightFilter>({ period: 'month', currency: 'NGN' });
  const r = useTeamReport(filter);
  const cur = filter.currency;
  return (
    <Stack gap="lg">
      <PageHeader
        mb={0}
        title={t('teamReportScreen.teamReport')}
        description={t('teamReportScreen.whoSpendsWhereAndHow')}
      />
      <InsightFilters value={filter} onChange={setFilter} />
      {r.error && <Alert color="red">{messageText(r.error.message)}</Alert>}
      {r.isLoading && <Skeleton h={260} />}
      {r.data && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Panel
            title={t('teamReportScreen.spendPerMember')}
            action={
              <PanelCsvButton path="/insights/team-report" filter={filter} filename="owo-team-report.csv" />
            }
          >
            {r.data.members.length ? (
              <BarChart
                h={240}
                orientation="vertical"
                data={r.data.members.slice(0, 10).map((m) => ({ name: m.name, Spent: m.spentMinor / 100 }))}
                dataKey="name"
                series={[{ name: 'Spent', color: 'indigo.6' }]}
                valueFormatter={(v) => formatMoneyShort(Math.round(v * 100), cur)}
                yAxisProps={{ width: 110 }}
              />
            ) : (
              <Text c="dimmed">{t('teamReportScreen.noSpendInThisPeriod')}</Text>
            )}
          </Panel>
          <Panel title={t('teamReportScreen.spendPerSubsidiary')}>
            <Table>
              <Table.Tbody>
                {r.data.subsidiaries.map((s) => (
                  <Table.Tr key={s.subsidiaryId ?? 'none'}>
                    <Table.Td>{s.name}</Table.Td>
                    <Table.Td>{s.count}</Table.Td>
                    <Table.Td ta="right">{formatMoney(s.spentMinor, cur)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Panel>
          <ApproversPanel approvers={r.data.approvers} cur={cur} />
        </SimpleGrid>
      )}
    </Stack>
  );
}
