import { Alert, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { formatDate } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { queryClient, useApiMutation } from '../../../lib/query';
import { sessionKeys, useHasSession, useProfile } from '../../../lib/session';
import { authApi } from '../api/auth';
import { AuthHeader } from './auth-header';
import { usePageMeta } from '../../../lib/page-meta';
import { messageText } from '../../../lib/messages';

/**
 * /auth/invite?code=: shows the inviting account and role. Signed in: accept here. Otherwise a
 * new user registers with the code and an existing one logs in with it (000 §2.1, 002 §2 Teams).
 */
export function InviteScreen() {
  const { t } = useTranslation('auth');
  usePageMeta({
    title: t('meta.invite.title'),
    description: t('meta.invite.description'),
    path: paths.auth.invite.path,
    noindex: true,
  });
  const { code, signedIn, profile, invite, accept } = useInvitation();

  if (!code) return <InviteProblem text={t('invite.missing')} />;
  if (invite.isPending) {
    return (
      <Stack align="center" py="xl">
        <Loader />
        <Text c="dimmed">{t('invite.loading')}</Text>
      </Stack>
    );
  }
  if (invite.isError)
    return <InviteProblem text={messageText(invite.error.message) || t('invite.invalid')} />;
  const inv = invite.data;
  return (
    <Stack gap="md" data-testid="invitation">
      <AuthHeader
        title={t('invite.title')}
        subtitle={t('invite.text', { account: inv.accountName, role: inv.roleName })}
      />
      <InvitationFacts inv={inv} />
      {signedIn ? (
        <>
          <Text size="sm" c="dimmed">
            {t('invite.signedInAs', { email: profile.data?.email })}
          </Text>
          <Button size="md" loading={accept.isPending} onClick={() => accept.mutate()}>
            {t('invite.accept')}
          </Button>
        </>
      ) : (
        <SignInToAccept code={code} inv={inv} />
      )}
    </Stack>
  );
}

/** The invitation (by the ?code=), who is signed in, and accepting it. */
function useInvitation() {
  const [search] = useSearchParams();
  const code = search.get('code') ?? '';
  const navigate = useNavigate();
  const hasSession = useHasSession();
  const profile = useProfile(hasSession);
  const signedIn = hasSession && !!profile.data;
  const invite = useQuery({
    queryKey: ['invitation', code],
    enabled: !!code,
    queryFn: async () => (await authApi.invitation(code)).data,
  });
  const accept = useApiMutation({
    mutationFn: () => authApi.acceptInvitation(code),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: sessionKeys.accounts });
      void queryClient.invalidateQueries({ queryKey: sessionKeys.active });
      void navigate(paths.account.switch.path, { replace: true });
    },
  });
  return { code, signedIn, profile, invite, accept };
}

type Invitation = NonNullable<ReturnType<typeof useInvitation>['invite']['data']>;

function InviteProblem({ text }: { text: string }) {
  const { t } = useTranslation('auth');
  return (
    <Stack>
      <AuthHeader title={t('invite.title')} />
      <Alert color="red" variant="light">
        {text}
      </Alert>
    </Stack>
  );
}

function InvitationFacts({ inv }: { inv: Invitation }) {
  const { t } = useTranslation('auth');
  return (
    <Card bg="gray.0" p="md">
      <Group justify="space-between">
        <Text c="dimmed" size="sm">
          {t('inviteScreen.account')}
        </Text>
        <Text fw={600}>{inv.accountName}</Text>
      </Group>
      <Group justify="space-between">
        <Text c="dimmed" size="sm">
          {t('inviteScreen.role')}
        </Text>
        <Text fw={600}>{inv.roleName}</Text>
      </Group>
      <Group justify="space-between">
        <Text c="dimmed" size="sm">
          {t('inviteScreen.email')}
        </Text>
        <Text fw={600}>{inv.email}</Text>
      </Group>
      <Group justify="space-between">
        <Text c="dimmed" size="sm">
          {t('inviteScreen.expires')}
        </Text>
        <Text fw={600}>{formatDate(inv.expiresAt)}</Text>
      </Group>
    </Card>
  );
}

/** Not signed in: log in or register with the code (the one that fits the invited email is filled). */
function SignInToAccept({ code, inv }: { code: string; inv: Invitation }) {
  const { t } = useTranslation('auth');
  return (
    <>
      <Button
        component={Link}
        size="md"
        variant={inv.userExists ? 'primary' : 'secondary'}
        to={paths.auth.loginWithCode.href({ code }, { email: inv.email })}
      >
        {t('invite.existingUser')}
      </Button>
      <Button
        component={Link}
        size="md"
        variant={inv.userExists ? 'secondary' : 'primary'}
        to={paths.auth.registerWithCode.href({ code }, { email: inv.email })}
      >
        {t('invite.newUser')}
      </Button>
    </>
  );
}
