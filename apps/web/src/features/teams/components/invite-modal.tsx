// Invite Team Member (002 §2, §5): email and role; the subsidiary is the inviter's active sub-access.
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { createInvitationBody, type AccountEntry } from '@owo/contract';
import { useZodForm } from '../../../lib/forms';
import { useApiMutation } from '../../../lib/query';
import { useActiveAccount } from '../../../lib/session';
import { useStore } from '../../../lib/store';
import { refreshTeams, teamsApi, useRoles } from '../api';
import { RoleSelect } from './role-select';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The subsidiary an invitation belongs to: the active sub-access, else the one picked in the header. */
export function inviterSubsidiary(
  active: AccountEntry | null | undefined,
  selected: string | null,
): string | undefined {
  const sub = active?.subaccess.find((s) => s.active)?.subsidiaryId;
  if (sub) return sub;
  return selected && UUID.test(selected) ? selected : undefined;
}

export function InviteModal(props: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('teams');
  const roles = useRoles(props.opened);
  const active = useActiveAccount();
  const selected = useStore((s) => s.staff.subsidiaryId);
  const form = useZodForm(createInvitationBody, {
    defaultValues: { email: '', role: undefined as unknown as string },
  });
  const close = () => {
    form.reset();
    props.onClose();
  };
  const invite = useApiMutation({
    mutationFn: teamsApi.invite,
    form,
    onSuccess: () => {
      void refreshTeams();
      close();
    },
  });
  const submit = form.handleSubmit((v) =>
    invite.mutate({ ...v, subsidiaryId: inviterSubsidiary(active.data?.activeAccount, selected) }),
  );
  return (
    <Modal opened={props.opened} onClose={close} title={t('invite.title')} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('invite.email')}
            type="email"
            required
            placeholder={t('inviteModal.nameCompanyNg')}
            {...form.register('email')}
            error={form.formState.errors.email?.message}
          />
          <Controller
            control={form.control}
            name="role"
            render={({ field, fieldState }) => (
              <RoleSelect
                roles={roles.data}
                loading={roles.isPending}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="secondary" onClick={close}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={invite.isPending}>
              {t('invite.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
