import { Alert, Anchor, Button, Card, Group, Modal, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { PAYROLL_MSG } from '@owo/contract/payroll';
import { type PayrollDetail } from '@owo/contract/payroll-runs';
import { formatMoney } from '../../../lib/format';
import { useApiMutation } from '../../../lib/query';
import { payrollApi, refreshPayroll, usePayroll, usePayrollRows } from '../api';
import { MASKED, orderedLines } from '../labels';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';
import { messageText } from '../../../lib/messages';

/** The run's totals by line (earnings positive, deductions negative) and employer costs. */
export function Totals(props: { p: PayrollDetail }) {
  const { t } = useTranslation('payroll');
  const p = props.p;
  if (!p.salaryVisible)
    return (
      <Alert color="yellow" title={messageText(PAYROLL_MSG.noPermission)}>
        {t('payrollFlowScreens.netPay', { MASKED })}
      </Alert>
    );
  return (
    <Card>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <div>
          <Text size="xs" c="dimmed">
            {t('payrollFlowScreens.grossPay')}
          </Text>
          <Text fw={600}>{formatMoney(p.grossAmountMinor ?? 0)}</Text>
        </div>
        <div>
          <Text size="xs" c="dimmed">
            {t('payrollFlowScreens.netPayPaidToEmployees')}
          </Text>
          <Text fw={600}>{formatMoney(p.netAmountMinor ?? 0)}</Text>
        </div>
        <div>
          <Text size="xs" c="dimmed">
            {t('payrollFlowScreens.employerCostPensionNsitf')}
          </Text>
          <Text fw={600}>{formatMoney(p.employerCostMinor ?? 0)}</Text>
        </div>
      </SimpleGrid>
      <Table mt="md">
        <Table.Tbody>
          {orderedLines(p.payrollBreakdownMinor ?? {}).map(([k, v]) => (
            <Table.Tr key={k}>
              <Table.Td>{k}</Table.Td>
              <Table.Td ta="right" c={v < 0 ? 'red' : undefined}>
                {formatMoney(v)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

export function RowsTable(props: { id: string; status?: string }) {
  const { t } = useTranslation('payroll');
  const rows = usePayrollRows(props.id, props.status);
  return (
    <Card padding={0}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('payrollFlowScreens.employee')}</Table.Th>
            <Table.Th>{t('payrollFlowScreens.bank')}</Table.Th>
            <Table.Th>{t('payrollFlowScreens.breakdown')}</Table.Th>
            <Table.Th>{t('payrollFlowScreens.netPay2')}</Table.Th>
            <Table.Th>{t('payrollFlowScreens.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(rows.data ?? []).map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>{r.name}</Table.Td>
              <Table.Td>
                {r.bankDetails.bankName} · {r.bankDetails.accountNumber}
              </Table.Td>
              <Table.Td>
                {r.salaryBreakdownMinor
                  ? orderedLines(r.salaryBreakdownMinor)
                      .map(([k, v]) => `${k} ${formatMoney(v)}`)
                      .join(' · ')
                  : MASKED}
              </Table.Td>
              <Table.Td>{r.finalAmountMinor === null ? MASKED : formatMoney(r.finalAmountMinor)}</Table.Td>
              <Table.Td>
                {r.status}
                {r.failureReason ? ` — ${r.failureReason}` : ''}
                {r.status === 'paid' && r.finalAmountMinor !== null && (
                  <PayslipLink payrollId={props.id} rowId={r.id} name={r.name} />
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

/** A paid row's payslip (staff side), offered when the run's figures are visible to the user. */
function PayslipLink(props: { payrollId: string; rowId: string; name: string }) {
  const { t } = useTranslation('payroll');
  return (
    <Anchor
      component={Link}
      to={paths.payroll.payslip.href({ ref: props.payrollId, id: props.rowId })}
      aria-label={t('payslip.openFor', { name: props.name })}
      ml="xs"
    >
      {t('payslip.open')}
    </Anchor>
  );
}

/** /payroll/preview?id=: the computed draft (redirects to /payroll when there is none). */
export function PayrollPreviewScreen() {
  const { t } = useTranslation('payroll');
  const [params] = useSearchParams();
  const id = params.get('id') ?? undefined;
  const navigate = useNavigate();
  const p = usePayroll(id);
  if (!id) return <Navigate to={paths.payroll.root.href()} replace />;
  if (p.error) return <Navigate to={paths.payroll.root.href()} replace />;
  if (!p.data) return null;
  return (
    <Stack gap="lg">
      <PageHeader mb={0} title={<>{t('payrollFlowScreens.preview', { name: p.data.name })}</>} />
      <Totals p={p.data} />
      <RowsTable id={id} />
      <Group justify="flex-end">
        <Button variant="secondary" onClick={() => navigate(paths.payroll.root.href())}>
          {t('payrollFlowScreens.saveAsDraft')}
        </Button>
        <Button onClick={() => navigate(paths.payroll.review.href({ id }))}>
          {t('payrollFlowScreens.continue')}
        </Button>
      </Group>
    </Stack>
  );
}

/** /payroll/review?id=: submit for approval, then the Payroll Created dialog. */
export function PayrollReviewScreen() {
  const { t } = useTranslation('payroll');
  const [params] = useSearchParams();
  const id = params.get('id') ?? undefined;
  const navigate = useNavigate();
  const p = usePayroll(id);
  const [done, setDone] = useState(false);
  const submit = useApiMutation({
    mutationFn: () => payrollApi.submit(id!),
    onSuccess: () => {
      void refreshPayroll();
      setDone(true);
    },
  });
  if (!id || p.error) return <Navigate to={paths.payroll.root.href()} replace />;
  if (!p.data) return null;
  const d = p.data;
  return (
    <Stack gap="lg" maw={720}>
      <PageHeader mb={0} title={t('payrollFlowScreens.reviewPayroll')} />
      <Card>
        <SimpleGrid cols={2}>
          <Text c="dimmed">{t('payrollFlowScreens.name')}</Text>
          <Text>{d.name}</Text>
          <Text c="dimmed">{t('payrollFlowScreens.type')}</Text>
          <Text>
            {d.type === 'once' ? t('payrollFlowScreens.once') : t('payrollFlowScreens.recurring')} ·{' '}
            {d.mode === 'instant' ? t('payrollFlowScreens.instant') : t('payrollFlowScreens.scheduled')}
          </Text>
          <Text c="dimmed">{t('payrollFlowScreens.employees')}</Text>
          <Text>{d.employeeCount}</Text>
          <Text c="dimmed">{t('payrollFlowScreens.netPay2')}</Text>
          <Text>{d.netAmountMinor === null ? MASKED : formatMoney(d.netAmountMinor)}</Text>
        </SimpleGrid>
      </Card>
      <Group justify="flex-end">
        <Button variant="secondary" onClick={() => navigate(paths.payroll.preview.href({ id }))}>
          {t('payrollFlowScreens.back')}
        </Button>
        <Button loading={submit.isPending} disabled={d.status !== 'draft'} onClick={() => submit.mutate()}>
          {t('payrollFlowScreens.submitForApproval')}
        </Button>
      </Group>
      <Modal
        opened={done}
        onClose={() => navigate(paths.payroll.root.href())}
        title={t('payrollFlowScreens.payrollCreated')}
        centered
      >
        <Stack>
          <Text>{t('payrollFlowScreens.wasSentForApprovalEach', { name: d.name })}</Text>
          <Group justify="flex-end">
            <Button variant="secondary" onClick={() => navigate(paths.payroll.details.href({ ref: id }))}>
              {t('payrollFlowScreens.viewPayroll')}
            </Button>
            <Button onClick={() => navigate(paths.dashboard.href())}>
              {t('payrollFlowScreens.backHome')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
