import { Alert, Badge, Button, Drawer, Group, Loader, Stack, Text, Textarea } from '@mantine/core';
import { approvalCommentBody } from '@owo/contract/approvals';
import { formatLongDate } from '../../../lib/format';
import { useZodForm } from '../../../lib/forms';
import { queryClient, useApiMutation } from '../../../lib/query';
import { addApprovalComment, approvalKeys, useApprovalComments } from '../api';
import { trailColor } from './trail-color';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../../lib/messages';

/**
 * The approval item's comment thread (002 §2 approval history "link to a comment thread"; issue 24
 * §0): the decisions' comments and free comments, oldest first, and a box to add one. Shared by
 * every approvable type through `TrailList`.
 */
export function CommentsDrawer(props: { approvalId: string; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('approvals');
  return (
    <Drawer
      opened={props.opened}
      onClose={props.onClose}
      title={t('commentsDrawer.comments')}
      position="right"
      size="md"
      zIndex={300}
    >
      {props.opened && <Thread approvalId={props.approvalId} />}
    </Drawer>
  );
}

function Thread({ approvalId }: { approvalId: string }) {
  const { t } = useTranslation('approvals');
  const thread = useApprovalComments(approvalId, true);
  const form = useZodForm(approvalCommentBody, { defaultValues: { body: '' } });
  const add = useApiMutation({
    mutationFn: (body: string) => addApprovalComment(approvalId, body),
    form,
    onSuccess: (res) => {
      queryClient.setQueryData(approvalKeys.comments(approvalId), res.data);
      form.reset({ body: '' });
    },
  });
  if (thread.isPending) return <Loader size="sm" />;
  if (thread.isError)
    return (
      <Alert color="red" variant="light">
        {messageText(thread.error.message)}
      </Alert>
    );
  return (
    <Stack gap="md">
      {thread.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('commentsDrawer.noCommentsYet')}
        </Text>
      ) : (
        <Stack gap="sm" data-testid="comment-thread">
          {thread.data.map((c) => (
            <Stack key={c.id} gap={2} data-testid="comment">
              <Group gap="xs">
                <Text size="sm" fw={500}>
                  {c.user.name}
                </Text>
                {c.status && (
                  <Badge size="xs" variant="light" color={trailColor(c.status)}>
                    {c.status}
                  </Badge>
                )}
                <Text size="xs" c="dimmed">
                  {formatLongDate(c.createdAt)}
                </Text>
              </Group>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {c.body}
              </Text>
            </Stack>
          ))}
        </Stack>
      )}
      <form onSubmit={form.handleSubmit((v) => add.mutate(v.body))} noValidate>
        <Stack gap="xs">
          <Textarea
            label={t('commentsDrawer.addAComment')}
            placeholder={t('commentsDrawer.writeAComment')}
            autosize
            minRows={2}
            maxLength={1000}
            {...form.register('body')}
            error={form.formState.errors.body?.message}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={add.isPending}>
              {t('commentsDrawer.comment')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
