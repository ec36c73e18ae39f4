// Owners Profile: a list of owners (name, BVN 11 digits, share, ...) the user adds and removes.
import { Button, Card, Group, SimpleGrid, Text } from '@mantine/core';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { KybAccount, KybField } from '@owo/contract';
import { KybFieldInput } from './kyb-field';
import { emptyOwner } from './step-defaults';

type Props = { list: KybField; form: UseFormReturn<any>; saved: KybAccount['ownership']['owners'] }; // eslint-disable-line @typescript-eslint/no-explicit-any -- a KYB step's form values differ per step

export function OwnersFields({ list, form, saved }: Props) {
  const { t } = useTranslation('accounts');
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'owners' });
  const subFields = list.fields ?? [];
  const listError = form.formState.errors.owners as
    { message?: string; root?: { message?: string } } | undefined;
  const message = listError?.message ?? listError?.root?.message;
  return (
    <>
      {fields.map((row, i) => {
        const ownerId = form.getValues(`owners.${i}.id`) as string | undefined;
        const stored = saved.find((o) => o.id === ownerId);
        return (
          <Card key={row.id} data-testid="owner-card" bg="gray.0">
            <Group justify="space-between" mb="sm">
              <Text fw={600}>{t('kyb.owners.owner', { n: i + 1 })}</Text>
              {fields.length > 1 && (
                <Button variant="danger" size="xs" onClick={() => remove(i)}>
                  {t('kyb.owners.remove')}
                </Button>
              )}
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {subFields.map((f) => (
                <KybFieldInput
                  key={f.name}
                  field={f.name === 'bvn' && stored ? { ...f, required: false } : f}
                  name={`owners.${i}.${f.name}`}
                  control={form.control}
                  placeholder={
                    f.name === 'bvn' && stored ? t('kyb.owners.keepBvn', { bvn: stored.bvn }) : undefined
                  }
                />
              ))}
            </SimpleGrid>
          </Card>
        );
      })}
      {message && (
        <Text c="red" size="sm">
          {message}
        </Text>
      )}
      <Button
        variant="secondary"
        onClick={() => append(emptyOwner(subFields))}
        style={{ alignSelf: 'flex-start' }}
        disabled={fields.length >= 20}
      >
        {t('kyb.owners.add')}
      </Button>
    </>
  );
}
