import { Button, Card, Stack, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router-dom';
import { KYB_MSG } from '@owo/contract';
import { FullPageLoader } from '../../../components/page-states';
import { QueryError } from '../../../components/query-error';
import { paths } from '../../../lib/paths';
import { useKyb } from '../api';
import { firstIncompleteStep } from './kyb-nav';
import { PageHeader } from '../../../components/page-header';
import { messageText } from '../../../lib/messages';

/** /account/setup/success: the end of the setup; an unfinished setup goes back to its next step. */
export function SetupSuccessScreen() {
  const { t } = useTranslation('accounts');
  const kyb = useKyb();
  if (kyb.isPending) return <FullPageLoader />;
  if (kyb.isError) return <QueryError error={kyb.error} onRetry={() => void kyb.refetch()} />;
  if (!kyb.data.progress.isComplete)
    return (
      <Navigate
        to={paths.account.setupStep.href({ step: firstIncompleteStep(kyb.data.progress.maxStep) })}
        replace
      />
    );
  return (
    <Card maw={520} mx="auto" mt="xl" p="xl">
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={64} radius="xl" color="owo">
          <Text fz={30} fw={700}>
            ✓
          </Text>
        </ThemeIcon>
        <PageHeader mb={0} title={messageText(KYB_MSG.setupCompleted)} />
        <Text c="dimmed">{t('kyb.success.text')}</Text>
        <Button component={Link} to={paths.dashboard.path} size="md">
          {t('kyb.success.dashboard')}
        </Button>
      </Stack>
    </Card>
  );
}

/** /account/setup: straight to the first step not done. */
export function SetupIndex() {
  const kyb = useKyb();
  if (kyb.isPending) return <FullPageLoader />;
  if (kyb.isError) return <QueryError error={kyb.error} onRetry={() => void kyb.refetch()} />;
  return (
    <Navigate
      to={paths.account.setupStep.href({ step: firstIncompleteStep(kyb.data.progress.maxStep) })}
      replace
    />
  );
}
