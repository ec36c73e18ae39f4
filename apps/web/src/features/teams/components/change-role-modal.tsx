import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { changeRoleBody } from '@owo/contract';
import { useZodForm } from '../../../lib/forms';
import { useApiMutation } from '../../../lib/query';
import { refreshTeams, useRoles } from '../api';
import { RoleSelect } from './role-select';

/** Change the role of a member or a pending invitation. */
export function ChangeRoleModal(props: {
  target: { id: string; role: string; label: string } | null;
  onClose: () => void;
  save: (id: string, role: string) => Promise<unknown>;
}) {
  const { t } = useTranslation('teams');
  const roles = useRoles(!!props.target);
  const opened = !!props.target;
  return (
    <Modal opened={opened} onClose={props.onClose} title={t('changeRole.title')} centered>
      {props.target && (
        <ChangeRoleForm
          key={props.target.id}
          target={props.target}
          roles={roles}
          onClose={props.onClose}
          save={props.save}
        />
      )}
    </Modal>
  );
}

function ChangeRoleForm(props: {
  target: { id: string; role: string; label: string };
  roles: ReturnType<typeof useRoles>;
  onClose: () => void;
  save: (id: string, role: string) => Promise<unknown>;
}) {
  const { t } = useTranslation('teams');
  const form = useZodForm(changeRoleBody, { defaultValues: { role: props.target.role } });
  const save = useApiMutation({
    mutationFn: (role: string) => props.save(props.target.id, role) as never,
    form,
    onSuccess: () => {
      void refreshTeams();
      props.onClose();
    },
  });
  return (
    <form onSubmit={form.handleSubmit((v) => save.mutate(v.role))} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {props.target.label}
        </Text>
        <Controller
          control={form.control}
          name="role"
          render={({ field, fieldState }) => (
            <RoleSelect
              roles={props.roles.data}
              loading={props.roles.isPending}
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
            />
          )}
        />
        <Group justify="flex-end">
          <Button variant="secondary" onClick={props.onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} disabled={!form.formState.isDirty}>
            {t('changeRole.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
