// /teams (002 §2 Teams): Manage Roles and Invite Team Member; tabs Members, Agents and Pending
// Requests (with a count), opening on the first tab the user may see.
import { Badge, Box, Button, Card, Group, Stack, Tabs } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../lib/paths';
import { useResources } from '../../../lib/session';
import { useInvitations } from '../api';
import { InvitationsTable } from '../components/invitations-table';
import { InviteModal } from '../components/invite-modal';
import { CommissionSettingsModal } from '../../commissions';
import { MembersTable } from '../components/members-table';
import { firstVisibleTab, teamFlags, visibleTabs, type TeamTab } from '../flags';

export function TeamsScreen() {
  const { t } = useTranslation('teams');
  const flags = teamFlags(useResources());
  const tabs = visibleTabs(flags);
  const [search, setSearch] = useSearchParams();
  const asked = search.get('tab') as TeamTab | null;
  const tab = asked && tabs.includes(asked) ? asked : firstVisibleTab(flags);
  // `?invite=1` (e.g. "Invite an approver" from a payment form) opens the invitation at once.
  const [inviting, invite] = useDisclosure(search.get('invite') === '1' && flags.canInviteTeamMembers);
  const [commission, commissionModal] = useDisclosure(false);
  const pending = useInvitations(1, flags.canViewInvites);
  const pendingCount = pending.data?.pagination?.totalItems ?? pending.data?.items.length;

  return (
    <Box maw={1200} mx="auto">
      <PageHeader
        title={t('title')}
        description={t('subtitle')}
        actions={
          <>
            {flags.canViewRoles && (
              <Button variant="secondary" component={Link} to={paths.teams.manageRoles.path}>
                {t('manageRoles')}
              </Button>
            )}
            {flags.canInviteTeamMembers && <Button onClick={invite.open}>{t('inviteMember')}</Button>}
          </>
        }
      />
      <Card p={0}>
        <Tabs value={tab} onChange={(v) => v && setSearch({ tab: v }, { replace: true })} keepMounted={false}>
          <Tabs.List px="md" pt="xs">
            {tabs.includes('members') && <Tabs.Tab value="members">{t('tabs.members')}</Tabs.Tab>}
            {tabs.includes('agents') && <Tabs.Tab value="agents">{t('tabs.agents')}</Tabs.Tab>}
            {tabs.includes('pending') && (
              <Tabs.Tab
                value="pending"
                rightSection={
                  pendingCount !== undefined ? (
                    <Badge size="sm" variant="light" circle={pendingCount < 10}>
                      {pendingCount}
                    </Badge>
                  ) : undefined
                }
              >
                {t('tabs.pending')}
              </Tabs.Tab>
            )}
          </Tabs.List>
          <Box p="md">
            {tab === 'members' && tabs.includes('members') && (
              <MembersTable key="members" where="members" flags={flags} />
            )}
            {tab === 'agents' && tabs.includes('agents') && (
              <Stack>
                {flags.canManageCommissionSettings && (
                  <Group justify="flex-end">
                    <Button variant="secondary" onClick={commissionModal.open}>
                      {t('teamsScreen.defaultCommission')}
                    </Button>
                  </Group>
                )}
                <MembersTable key="agents" where="agents" flags={flags} />
              </Stack>
            )}
            {tab === 'pending' && tabs.includes('pending') && <InvitationsTable flags={flags} />}
          </Box>
        </Tabs>
      </Card>
      <InviteModal opened={inviting} onClose={invite.close} />
      <CommissionSettingsModal opened={commission} onClose={commissionModal.close} agent={null} />
    </Box>
  );
}
