// The profile sections, each a self-contained block used by /profile/* and /account/settings/*.
import { Card, Grid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { FullPageLoader } from '../../../components/page-states';
import { QueryError } from '../../../components/query-error';
import { paths } from '../../../lib/paths';
import { queryClient } from '../../../lib/query';
import { useProfile } from '../../../lib/session';
import { AccountList } from '../../accounts';
import { profileKeys } from '../api';
import { BankAccountsList } from '../components/bank-accounts-list';
import { BankDetailsForm } from '../components/bank-details-form';
import { NotificationPreferences } from '../components/notification-preferences';
import { PasswordForm } from '../components/password-form';
import { ProfileForm } from '../components/profile-form';
import { TwoFactorCard } from '../components/two-factor-card';

function Section(props: { title: string; text?: string; children: React.ReactNode }) {
  return (
    <Card>
      <Title order={4}>{props.title}</Title>
      {props.text && (
        <Text size="sm" c="dimmed" mb="md">
          {props.text}
        </Text>
      )}
      {!props.text && <div style={{ height: 12 }} />}
      {props.children}
    </Card>
  );
}

export function ProfileSection() {
  const { t } = useTranslation('accounts');
  const profile = useProfile();
  if (profile.isPending) return <FullPageLoader />;
  if (profile.isError) return <QueryError error={profile.error} onRetry={() => void profile.refetch()} />;
  return (
    <Section title={t('profile.title')} text={t('profile.text')}>
      <ProfileForm profile={profile.data} />
    </Section>
  );
}

export function SecuritySection() {
  const { t } = useTranslation('accounts');
  const profile = useProfile();
  if (profile.isPending) return <FullPageLoader />;
  if (profile.isError) return <QueryError error={profile.error} onRetry={() => void profile.refetch()} />;
  return (
    <Stack gap="lg">
      <TwoFactorCard profile={profile.data} />
      <Section title={t('security.password')} text={t('security.passwordText')}>
        <PasswordForm />
      </Section>
    </Stack>
  );
}

export function NotificationsSection() {
  const { t } = useTranslation('accounts');
  return (
    <Section title={t('notifications.title')} text={t('notifications.text')}>
      <NotificationPreferences />
    </Section>
  );
}

export function AccountsSection() {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  return (
    <Section title={t('profile.accountsTitle')} text={t('profile.accountsText')}>
      <AccountList onSwitched={() => navigate(paths.dashboard.path)} />
    </Section>
  );
}

export function BankDetailsSection() {
  const { t } = useTranslation('accounts');
  return (
    <Grid gutter="lg">
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Section title={t('bank.addTitle')} text={t('bank.addText')}>
          <BankDetailsForm
            onSaved={() => void queryClient.invalidateQueries({ queryKey: profileKeys.bankAccounts })}
          />
        </Section>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Section title={t('bank.savedTitle')}>
          <BankAccountsList />
        </Section>
      </Grid.Col>
    </Grid>
  );
}
