// /teams/manage-roles: the account's roles; built-in ones are read-only, custom ones editable.
import {
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Modal,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Role } from '@owo/contract';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { paths } from '../../../lib/paths';
import { useResources } from '../../../lib/session';
import { useRoles } from '../api';
import { RoleForm } from '../components/role-form';
import { teamFlags } from '../flags';

const countGrants = (r: Role) => (r.resources === '*' ? null : Object.keys(r.resources).length);

export function ManageRolesScreen() {
  const { t } = useTranslation('teams');
  const flags = teamFlags(useResources());
  const roles = useRoles();
  const [editing, setEditing] = useState<Role | 'new' | null>(null);
  return (
    <Box maw={1200} mx="auto">
      <Anchor component={Link} to={paths.teams.root.path} size="sm">
        ← {t('title')}
      </Anchor>
      <PageHeader
        title={t('roles.title')}
        description={t('roles.subtitle')}
        actions={
          flags.canCreateRoles && <Button onClick={() => setEditing('new')}>{t('roles.create')}</Button>
        }
      />
      {roles.isPending && <Skeleton h={240} />}
      {roles.isError && <QueryError error={roles.error} onRetry={() => void roles.refetch()} />}
      {roles.data && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {roles.data.map((r) => {
            const n = countGrants(r);
            return (
              <Card key={r.id} data-testid="role-card">
                <Stack gap={6} h="100%">
                  <Group justify="space-between" wrap="nowrap">
                    <Text fw={650}>{r.name}</Text>
                    <Badge variant="light" color={r.isBuiltIn ? 'gray' : 'owo'}>
                      {r.isBuiltIn ? t('roles.builtIn') : t('roles.custom')}
                    </Badge>
                  </Group>
                  <Text size="sm" c="dimmed" style={{ flex: 1 }}>
                    {r.description}
                  </Text>
                  <Group justify="space-between">
                    <Text size="xs" c="dimmed">
                      {n === null ? t('roles.fullAccess') : t('roles.areas', { count: n })}
                    </Text>
                    {!r.isBuiltIn && flags.canEditRoles && (
                      <Button size="xs" variant="secondary" onClick={() => setEditing(r)}>
                        {t('roles.edit')}
                      </Button>
                    )}
                  </Group>
                </Stack>
              </Card>
            );
          })}
        </SimpleGrid>
      )}
      <Modal
        opened={!!editing}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('roles.create') : t('roles.editTitle')}
        size="xl"
      >
        {editing && (
          <RoleForm
            key={editing === 'new' ? 'new' : editing.id}
            role={editing === 'new' ? null : editing}
            onDone={() => setEditing(null)}
          />
        )}
      </Modal>
    </Box>
  );
}
