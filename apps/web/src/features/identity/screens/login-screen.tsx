import { Alert, Anchor, Button, Divider, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { loginBody } from '@owo/contract/identity-login';
import { STATUS } from '@owo/contract/status';
import { isApiError } from '../../../lib/api';
import { useZodForm } from '../../../lib/forms';
import { paths } from '../../../lib/paths';
import { useApiMutation } from '../../../lib/query';
import { toastError } from '../../../lib/toast';
import { updateStaff, useStore } from '../../../lib/store';
import { authApi, completeSignIn } from '../api/auth';
import { AuthHeader } from './auth-header';
import { usePageMeta } from '../../../lib/page-meta';

/** /auth/login and /auth/login/:code (an invitation accepted on sign-in). 000 §2.1, §8. */
export function LoginScreen() {
  const { t } = useTranslation('auth');
  usePageMeta({
    title: t('meta.login.title'),
    description: t('meta.login.description'),
    path: paths.auth.login.path,
  });
  const { code } = useParams();
  const { form, login, passwordExpired, expiredEmail } = useLoginForm(code);

  return (
    <form onSubmit={form.handleSubmit((v) => login.mutate(v))} noValidate>
      <AuthHeader title={t('login.title')} subtitle={code ? t('login.inviteNote') : t('login.subtitle')} />
      <Stack gap="md">
        {passwordExpired && (
          <Alert color="yellow" variant="light" data-testid="password-expired">
            <Trans
              t={t}
              i18nKey="login.passwordExpired"
              components={{
                reset: (
                  <Anchor
                    component={Link}
                    to={paths.auth.forgotPassword.href({ email: expiredEmail })}
                    fw={600}
                  />
                ),
              }}
            />
          </Alert>
        )}
        <TextInput
          label={t('login.email')}
          type="email"
          autoComplete="email"
          {...form.register('email')}
          error={form.formState.errors.email?.message}
        />
        <PasswordInput
          label={t('login.password')}
          autoComplete="current-password"
          {...form.register('password')}
          error={form.formState.errors.password?.message}
        />
        <Group justify="flex-end" mt={-6}>
          <Anchor component={Link} to={paths.auth.forgotPassword.path} size="sm">
            {t('login.forgot')}
          </Anchor>
        </Group>
        <Button type="submit" size="md" loading={login.isPending} fullWidth>
          {t('login.submit')}
        </Button>
        <Divider label={t('login.noAccount')} labelPosition="center" />
        <Button
          component={Link}
          to={code ? paths.auth.registerWithCode.href({ code }) : paths.auth.register.path}
          variant="secondary"
          size="md"
          fullWidth
        >
          {t('login.createAccount')}
        </Button>
        {form.formState.errors.root?.server && (
          <Text c="red" size="sm">
            {form.formState.errors.root.server.message}
          </Text>
        )}
      </Stack>
    </form>
  );
}

/** The login form (prefilled by ?email= or an expired password's email) and its submit: 2FA, expiry, sign-in. */
function useLoginForm(code: string | undefined) {
  const navigate = useNavigate();
  // Two plain values, not the staff object: hydrating the prerendered page re-renders nothing.
  const passwordExpired = useStore((s) => s.staff.passwordExpired);
  const expiredEmail = useStore((s) => s.staff.expiredEmail);
  const [search] = useSearchParams();
  const form = useZodForm(loginBody, {
    defaultValues: { email: search.get('email') ?? expiredEmail ?? '', password: '', code },
  });

  const login = useApiMutation({
    mutationFn: authApi.login,
    form,
    silentSuccess: true,
    silentError: true,
    onSuccess: (res, body) => {
      if (res.status === STATUS.twoFaRequired) {
        updateStaff({ user: res.data.user, twoFactorEmail: body.email });
        void navigate(paths.auth.twoFactor.path, { state: { invitationCode: code } });
        return;
      }
      void navigate(completeSignIn(res.data.user), { replace: true });
    },
    onError: (err, body) => {
      if (isApiError(err) && err.status === STATUS.passwordExpired)
        updateStaff({ passwordExpired: true, expiredEmail: body.email });
      toastError(err.message);
    },
  });
  return { form, login, passwordExpired, expiredEmail };
}
