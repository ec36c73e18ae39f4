import { Badge, Button, Group, Modal, Stack, Text, Timeline } from '@mantine/core';
import { useState } from 'react';
import type { PendingApprovalItem } from '@owo/contract/approvals';
import { formatLongDate } from '../../../lib/format';
import { CommentsDrawer } from './comments-drawer';
import { trailColor } from './trail-color';
import { useTranslation } from 'react-i18next';

export { trailColor };

/** The trail, with the "Comments" link to the item's thread (002 §2), on every approvable record. */
export function TrailList(props: { item: PendingApprovalItem }) {
  const { t } = useTranslation('approvals');
  const { item } = props;
  const [comments, setComments] = useState(false);
  return (
    <Stack gap="sm">
      <CommentsDrawer approvalId={item.id} opened={comments} onClose={() => setComments(false)} />
      <Group gap="xs">
        <Text size="sm" fw={500}>
          {item.workflowName}
        </Text>
        <Badge color={item.trailVerified ? 'green' : 'red'} variant="light" data-testid="trail-verified">
          {item.trailVerified ? t('trailModal.trailVerified') : t('trailModal.trailBroken')}
        </Badge>
        <Button variant="subtle" size="compact-sm" ml="auto" onClick={() => setComments(true)}>
          {t('trailModal.comments')}
        </Button>
      </Group>
      {item.approvals.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('trailModal.noDecisionsYet')}
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
                {t('trailModal.level', { longDate: formatLongDate(a.dateApproved), level: a.level + 1 })}
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
          {t('trailModal.pendingLevelOf', {
            level: item.currentLevel + 1,
            totalLevels: item.totalLevels,
            approvers: item.currentApprovers.map((u) => u.name).join(', '),
          })}
        </Text>
      )}
    </Stack>
  );
}

/** The shared approval trail modal, with long dates (000 §4.11). */
export function TrailModal(props: { item: PendingApprovalItem | null; onClose: () => void }) {
  const { t } = useTranslation('approvals');
  return (
    <Modal
      opened={!!props.item}
      onClose={props.onClose}
      title={t('trailModal.approvalTrail')}
      centered
      size="lg"
    >
      {props.item && <TrailList item={props.item} />}
    </Modal>
  );
}
