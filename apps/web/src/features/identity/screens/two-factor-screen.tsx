import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { twoFactorLoginBody } from '@owo/contract';
import { useZodForm } from '../../../lib/forms';
import { paths } from '../../../lib/paths';
import { useApiMutation } from '../../../lib/query';
import { logoutStaff } from '../../../lib/session';
import { useStore } from '../../../lib/store';
import { authApi, completeSignIn } from '../api/auth';
import { AuthHeader } from './auth-header';
import { usePageMeta } from '../../../lib/page-meta';

/** /auth/two-factor: the session is signed in but waits for the authenticator (or recovery) code. */
export function TwoFactorScreen() {
  const { t } = useTranslation('auth');
  usePageMeta({
    title: t('meta.twoFactor.title'),
    description: t('meta.twoFactor.description'),
    path: paths.auth.twoFactor.path,
    noindex: true,
  });
  const navigate = useNavigate();
  const invitationCode = (useLocation().state as { invitationCode?: string } | null)?.invitationCode;
  const email = useStore((s) => s.staff.twoFactorEmail ?? s.staff.user?.email);
  const form = useZodForm(twoFactorLoginBody, { defaultValues: { code: '', invitationCode } });
  const verify = useApiMutation({
    mutationFn: authApi.twoFactor,
    form,
    onSuccess: (res) => navigate(completeSignIn(res.data.user), { replace: true }),
    onError: (err) => {
      if (err.httpStatus === 401) void navigate(paths.auth.login.path, { replace: true });
    },
  });

  async function useAnother() {
    await logoutStaff();
    void navigate(paths.auth.login.path, { replace: true });
  }

  return (
    <form onSubmit={form.handleSubmit((v) => verify.mutate(v))} noValidate>
      <AuthHeader title={t('twoFactor.title')} subtitle={t('twoFactor.subtitle')} />
      <Stack gap="md">
        {email && (
          <Text size="sm" c="dimmed" mt={-12}>
            {email}
          </Text>
        )}
        <TextInput
          label={t('twoFactor.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus
          maxLength={20}
          {...form.register('code')}
          error={form.formState.errors.code?.message}
          styles={{ input: { letterSpacing: 4, fontSize: 18 } }}
        />
        <Button type="submit" size="md" loading={verify.isPending} fullWidth>
          {t('twoFactor.submit')}
        </Button>
        <Button variant="subtle" onClick={useAnother}>
          {t('twoFactor.useAnother')}
        </Button>
      </Stack>
    </form>
  );
}
