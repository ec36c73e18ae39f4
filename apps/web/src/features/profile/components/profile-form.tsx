import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { profileBody, type Profile } from '@owo/contract';
import { PhoneInput, withNgPrefix } from '../../../components/phone-input';
import { useZodForm } from '../../../lib/forms';
import { queryClient, useApiMutation } from '../../../lib/query';
import { sessionKeys } from '../../../lib/session';
import { profileApi } from '../api';
import { phoneForInput } from '../phone';
import { FormGrid } from '../../../components/form-grid';

const schema = z.preprocess(
  (v) =>
    v && typeof v === 'object'
      ? { ...v, phoneNumber: withNgPrefix((v as { phoneNumber?: unknown }).phoneNumber) }
      : v,
  profileBody,
);

/** Name and phone of the signed-in user (PUT /me/settings/profile); the email is fixed. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation('accounts');
  const form = useZodForm(schema as unknown as typeof profileBody, {
    defaultValues: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      phoneNumber: phoneForInput(profile.phoneNumber),
    },
  });
  const save = useApiMutation({
    mutationFn: profileApi.update,
    form,
    onSuccess: (res) => {
      queryClient.setQueryData(sessionKeys.profile, res.data.profile);
      form.reset({
        firstName: res.data.profile.firstName,
        lastName: res.data.profile.lastName,
        phoneNumber: phoneForInput(res.data.profile.phoneNumber),
      });
    },
  });
  const e = form.formState.errors;
  return (
    <form onSubmit={form.handleSubmit((v) => save.mutate(v))} noValidate>
      <Stack gap="md">
        <FormGrid>
          <TextInput
            label={t('profile.firstName')}
            required
            {...form.register('firstName')}
            error={e.firstName?.message}
          />
          <TextInput
            label={t('profile.lastName')}
            required
            {...form.register('lastName')}
            error={e.lastName?.message}
          />
        </FormGrid>
        <TextInput
          label={t('profile.email')}
          value={profile.email}
          readOnly
          variant="filled"
          description={t('profile.emailFixed')}
        />
        <PhoneInput
          label={t('common:phone.label')}
          {...form.register('phoneNumber')}
          error={e.phoneNumber?.message}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} disabled={!form.formState.isDirty}>
            {t('common:actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
