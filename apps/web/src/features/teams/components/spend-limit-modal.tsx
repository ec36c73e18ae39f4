import { Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { Controller } from 'react-hook-form';
import type { Member } from '@owo/contract';
import { spendLimitBody } from '@owo/contract/teams';
import { useZodForm } from '../../../lib/forms';
import { useApiMutation } from '../../../lib/query';
import { refreshTeams, teamsApi } from '../api';
import { useTranslation } from 'react-i18next';

/** The Teams "Add/Edit spend limit" modal (002 §2, §7): whole naira; the toast is the server's. */
export function SpendLimitModal(props: { member: Member | null; onClose: () => void }) {
  const m = props.member;
  const title = m?.limit ? 'Edit spend limit' : 'Add spend limit';
  return (
    <Modal opened={!!m} onClose={props.onClose} title={title} centered>
      {m && <SpendLimitForm key={m.id} member={m} onClose={props.onClose} />}
    </Modal>
  );
}

function SpendLimitForm(props: { member: Member; onClose: () => void }) {
  const { t } = useTranslation('teams');
  const m = props.member;
  const mode = m.limit ? 'update' : 'create';
  const form = useZodForm(spendLimitBody, {
    defaultValues: { amount: m.limit ? Math.floor(m.limit.limitMinor / 100) : (undefined as never) },
  });
  const save = useApiMutation({
    mutationFn: (amount: number) => teamsApi.setSpendLimit(m.id, amount, mode),
    form,
    onSuccess: () => {
      void refreshTeams();
      props.onClose();
    },
  });
  return (
    <form onSubmit={form.handleSubmit((v) => save.mutate(v.amount))} noValidate>
      <Stack>
        <Text size="sm" c="dimmed">
          {t('spendLimitModal.theMostTheyMaySpend', { name: m.user.name })}
        </Text>
        <Controller
          control={form.control}
          name="amount"
          render={({ field, fieldState }) => (
            <NumberInput
              label={t('spendLimitModal.spendLimit')}
              thousandSeparator=","
              allowDecimal={false}
              min={1}
              value={field.value ?? ''}
              onChange={(v) => field.onChange(typeof v === 'number' ? v : undefined)}
              error={fieldState.error?.message}
            />
          )}
        />
        <Group justify="flex-end">
          <Button variant="secondary" onClick={props.onClose}>
            {t('spendLimitModal.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {mode === 'create' ? t('spendLimitModal.setLimit') : t('spendLimitModal.updateLimit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
