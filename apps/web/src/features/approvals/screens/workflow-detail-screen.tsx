import { Alert, Badge, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { useNavigate, useParams } from 'react-router-dom';
import { useCan } from '../../../lib/session';
import { useApiMutation } from '../../../lib/query';
import { deleteWorkflow, refreshApprovals, useApprovalTypes, useWorkflow } from '../api';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';

/** /settings/approval/:id: Approval Workflow Detail (001 §2; resource approvalWorkflows, get). */
export function WorkflowDetailScreen() {
  const { id } = useParams();
  const navigate = useNavigate();
  const w = useWorkflow(id);
  const types = useApprovalTypes();
  const canEdit = useCan('approvalWorkflows', 'put');
  const canDelete = useCan('approvalWorkflows', 'delete');
  const del = useApiMutation({
    mutationFn: () => deleteWorkflow(id!),
    onSuccess: () => {
      void refreshApprovals();
      void navigate(paths.settings.paymentApprovals.href());
    },
  });
  if (w.isLoading) return <Loader />;
  if (w.error || !w.data) return <Alert color="red">{w.error?.message ?? 'Not found'}</Alert>;
  const wf = w.data;
  return (
    <Stack gap="lg">
      <PageHeader
        mb={0}
        title={wf.name}
        description={
          <>
            {types.data?.find((t) => t.type === wf.type)?.label ?? wf.type} ·{' '}
            {wf.amountFrom || wf.amountTo
              ? `₦${wf.amountFrom ?? '0.00'} – ${wf.amountTo ? `₦${wf.amountTo}` : 'no upper limit'}`
              : 'any amount'}
          </>
        }
        actions={
          <>
            {canEdit && (
              <Button onClick={() => navigate(paths.settings.approvalEdit.href({ id: wf.id }))}>Edit</Button>
            )}
            {canDelete && (
              <Button color="red" variant="light" loading={del.isPending} onClick={() => del.mutate()}>
                Delete
              </Button>
            )}
          </>
        }
      />
      {wf.levels.map((l, i) => (
        <Card key={i}>
          <Group justify="space-between">
            <Text fw={500}>Level {i + 1}</Text>
            <Badge variant="light">{l.rule === 'any' ? 'Any one approver' : 'All approvers'}</Badge>
          </Group>
          <Text size="sm" mt="xs">
            {l.approvers.map((a) => a.name).join(', ')}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}
