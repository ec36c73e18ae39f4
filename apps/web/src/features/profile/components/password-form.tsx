import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { changePasswordBody } from '@owo/contract';
import { useZodForm } from '../../../lib/forms';
import { useApiMutation } from '../../../lib/query';
import { profileApi } from '../api';

/** PUT /me/settings/password; the server toasts its message (002 §8) and ends other sessions. */
export function PasswordForm() {
  const { t } = useTranslation('accounts');
  const form = useZodForm(changePasswordBody, { defaultValues: { oldPassword: '', newPassword: '' } });
  const save = useApiMutation({ mutationFn: profileApi.changePassword, form, onSuccess: () => form.reset() });
  const e = form.formState.errors;
  return (
    <form onSubmit={form.handleSubmit((v) => save.mutate(v))} noValidate>
      <Stack gap="md" maw={480}>
        <PasswordInput
          label={t('security.oldPassword')}
          required
          autoComplete="current-password"
          {...form.register('oldPassword')}
          error={e.oldPassword?.message}
        />
        <PasswordInput
          label={t('security.newPassword')}
          required
          autoComplete="new-password"
          {...form.register('newPassword')}
          error={e.newPassword?.message}
        />
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('security.changePassword')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
