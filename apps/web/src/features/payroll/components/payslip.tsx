import { Box, Divider, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Payslip } from '@owo/contract/payroll-runs';
import { CompanyMark } from '../../../components/company-mark';
import { DetailField } from '../../../components/detail-field';
import { formatDate, formatMoney } from '../../../lib/format';
import { orderedLines } from '../labels';
import classes from './payslip.module.css';
import { useTranslation } from 'react-i18next';

/** "2026-03" → "March 2026". */
export const payPeriodLabel = (ym: string) => {
  const [y, m] = ym.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, 1)).toLocaleString('en-NG', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
};

/**
 * The branded payslip (issue 37): the company's mark and name, the period, the employee, then
 * earnings, deductions (PAYE, pension, NHF… as the run computed them) and the net pay. Prints alone.
 */
export function PayslipSheet({ slip: s, status }: { slip: Payslip; status?: ReactNode }) {
  const { t } = useTranslation('payroll');
  const lines = orderedLines(s.salaryBreakdownMinor ?? {});
  const earnings = lines.filter(([, v]) => v >= 0);
  const deductions = lines.filter(([, v]) => v < 0).map(([k, v]) => [k, -v] as [string, number]);
  const deducted = deductions.reduce((sum, [, v]) => sum + v, 0);
  return (
    <article
      className={classes.sheet}
      data-testid="payslip"
      aria-label={t('payslip.payslip', { payPeriod: payPeriodLabel(s.payPeriod) })}
    >
      <Group className={classes.band} justify="space-between" wrap="nowrap" align="center">
        <Group gap="md" wrap="nowrap" style={{ minWidth: 0 }}>
          <CompanyMark name={s.companyName} size={52} />
          <div style={{ minWidth: 0 }}>
            <Text fw={700} fz="lg" c="white" truncate="end">
              {s.companyName}
            </Text>
            <Text fz="sm" c="white">
              {t('payslip.payslip2', { payPeriod: payPeriodLabel(s.payPeriod) })}
            </Text>
          </div>
        </Group>
        {status && (
          // on a white chip: the status badge's own colours are made for a white page
          <Box bg="white" p={3} style={{ borderRadius: 999, flexShrink: 0 }}>
            {status}
          </Box>
        )}
      </Group>
      <Stack className={classes.body} gap="lg">
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="md" verticalSpacing="sm">
          <DetailField label={t('payslip.employee')} value={s.payrollEmployee.name} />
          <DetailField label={t('payslip.email')} value={s.payrollEmployee.email} />
          <DetailField label={t('payslip.payPeriod')} value={payPeriodLabel(s.payPeriod)} />
          <DetailField label={t('payslip.payroll')} value={s.payrollName} />
          <DetailField label={t('payslip.issued')} value={formatDate(s.createdAt)} />
          <DetailField
            label={t('payslip.paidInto')}
            value={`${s.bankDetails.bankName} ${s.bankDetails.accountNumber} (${s.bankDetails.accountName})`}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
          <Block title={t('payslip.earnings')} lines={earnings} total={['Gross pay', s.amountMinor ?? 0]} />
          <Block title={t('payslip.deductions')} lines={deductions} total={['Total deductions', deducted]} />
        </SimpleGrid>
        <Group className={classes.net} justify="space-between">
          <Text fw={700} fz="lg">
            {t('payslip.netPay')}
          </Text>
          <Text fw={800} fz={24} c="owo.8" data-testid="net-pay">
            {formatMoney(s.finalAmountMinor ?? 0)}
          </Text>
        </Group>
        <Text fz="xs" c="dimmed">
          {t('payslip.payePensionAndNhfAre')}
        </Text>
      </Stack>
    </article>
  );
}

/** A titled list of lines and its total. */
function Block(props: { title: string; lines: [string, number][]; total: [string, number] }) {
  const { t } = useTranslation('payroll');
  return (
    <Stack gap={6} data-testid={`payslip-${props.title.toLowerCase()}`}>
      <Text fw={700} c="owo.8" tt="uppercase" fz="xs" style={{ letterSpacing: 0.6 }}>
        {props.title}
      </Text>
      {props.lines.length === 0 && (
        <Text fz="sm" c="dimmed">
          {t('payslip.none')}
        </Text>
      )}
      {props.lines.map(([k, v]) => (
        <Group key={k} justify="space-between" wrap="nowrap">
          <Text fz="sm">{k}</Text>
          <Text fz="sm" ff="monospace">
            {formatMoney(v)}
          </Text>
        </Group>
      ))}
      <Divider />
      <Group justify="space-between" wrap="nowrap">
        <Text fz="sm" fw={700}>
          {props.total[0]}
        </Text>
        <Text fz="sm" fw={700} ff="monospace">
          {formatMoney(props.total[1])}
        </Text>
      </Group>
    </Stack>
  );
}
