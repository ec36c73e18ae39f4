import { Alert, Badge, Button, Card, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { ApprovalType } from '@owo/contract/approvals';
import { useCan } from '../../../lib/session';
import { useApprovalTypes, useWorkflows } from '../api';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../lib/i18n';
import { messageText } from '../../../lib/messages';

const range = (from: string | null, to: string | null) =>
  from && to
    ? i18n.t('approvals:workflowsScreen.range.between', { from, to })
    : from
      ? i18n.t('approvals:workflowsScreen.range.from', { from })
      : to
        ? i18n.t('approvals:workflowsScreen.range.upTo', { to })
        : i18n.t('approvals:workflowsScreen.range.any');

/** /settings/payment-approvals and /settings/approval: the approval workflows, per type. */
export function WorkflowsScreen() {
  const { t } = useTranslation('approvals');
  const navigate = useNavigate();
  const types = useApprovalTypes();
  const [type, setType] = useState<ApprovalType | 'all'>('all');
  const list = useWorkflows(type === 'all' ? undefined : type);
  const canCreate = useCan('approvalWorkflows', 'post');
  return (
    <Stack gap="lg">
      <PageHeader
        mb={0}
        title={t('workflowsScreen.paymentApprovals')}
        description={t('workflowsScreen.whoApprovesWhatInWhich')}
        actions={
          <>
            <Button variant="secondary" component={Link} to={paths.settings.apPolicy.href()}>
              {t('workflowsScreen.apPolicy')}
            </Button>
            {canCreate && (
              <Button onClick={() => navigate(paths.settings.approvalNew.href())}>
                {t('workflowsScreen.newWorkflow')}
              </Button>
            )}
          </>
        }
      />
      <SegmentedControl
        value={type}
        onChange={(v) => setType(v as ApprovalType | 'all')}
        data={[
          { value: 'all', label: t('workflowsScreen.all') },
          ...(types.data ?? []).map((wt) => ({ value: wt.type, label: wt.label })),
        ]}
      />
      <Card padding={0}>
        {list.error ? (
          <Alert color="red" m="md">
            {messageText(list.error.message)}
          </Alert>
        ) : list.data && list.data.length === 0 ? (
          <Text p="md" c="dimmed">
            {t('workflowsScreen.noDataYet')}
          </Text>
        ) : (
          <Table highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('workflowsScreen.name')}</Table.Th>
                <Table.Th>{t('workflowsScreen.type')}</Table.Th>
                <Table.Th>{t('workflowsScreen.amount')}</Table.Th>
                <Table.Th>{t('workflowsScreen.levels')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(list.data ?? []).map((w) => (
                <Table.Tr
                  key={w.id}
                  style={{ cursor: 'pointer' }}
                  onClick={() => navigate(paths.settings.approval.href({ id: w.id }))}
                >
                  <Table.Td>{w.name}</Table.Td>
                  <Table.Td>
                    <Badge variant="light">
                      {types.data?.find((wt) => wt.type === w.type)?.label ?? w.type}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{range(w.amountFrom, w.amountTo)}</Table.Td>
                  <Table.Td>
                    {w.levels.map((l, i) => `${i + 1}: ${l.rule} of ${l.approvers.length}`).join(' → ')}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>
    </Stack>
  );
}
