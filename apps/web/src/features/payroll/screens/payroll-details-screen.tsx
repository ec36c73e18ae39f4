import { Alert, Button, Card, Group, Loader, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import type { PayrollDetail } from '@owo/contract/payroll-runs';
import { useNavigate, useParams } from 'react-router-dom';
import { fetchFile, saveBlob } from '../../../lib/files';
import { formatDateTime } from '../../../lib/format';
import { useApiMutation } from '../../../lib/query';
import { useCan } from '../../../lib/session';
import { toastError } from '../../../lib/toast';
import { ApprovalActions, TrailList } from '../../approvals';
import { payrollApi, refreshPayroll, usePayroll } from '../api';
import { StatusBadge } from '../../../components/status-badge';
import { payrollStatusLabel } from '../labels';
import { RowsTable, Totals } from './payroll-flow-screens';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../../lib/messages';

/** Runs that went to payment: their receipt can be downloaded. */
const PAID_OUT: string[] = ['paying', 'completed', 'partially_failed', 'failed'];

/** /payroll/:ref/details: totals, rows with payment status, the shared approval actions and trail. */
export function PayrollDetailsScreen() {
  const { t } = useTranslation('payroll');
  const { ref } = useParams();
  const navigate = useNavigate();
  const q = usePayroll(ref);
  const run = useRunActions(ref);
  if (q.isLoading) return <Loader />;
  if (q.error || !q.data)
    return (
      <Alert color="red">{messageText(q.error?.message ?? t('payrollDetailsScreen.payrollNotFound'))}</Alert>
    );
  const p = q.data;
  const actions = <RunActions p={p} run={run} />;
  return (
    <Stack gap="lg">
      <PageHeader
        mb={0}
        above={
          <Button variant="subtle" px={0} onClick={() => navigate(paths.payroll.root.href())}>
            {t('payrollDetailsScreen.back')}
          </Button>
        }
        title={p.name}
        badges={<StatusBadge status={p.status} label={payrollStatusLabel(p.status)} />}
        description={
          <>
            {[
              t('payrollDetailsScreen.byEmployees', {
                reference: p.reference,
                date: formatDateTime(p.createdAt),
                name: p.maker.name,
                employeeCount: p.employeeCount,
              }),
              p.paidCount ? t('payrollDetailsScreen.paid', { paidCount: p.paidCount }) : '',
              p.failedCount ? t('payrollDetailsScreen.failed', { failedCount: p.failedCount }) : '',
            ]
              .filter(Boolean)
              .join(' · ')}
          </>
        }
        actions={
          p.approvalWorkflowPendingApprovalItem ? (
            <ApprovalActions
              item={p.approvalWorkflowPendingApprovalItem}
              onDone={() => void refreshPayroll()}
              extra={actions}
            />
          ) : (
            // a draft has no approval item yet: its own actions stand alone
            <Group>{actions}</Group>
          )
        }
      />
      <Totals p={p} />
      <RowsTable id={p.id} status={p.status} />
      {p.approvalWorkflowPendingApprovalItem && (
        <Card>
          <Title order={5} mb="sm">
            {t('payrollDetailsScreen.approvalHistory')}
          </Title>
          <TrailList item={p.approvalWorkflowPendingApprovalItem} />
        </Card>
      )}
    </Stack>
  );
}

/** The run's own actions: submit, retry the failed payments, download the receipt. */
function useRunActions(ref: string | undefined) {
  const { t } = useTranslation('payroll');
  const canPost = useCan('payrolls', 'post');
  const canPut = useCan('payrolls', 'put');
  const submit = useApiMutation({
    mutationFn: () => payrollApi.submit(ref!),
    onSuccess: () => void refreshPayroll(),
  });
  const retry = useApiMutation({
    mutationFn: () => payrollApi.retry(ref!),
    onSuccess: () => void refreshPayroll(),
  });
  const [downloading, setDownloading] = useState(false);
  /** The run's receipt PDF (the server masks its figures for a role without the flag). */
  const downloadReceipt = async (id: string, reference: string) => {
    setDownloading(true);
    try {
      const { blob, filename } = await fetchFile(`/payrolls/${id}/receipt/pdf`, {
        accept: 'application/pdf, application/json',
        fallbackName: `owo-payroll-receipt-${reference}.pdf`,
        failMessage: 'Could not download the receipt',
      });
      saveBlob(blob, filename);
    } catch (err) {
      toastError(err instanceof Error ? err.message : t('payrollDetailsScreen.couldNotDownloadTheReceipt'));
    } finally {
      setDownloading(false);
    }
  };
  return { canPost, canPut, submit, retry, downloading, downloadReceipt };
}

/** The buttons the run's status and the user's rights allow. */
function RunActions({ p, run }: { p: PayrollDetail; run: ReturnType<typeof useRunActions> }) {
  const { t } = useTranslation('payroll');
  const navigate = useNavigate();
  const { canPost, canPut, submit, retry, downloading, downloadReceipt } = run;
  return (
    <>
      {(p.status === 'draft' || p.status === 'rejected') && canPut && (
        <Button
          variant="secondary"
          onClick={() => navigate(paths.payroll.editEmployees.href({ payrollId: p.id }))}
        >
          {t('payrollDetailsScreen.editEmployees')}
        </Button>
      )}
      {p.status === 'draft' && canPost && (
        <Button loading={submit.isPending} onClick={() => submit.mutate()}>
          {t('payrollDetailsScreen.submitForApproval')}
        </Button>
      )}
      {PAID_OUT.includes(p.status) && (
        <Button
          variant="secondary"
          loading={downloading}
          onClick={() => void downloadReceipt(p.id, p.reference)}
        >
          {t('payrollDetailsScreen.downloadReceiptPdf')}
        </Button>
      )}
      {(p.status === 'failed' || p.status === 'partially_failed') && canPost && (
        <Button loading={retry.isPending} onClick={() => retry.mutate()}>
          {t('payrollDetailsScreen.retryFailedPayments')}
        </Button>
      )}
    </>
  );
}
