import { Anchor, Box, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { Resource } from '@owo/contract';
import { PageHeader } from '../../../components/page-header';
import { RequirePermission } from '../../../app/guards/guards';
import { useCan } from '../../../lib/session';
import { OrganisationSection } from './organisation-section';
import { paths } from '../../../lib/paths';
import { useTranslation } from 'react-i18next';

type SettingsLink = { to: string; title: string; text: string; resource: Resource };
/** Every settings page, shown to members whose role reads it. */
export const SETTINGS_LINKS: SettingsLink[] = [
  {
    to: paths.settings.business.href(),
    title: 'Business profile',
    text: 'Name and registered details',
    resource: 'parameters',
  },
  {
    to: paths.settings.subsidiaries.href(),
    title: 'Subsidiaries',
    text: 'Branches and their members',
    resource: 'subsidiaries',
  },
  {
    to: paths.settings.feePolicy.href(),
    title: 'Fee policy',
    text: 'Fee bands in force, with a preview',
    resource: 'feePolicies',
  },
  {
    to: paths.settings.paymentApprovals.href(),
    title: 'Payment approvals',
    text: 'Approval workflows',
    resource: 'approvalWorkflows',
  },
  {
    to: paths.settings.apPolicy.href(),
    title: 'AP policy',
    text: 'Thresholds, four eyes, budgets',
    resource: 'policy',
  },
  {
    to: paths.settings.categories.href(),
    title: 'Payout categories',
    text: 'Categories and budgets',
    resource: 'payouts',
  },
  {
    to: paths.settings.developers.href(),
    title: 'Developers',
    text: 'API keys and webhooks',
    resource: 'developer',
  },
  {
    to: paths.settings.integrations.href(),
    title: 'Integrations',
    text: 'Accounting software: connect, map, sync',
    resource: 'accountingIntegrations',
  },
  {
    to: paths.settings.auditLog.href(),
    title: 'Audit log',
    text: 'Every change, who and when',
    resource: 'parameters',
  },
  {
    to: paths.teams.root.href(),
    title: 'Teams',
    text: 'Members, roles and invitations',
    resource: 'accountAccess',
  },
];

function SettingsCard(props: SettingsLink) {
  const allowed = useCan(props.resource, 'get');
  if (!allowed) return null;
  return (
    <Anchor component={Link} to={props.to} underline="never" c="inherit">
      <Card withBorder padding="md" h="100%">
        <Text fw={600}>{props.title}</Text>
        <Text size="sm" c="dimmed">
          {props.text}
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
