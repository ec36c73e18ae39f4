import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Member } from '@owo/contract/teams';
import { api } from '../../../lib/api';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { FullPageLoader } from '../../../components/page-states';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { queryClient, useApiMutation } from '../../../lib/query';
import { isFullAccessRole, sessionKeys, useCan } from '../../../lib/session';
import { refreshSubsidiaries, settingsKeys, subsidiariesApi, useSubsidiary } from '../api';
import { SubsidiaryForm } from './subsidiary-form';
import { paths } from '../../../lib/paths';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../../lib/messages';

type SubsidiaryDetail = NonNullable<ReturnType<typeof useSubsidiary>['data']>;

/** /settings/subsidiaries/:id: one subsidiary, its members; edit, deactivate or delete it. */
export function SubsidiaryScreen() {
  const { t } = useTranslation('settings');
  const { id = '' } = useParams();
  const sub = useSubsidiary(id);
  const actions = useSubsidiaryActions(id);

  if (sub.isPending) return <FullPageLoader />;
  if (sub.isError) return <QueryError error={sub.error} onRetry={() => void sub.refetch()} />;
  const s = sub.data;
  return (
    <Box maw={1040} mx="auto">
      <Anchor component={Link} to={paths.settings.subsidiaries.href()} size="sm">
        {t('subsidiaryScreen.subsidiaries')}
      </Anchor>
      <PageHeader
        title={s.name}
        description={s.description || t('subsidiaryScreen.noDescription')}
        actions={<SubsidiaryHeaderActions s={s} actions={actions} />}
      />
      <Stack gap="lg">
        {actions.deleteRefusal && (
          <Alert
            color="orange"
            title={t('subsidiaryScreen.notDeleted')}
            withCloseButton
            onClose={() => actions.setDeleteRefusal(null)}
          >
            {actions.deleteRefusal}
          </Alert>
        )}
        <SubsidiaryMembersCard id={id} members={s.members} />
      </Stack>

      <Modal
        opened={actions.editing}
        onClose={() => actions.setEditing(false)}
        title={t('subsidiaryScreen.editSubsidiary')}
      >
        <SubsidiaryForm
          initial={{ name: s.name, description: s.description }}
          submitLabel={t('subsidiaryScreen.saveChanges')}
          save={(v) => subsidiariesApi.update(id, v)}
          onCancel={() => actions.setEditing(false)}
          onSaved={(res) => {
            queryClient.setQueryData(settingsKeys.subsidiary(id), res.data);
            actions.setEditing(false);
            actions.changed();
          }}
        />
      </Modal>
      <DeleteSubsidiaryModal name={s.name} actions={actions} />
    </Box>
  );
}

/** The subsidiary screen's state and mutations: edit and delete dialogs, (de)activate, delete. */
function useSubsidiaryActions(id: string) {
  const navigate = useNavigate();
  const canEdit = useCan('subsidiaries', 'put');
  const canDelete = useCan('subsidiaries', 'delete');
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleteRefusal, setDeleteRefusal] = useState<string | null>(null);
  const changed = () => {
    void refreshSubsidiaries();
    void queryClient.invalidateQueries({ queryKey: sessionKeys.accounts });
  };
  const toggle = useApiMutation({
    mutationFn: (active: boolean) => subsidiariesApi.update(id, { active }),
    onSuccess: (res) => {
      queryClient.setQueryData(settingsKeys.subsidiary(id), res.data);
      changed();
    },
  });
  const remove = useApiMutation({
    mutationFn: () => subsidiariesApi.remove(id),
    silentError: true,
    onSuccess: () => {
      setConfirmDelete(false);
      changed();
      void navigate(paths.settings.subsidiaries.href());
    },
    onError: (e) => {
      setConfirmDelete(false);
      setDeleteRefusal(messageText(e.message));
    },
  });
  return {
    canEdit,
    canDelete,
    editing,
    setEditing,
    confirmDelete,
    setConfirmDelete,
    deleteRefusal,
    setDeleteRefusal,
    changed,
    toggle,
    remove,
  };
}

type SubsidiaryActions = ReturnType<typeof useSubsidiaryActions>;

function SubsidiaryHeaderActions({ s, actions }: { s: SubsidiaryDetail; actions: SubsidiaryActions }) {
  const { t } = useTranslation('settings');
  return (
    <Group>
      <Badge size="lg" variant="light" color={s.active ? 'green' : 'gray'}>
        {s.active ? t('subsidiaryScreen.active') : t('subsidiaryScreen.inactive')}
      </Badge>
      {actions.canEdit && (
        <Button variant="secondary" onClick={() => actions.setEditing(true)}>
          {t('subsidiaryScreen.edit')}
        </Button>
      )}
      {actions.canEdit && (
        <Button
          variant={s.active ? 'danger' : 'secondary'}
          loading={actions.toggle.isPending}
          onClick={() => actions.toggle.mutate(!s.active)}
        >
          {s.active ? t('subsidiaryScreen.deactivate') : t('subsidiaryScreen.activate')}
        </Button>
      )}
      {actions.canDelete && (
        <Button variant="danger" onClick={() => actions.setConfirmDelete(true)}>
          {t('subsidiaryScreen.delete')}
        </Button>
      )}
    </Group>
  );
}

function SubsidiaryMembersCard({ id, members }: { id: string; members: SubsidiaryDetail['members'] }) {
  const { t } = useTranslation('settings');
  return (
    <Card padding={0}>
      <Title order={4} p="md" pb={4}>
        {t('subsidiaryScreen.members', { length: members.length })}
      </Title>
      <SubsidiaryAccessEditor id={id} members={members} />
      {members.length ? (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('subsidiaryScreen.name')}</Table.Th>
              <Table.Th>{t('subsidiaryScreen.email')}</Table.Th>
              <Table.Th>{t('subsidiaryScreen.role')}</Table.Th>
              <Table.Th>{t('subsidiaryScreen.access')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {members.map((m) => (
              <Table.Tr key={m.id}>
                <Table.Td>
                  {m.user.firstName} {m.user.lastName}
                </Table.Td>
                <Table.Td>{m.user.email}</Table.Td>
                <Table.Td tt="capitalize">{m.role}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={m.active ? 'green' : 'gray'}>
                    {m.active ? t('subsidiaryScreen.active') : t('subsidiaryScreen.paused')}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <AccessActions id={id} memberId={m.memberId} active={m.active} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Text c="dimmed" size="sm" px="md" pb="md">
          {t('subsidiaryScreen.noMemberHasAccessTo')}
        </Text>
      )}
    </Card>
  );
}

function DeleteSubsidiaryModal({ name, actions }: { name: string; actions: SubsidiaryActions }) {
  const { t } = useTranslation('settings');
  return (
    <Modal
      opened={actions.confirmDelete}
      onClose={() => actions.setConfirmDelete(false)}
      title={t('subsidiaryScreen.deleteSubsidiary')}
    >
      <Stack>
        <Text size="sm">{t('subsidiaryScreen.deleteASubsidiaryThatPayments', { name })}</Text>
        <Group justify="flex-end">
          <Button variant="secondary" onClick={() => actions.setConfirmDelete(false)}>
            {t('subsidiaryScreen.cancel')}
          </Button>
          <Button variant="danger" loading={actions.remove.isPending} onClick={() => actions.remove.mutate()}>
            {t('subsidiaryScreen.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

const refreshSubsidiary = (id: string) => {
  void queryClient.invalidateQueries({ queryKey: settingsKeys.subsidiary(id) });
  void refreshSubsidiaries();
};

/**
 * Sub-access: give a member access to this subsidiary. Scopes never widen by removal: a member
 * (other than an owner or admin) with access to no subsidiary sees none.
 */
function SubsidiaryAccessEditor(props: { id: string; members: { memberId: string }[] }) {
  const { t } = useTranslation('settings');
  const canAdd = useCan('subsidiaryMembers', 'post');
  const [memberId, setMemberId] = useState<string | null>(null);
  const candidates = useQuery({
    queryKey: ['subsidiaries', 'access-candidates'],
    enabled: canAdd,
    retry: false,
    queryFn: async () =>
      (
        await api.get<Member[]>('/account_access', {
          query: { where: 'members', limit: 100 },
          skipForbiddenPage: true,
        })
      ).data.filter((m) => m.active && !isFullAccessRole(m.role)),
  });
  const add = useApiMutation({
    mutationFn: (m: string) => subsidiariesApi.addMember(props.id, m),
    onSuccess: () => {
      setMemberId(null);
      refreshSubsidiary(props.id);
    },
  });
  const listed = new Set(props.members.map((m) => m.memberId));
  const options = (candidates.data ?? [])
    .filter((m) => !listed.has(m.id))
    .map((m) => ({ value: m.id, label: `${m.user.name} (${m.roleName})` }));
  return (
    <Stack gap="xs" px="md" pb="md">
      <Text size="sm" c="dimmed" data-testid="subsidiary-access-rule">
        {t('subsidiaryScreen.ownersAndAdminsSeeEvery')}
      </Text>
      {canAdd && (
        <Group align="flex-end">
          <Select
            label={t('subsidiaryScreen.giveAccessTo')}
            placeholder={t('subsidiaryScreen.chooseAMember')}
            w={280}
            data={options}
            value={memberId}
            onChange={setMemberId}
            searchable
            nothingFoundMessage={t('subsidiaryScreen.noOtherMemberToAdd')}
          />
          <Button
            disabled={!memberId}
            loading={add.isPending}
            onClick={() => memberId && add.mutate(memberId)}
          >
            {t('subsidiaryScreen.giveAccess')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function AccessActions(props: { id: string; memberId: string; active: boolean }) {
  const { t } = useTranslation('settings');
  const canPause = useCan('subsidiaryMembers', 'patch');
  const canRemove = useCan('subsidiaryMembers', 'delete');
  const toggle = useApiMutation({
    mutationFn: () => subsidiariesApi.setMemberActive(props.id, props.memberId, !props.active),
    onSuccess: () => refreshSubsidiary(props.id),
  });
  const remove = useApiMutation({
    mutationFn: () => subsidiariesApi.removeMember(props.id, props.memberId),
    onSuccess: () => refreshSubsidiary(props.id),
  });
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      {canPause && (
        <Button size="xs" variant="subtle" loading={toggle.isPending} onClick={() => toggle.mutate()}>
          {props.active ? t('subsidiaryScreen.pause') : t('subsidiaryScreen.resume')}
        </Button>
      )}
      {canRemove && (
        <Button
          size="xs"
          variant="danger"
          loading={remove.isPending}
          onClick={() => remove.mutate()}
          title={t('subsidiaryScreen.withoutAccessToAnySubsidiary')}
        >
          {t('subsidiaryScreen.remove')}
        </Button>
      )}
    </Group>
  );
}
