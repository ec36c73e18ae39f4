// The "New payment invitation" dialog: the contract's body schema is the form's (one rule, two places).
import { Button, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { Controller, useController } from 'react-hook-form';
import { fromMinor } from '@owo/contract/money';
import { paymentInvitationBody, type PaymentInvitationInput } from '@owo/contract/payment-invitations';
import { DateField } from '../../../components/date-field';
import { useZodForm } from '../../../lib/forms';
import { useApiMutation } from '../../../lib/query';
import { paymentInvitationApi, refreshPaymentInvitations } from '../api';
import { useTranslation } from 'react-i18next';
import { FormGrid } from '../../../components/form-grid';

const CURRENCIES = ['NGN', 'USD', 'GBP'] as const;
const EMPTY: PaymentInvitationInput = {
  payerName: '',
  payerEmail: '',
  amount: '',
  currency: 'NGN',
  note: '',
  expiresAt: '',
};

export function CreateInvitationModal(props: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('payment-invitations', { keyPrefix: 'createModal' });
  const form = useZodForm(paymentInvitationBody, { defaultValues: EMPTY });
  const close = () => {
    form.reset(EMPTY);
    props.onClose();
  };
  const create = useApiMutation({
    form,
    mutationFn: (v: { amount: number } & Omit<PaymentInvitationInput, 'amount'>) =>
      paymentInvitationApi.create({
        ...v,
        amount: fromMinor(v.amount),
        note: v.note || null,
        expiresAt: v.expiresAt || null,
      }),
    onSuccess: () => {
      void refreshPaymentInvitations();
      close();
    },
  });
  const { field: expires, fieldState: expiresState } = useController({
    control: form.control,
    name: 'expiresAt',
  });
  const err = (k: keyof PaymentInvitationInput) => form.formState.errors[k]?.message;
  return (
    <Modal opened={props.opened} onClose={close} title={t('newPaymentInvitation')} centered>
      <form noValidate onSubmit={form.handleSubmit((v) => create.mutate(v))}>
        <Stack>
          <TextInput label={t('payerName')} {...form.register('payerName')} error={err('payerName')} />
          <TextInput
            label={t('payerEmail')}
            type="email"
            {...form.register('payerEmail')}
            error={err('payerEmail')}
          />
          <FormGrid>
            <TextInput
              label={t('amount')}
              inputMode="decimal"
              {...form.register('amount', { setValueAs: (v: string) => v })}
              error={err('amount')}
            />
            <Controller
              control={form.control}
              name="currency"
              render={({ field }) => (
                <Select
                  label={t('currency')}
                  data={CURRENCIES.map((value) => ({ value, label: t(`currencies.${value}`) }))}
                  value={field.value}
                  onChange={(v) => field.onChange(v ?? 'NGN')}
                  allowDeselect={false}
                  error={err('currency')}
                />
              )}
            />
          </FormGrid>
          <Textarea label={t('noteToThePayerOptional')} {...form.register('note')} error={err('note')} />
          <DateField
            label={t('linkExpiresOnOptionalDefault')}
            value={expires.value ?? ''}
            onChange={expires.onChange}
            onBlur={expires.onBlur}
            error={expiresState.error?.message}
          />
          <Group justify="flex-end">
            <Button variant="secondary" onClick={close}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('sendInvitation')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
