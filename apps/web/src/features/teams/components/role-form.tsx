// Create or edit a role (002 §5: name and description required) with its permission matrix:
// every resource against get, post, put, patch and delete.
import { Button, Checkbox, Group, ScrollArea, Stack, Table, Text, Textarea, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  ACTIONS,
  RESOURCES,
  roleBody,
  type Action,
  type Resource,
  type Role,
  type RoleBody,
} from '@owo/contract';
import { useZodForm } from '../../../lib/forms';
import { useApiMutation } from '../../../lib/query';
import { refreshTeams, teamsApi } from '../api';

type Grants = Partial<Record<Resource, string[]>>;

/** Expands '*' so each box shows what the role can do; the saved map lists actions only. */
export function grantsOf(role: Role | null): Grants {
  if (!role || role.resources === '*') return {};
  return Object.fromEntries(
    Object.entries(role.resources).map(([r, g]) => [r, g.includes('*') ? [...ACTIONS] : g]),
  );
}

export function toggleGrant(grants: Grants, resource: Resource, action: Action, on: boolean): Grants {
  const cur = new Set(grants[resource] ?? []);
  if (on) cur.add(action);
  else cur.delete(action);
  // Writing anything implies reading it.
  if (on && action !== 'get') cur.add('get');
  const next = { ...grants };
  if (cur.size) next[resource] = ACTIONS.filter((a) => cur.has(a));
  else delete next[resource];
  return next;
}

const label = (r: string) => r.replace(/([A-Z])/g, ' $1').replace(/^./, (s) => s.toUpperCase());

/** Resources down, actions across: a tick box per grant. */
function GrantsTable(props: { grants: Grants; onChange: (g: Grants) => void }) {
  const { t } = useTranslation('teams');
  const { grants } = props;
  return (
    <ScrollArea
      h={340}
      type="auto"
      offsetScrollbars
      style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
    >
      <Table stickyHeader verticalSpacing={6} fz="sm" miw={520}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('roles.resource')}</Table.Th>
            {ACTIONS.map((a) => (
              <Table.Th key={a} ta="center">
                {t(`roles.actions.${a}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {RESOURCES.map((r) => (
            <Table.Tr key={r}>
              <Table.Td>{label(r)}</Table.Td>
              {ACTIONS.map((a) => (
                <Table.Td key={a}>
                  <Group justify="center">
                    <Checkbox
                      size="xs"
                      aria-label={`${label(r)}: ${a}`}
                      checked={!!grants[r]?.includes(a)}
                      onChange={(ev) => props.onChange(toggleGrant(grants, r, a, ev.currentTarget.checked))}
                    />
                  </Group>
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

export function RoleForm(props: { role: Role | null; onDone: () => void }) {
  const { t } = useTranslation('teams');
  const form = useZodForm(roleBody, {
    defaultValues: {
      name: props.role?.name ?? '',
      description: props.role?.description ?? '',
      resources: grantsOf(props.role) as RoleBody['resources'],
    },
  });
  const save = useApiMutation({
    mutationFn: (body: RoleBody) =>
      props.role ? teamsApi.updateRole(props.role.id, body) : teamsApi.createRole(body),
    form,
    onSuccess: () => {
      void refreshTeams();
      props.onDone();
    },
  });
  const e = form.formState.errors;
  return (
    <form onSubmit={form.handleSubmit((v) => save.mutate(v))} noValidate>
      <Stack gap="md">
        <TextInput label={t('roles.name')} required {...form.register('name')} error={e.name?.message} />
        <Textarea
          label={t('roles.description')}
          required
          autosize
          minRows={2}
          {...form.register('description')}
          error={e.description?.message}
        />
        <Text fw={600} size="sm">
          {t('roles.permissions')}
        </Text>
        <Controller
          control={form.control}
          name="resources"
          render={({ field }) => {
            const grants = (field.value ?? {}) as Grants;
            return <GrantsTable grants={grants} onChange={field.onChange} />;
          }}
        />
        {e.root?.server && (
          <Text c="red" size="sm">
            {e.root.server.message}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="secondary" onClick={props.onDone}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {props.role ? t('roles.save') : t('roles.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
