import { Alert, Anchor, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { ApprovalType } from '@owo/contract/approvals';
import { paths } from '../../../lib/paths';
import { useApproverOutlook } from '../api';
import { useTranslation } from 'react-i18next';

/** The team screen with the invitation modal open (TeamsScreen reads `?invite=1`). */
export const INVITE_APPROVER_PATH = `${paths.teams.root.path}?invite=1`;

/**
 * Shown by the forms that submit an approvable item (pay someone, bill, expense; issue 34 §9) when
 * four eyes applies and nobody but the maker can approve it: say so BEFORE submitting, with an
 * "Invite an approver" link; and whether the owner may self-approve it meanwhile (AP policy).
 */
export function NoApproverNotice(props: { type: ApprovalType; amount?: string }) {
  const { t } = useTranslation('approvals');
  const outlook = useApproverOutlook(props.type, props.amount);
  const o = outlook.data;
  if (!o?.needsApprover) return null;
  const what = t(`typeNameInSentence.${props.type}`);
  return (
    <Alert
      color="yellow"
      title={t('noApproverNotice.nobodyElseCanApproveThis')}
      data-testid="no-approver-notice"
    >
      <Text size="sm">
        {t('noApproverNotice.fourEyesIsOnA', {
          what,
          next: o.canSelfApprove
            ? t('noApproverNotice.asTheOwnerYouCan')
            : t('noApproverNotice.itWillWaitUntilAn'),
        })}
      </Text>
      <Anchor component={Link} to={INVITE_APPROVER_PATH} size="sm" fw={500}>
        {t('noApproverNotice.inviteAnApprover')}
      </Anchor>
    </Alert>
  );
}
