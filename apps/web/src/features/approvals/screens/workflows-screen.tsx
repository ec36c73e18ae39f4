import { Alert, Badge, Button, Card, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { ApprovalType } from '@owo/contract/approvals';
import { useCan } from '../../../lib/session';
import { useApprovalTypes, useWorkflows } from '../api';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';

const range = (from: string | null, to: string | null) =>
  from && to ? `₦${from} – ₦${to}` : from ? `from ₦${from}` : to ? `up to ₦${to}` : 'any amount';

/** /settings/payment-approvals and /settings/approval: the approval workflows, per type. */
export function WorkflowsScreen() {
  const navigate = useNavigate();
  const types = useApprovalTypes();
  const [type, setType] = useState<ApprovalType | 'all'>('all');
  const list = useWorkflows(type === 'all' ? undefined : type);
  const canCreate = useCan('approvalWorkflows', 'post');
  return (
    <Stack gap="lg">
      <PageHeader
        mb={0}
        title="Payment approvals"
        description="Who approves what, in which order. When no workflow matches, the AP policy decides."
        actions={
          <>
            <Button variant="default" component={Link} to={paths.settings.apPolicy.href()}>
              AP policy
            </Button>
            {canCreate && (
              <Button onClick={() => navigate(paths.settings.approvalNew.href())}>New workflow</Button>
            )}
          </>
        }
      />
      <SegmentedControl
        value={type}
        onChange={(v) => setType(v as ApprovalType | 'all')}
        data={[
          { value: 'all', label: 'All' },
          ...(types.data ?? []).map((t) => ({ value: t.type, label: t.label })),
        ]}
      />
      <Card padding={0}>
        {list.error ? (
          <Alert color="red" m="md">
            {list.error.message}
          </Alert>
        ) : list.data && list.data.length === 0 ? (
          <Text p="md" c="dimmed">
            No data yet
          </Text>
        ) : (
          <Table highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Amount</Table.Th>
                <Table.Th>Levels</Table.Th>
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
                      {types.data?.find((t) => t.type === w.type)?.label ?? w.type}
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
