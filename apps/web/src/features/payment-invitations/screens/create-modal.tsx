// The "New payment invitation" dialog: the contract's body schema is the form's (one rule, two places).
import { Button, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { Controller, useController } from 'react-hook-form';
import { fromMinor } from '@owo/contract/money';
import { paymentInvitationBody, type PaymentInvitationInput } from '@owo/contract/payment-invitations';
import { DateField } from '../../../components/date-field';
import { useZodForm } from '../../../lib/forms';
import { useApiMutation } from '../../../lib/query';
import { paymentInvitationApi, refreshPaymentInvitations } from '../api';

const CURRENCY_OPTIONS = [
  { value: 'NGN', label: 'NGN — bank transfer to your virtual account' },
  { value: 'USD', label: 'USD — wire to your USD wallet’s account details' },
  { value: 'GBP', label: 'GBP — transfer to your GBP wallet’s account details' },
];
const EMPTY: PaymentInvitationInput = {
  payerName: '',
  payerEmail: '',
  amount: '',
  currency: 'NGN',
  note: '',
  expiresAt: '',
};

export function CreateInvitationModal(props: { opened: boolean; onClose: () => void }) {
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
    <Modal opened={props.opened} onClose={close} title="New payment invitation" centered>
      <form noValidate onSubmit={form.handleSubmit((v) => create.mutate(v))}>
        <Stack>
          <TextInput label="Payer name" {...form.register('payerName')} error={err('payerName')} />
          <TextInput
            label="Payer email"
            type="email"
            {...form.register('payerEmail')}
            error={err('payerEmail')}
          />
          <Group grow align="flex-start">
            <TextInput
              label="Amount"
              inputMode="decimal"
              {...form.register('amount', { setValueAs: (v: string) => v })}
              error={err('amount')}
            />
            <Controller
              control={form.control}
              name="currency"
              render={({ field }) => (
                <Select
                  label="Currency"
                  data={CURRENCY_OPTIONS}
                  value={field.value}
                  onChange={(v) => field.onChange(v ?? 'NGN')}
                  allowDeselect={false}
                  error={err('currency')}
                />
              )}
            />
          </Group>
          <Textarea label="Note to the payer (optional)" {...form.register('note')} error={err('note')} />
          <DateField
            label="Link expires on (optional, default 14 days)"
            value={expires.value ?? ''}
            onChange={expires.onChange}
            onBlur={expires.onBlur}
            error={expiresState.error?.message}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Send invitation
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
