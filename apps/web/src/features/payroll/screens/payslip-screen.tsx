import { Alert, Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { PAYROLL_MSG } from '@owo/contract/payroll';
import { PageHeader } from '../../../components/page-header';
import { StatusBadge } from '../../../components/status-badge';
import { fetchFile, saveBlob } from '../../../lib/files';
import { paths } from '../../../lib/paths';
import { toastError } from '../../../lib/toast';
import { usePayslip } from '../api';
import { PayslipSheet, payPeriodLabel } from '../components/payslip';
import { messageText } from '../../../lib/messages';

/**
 * /payroll/:ref/payslip/:id: one employee's payslip of a paid run, for staff (issue 37), the same
 * branded sheet as the employee portal's, fed from GET /payrolls/payslip. A role without
 * canViewPayrollSensitiveData gets the slip masked by the server: it sees who and when, no figure.
 * "Download PDF" fetches GET /payrolls/payslip/pdf, the employee portal's renderer on the server.
 */
export function PayrollPayslipScreen() {
  const { t } = useTranslation('payroll');
  const { ref = '', id = '' } = useParams();
  const q = usePayslip(ref, id);
  const pdf = usePayslipPdf();
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
        <Alert color="red">{messageText(q.error?.message ?? t('payslip.notFound'))}</Alert>
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
            <Group gap="xs">
              <Button loading={pdf.downloading} onClick={() => void pdf.download(s.id, s.payPeriod)}>
                {t('payslip.downloadPdf')}
              </Button>
              <Button variant="secondary" onClick={() => window.print()}>
                {t('payslip.print')}
              </Button>
            </Group>
          )
        }
      />
      {s.salaryVisible ? (
        <PayslipSheet slip={s} status={<StatusBadge status={s.status} size="lg" />} />
      ) : (
        <Alert color="yellow" title={messageText(PAYROLL_MSG.noPermission)} data-testid="payslip-masked">
          <Text size="sm">{t('payslip.masked')}</Text>
        </Alert>
      )}
    </Stack>
  );
}

/** The payslip's PDF from the server (its filename from Content-Disposition), saved as a file. */
function usePayslipPdf() {
  const { t } = useTranslation('payroll');
  const [downloading, setDownloading] = useState(false);
  const download = async (id: string, payPeriod: string) => {
    setDownloading(true);
    try {
      const { blob, filename } = await fetchFile('/payrolls/payslip/pdf', {
        query: { id },
        accept: 'application/pdf, application/json',
        fallbackName: `owo-payslip-${payPeriod}.pdf`,
        failMessage: t('payslip.downloadFailed'),
      });
      saveBlob(blob, filename);
    } catch (err) {
      toastError(err instanceof Error ? err.message : t('payslip.downloadFailed'));
    } finally {
      setDownloading(false);
    }
  };
  return { downloading, download };
}
