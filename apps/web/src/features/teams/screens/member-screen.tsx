// /teams/member?id= (and /team/member/:id, redirected): one member with their stats.
import { Anchor, Badge, Box, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { FullPageLoader, StatusScreen } from '../../../components/page-states';
import { QueryError } from '../../../components/query-error';
import { formatDate, formatMoney } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useApiMutation } from '../../../lib/query';
import { useResources } from '../../../lib/session';
import { refreshTeams, teamsApi, useMember } from '../api';
import { ChangeRoleModal } from '../components/change-role-modal';
import { ConfirmModal } from '../../../components/confirm-modal';
import { canChangeMemberRole, canRevokeMember, teamFlags, type TeamFlags } from '../flags';
import type { MemberDetail } from '@owo/contract';

const Stat = (props: { label: string; value: string }) => (
  <Card>
    <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
      {props.label}
    </Text>
    <Text fz={24} fw={700} mt={4}>
      {props.value}
    </Text>
  </Card>
);

/** Name, status, email and role, with Change role and Revoke access where allowed. */
function MemberCard(props: {
  m: MemberDetail;
  flags: TeamFlags;
  onChangeRole: () => void;
  onRevoke: () => void;
}) {
  const { t } = useTranslation('teams');
  const { m, flags } = props;
  return (
    <Card mt="md">
      <Group justify="space-between" wrap="wrap" gap="md">
        <Stack gap={2}>
          <Group gap="xs">
            <Title order={3}>{m.user.name}</Title>
            <Badge variant="light" color={m.active ? 'owo' : 'gray'}>
              {m.active ? t('active') : t('inactive')}
            </Badge>
          </Group>
          <Text c="dimmed" size="sm">
            {m.user.email}
          </Text>
          <Text size="sm">
            <Trans
              t={t}
              i18nKey="member.roleUpdated"
              values={{ role: m.roleName, date: formatDate(m.updatedAt) }}
              shouldUnescape
              components={{ b: <b /> }}
            />
          </Text>
        </Stack>
        <Group gap="sm">
          {canChangeMemberRole(m, flags) && m.active && (
            <Button variant="secondary" onClick={props.onChangeRole}>
              {t('changeRole.action')}
            </Button>
          )}
          {canRevokeMember(m, flags) && m.active && (
            <Button variant="danger" onClick={props.onRevoke}>
              {t('revoke.action')}
            </Button>
          )}
        </Group>
      </Group>
    </Card>
  );
}

/** The member's cash out, transaction count and spend limit. */
function MemberStats({ m }: { m: MemberDetail }) {
  const { t } = useTranslation('teams');
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} mt="lg">
      <Stat label={t('member.cashOut')} value={formatMoney(m.stats.totalCashOutFlowMinor, 'NGN')} />
      <Stat label={t('member.transactions')} value={m.stats.totalTransactions.toLocaleString('en-NG')} />
      <Stat
        label={t('member.spendLimit')}
        value={m.limit ? formatMoney(m.limit.limitMinor, 'NGN') : t('member.noLimit')}
      />
    </SimpleGrid>
  );
}

/** /teams/member?id=: one member, their stats, Change role and Revoke access. */
export function MemberScreen() {
  const { t } = useTranslation('teams');
  const navigate = useNavigate();
  const id = useSearchParams()[0].get('id');
  const flags = teamFlags(useResources());
  const member = useMember(id);
  const [changing, setChanging] = useState(false);
  const [revoking, setRevoking] = useState(false);
  const revoke = useApiMutation({
    mutationFn: () => teamsApi.revokeMember(id!),
    onSuccess: () => {
      void refreshTeams();
      void navigate(paths.teams.root.path);
    },
  });
  if (!id)
    return (
      <StatusScreen
        title={t('member.missing')}
        text={t('member.missingText')}
        actions={
          <Button component={Link} to={paths.teams.root.path}>
            {t('member.back')}
          </Button>
        }
      />
    );
  if (member.isPending) return <FullPageLoader />;
  if (member.isError) return <QueryError error={member.error} onRetry={() => void member.refetch()} />;
  const m = member.data;
  return (
    <Box maw={960} mx="auto">
      <Anchor component={Link} to={paths.teams.root.path} size="sm">
        ← {t('member.back')}
      </Anchor>
      <MemberCard
        m={m}
        flags={flags}
        onChangeRole={() => setChanging(true)}
        onRevoke={() => setRevoking(true)}
      />
      <MemberStats m={m} />
      <ChangeRoleModal
        target={changing ? { id: m.id, role: m.role, label: `${m.user.name} (${m.user.email})` } : null}
        onClose={() => {
          setChanging(false);
          void member.refetch();
        }}
        save={teamsApi.changeMemberRole}
      />
      <ConfirmModal
        opened={revoking}
        title={t('revoke.title')}
        text={t('revoke.text', { name: m.user.name })}
        confirm={t('revoke.action')}
        loading={revoke.isPending}
        onConfirm={() => revoke.mutate()}
        onClose={() => setRevoking(false)}
      />
    </Box>
  );
}
