import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { FullPageLoader } from '../../../components/page-states';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { queryClient, useApiMutation } from '../../../lib/query';
import { sessionKeys, useCan } from '../../../lib/session';
import { refreshSubsidiaries, settingsKeys, subsidiariesApi, useSubsidiary } from '../api';
import { SubsidiaryForm } from './subsidiary-form';

/** /settings/subsidiaries/:id: one subsidiary, its members; edit, deactivate or delete it. */
export function SubsidiaryScreen() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const sub = useSubsidiary(id);
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
      void navigate('/settings/subsidiaries');
    },
    onError: (e) => {
      setConfirmDelete(false);
      setDeleteRefusal(e.message);
    },
  });

  if (sub.isPending) return <FullPageLoader />;
  if (sub.isError) return <QueryError error={sub.error} onRetry={() => void sub.refetch()} />;
  const s = sub.data;
  return (
    <Box maw={1040} mx="auto">
      <Anchor component={Link} to="/settings/subsidiaries" size="sm">
        ← Subsidiaries
      </Anchor>
      <PageHeader
        title={s.name}
        description={s.description || 'No description'}
        actions={
          <Group>
            <Badge size="lg" variant="light" color={s.active ? 'green' : 'gray'}>
              {s.active ? 'Active' : 'Inactive'}
            </Badge>
            {canEdit && (
              <Button variant="default" onClick={() => setEditing(true)}>
                Edit
              </Button>
            )}
            {canEdit && (
              <Button
                variant="light"
                color={s.active ? 'orange' : 'green'}
                loading={toggle.isPending}
                onClick={() => toggle.mutate(!s.active)}
              >
                {s.active ? 'Deactivate' : 'Activate'}
              </Button>
            )}
            {canDelete && (
              <Button variant="light" color="red" onClick={() => setConfirmDelete(true)}>
                Delete
              </Button>
            )}
          </Group>
        }
      />
      <Stack gap="lg">
        {deleteRefusal && (
          <Alert color="orange" title="Not deleted" withCloseButton onClose={() => setDeleteRefusal(null)}>
            {deleteRefusal}
          </Alert>
        )}
        <Card padding={0}>
          <Title order={4} p="md">
            Members ({s.members.length})
          </Title>
          {s.members.length ? (
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Email</Table.Th>
                  <Table.Th>Role</Table.Th>
                  <Table.Th>Access</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {s.members.map((m) => (
                  <Table.Tr key={m.id}>
                    <Table.Td>
                      {m.user.firstName} {m.user.lastName}
                    </Table.Td>
                    <Table.Td>{m.user.email}</Table.Td>
                    <Table.Td tt="capitalize">{m.role}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={m.active ? 'green' : 'gray'}>
                        {m.active ? 'Active' : 'Paused'}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : (
            <Text c="dimmed" size="sm" px="md" pb="md">
              No member is limited to this subsidiary. Owners and admins see every subsidiary.
            </Text>
          )}
        </Card>
      </Stack>

      <Modal opened={editing} onClose={() => setEditing(false)} title="Edit subsidiary">
        <SubsidiaryForm
          initial={{ name: s.name, description: s.description }}
          submitLabel="Save changes"
          save={(v) => subsidiariesApi.update(id, v)}
          onCancel={() => setEditing(false)}
          onSaved={(res) => {
            queryClient.setQueryData(settingsKeys.subsidiary(id), res.data);
            setEditing(false);
            changed();
          }}
        />
      </Modal>
      <Modal opened={confirmDelete} onClose={() => setConfirmDelete(false)} title="Delete subsidiary">
        <Stack>
          <Text size="sm">
            Delete {s.name}? A subsidiary that payments or other records name cannot be deleted; deactivate it
            instead.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmDelete(false)}>
              Cancel
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => remove.mutate()}>
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Box>
  );
}
