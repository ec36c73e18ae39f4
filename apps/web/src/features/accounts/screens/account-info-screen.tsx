import { Box } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FullPageLoader } from '../../../components/page-states';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { useOrganisation } from '../api';
import { OrganisationSummary } from '../components/organisation-summary';

/** /account/info: the account with a Complete KYC link while the setup is unfinished. */
export function AccountInfoScreen() {
  const { t } = useTranslation('accounts');
  const org = useOrganisation();
  if (org.isPending) return <FullPageLoader />;
  if (org.isError) return <QueryError error={org.error} onRetry={() => void org.refetch()} />;
  return (
    <Box maw={960} mx="auto">
      <PageHeader title={t('info.title')} description={t('info.subtitle')} />
      <OrganisationSummary org={org.data} />
    </Box>
  );
}
