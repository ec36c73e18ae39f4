// The commission settings modal of the Teams Agents tab (002 §2, §5, §8): the general setting, or
// one agent's. Client checks mirror the server's (002 §5); the server's field errors land on the
// fields and any other save error shows as an alert inside the modal.
import { Alert, Button, Group, Loader, Modal, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Controller, useForm, type UseFormReturn } from 'react-hook-form';
import { COMMISSION_MSG, type CommissionConfig } from '@owo/contract';
import { isApiError } from '../../lib/api';
import { useApiMutation } from '../../lib/query';
import { commissionApi, refreshCommissions, useAgent, useGeneralSetting } from './api';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../lib/messages';

type Values = {
  isActive: boolean;
  commissionType: 'percentage' | 'fixed';
  defaultCommission: string;
  commissionEarningThreshold: string;
  payoutMode: 'consolidated' | 'individual';
  payoutFrequency: 'daily' | 'weekly' | 'monthly';
};

const fromConfig = (c: CommissionConfig | undefined): Values => ({
  isActive: c?.isActive ?? false,
  commissionType: c?.commissionType ?? 'percentage',
  defaultCommission: c && c.defaultCommissionMinor > 0 ? c.defaultCommission : '',
  commissionEarningThreshold: c?.commissionEarningThreshold ?? '',
  payoutMode: c?.payoutMode ?? 'consolidated',
  payoutFrequency: c?.payoutFrequency ?? 'monthly',
});

export function CommissionSettingsModal(props: {
  opened: boolean;
  onClose: () => void;
  /** null: the general setting; else that agent's. */
  agent: { userId: string; name: string } | null;
}) {
  const { t } = useTranslation('commissions');
  const title = props.agent
    ? t('commissionSettingsModal.commissionFor', { name: props.agent.name })
    : t('commissionSettingsModal.defaultCommission');
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={title} centered>
      {props.opened && <SettingsLoader agent={props.agent} onClose={props.onClose} />}
    </Modal>
  );
}

function SettingsLoader(props: { agent: { userId: string; name: string } | null; onClose: () => void }) {
  const { t } = useTranslation('commissions');
  const general = useGeneralSetting(!props.agent);
  const agent = useAgent(props.agent?.userId ?? null);
  const q = props.agent ? agent : general;
  if (q.isLoading) return <Loader size="sm" />;
  if (q.error)
    return (
      <Alert color="red">
        {messageText(q.error.message) ||
          (props.agent
            ? t('commissionSettingsModal.failedToFetchAgentData')
            : t('commissionSettingsModal.failedToFetchGeneralCommission'))}
      </Alert>
    );
  const config = props.agent ? agent.data?.commission : general.data;
  return <SettingsForm config={config} userId={props.agent?.userId ?? null} onClose={props.onClose} />;
}

/** The commission's type, its default, and for percentages the earning threshold. */
function AmountFields({ form, type }: { form: UseFormReturn<Values>; type: Values['commissionType'] }) {
  const { t } = useTranslation('commissions');
  return (
    <>
      <Controller
        control={form.control}
        name="commissionType"
        render={({ field }) => (
          <Select
            label={t('commissionSettingsModal.commissionType')}
            data={[
              { value: 'percentage', label: t('commissionSettingsModal.percentage') },
              { value: 'fixed', label: t('commissionSettingsModal.fixedAmount') },
            ]}
            value={field.value}
            onChange={(v) => v && field.onChange(v)}
            allowDeselect={false}
          />
        )}
      />
      <TextInput
        label={
          type === 'percentage'
            ? t('commissionSettingsModal.defaultCommission2')
            : t('commissionSettingsModal.defaultCommission3')
        }
        inputMode="decimal"
        {...form.register('defaultCommission', {
          validate: (v) => (v.trim() !== '' && Number(v) > 0) || messageText(COMMISSION_MSG.defaultRequired),
        })}
        error={form.formState.errors.defaultCommission?.message}
      />
      {type === 'percentage' && (
        <TextInput
          label={t('commissionSettingsModal.commissionEarningThresholdOptional')}
          description={t('commissionSettingsModal.maturedCommissionsArePaidOut')}
          inputMode="decimal"
          {...form.register('commissionEarningThreshold', {
            validate: (v) => v.trim() === '' || Number(v) > 10 || messageText(COMMISSION_MSG.thresholdMin),
          })}
          error={form.formState.errors.commissionEarningThreshold?.message}
        />
      )}
    </>
  );
}

/** How and how often matured commissions are paid out. */
function PayoutFields({ form }: { form: UseFormReturn<Values> }) {
  const { t } = useTranslation('commissions');
  return (
    <>
      <Controller
        control={form.control}
        name="payoutMode"
        render={({ field }) => (
          <Select
            label={t('commissionSettingsModal.payoutMode')}
            data={[
              { value: 'consolidated', label: t('commissionSettingsModal.consolidatedOnePaymentPerBatch') },
              { value: 'individual', label: t('commissionSettingsModal.individualOnePaymentPerInvoice') },
            ]}
            value={field.value}
            onChange={(v) => v && field.onChange(v)}
            allowDeselect={false}
          />
        )}
      />
      <Controller
        control={form.control}
        name="payoutFrequency"
        render={({ field }) => (
          <Select
            label={t('commissionSettingsModal.payoutFrequency')}
            data={[
              { value: 'daily', label: t('commissionSettingsModal.daily') },
              { value: 'weekly', label: t('commissionSettingsModal.weekly') },
              { value: 'monthly', label: t('commissionSettingsModal.monthly') },
            ]}
            value={field.value}
            onChange={(v) => v && field.onChange(v)}
            allowDeselect={false}
          />
        )}
      />
    </>
  );
}

function SettingsForm(props: {
  config: CommissionConfig | undefined;
  userId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('commissions');
  const form = useForm<Values>({ defaultValues: fromConfig(props.config) });
  const [alert, setAlert] = useState<string | null>(null);
  useEffect(() => form.reset(fromConfig(props.config)), [props.config, form]);
  const type = form.watch('commissionType');
  const save = useApiMutation({
    mutationFn: (v: Values) =>
      commissionApi.saveSettings({
        ...v,
        commissionEarningThreshold:
          v.commissionType === 'percentage' ? v.commissionEarningThreshold || null : null,
        settingType: props.userId ? 'agent' : 'general',
        ...(props.userId ? { userId: props.userId } : {}),
      }),
    form,
    silentError: true,
    onSuccess: () => {
      void refreshCommissions();
      props.onClose();
    },
    onError: (err) => {
      if (!isApiError(err) || !err.errors)
        setAlert(messageText(err.message) || t('commissionSettingsModal.saveFailed'));
    },
  });
  const submit = form.handleSubmit((v) => {
    setAlert(null);
    save.mutate(v);
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {alert && (
          <Alert color="red" data-testid="commission-error">
            {alert}
          </Alert>
        )}
        <Controller
          control={form.control}
          name="isActive"
          render={({ field }) => (
            <Switch
              label={
                field.value ? t('commissionSettingsModal.enabled') : t('commissionSettingsModal.disabled')
              }
              checked={field.value}
              onChange={(e) => field.onChange(e.currentTarget.checked)}
            />
          )}
        />
        <AmountFields form={form} type={type} />
        <PayoutFields form={form} />
        <Text size="xs" c="dimmed">
          {t('commissionSettingsModal.aCommissionMaturesOnlyAfter')}
        </Text>
        <Group justify="flex-end">
          <Button variant="secondary" onClick={props.onClose}>
            {t('commissionSettingsModal.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('commissionSettingsModal.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
