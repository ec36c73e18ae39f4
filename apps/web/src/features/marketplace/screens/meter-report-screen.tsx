import { Button, Card, Group, Select, Stack, Table, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { MeterReport } from '@owo/contract/marketplace';
import { ExportCsvButton, ListBody } from '../../../components/list';
import { formatMoney } from '../../../lib/format';
import { METER_REPORT_PATH, useMeterReport } from '../api';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const MONTHS_BACK = 24;

/** This Lagos month (UTC+1, no DST), as the API counts it: 'YYYY-MM'. */
export const lagosMonth = (now = Date.now()) => new Date(now + 3_600_000).toISOString().slice(0, 7);

/** The month picker's choices: this month and the 23 before it, newest first ('March 2026'). */
export function monthOptions(current: string, count = MONTHS_BACK) {
  const first = dayjs(`${current}-01`);
  return Array.from({ length: count }, (_, i) => {
    const m = first.subtract(i, 'month');
    return { value: m.format('YYYY-MM'), label: m.format('MMMM YYYY') };
  });
}

/** One row per meter, then the month's totals. */
function ReportTable({ report }: { report: MeterReport | undefined }) {
  const { t } = useTranslation('marketplace');
  const rows = report?.rows ?? [];
  return (
    <Table highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('cols.meter')}</Table.Th>
          <Table.Th>{t('cols.name')}</Table.Th>
          <Table.Th>{t('cols.disco')}</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>{t('report.vends')}</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>{t('cols.amount')}</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>{t('report.kwh')}</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>{t('report.tariff')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.meterId} data-testid="meter-report-row">
            <Table.Td>
              {r.meterNo}
              {r.label && (
                <Text size="xs" c="dimmed">
                  {r.label}
                </Text>
              )}
            </Table.Td>
            <Table.Td>{r.name}</Table.Td>
            <Table.Td>{r.disco}</Table.Td>
            <Table.Td style={{ textAlign: 'right' }}>{r.vends}</Table.Td>
            <Table.Td style={{ textAlign: 'right' }}>{formatMoney(r.amountMinor)}</Table.Td>
            <Table.Td style={{ textAlign: 'right' }}>{r.kwh}</Table.Td>
            <Table.Td style={{ textAlign: 'right' }}>
              {r.averageTariff === null
                ? t('meterReportScreen.nA')
                : formatMoney(Math.round(Number(r.averageTariff) * 100))}
            </Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr>
          <Table.Td colSpan={4} fw={700}>
            {t('report.total')}
          </Table.Td>
          <Table.Td style={{ textAlign: 'right' }} fw={700} data-testid="report-total">
            {formatMoney(report?.totalAmountMinor ?? 0)}
          </Table.Td>
          <Table.Td style={{ textAlign: 'right' }} fw={700}>
            {report?.totalKwh}
          </Table.Td>
          <Table.Td />
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

/** /marketplace/reports/meters (issue 26 §2 ★): the monthly electricity report per meter, with CSV. */
export function MeterReportScreen() {
  const { t } = useTranslation('marketplace');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const current = lagosMonth();
  const asked = params.get('month') ?? '';
  const month = MONTH.test(asked) ? asked : current;
  const options = monthOptions(current);
  // A month from a shared link older than the list still shows as chosen.
  if (!options.some((o) => o.value === month))
    options.push({ value: month, label: dayjs(`${month}-01`).format('MMMM YYYY') });
  const report = useMeterReport(month);
  const rows = report.data?.rows ?? [];
  return (
    <Stack gap="lg">
      <PageHeader
        mb={0}
        above={
          <Button variant="subtle" px={0} onClick={() => navigate(paths.marketplace.root.href())}>
            ← {t('title')}
          </Button>
        }
        title={t('report.title')}
        description={t('report.subtitle')}
      />
      <Card>
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Select
            label={t('report.month')}
            w={220}
            allowDeselect={false}
            data={options}
            value={month}
            onChange={(v) => v && setParams({ month: v }, { replace: true })}
          />
          <ExportCsvButton
            path={METER_REPORT_PATH}
            filters={{}}
            groups={[]}
            fixed={{ month }}
            filename={`owo-electricity-${month}.csv`}
          />
        </Group>
      </Card>
      <Card padding={0}>
        <ListBody query={report} isEmpty={!rows.length} emptyText={t('report.empty')}>
          <ReportTable report={report.data} />
        </ListBody>
      </Card>
    </Stack>
  );
}
