import { Badge, Group, Modal, Stack, Text, Timeline } from '@mantine/core';
import type { PendingApprovalItem } from '@owo/contract/approvals';
import { formatLongDate } from '../../../lib/format';

/** 000 §4.11: Approved and Pending as such, anything else as a rejection (Resolved/Resubmitted named). */
export function trailColor(status: string): string {
  if (status === 'Approved') return 'green';
  if (status === 'Pending') return 'yellow';
  if (status === 'Resolved' || status === 'Resubmitted') return 'blue';
  return 'red';
}

export function TrailList(props: { item: PendingApprovalItem }) {
  const { item } = props;
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Text size="sm" fw={500}>
          {item.workflowName}
        </Text>
        <Badge color={item.trailVerified ? 'green' : 'red'} variant="light" data-testid="trail-verified">
          {item.trailVerified ? 'trail verified' : 'trail broken'}
        </Badge>
      </Group>
      {item.approvals.length === 0 ? (
        <Text size="sm" c="dimmed">
          No decisions yet
        </Text>
      ) : (
        <Timeline bulletSize={14} lineWidth={2}>
          {item.approvals.map((a) => (
            <Timeline.Item
              key={a.uniqueHash}
              color={trailColor(a.status)}
              title={`${a.status} · ${a.userData.name}`}
            >
              <Text size="xs" c="dimmed">
                {formatLongDate(a.dateApproved)} · level {a.level + 1}
              </Text>
              <Text size="sm">{a.comments}</Text>
              <Text size="xs" c="dimmed" ff="monospace" title={a.uniqueHash}>
                {a.uniqueHash.slice(0, 16)}…
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
      {item.status === 'pending' && item.currentApprovers.length > 0 && (
        <Text size="sm" c="dimmed">
          Pending (level {item.currentLevel + 1} of {item.totalLevels}):{' '}
          {item.currentApprovers.map((u) => u.name).join(', ')}
        </Text>
      )}
    </Stack>
  );
}

/** The shared approval trail modal, with long dates (000 §4.11). */
export function TrailModal(props: { item: PendingApprovalItem | null; onClose: () => void }) {
  return (
    <Modal opened={!!props.item} onClose={props.onClose} title="Approval trail" centered size="lg">
      {props.item && <TrailList item={props.item} />}
    </Modal>
  );
}
