import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useNavigate, useParams } from 'react-router-dom';
import { formatDateTime } from '../../../lib/format';
import { useApiMutation } from '../../../lib/query';
import { useCan } from '../../../lib/session';
import { ApprovalActions, TrailList } from '../../approvals';
import { payrollApi, refreshPayroll, usePayroll } from '../api';
import { PayrollStatusBadge } from '../status-badge';
import { RowsTable, Totals } from './payroll-flow-screens';

/** /payroll/:ref/details: totals, rows with payment status, the shared approval actions and trail. */
export function PayrollDetailsScreen() {
  const { ref } = useParams();
  const navigate = useNavigate();
  const q = usePayroll(ref);
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
  if (q.isLoading) return <Loader />;
  if (q.error || !q.data) return <Alert color="red">{q.error?.message ?? 'Payroll not found'}</Alert>;
  const p = q.data;
  const actions = (
    <>
      {(p.status === 'draft' || p.status === 'rejected') && canPut && (
        <Button variant="default" onClick={() => navigate(`/payroll/${p.id}/employees/edit`)}>
          Edit employees
        </Button>
      )}
      {p.status === 'draft' && canPost && (
        <Button loading={submit.isPending} onClick={() => submit.mutate()}>
          Submit for approval
        </Button>
      )}
      {(p.status === 'failed' || p.status === 'partially_failed') && canPost && (
        <Button loading={retry.isPending} onClick={() => retry.mutate()}>
          Retry failed payments
        </Button>
      )}
    </>
  );
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <div>
          <Button variant="subtle" px={0} onClick={() => navigate('/payroll')}>
            ← Back
          </Button>
          <Group gap="sm">
            <Title order={2}>{p.name}</Title>
            <PayrollStatusBadge status={p.status} />
          </Group>
          <Text c="dimmed" size="sm">
            {p.reference} · {formatDateTime(p.createdAt)} · by {p.maker.name} · {p.employeeCount} employees
            {p.paidCount ? ` · ${p.paidCount} paid` : ''}
            {p.failedCount ? ` · ${p.failedCount} failed` : ''}
          </Text>
        </div>
        {p.approvalWorkflowPendingApprovalItem ? (
          <ApprovalActions
            item={p.approvalWorkflowPendingApprovalItem}
            onDone={() => void refreshPayroll()}
            extra={actions}
          />
        ) : (
          // a draft has no approval item yet: its own actions stand alone
          <Group>{actions}</Group>
        )}
      </Group>
      <Totals p={p} />
      <RowsTable id={p.id} status={p.status} />
      {p.approvalWorkflowPendingApprovalItem && (
        <Card>
          <Title order={5} mb="sm">
            Approval history
          </Title>
          <TrailList item={p.approvalWorkflowPendingApprovalItem} />
        </Card>
      )}
    </Stack>
  );
}
