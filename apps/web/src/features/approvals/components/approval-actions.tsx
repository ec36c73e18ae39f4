import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import type { PendingApprovalItem } from '@owo/contract/approvals';
import { DecisionModal, type DecisionKind } from './decision-modal';
import { TrailModal } from './trail-modal';
import { useTranslation } from 'react-i18next';

/**
 * What every approvable record's page shows: Approve and Reject only when the server says
 * canApprove, Self-approve only when canSelfApprove (the owner's own item nobody else can approve;
 * it asks for confirmation), Resolve only when canResolve (001 §4, 002 §6), and the trail.
 */
export function ApprovalActions(props: {
  item: PendingApprovalItem | null;
  onDone?: () => void;
  extra?: React.ReactNode;
}) {
  const { t } = useTranslation('approvals');
  const [kind, setKind] = useState<DecisionKind | null>(null);
  const [trail, setTrail] = useState(false);
  const item = props.item;
  if (!item) return null;
  return (
    <>
      <Group gap="sm">
        {item.canApprove && (
          <>
            <Button onClick={() => setKind('approve')}>{t('approvalActions.approve')}</Button>
            <Button variant="danger" onClick={() => setKind('reject')}>
              {t('approvalActions.reject')}
            </Button>
          </>
        )}
        {item.canSelfApprove && (
          <Button variant="secondary" onClick={() => setKind('selfApprove')}>
            {t('approvalActions.selfApprove')}
          </Button>
        )}
        {item.canResolve && (
          <Button variant="secondary" onClick={() => setKind('resolve')}>
            {t('approvalActions.resolve')}
          </Button>
        )}
        {props.extra}
        <Button variant="secondary" onClick={() => setTrail(true)}>
          {t('approvalActions.approvalTrail')}
        </Button>
      </Group>
      <DecisionModal approvalId={item.id} kind={kind} onClose={() => setKind(null)} onDone={props.onDone} />
      <TrailModal item={trail ? item : null} onClose={() => setTrail(false)} />
    </>
  );
}
