import { Card, Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ACCOUNT_TYPES, type AccountType } from '@owo/contract';
import { Logo } from '../../../components/logo';
import { paths } from '../../../lib/paths';
import { queryClient } from '../../../lib/query';
import { sessionKeys } from '../../../lib/session';
import { updateStaff } from '../../../lib/store';
import { CreateAccountForm } from '../components/create-account-form';
import { PageHeader } from '../../../components/page-header';

/** /account/create: the first account of a new user; it becomes the active one, then KYB setup. */
export function CreateAccountScreen() {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const typeParam = useSearchParams()[0].get('type');
  const defaultType = (ACCOUNT_TYPES as readonly string[]).includes(typeParam ?? '')
    ? (typeParam as AccountType)
    : undefined;
  return (
    <Container size={560} py={48}>
      <Logo />
      <Card mt="xl" p={{ base: 'lg', sm: 'xl' }}>
        <PageHeader title={t('create.title')} description={t('create.subtitle')} />
        <CreateAccountForm
          defaultType={defaultType}
          onCreated={(entry) => {
            updateStaff({ accountId: entry.accountId, subsidiaryId: null });
            // Drop, do not refetch, the cached "no account yet" answers: a refetch while this screen
            // is mounted lets RedirectIfActiveAccount send the user to /dashboard instead of the setup.
            queryClient.removeQueries({ queryKey: sessionKeys.accounts });
            void navigate(paths.account.setup.path, { replace: true });
          }}
        />
      </Card>
    </Container>
  );
}
