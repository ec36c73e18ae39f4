import { Alert, Anchor, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { APPROVAL_TYPE_LABELS, type ApprovalType } from '@owo/contract/approvals';
import { paths } from '../../../lib/paths';
import { useApproverOutlook } from '../api';

/** The team screen with the invitation modal open (TeamsScreen reads `?invite=1`). */
export const INVITE_APPROVER_PATH = `${paths.teams.root.path}?invite=1`;

/**
 * Shown by the forms that submit an approvable item (pay someone, bill, expense; issue 34 §9) when
 * four eyes applies and nobody but the maker can approve it: say so BEFORE submitting, with an
 * "Invite an approver" link; and whether the owner may self-approve it meanwhile (AP policy).
 */
export function NoApproverNotice(props: { type: ApprovalType; amount?: string }) {
  const outlook = useApproverOutlook(props.type, props.amount);
  const o = outlook.data;
  if (!o?.needsApprover) return null;
  const what = APPROVAL_TYPE_LABELS[props.type].toLowerCase();
  return (
    <Alert color="yellow" title="Nobody else can approve this yet" data-testid="no-approver-notice">
      <Text size="sm">
        Four eyes is on: a {what} you submit needs someone other than you to approve it, and nobody in your
        company can.{' '}
        {o.canSelfApprove
          ? 'As the owner you can self-approve it after submitting; the approval trail and the audit log will say so.'
          : 'It will wait until an approver joins.'}
      </Text>
      <Anchor component={Link} to={INVITE_APPROVER_PATH} size="sm" fw={500}>
        Invite an approver
      </Anchor>
    </Alert>
  );
}
