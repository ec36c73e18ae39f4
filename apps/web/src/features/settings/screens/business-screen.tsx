import { Anchor, Box, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { Resource } from '@owo/contract';
import { PageHeader } from '../../../components/page-header';
import { RequirePermission } from '../../../app/guards/guards';
import { useCan } from '../../../lib/session';
import { OrganisationSection } from './organisation-section';
import { paths } from '../../../lib/paths';
import { useTranslation } from 'react-i18next';

/** A settings page; its card reads settings:links.<page>.title and .text. */
type SettingsLink = { to: string; page: string; resource: Resource };
/** Every settings page, shown to members whose role reads it. */
export const SETTINGS_LINKS: SettingsLink[] = [
  {
    to: paths.settings.business.href(),
    page: 'businessProfile',
    resource: 'parameters',
  },
  {
    to: paths.settings.subsidiaries.href(),
    page: 'subsidiaries',
    resource: 'subsidiaries',
  },
  {
    to: paths.settings.feePolicy.href(),
    page: 'feePolicy',
    resource: 'feePolicies',
  },
  {
    to: paths.settings.paymentApprovals.href(),
    page: 'paymentApprovals',
    resource: 'approvalWorkflows',
  },
  {
    to: paths.settings.apPolicy.href(),
    page: 'apPolicy',
    resource: 'policy',
  },
  {
    to: paths.settings.categories.href(),
    page: 'payoutCategories',
    resource: 'payouts',
  },
  {
    to: paths.settings.developers.href(),
    page: 'developers',
    resource: 'developer',
  },
  {
    to: paths.settings.integrations.href(),
    page: 'integrations',
    resource: 'accountingIntegrations',
  },
  {
    to: paths.settings.auditLog.href(),
    page: 'auditLog',
    resource: 'parameters',
  },
  {
    to: paths.teams.root.href(),
    page: 'teams',
    resource: 'accountAccess',
  },
];

function SettingsCard(props: SettingsLink) {
  const { t } = useTranslation('settings');
  const allowed = useCan(props.resource, 'get');
  if (!allowed) return null;
  return (
    <Anchor component={Link} to={props.to} underline="never" c="inherit">
      <Card withBorder padding="md" h="100%">
        <Text fw={600}>{t(`links.${props.page}.title`)}</Text>
        <Text size="sm" c="dimmed">
          {t(`links.${props.page}.text`)}
        </Text>
      </Card>
    </Anchor>
  );
}

/** /settings and /settings/business (002 §2): the business profile over GET/PUT /settings/organisation. */
export function BusinessScreen(props: { withIndex?: boolean }) {
  const { t } = useTranslation('settings');
  return (
    <Box maw={1040} mx="auto">
      <PageHeader
        title={props.withIndex ? t('businessScreen.settings') : t('businessScreen.businessProfile')}
        description={
          props.withIndex
            ? t('businessScreen.yourBusinessProfileAndThe')
            : t('businessScreen.yourBusinessAsOwoKnows')
        }
      />
      <Stack gap="xl">
        {props.withIndex && (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
            {SETTINGS_LINKS.map((l) => (
              <SettingsCard key={l.to} {...l} />
            ))}
          </SimpleGrid>
        )}
        <Stack gap="sm">
          {props.withIndex && <Title order={3}>{t('businessScreen.businessProfile')}</Title>}
          <RequirePermission resource="parameters">
            <OrganisationSection />
          </RequirePermission>
        </Stack>
      </Stack>
    </Box>
  );
}
