import { Button, Card, Container, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { AccountType } from '@owo/contract';
import { Logo } from '../../../components/logo';
import { paths } from '../../../lib/paths';
import { AccountTypeOptions } from '../components/create-account-form';
import { PageHeader } from '../../../components/page-header';

/** /account/type: pick the kind of account first; /account/create then asks for its name. */
export function AccountTypeScreen() {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const [type, setType] = useState<AccountType | undefined>();
  return (
    <Container size={560} py={48}>
      <Logo />
      <Card mt="xl" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="lg">
          <PageHeader mb={0} title={t('typeScreen.title')} description={t('typeScreen.subtitle')} />
          <AccountTypeOptions value={type} onChange={setType} />
          <Button size="md" disabled={!type} onClick={() => navigate(paths.account.create.href({ type }))}>
            {t('typeScreen.continue')}
          </Button>
        </Stack>
      </Card>
    </Container>
  );
}
