// The new-meter flow (001 §4): the form is verified, a details modal opens, Save Meter Details stores
// it ('Meter saved successfully'); the back arrow returns to the form.
import { Button, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { meterFormBody, type MeterAddBody } from '@owo/contract/marketplace';
import { useZodForm } from '../../../lib/forms';
import { useApiMutation } from '../../../lib/query';
import { marketplaceApi, refreshMarketplace, useDiscos, type Verified } from '../api';
import { FormGrid } from '../../../components/form-grid';

function useMeterForm() {
  return useZodForm(meterFormBody, {
    defaultValues: {
      meterNo: '',
      disco: undefined,
      vendType: 'prepaid',
      phoneNo: '',
      label: '',
      email: '',
      state: '',
    } as never,
  });
}

/** The new meter's fields: disco, number, type, state, phone, label. */
function MeterFields({ form }: { form: ReturnType<typeof useMeterForm> }) {
  const { t } = useTranslation('marketplace');
  const discos = useDiscos();
  const e = form.formState.errors;
  return (
    <FormGrid>
      <Controller
        control={form.control}
        name="disco"
        render={({ field }) => (
          <Select
            label={t('form.disco')}
            data={discos.data ?? []}
            value={(field.value as string) ?? null}
            onChange={(v) => field.onChange(v ?? undefined)}
            error={e.disco?.message}
            searchable
          />
        )}
      />
      <TextInput
        label={t('form.meterNo')}
        {...form.register('meterNo')}
        error={e.meterNo?.message}
        inputMode="numeric"
      />
      <Controller
        control={form.control}
        name="vendType"
        render={({ field }) => (
          <Select
            label={t('form.meterType')}
            data={[
              { value: 'prepaid', label: t('form.prepaid') },
              { value: 'postpaid', label: t('form.postpaid') },
            ]}
            value={(field.value as string) ?? null}
            onChange={(v) => field.onChange(v ?? undefined)}
            error={e.vendType?.message}
          />
        )}
      />
      <TextInput label={t('form.state')} {...form.register('state')} error={e.state?.message} />
      <TextInput label={t('form.phone')} {...form.register('phoneNo')} error={e.phoneNo?.message} />
      <TextInput label={t('form.label')} {...form.register('label')} error={e.label?.message} />
    </FormGrid>
  );
}

export function MeterModal(props: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('marketplace');
  const [verified, setVerified] = useState<Verified | null>(null);
  const form = useMeterForm();
  const close = () => {
    setVerified(null);
    form.reset();
    props.onClose();
  };
  const verify = useApiMutation({
    mutationFn: (b: MeterAddBody) => marketplaceApi.verify(b),
    form,
    silentSuccess: true,
    onSuccess: (res) => setVerified(res.data),
  });
  const save = useApiMutation({
    mutationFn: (b: MeterAddBody) => marketplaceApi.addMeter({ ...b, name: verified?.name, email: '' }),
    form,
    onSuccess: () => {
      void refreshMarketplace();
      close();
    },
    onError: () => setVerified(null),
  });
  return (
    <Modal
      opened={props.opened}
      onClose={close}
      title={verified ? t('form.details') : t('newMeter')}
      size="lg"
    >
      {!verified ? (
        <form onSubmit={form.handleSubmit((b) => verify.mutate(b as MeterAddBody))} noValidate>
          <Stack>
            <MeterFields form={form} />
            <Group justify="flex-end">
              <Button type="submit" loading={verify.isPending}>
                {t('form.verify')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Stack>
          <SimpleGrid cols={2}>
            <Detail label={t('cols.name')} value={verified.name} />
            <Detail label={t('cols.meter')} value={verified.meterNo} />
            <Detail label={t('cols.disco')} value={verified.disco} />
            <Detail label={t('cols.type')} value={verified.vendType} />
            <Detail label={t('cols.address')} value={verified.address} />
            <Detail label={t('cols.state')} value={form.getValues('state')} />
          </SimpleGrid>
          <Group justify="space-between">
            <Button variant="secondary" onClick={() => setVerified(null)}>
              ← {t('form.back')}
            </Button>
            <Button loading={save.isPending} onClick={() => save.mutate(form.getValues() as MeterAddBody)}>
              {t('form.save')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function Detail(props: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {props.label}
      </Text>
      <Text size="sm" fw={500}>
        {props.value}
      </Text>
    </div>
  );
}
