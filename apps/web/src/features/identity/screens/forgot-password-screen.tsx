import { Anchor, Button, Stack, Text, ThemeIcon, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { emailBody } from '@owo/contract';
import { useZodForm } from '../../../lib/forms';
import { paths } from '../../../lib/paths';
import { useApiMutation } from '../../../lib/query';
import { useStore } from '../../../lib/store';
import { authApi } from '../api/auth';
import { AuthHeader } from './auth-header';
import { usePageMeta } from '../../../lib/page-meta';

/** /auth/forgot-password; the success screen text is 002 §8's. */
export function ForgotPasswordScreen() {
  const { t } = useTranslation('auth');
  usePageMeta({
    title: t('meta.forgotPassword.title'),
    description: t('meta.forgotPassword.description'),
    path: paths.auth.forgotPassword.path,
  });
  const [search] = useSearchParams();
  const expiredEmail = useStore((s) => s.staff.expiredEmail);
  const [sent, setSent] = useState(false);
  const form = useZodForm(emailBody, { defaultValues: { email: search.get('email') ?? expiredEmail ?? '' } });
  const send = useApiMutation({
    mutationFn: (v: { email: string }) => authApi.forgotPassword(v.email),
    form,
    silentSuccess: true,
    onSuccess: () => setSent(true),
  });

  if (sent) {
    return (
      <Stack align="center" ta="center" gap="md" data-testid="forgot-sent">
        <ThemeIcon size={56} radius="xl" variant="light">
          ✉
        </ThemeIcon>
        <AuthHeader title={t('forgot.sentTitle')} />
        <Text mt={-16}>{t('forgot.sent')}</Text>
        <Button component={Link} to={paths.auth.login.path} variant="secondary" fullWidth>
          {t('forgot.backToLogin')}
        </Button>
      </Stack>
    );
  }
  return (
    <form onSubmit={form.handleSubmit((v) => send.mutate(v))} noValidate>
      <AuthHeader title={t('forgot.title')} subtitle={t('forgot.subtitle')} />
      <Stack gap="md">
        <TextInput
          label={t('forgot.email')}
          type="email"
          autoComplete="email"
          {...form.register('email')}
          error={form.formState.errors.email?.message}
        />
        <Button type="submit" size="md" loading={send.isPending} fullWidth>
          {t('forgot.submit')}
        </Button>
        <Anchor component={Link} to={paths.auth.login.path} size="sm" ta="center">
          {t('forgot.backToLogin')}
        </Anchor>
      </Stack>
    </form>
  );
}
