import { ActionIcon, Badge, Menu, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Member } from '@owo/contract';
import { EmptyState } from '../../../components/page-states';
import { ListBody, ListPagination } from '../../../components/list';
import { formatDate, formatMoney } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useApiMutation } from '../../../lib/query';
import { refreshTeams, teamsApi, useMembers } from '../api';
import { canChangeMemberRole, canRevokeMember, type TeamFlags } from '../flags';
import { CommissionSettingsModal } from '../../commissions';
import { ChangeRoleModal } from './change-role-modal';
import { ConfirmModal } from '../../../components/confirm-modal';
import { SpendLimitModal } from './spend-limit-modal';

/** One member: name and email, role, status, spend limit, last update, and the actions menu. */
function MemberRow(props: {
  m: Member;
  where: 'members' | 'agents';
  flags: TeamFlags;
  onLimit: (m: Member) => void;
  onCommission: (m: Member) => void;
  onChangeRole: (m: Member) => void;
  onRevoke: (m: Member) => void;
}) {
  const { t } = useTranslation('teams');
  const navigate = useNavigate();
  const { m } = props;
  return (
    <Table.Tr data-testid="member-row">
      <Table.Td>
        <Text size="sm" fw={600}>
          {m.user.name}
        </Text>
        <Text size="xs" c="dimmed">
          {m.user.email}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{m.roleName}</Text>
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color={m.active ? 'owo' : 'gray'}>
          {m.active ? t('active') : t('inactive')}
        </Badge>
      </Table.Td>
      <Table.Td data-testid="member-spend-limit">
        <Text size="sm" c={m.limit ? undefined : 'dimmed'}>
          {m.limit ? formatMoney(m.limit.limitMinor, 'NGN') : t('member.noLimit')}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{formatDate(m.updatedAt)}</Text>
      </Table.Td>
      <Table.Td>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={t('actions', { name: m.user.name })}>
              ⋮
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => navigate(paths.teams.member.href({ id: m.id }))}>
              {t('viewDetails')}
            </Menu.Item>
            {props.flags.canEditTeamMembers && m.active && (
              <Menu.Item onClick={() => props.onLimit(m)}>
                {m.limit ? t('membersTable.editSpendLimit') : t('membersTable.addSpendLimit')}
              </Menu.Item>
            )}
            {props.where === 'agents' && props.flags.canManageCommissionSettings && (
              <Menu.Item onClick={() => props.onCommission(m)}>{t('membersTable.editCommission')}</Menu.Item>
            )}
            {canChangeMemberRole(m, props.flags) && m.active && (
              <Menu.Item onClick={() => props.onChangeRole(m)}>{t('changeRole.action')}</Menu.Item>
            )}
            {canRevokeMember(m, props.flags) && m.active && (
              <Menu.Item color="red" onClick={() => props.onRevoke(m)}>
                {t('revoke.action')}
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      </Table.Td>
    </Table.Tr>
  );
}

/** Confirms and revokes the member's access. */
function RevokeMemberModal({ member, onClose }: { member: Member | null; onClose: () => void }) {
  const { t } = useTranslation('teams');
  const revoke = useApiMutation({
    mutationFn: (id: string) => teamsApi.revokeMember(id),
    onSuccess: () => {
      onClose();
      void refreshTeams();
    },
  });
  return (
    <ConfirmModal
      opened={!!member}
      title={t('revoke.title')}
      text={t('revoke.text', { name: member?.user.name })}
      confirm={t('revoke.action')}
      loading={revoke.isPending}
      onConfirm={() => member && revoke.mutate(member.id)}
      onClose={onClose}
    />
  );
}

/** Members or agents of the account with View Details, Change role and Revoke access (002 §2). */
export function MembersTable(props: { where: 'members' | 'agents'; flags: TeamFlags }) {
  const { t } = useTranslation('teams');
  const [page, setPage] = useState(1);
  const list = useMembers(props.where, page);
  const [changing, setChanging] = useState<Member | null>(null);
  const [revoking, setRevoking] = useState<Member | null>(null);
  const [limiting, setLimiting] = useState<Member | null>(null);
  const [commission, setCommission] = useState<Member | null>(null);
  if (!list.data?.items.length)
    return (
      <ListBody
        query={list}
        isEmpty={!list.data?.items.length}
        empty={<EmptyState />}
        showForbidden={props.where === 'agents'}
      />
    );

  return (
    <Stack gap="md">
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('table.name')}</Table.Th>
              <Table.Th>{t('table.role')}</Table.Th>
              <Table.Th>{t('table.status')}</Table.Th>
              <Table.Th>{t('table.spendLimit')}</Table.Th>
              <Table.Th>{t('table.updated')}</Table.Th>
              <Table.Th w={48} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.items.map((m) => (
              <MemberRow
                key={m.id}
                m={m}
                where={props.where}
                flags={props.flags}
                onLimit={setLimiting}
                onCommission={setCommission}
                onChangeRole={setChanging}
                onRevoke={setRevoking}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ListPagination pagination={list.data.pagination} page={page} onChange={setPage} justify="flex-end" />
      <CommissionSettingsModal
        opened={!!commission}
        onClose={() => setCommission(null)}
        agent={commission && { userId: commission.user.id, name: commission.user.name }}
      />
      <ChangeRoleModal
        target={
          changing && {
            id: changing.id,
            role: changing.role,
            label: `${changing.user.name} (${changing.user.email})`,
          }
        }
        onClose={() => setChanging(null)}
        save={teamsApi.changeMemberRole}
      />
      <SpendLimitModal member={limiting} onClose={() => setLimiting(null)} />
      <RevokeMemberModal member={revoking} onClose={() => setRevoking(null)} />
    </Stack>
  );
}
