import { Alert, Badge, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { useNavigate, useParams } from 'react-router-dom';
import { useCan } from '../../../lib/session';
import { useApiMutation } from '../../../lib/query';
import { deleteWorkflow, refreshApprovals, useApprovalTypes, useWorkflow } from '../api';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../../lib/messages';

/** /settings/approval/:id: Approval Workflow Detail (001 §2; resource approvalWorkflows, get). */
export function WorkflowDetailScreen() {
  const { t } = useTranslation('approvals');
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
  if (w.error || !w.data)
    return <Alert color="red">{messageText(w.error?.message ?? t('workflowDetailScreen.notFound'))}</Alert>;
  const wf = w.data;
  return (
    <Stack gap="lg">
      <PageHeader
        mb={0}
        title={wf.name}
        description={
          <>
            {types.data?.find((wt) => wt.type === wf.type)?.label ?? wf.type} ·{' '}
            {wf.amountFrom || wf.amountTo
              ? t('workflowDetailScreen.range', {
                  from: wf.amountFrom ?? '0.00',
                  to: wf.amountTo ? `₦${wf.amountTo}` : t('workflowDetailScreen.noUpperLimit'),
                })
              : t('workflowDetailScreen.anyAmount')}
          </>
        }
        actions={
          <>
            {canEdit && (
              <Button onClick={() => navigate(paths.settings.approvalEdit.href({ id: wf.id }))}>
                {t('workflowDetailScreen.edit')}
              </Button>
            )}
            {canDelete && (
              <Button variant="danger" loading={del.isPending} onClick={() => del.mutate()}>
                {t('workflowDetailScreen.delete')}
              </Button>
            )}
          </>
        }
      />
      {wf.levels.map((l, i) => (
        <Card key={i}>
          <Group justify="space-between">
            <Text fw={500}>{t('workflowDetailScreen.level', { level: i + 1 })}</Text>
            <Badge variant="light">
              {l.rule === 'any'
                ? t('workflowDetailScreen.anyOneApprover')
                : t('workflowDetailScreen.allApprovers')}
            </Badge>
          </Group>
          <Text size="sm" mt="xs">
            {l.approvers.map((a) => a.name).join(', ')}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}
