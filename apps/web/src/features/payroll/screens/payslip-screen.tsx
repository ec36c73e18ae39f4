import { Alert, Anchor, Button, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { PAYROLL_MSG } from '@owo/contract/payroll';
import { PageHeader } from '../../../components/page-header';
import { StatusBadge } from '../../../components/status-badge';
import { paths } from '../../../lib/paths';
import { usePayslip } from '../api';
import { PayslipSheet, payPeriodLabel } from '../components/payslip';

/**
 * /payroll/:ref/payslip/:id: one employee's payslip of a paid run, for staff (issue 37), the same
 * branded sheet as the employee portal's, fed from GET /payrolls/payslip. A role without
 * canViewPayrollSensitiveData gets the slip masked by the server: it sees who and when, no figure.
 */
export function PayrollPayslipScreen() {
  const { t } = useTranslation('payroll');
  const { ref = '', id = '' } = useParams();
  const q = usePayslip(ref, id);
  const back = (
    <Anchor component={Link} to={paths.payroll.details.href({ ref })} fz="sm">
      {t('payslip.back')}
    </Anchor>
  );
  if (q.isPending) return <Loader mx="auto" display="block" mt="xl" aria-label={t('payslip.loading')} />;
  if (q.error || !q.data)
    return (
      <Stack gap="md">
        {back}
        <Alert color="red">{q.error?.message ?? t('payslip.notFound')}</Alert>
      </Stack>
    );
  const s = q.data;
  const period = payPeriodLabel(s.payPeriod);
  return (
    <Stack gap="md" maw={760} mx="auto" w="100%">
      <PageHeader
        mb={0}
        above={back}
        title={t('payslip.title', { name: s.payrollEmployee.name })}
        description={t('payslip.description', { payroll: s.payrollName, period })}
        actions={
          s.salaryVisible && (
            <Button variant="secondary" onClick={() => window.print()}>
              {t('payslip.print')}
            </Button>
          )
        }
      />
      {s.salaryVisible ? (
        <PayslipSheet slip={s} status={<StatusBadge status={s.status} size="lg" />} />
      ) : (
        <Alert color="yellow" title={PAYROLL_MSG.noPermission} data-testid="payslip-masked">
          <Text size="sm">{t('payslip.masked')}</Text>
        </Alert>
      )}
    </Stack>
  );
}
