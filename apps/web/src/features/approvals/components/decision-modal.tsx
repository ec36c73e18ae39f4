import { Alert, Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { approvalNoteSchema, SELF_APPROVAL_MSG } from '@owo/contract/approvals';
import { z } from 'zod';
import { useZodForm } from '../../../lib/forms';
import { useApiMutation } from '../../../lib/query';
import { decideApproval, refreshApprovals, resolveApproval, selfApproveApproval } from '../api';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../../lib/messages';

export type DecisionKind = 'approve' | 'reject' | 'resolve' | 'selfApprove';
const noteForm = z.object({ comments: approvalNoteSchema });

/**
 * The shared approve / reject / resolve modal (001 §2 Shared modals): a reason of 3 to 1000
 * characters; the success toast is the server's '{Type} approved/rejected/resolved successfully'.
 */
export function DecisionModal(props: {
  approvalId: string;
  kind: DecisionKind | null;
  onClose: () => void;
  onDone?: () => void;
}) {
  const { t } = useTranslation('approvals');
  return (
    <Modal
      opened={!!props.kind}
      onClose={props.onClose}
      title={props.kind ? t(`decisionModal.titles.${props.kind}`) : ''}
      centered
    >
      {props.kind && <DecisionForm key={props.kind} {...props} kind={props.kind} />}
    </Modal>
  );
}

function DecisionForm(props: {
  approvalId: string;
  kind: DecisionKind;
  onClose: () => void;
  onDone?: () => void;
}) {
  const rejecting = props.kind === 'reject';
  const { t } = useTranslation('approvals');
  const form = useZodForm(noteForm, { defaultValues: { comments: '' } });
  const save = useApiMutation({
    mutationFn: (comments: string) =>
      props.kind === 'resolve'
        ? resolveApproval(props.approvalId, comments)
        : props.kind === 'selfApprove'
          ? selfApproveApproval(props.approvalId, comments)
          : decideApproval(props.approvalId, {
              approvalStatus: props.kind === 'approve' ? 'approved' : 'rejected',
              comments,
            }),
    form,
    onSuccess: () => {
      void refreshApprovals();
      props.onDone?.();
      props.onClose();
    },
  });
  return (
    <form onSubmit={form.handleSubmit((v) => save.mutate(v.comments))} noValidate>
      <Stack gap="md">
        {props.kind === 'selfApprove' && (
          <Alert color="orange" title={t('decisionModal.approveYourOwnItem')}>
            {t('decisionModal.nobodyElseInYourCompany', { label: messageText(SELF_APPROVAL_MSG.label) })}
          </Alert>
        )}
        <Textarea
          label={t('decisionModal.reason')}
          placeholder={t('decisionModal.addAComment')}
          autosize
          minRows={3}
          maxLength={1000}
          {...form.register('comments')}
          error={form.formState.errors.comments?.message}
        />
        <Group justify="flex-end">
          <Button variant="secondary" onClick={props.onClose}>
            {t('decisionModal.cancel')}
          </Button>
          <Button type="submit" variant={rejecting ? 'danger' : 'primary'} loading={save.isPending}>
            {t(`decisionModal.titles.${props.kind}`)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
