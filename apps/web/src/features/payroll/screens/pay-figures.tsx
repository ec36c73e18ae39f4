import { Card, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { PayrollSettings } from '@owo/contract/payroll-settings';
import { DEFAULT_STATUTORY, type PayContext, type StatutoryResult } from '@owo/contract/payroll-pay';
import { api } from '../../../lib/api';
import { formatMoney } from '../../../lib/format';
import { useEmployees } from '../api';
import { toMinor } from './employee-form-model';
import { useTranslation } from 'react-i18next';

/**
 * The company context of the live figures: its statutory settings (GET /payrolls/settings; the
 * defaults while it loads or for a role that may not read it) and its headcount (the employee
 * list's total, plus `joining` being added), the same inputs the server's `employeeNetPay` takes.
 */
export function usePayContext(joining: number): PayContext {
  const settings = useQuery({
    queryKey: ['payroll', 'settings'],
    queryFn: async () => (await api.get<PayrollSettings>('/payrolls/settings')).data,
    retry: false,
  });
  const all = useEmployees({ page: 1, limit: 1 });
  const s = settings.data;
  const total = all.data?.pagination?.totalItems ?? all.data?.items.length ?? 0;
  return {
    settings: s
      ? {
          ...DEFAULT_STATUTORY,
          enabled: s.enabled,
          nhfDefault: s.nhfDefault,
          pensionMinEmployees: s.pensionMinEmployees,
          minimumWageExempt: s.minimumWageExempt,
          minimumWageMonthlyMinor: toMinor(s.minimumWageMonthly) ?? DEFAULT_STATUTORY.minimumWageMonthlyMinor,
          nsitfBase: s.nsitfBase,
        }
      : DEFAULT_STATUTORY,
    headcount: total + joining,
  };
}

/** Gross, statutory deductions and net as typed: the contract's `employeeNetPay` (the server's own). */
export function PayFigures(props: { pay: StatutoryResult | null; label?: string }) {
  const { t } = useTranslation('payroll');
  const p = props.pay;
  const line = (label: string, minor: number | null, strong = false) => (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" fw={strong ? 600 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 600 : undefined} aria-label={label}>
        {minor === null ? '—' : formatMoney(minor)}
      </Text>
    </Group>
  );
  return (
    <Card withBorder padding="sm" aria-label={props.label ?? t('payFigures.paySummary')}>
      <Stack gap={2}>
        {line('Gross pay', p ? p.grossMinor : null, true)}
        {line('PAYE', p ? -p.payeMinor : null)}
        {line('Pension (employee)', p ? -p.pensionMinor : null)}
        {line('NHF', p ? -p.nhfMinor : null)}
        {line('Statutory deductions', p ? -p.statutoryMinor : null)}
        {p && p.otherDeductionsMinor > 0 ? line('Other deductions', -p.otherDeductionsMinor) : null}
        {line('Net pay', p ? p.netMinor : null, true)}
      </Stack>
    </Card>
  );
}
