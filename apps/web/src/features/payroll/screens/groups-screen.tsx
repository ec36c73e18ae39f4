import { Button, Card, Group, Modal, Stack, Table, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { z } from 'zod';
import { groupBody, type PayrollGroup } from '@owo/contract/payroll-settings';
import { ListBody } from '../../../components/list';
import { formatDate } from '../../../lib/format';
import { useZodForm } from '../../../lib/forms';
import { useApiMutation } from '../../../lib/query';
import { useCan } from '../../../lib/session';
import { ConfirmModal } from '../../../components/confirm-modal';
import { payrollApi, refreshPayroll, useGroups } from '../api';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';
import { useTranslation } from 'react-i18next';

/** /payroll/groups (002 §2): the company's employee groups; create, rename, delete (confirmed). */
export function GroupsScreen() {
  const { t } = useTranslation('payroll');
  const list = useGroups();
  const canCreate = useCan('payrollGroups', 'post');
  const canEdit = useCan('payrollGroups', 'put');
  const canDelete = useCan('payrollGroups', 'delete');
  // undefined: closed; null: a new group; a group: renaming it.
  const [editing, setEditing] = useState<PayrollGroup | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<PayrollGroup | null>(null);
  const remove = useApiMutation({
    mutationFn: (id: string) => payrollApi.deleteGroup(id),
    onSuccess: () => {
      void refreshPayroll();
      setDeleting(null);
    },
  });
  const items = list.data ?? [];
  return (
    <Stack gap="lg">
      <PageHeader
        mb={0}
        title={t('groupsScreen.employeeGroups')}
        description={t('groupsScreen.namedSetsOfEmployeesTo')}
        actions={
          <>
            <Button variant="secondary" component={Link} to={paths.payroll.employees.href()}>
              {t('groupsScreen.employees')}
            </Button>
            {canCreate && <Button onClick={() => setEditing(null)}>{t('groupsScreen.newGroup')}</Button>}
          </>
        }
      />
      <Card padding={0}>
        <ListBody query={list} isEmpty={!items.length}>
          <Table highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('groupsScreen.name')}</Table.Th>
                <Table.Th>{t('groupsScreen.description')}</Table.Th>
                <Table.Th>{t('groupsScreen.employees')}</Table.Th>
                <Table.Th>{t('groupsScreen.created')}</Table.Th>
                {(canEdit || canDelete) && <Table.Th aria-label={t('groupsScreen.actions')} />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((g) => (
                <GroupRow
                  key={g.id}
                  g={g}
                  canEdit={canEdit}
                  canDelete={canDelete}
                  onRename={() => setEditing(g)}
                  onDelete={() => setDeleting(g)}
                />
              ))}
            </Table.Tbody>
          </Table>
        </ListBody>
      </Card>
      {editing !== undefined && <GroupModal group={editing} onClose={() => setEditing(undefined)} />}
      <ConfirmModal
        opened={!!deleting}
        title={t('groupsScreen.deleteGroup')}
        text={
          deleting
            ? t('groupsScreen.deleteItsEmployeeSStayOn', {
                name: deleting.name,
                employeeCount: deleting.employeeCount,
              })
            : ''
        }
        confirm="Delete group"
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

/** One group, with Rename and Delete as the user's rights allow. */
function GroupRow(props: {
  g: PayrollGroup;
  canEdit: boolean;
  canDelete: boolean;
  onRename: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('payroll');
  const { g, canEdit, canDelete } = props;
  return (
    <Table.Tr>
      <Table.Td>{g.name}</Table.Td>
      <Table.Td>{g.description ?? '—'}</Table.Td>
      <Table.Td>{g.employeeCount}</Table.Td>
      <Table.Td>{formatDate(g.createdAt)}</Table.Td>
      {(canEdit || canDelete) && (
        <Table.Td>
          <Group gap="xs" justify="flex-end" wrap="nowrap">
            {canEdit && (
              <Button
                size="xs"
                variant="secondary"
                aria-label={t('groupsScreen.rename2', { name: g.name })}
                onClick={props.onRename}
              >
                {t('groupsScreen.rename')}
              </Button>
            )}
            {canDelete && (
              <Button
                size="xs"
                variant="danger"
                aria-label={t('groupsScreen.delete2', { name: g.name })}
                onClick={props.onDelete}
              >
                {t('groupsScreen.delete')}
              </Button>
            )}
          </Group>
        </Table.Td>
      )}
    </Table.Tr>
  );
}

type GroupForm = z.input<typeof groupBody>;

/** New group (group null) or rename (name and description; PUT replaces both). */
function GroupModal(props: { group: PayrollGroup | null; onClose: () => void }) {
  const { t } = useTranslation('payroll');
  const { group } = props;
  const form = useZodForm(groupBody, {
    defaultValues: { name: group?.name ?? '', description: group?.description ?? '' },
  });
  const save = useApiMutation({
    mutationFn: (v: GroupForm) => {
      const body = { name: v.name.trim(), description: v.description?.trim() || undefined };
      return group ? payrollApi.updateGroup(group.id, body) : payrollApi.createGroup(body);
    },
    form,
    onSuccess: () => {
      void refreshPayroll();
      props.onClose();
    },
  });
  const title = group ? 'Rename group' : 'New group';
  return (
    <Modal opened onClose={props.onClose} title={title} centered>
      <form onSubmit={form.handleSubmit(() => save.mutate(form.getValues()))} noValidate>
        <Stack>
          {form.formState.errors.root?.server && (
            <Text c="red" size="sm">
              {form.formState.errors.root.server.message}
            </Text>
          )}
          <TextInput
            label={t('groupsScreen.groupName')}
            data-autofocus
            {...form.register('name')}
            error={form.formState.errors.name?.message}
          />
          <Textarea
            label={t('groupsScreen.descriptionOptional')}
            autosize
            minRows={2}
            {...form.register('description')}
            error={form.formState.errors.description?.message}
          />
          <Group justify="flex-end">
            <Button variant="secondary" onClick={props.onClose}>
              {t('groupsScreen.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {group ? t('groupsScreen.save') : t('groupsScreen.createGroup')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
