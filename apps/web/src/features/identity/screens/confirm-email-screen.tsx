import { Alert, Button, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { emailBody } from '@owo/contract';
import { useZodForm } from '../../../lib/forms';
import { paths } from '../../../lib/paths';
import { queryClient, useApiMutation } from '../../../lib/query';
import { sessionKeys, useHasSession, useProfile } from '../../../lib/session';
import { updateStaff, useStore } from '../../../lib/store';
import { authApi } from '../api/auth';
import { AuthHeader } from './auth-header';
import { usePageMeta } from '../../../lib/page-meta';
import { messageText } from '../../../lib/messages';

/**
 * /auth/confirm-email: with ?token= it confirms the address; without, it tells the user to check
 * their mail and offers a resend. Unguarded, but a verified signed-in user goes to the dashboard
 * (000 §2.4 rule 5; the dashboard's guard then applies rules 3 and 4).
 */
export function ConfirmEmailScreen() {
  const { t } = useTranslation('auth');
  usePageMeta({
    title: t('meta.confirmEmail.title'),
    description: t('meta.confirmEmail.description'),
    path: paths.auth.confirmEmail.path,
    noindex: true,
  });
  const [search] = useSearchParams();
  const token = search.get('token');
  const hasSession = useHasSession();
  const profile = useProfile(hasSession);
  const storedEmail = useStore((s) => s.staff.user?.email);
  const stateEmail = (useLocation().state as { email?: string } | null)?.email;
  const email = stateEmail ?? storedEmail ?? profile.data?.email ?? '';

  if (!token && profile.data?.verified) return <Navigate to={paths.dashboard.path} replace />;
  if (token) return <ConfirmToken token={token} signedIn={hasSession && !profile.isError} />;
  return (
    <Stack gap="md">
      <AuthHeader
        title={t('confirmEmail.title')}
        subtitle={email ? t('confirmEmail.sent', { email }) : t('confirmEmail.sentNoEmail')}
      />
      <ResendForm email={email} />
    </Stack>
  );
}

function ConfirmToken(props: { token: string; signedIn: boolean }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [state, setState] = useState<'pending' | 'done' | 'failed'>('pending');
  const [message, setMessage] = useState('');
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return; // StrictMode runs effects twice; a token is single-use.
    started.current = true;
    authApi
      .confirmEmail(props.token)
      .then(async (res) => {
        if (props.signedIn) {
          updateStaff({ user: res.data.user });
          // The profile the guards read may still be loading from before the confirmation (a
          // first fetch with no data is shared, not restarted, by an invalidation), and it says
          // "unverified". Drop that fetch, load the profile afresh, and only then offer Continue,
          // so a quick Continue cannot bounce back here.
          await queryClient.cancelQueries({ queryKey: sessionKeys.profile, exact: true });
          await queryClient
            .refetchQueries({ queryKey: sessionKeys.profile, exact: true })
            .catch(() => undefined);
          queryClient.setQueryData<{ verified: boolean }>(sessionKeys.profile, (old) =>
            old ? { ...old, verified: true } : old,
          );
        }
        setMessage(messageText(res.message));
        setState('done');
      })
      .catch((e: Error) => {
        setMessage(messageText(e.message));
        setState('failed');
      });
  }, [props.token, props.signedIn]);

  if (state === 'pending') {
    return (
      <Stack align="center" py="xl">
        <Loader />
        <Text c="dimmed">{t('confirmEmail.confirming')}</Text>
      </Stack>
    );
  }
  if (state === 'failed') {
    return (
      <Stack gap="md">
        <AuthHeader title={t('confirmEmail.title')} />
        <Alert color="red" variant="light">
          {message || t('confirmEmail.failed')}
        </Alert>
        <ResendForm email="" />
      </Stack>
    );
  }
  return (
    <Stack gap="md" data-testid="email-confirmed">
      <AuthHeader title={t('confirmEmail.confirmed')} subtitle={message} />
      {props.signedIn ? (
        <Button onClick={() => navigate(paths.dashboard.path, { replace: true })}>
          {t('confirmEmail.continue')}
        </Button>
      ) : (
        <Button component={Link} to={paths.auth.login.path}>
          {t('confirmEmail.toLogin')}
        </Button>
      )}
    </Stack>
  );
}

function ResendForm(props: { email: string }) {
  const { t } = useTranslation('auth');
  const form = useZodForm(emailBody, { defaultValues: { email: props.email } });
  const resend = useApiMutation({
    mutationFn: (v: { email: string }) => authApi.resendConfirmation(v.email),
    form,
  });
  return (
    <form onSubmit={form.handleSubmit((v) => resend.mutate(v))} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('confirmEmail.email')}
          type="email"
          {...form.register('email')}
          error={form.formState.errors.email?.message}
        />
        <Button type="submit" variant="secondary" loading={resend.isPending}>
          {t('confirmEmail.resend')}
        </Button>
        <Button component={Link} to={paths.auth.login.path} variant="subtle">
          {t('confirmEmail.toLogin')}
        </Button>
      </Stack>
    </form>
  );
}
