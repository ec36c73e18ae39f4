import { Alert, Button, Card, Group, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Controller } from 'react-hook-form';
import { payrollSettingsBody, type PayrollSettings } from '@owo/contract/payroll-settings';
import { api } from '../../../lib/api';
import { formatMoney } from '../../../lib/format';
import { useZodForm } from '../../../lib/forms';
import { queryClient, useApiMutation } from '../../../lib/query';
import { useCan } from '../../../lib/session';
import { RemittanceSection } from './remittance-section';
import { PageHeader } from '../../../components/page-header';
import { FormGrid } from '../../../components/form-grid';
import { useTranslation } from 'react-i18next';

const settingsKey = ['payroll', 'settings'] as const;

/** The settings form (reset to the loaded settings) and its PUT. */
function useSettingsForm(data: PayrollSettings | undefined) {
  const form = useZodForm(payrollSettingsBody, {
    defaultValues: {
      enabled: true,
      nhfDefault: true,
      pensionMinEmployees: 3,
      minimumWageExempt: false,
      nsitfBase: 'gross',
    },
  });
  useEffect(() => {
    if (data)
      form.reset({
        enabled: data.enabled,
        nhfDefault: data.nhfDefault,
        pensionMinEmployees: data.pensionMinEmployees,
        minimumWageExempt: data.minimumWageExempt,
        nsitfBase: data.nsitfBase,
      });
  }, [data, form]);
  const save = useApiMutation({
    form,
    mutationFn: (body: ReturnType<typeof payrollSettingsBody.parse>) =>
      api.put<PayrollSettings>('/payrolls/settings', body),
    onSuccess: (res) => {
      if (res.data) queryClient.setQueryData(settingsKey, res.data);
    },
  });
  return { form, save };
}

/** One on/off setting. */
function SwitchField(props: {
  form: ReturnType<typeof useSettingsForm>['form'];
  name: 'enabled' | 'nhfDefault' | 'minimumWageExempt';
  label: string;
  disabled: boolean;
}) {
  return (
    <Controller
      control={props.form.control}
      name={props.name}
      render={({ field }) => (
        <Switch
          label={props.label}
          checked={!!field.value}
          onChange={(e) => field.onChange(e.currentTarget.checked)}
          disabled={props.disabled}
        />
      )}
    />
  );
}

/** The pension threshold and the NSITF base. */
function ThresholdFields({
  form,
  disabled,
}: {
  form: ReturnType<typeof useSettingsForm>['form'];
  disabled: boolean;
}) {
  const { t } = useTranslation('payroll');
  const err = form.formState.errors;
  return (
    <FormGrid>
      <TextInput
        label={t('settingsScreen.pensionAppliesFromThisMany')}
        inputMode="numeric"
        {...form.register('pensionMinEmployees')}
        error={err.pensionMinEmployees?.message}
        disabled={disabled}
      />
      <Controller
        control={form.control}
        name="nsitfBase"
        render={({ field }) => (
          <Select
            label={t('settingsScreen.nsitf1IsComputedOn')}
            data={[
              { value: 'gross', label: t('settingsScreen.nsitfBaseGross') },
              { value: 'bht', label: t('settingsScreen.nsitfBaseBht') },
            ]}
            value={field.value}
            onChange={(v) => field.onChange(v ?? 'gross')}
            allowDeselect={false}
            error={err.nsitfBase?.message}
            disabled={disabled}
          />
        )}
      />
    </FormGrid>
  );
}

/** /payroll/settings (issue 25 §0, §4): the statutory settings, GET/PUT /payrolls/settings. */
export function PayrollSettingsScreen() {
  const { t } = useTranslation('payroll');
  const q = useQuery({
    queryKey: settingsKey,
    queryFn: async () => (await api.get<PayrollSettings>('/payrolls/settings')).data,
  });
  const canEdit = useCan('payrolls', 'put');
  const { form, save } = useSettingsForm(q.data);
  return (
    <Stack gap="lg">
      <PageHeader
        mb={0}
        title={t('settingsScreen.payrollSettings')}
        description={t('settingsScreen.nigerianStatutoryDeductionsUsedBy')}
      />
      <Card>
        {q.isError ? (
          <Alert color="red">{t('settingsScreen.couldNotLoadThePayroll')}</Alert>
        ) : (
          <form
            onSubmit={form.handleSubmit((v) => save.mutate(v))}
            aria-label={t('settingsScreen.payrollSettings')}
          >
            <Stack>
              <SwitchField
                form={form}
                name="enabled"
                label={t('settingsScreen.computeStatutoryDeductionsPayePension')}
                disabled={!canEdit}
              />
              <SwitchField
                form={form}
                name="nhfDefault"
                label={t('settingsScreen.nhfOnForNewEmployees')}
                disabled={!canEdit}
              />
              <SwitchField
                form={form}
                name="minimumWageExempt"
                label={t('settingsScreen.noPayeAtOrBelow', {
                  value: q.data
                    ? ` (${formatMoney(Math.round(Number(q.data.minimumWageMonthly) * 100))} a month)`
                    : '',
                })}
                disabled={!canEdit}
              />
              <ThresholdFields form={form} disabled={!canEdit} />
              {canEdit && (
                <Group justify="flex-end">
                  <Button type="submit" loading={save.isPending} disabled={!q.data}>
                    {t('settingsScreen.saveSettings')}
                  </Button>
                </Group>
              )}
            </Stack>
          </form>
        )}
      </Card>
      <RemittanceSection />
    </Stack>
  );
}
