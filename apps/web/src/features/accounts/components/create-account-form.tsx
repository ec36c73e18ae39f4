// Name and type of a new account (POST /accounts); reseller is one of the types (000 §1, §2.2).
import { Button, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_TYPES, createAccountBody, type AccountEntry, type AccountType } from '@owo/contract';
import { useZodForm } from '../../../lib/forms';
import { useApiMutation } from '../../../lib/query';
import { accountsApi } from '../api';

export function AccountTypeOptions(props: {
  value: string | undefined;
  onChange: (v: AccountType) => void;
  error?: string;
}) {
  const { t } = useTranslation('accounts');
  return (
    <Radio.Group
      value={props.value ?? null}
      onChange={(v) => props.onChange(v as AccountType)}
      label={t('create.type')}
      error={props.error}
      required
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" mt="xs">
        {ACCOUNT_TYPES.map((type) => (
          <Radio.Card
            key={type}
            value={type}
            p="md"
            radius="md"
            style={{ borderColor: props.value === type ? 'var(--mantine-color-owo-7)' : undefined }}
          >
            <Stack gap={2}>
              <Text fw={600} size="sm">
                {t(`typeName.${type}`)}
              </Text>
              <Text size="xs" c="dimmed">
                {t(`types.${type}`)}
              </Text>
            </Stack>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}

export function CreateAccountForm(props: {
  defaultType?: AccountType;
  onCreated: (entry: AccountEntry) => void | Promise<void>;
}) {
  const { t } = useTranslation('accounts');
  const form = useZodForm(createAccountBody, { defaultValues: { name: '', type: props.defaultType } });
  const create = useApiMutation({
    mutationFn: accountsApi.create,
    form,
    onSuccess: (res) => props.onCreated(res.data),
  });
  return (
    <form onSubmit={form.handleSubmit((v) => create.mutate(v))} noValidate>
      <Stack gap="lg">
        <TextInput
          label={t('create.name')}
          placeholder={t('create.namePlaceholder')}
          required
          {...form.register('name')}
          error={form.formState.errors.name?.message}
        />
        <Controller
          control={form.control}
          name="type"
          render={({ field, fieldState }) => (
            <AccountTypeOptions
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
            />
          )}
        />
        <Button type="submit" loading={create.isPending} size="md">
          {t('create.submit')}
        </Button>
      </Stack>
    </form>
  );
}
