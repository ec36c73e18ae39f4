import { ActionIcon, Badge, Menu, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Invitation } from '@owo/contract';
import { EmptyState } from '../../../components/page-states';
import { ListBody, ListPagination } from '../../../components/list';
import { formatRelative } from '../../../lib/format';
import { useApiMutation } from '../../../lib/query';
import { refreshTeams, teamsApi, useInvitations } from '../api';
import { canChangeInviteRole, type TeamFlags } from '../flags';
import { ChangeRoleModal } from './change-role-modal';
import { ConfirmModal } from '../../../components/confirm-modal';

/** One invitation: email, role, expiry, who invited, and the actions menu. */
function InvitationRow(props: {
  inv: Invitation;
  flags: TeamFlags;
  onResend: (id: string) => void;
  onChangeRole: (inv: Invitation) => void;
  onCancel: (inv: Invitation) => void;
}) {
  const { t } = useTranslation('teams');
  const { inv, flags } = props;
  const showMenu = flags.canEditInvites || flags.canDeleteInvites;
  return (
    <Table.Tr data-testid="invitation-row">
      <Table.Td>
        <Text size="sm" fw={600}>
          {inv.email}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{inv.role === 'owner' ? t('owner') : inv.roleName}</Text>
      </Table.Td>
      <Table.Td>
        {inv.expired ? (
          <Badge color="red" variant="light">
            {t('expired')}
          </Badge>
        ) : (
          <Text size="sm" title={inv.expiresAt}>
            {t('expiresIn', { when: formatRelative(inv.expiresAt) })}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm" c="dimmed">
          {inv.invitedBy?.name ?? '—'}
        </Text>
      </Table.Td>
      <Table.Td>
        {showMenu && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={t('actions', { name: inv.email })}>
                ⋮
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {flags.canEditInvites && (
                <Menu.Item onClick={() => props.onResend(inv.id)}>{t('resend')}</Menu.Item>
              )}
              {canChangeInviteRole(inv, flags) && (
                <Menu.Item onClick={() => props.onChangeRole(inv)}>{t('changeRole.action')}</Menu.Item>
              )}
              {flags.canDeleteInvites && (
                <Menu.Item color="red" onClick={() => props.onCancel(inv)}>
                  {t('cancelInvite.action')}
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** Pending invitations with the time until expiry; resend, cancel, change role (not for owner invites). */
export function InvitationsTable(props: { flags: TeamFlags }) {
  const { t } = useTranslation('teams');
  const [page, setPage] = useState(1);
  const list = useInvitations(page);
  const [changing, setChanging] = useState<Invitation | null>(null);
  const [cancelling, setCancelling] = useState<Invitation | null>(null);
  const resend = useApiMutation({
    mutationFn: (id: string) => teamsApi.resendInvite(id),
    onSuccess: () => void refreshTeams(),
  });
  const cancel = useApiMutation({
    mutationFn: (id: string) => teamsApi.cancelInvite(id),
    onSuccess: () => {
      setCancelling(null);
      void refreshTeams();
    },
  });
  if (!list.data?.items.length)
    return <ListBody query={list} isEmpty={!list.data?.items.length} empty={<EmptyState />} />;
  const { flags } = props;

  return (
    <Stack gap="md">
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('table.email')}</Table.Th>
              <Table.Th>{t('table.role')}</Table.Th>
              <Table.Th>{t('table.expires')}</Table.Th>
              <Table.Th>{t('table.invitedBy')}</Table.Th>
              <Table.Th w={48} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.items.map((inv) => (
              <InvitationRow
                key={inv.id}
                inv={inv}
                flags={flags}
                onResend={(id) => resend.mutate(id)}
                onChangeRole={setChanging}
                onCancel={setCancelling}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ListPagination pagination={list.data.pagination} page={page} onChange={setPage} justify="flex-end" />
      <ChangeRoleModal
        target={changing && { id: changing.id, role: changing.role, label: changing.email }}
        onClose={() => setChanging(null)}
        save={teamsApi.changeInviteRole}
      />
      <ConfirmModal
        opened={!!cancelling}
        title={t('cancelInvite.title')}
        text={t('cancelInvite.text', { email: cancelling?.email })}
        confirm={t('cancelInvite.action')}
        loading={cancel.isPending}
        onConfirm={() => cancelling && cancel.mutate(cancelling.id)}
        onClose={() => setCancelling(null)}
      />
    </Stack>
  );
}
