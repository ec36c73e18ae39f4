import { Button, Card, Container, Group, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Logo } from '../../../components/logo';
import { paths } from '../../../lib/paths';
import { queryClient } from '../../../lib/query';
import { logoutStaff } from '../../../lib/session';
import { updateStaff } from '../../../lib/store';
import { AccountList } from '../components/account-list';
import { CreateAccountForm } from '../components/create-account-form';
import { PageHeader } from '../../../components/page-header';

/** /accounts/switch: choose the active account (000 §2.2, §2.4 rule 4). */
export function SwitchAccountScreen() {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const [creating, create] = useDisclosure(false);
  return (
    <Container size={560} py={48}>
      <Group justify="space-between">
        <Logo to={paths.dashboard.path} />
        <Button
          variant="subtle"
          onClick={async () => {
            await logoutStaff();
            void navigate(paths.auth.login.path, { replace: true });
          }}
        >
          {t('switch.logout')}
        </Button>
      </Group>
      <Card mt="xl" p={{ base: 'lg', sm: 'xl' }}>
        <PageHeader title={t('switch.title')} description={t('switch.subtitle')} />
        <AccountList onSwitched={() => navigate(paths.dashboard.path, { replace: true })} />
        <Button variant="secondary" fullWidth mt="lg" onClick={create.open}>
          {t('switch.createNew')}
        </Button>
      </Card>
      <Modal opened={creating} onClose={create.close} title={t('create.title')} size="lg">
        <CreateAccountForm
          onCreated={(entry) => {
            updateStaff({ accountId: entry.accountId, subsidiaryId: null });
            queryClient.clear();
            void navigate(paths.account.setup.path, { replace: true });
          }}
        />
      </Modal>
    </Container>
  );
}
