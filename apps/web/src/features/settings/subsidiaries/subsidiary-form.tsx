import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { subsidiaryBody } from '@owo/contract/accounts';
import type { Envelope } from '../../../lib/api';
import { useZodForm } from '../../../lib/forms';
import { useApiMutation } from '../../../lib/query';
import { useTranslation } from 'react-i18next';

export type SubsidiaryValues = { name: string; description?: string | null };

/** Name and description of a subsidiary, validated with the contract's own schema. */
export function SubsidiaryForm(props: {
  initial?: SubsidiaryValues;
  submitLabel: string;
  save: (v: SubsidiaryValues) => Promise<Envelope<unknown>>;
  onSaved: (res: Envelope<unknown>) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('settings');
  const form = useZodForm(subsidiaryBody, {
    defaultValues: { name: props.initial?.name ?? '', description: props.initial?.description ?? '' },
  });
  const save = useApiMutation({ mutationFn: props.save, form, onSuccess: props.onSaved });
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((v) => save.mutate({ name: v.name, description: v.description || null }))}
    >
      <Stack>
        <TextInput
          label={t('subsidiaryForm.name')}
          required
          maxLength={120}
          {...form.register('name')}
          error={form.formState.errors.name?.message}
        />
        <Textarea
          label={t('subsidiaryForm.description')}
          autosize
          minRows={2}
          maxLength={500}
          {...form.register('description')}
          error={form.formState.errors.description?.message}
        />
        <Group justify="flex-end">
          {props.onCancel && (
            <Button variant="secondary" onClick={props.onCancel}>
              {t('subsidiaryForm.cancel')}
            </Button>
          )}
          <Button type="submit" loading={save.isPending}>
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
