// The bank-account form, exactly as 000 §5 and §8 describe it: bank list with the disabled
// 'Select Bank' placeholder, a 10-digit number checked with the bank after a 500 ms pause, the
// resolved name shown and used, Save disabled while anything is wrong or pending.
import { Alert, Button, Loader, Stack, TextInput } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { bankAccountSchema, MSG, type SavedBankAccount } from '@owo/contract';
import { isApiError } from '../../../lib/api';
import { useZodForm } from '../../../lib/forms';
import { useApiMutation } from '../../../lib/query';
import { toastError, toastSuccess } from '../../../lib/toast';
import { profileApi, useBanks } from '../api';
import { lookupKey, useAccountLookup, type Lookup } from '../../../components/use-account-lookup';
import { BankNativeSelect } from '../../../components/bank-select';

/** 000 §8: server message, else the error's own message, else the fallback. */
export function bankSaveErrorMessage(e: unknown) {
  if (isApiError(e) && e.message) return e.message;
  if (e instanceof Error && e.message) return e.message;
  return MSG.bankSaveFailed;
}

/** The form, validated with the bank's verdict on the number; the resolved name fills the name field. */
function useBankForm() {
  const { t } = useTranslation(['accounts', 'payouts']);
  // The lookup's verdict is part of validation, so a blur never clears the "invalid" message.
  const verdict = useMemo<{ current: Lookup }>(() => ({ current: { state: 'idle' } }), []);
  const schema = useMemo(
    () =>
      bankAccountSchema.superRefine((v, ctx) => {
        const l = verdict.current;
        if (l.state === 'invalid' && l.key === lookupKey(v.bankCode, v.accountNumber)) {
          ctx.addIssue({
            code: 'custom',
            path: ['accountNumber'],
            message: l.message ?? t(MSG.accountNumberInvalidKey),
          });
        }
      }),
    [verdict, t],
  );
  const form = useZodForm(schema, { defaultValues: { bankCode: '', accountNumber: '', accountName: '' } });
  const [bankCode, accountNumber] = form.watch(['bankCode', 'accountNumber']);
  const lookup = useAccountLookup(bankCode ?? '', accountNumber ?? '');
  verdict.current = lookup;

  useEffect(() => {
    form.setValue('accountName', lookup.state === 'resolved' ? lookup.accountName : '');
    if (lookup.state === 'resolved' || lookup.state === 'invalid') void form.trigger('accountNumber');
  }, [lookup, form]);
  return { form, lookup };
}

export function BankDetailsForm(props: { onSaved?: (saved: SavedBankAccount) => void }) {
  const { t } = useTranslation(['accounts', 'payouts']);
  const banks = useBanks();
  const { form, lookup } = useBankForm();

  const save = useApiMutation({
    mutationFn: profileApi.saveBankAccount,
    form,
    silentSuccess: true,
    silentError: true,
    onSuccess: (res) => {
      toastSuccess(MSG.bankSaved);
      form.reset({ bankCode: '', accountNumber: '', accountName: '' });
      props.onSaved?.(res.data);
    },
    onError: (e) => {
      if (!(isApiError(e) && e.httpStatus >= 500)) toastError(bankSaveErrorMessage(e));
    },
  });

  const { errors, isValid } = form.formState;
  const hasErrors = Object.keys(errors).length > 0;
  const loading = lookup.state === 'checking' || save.isPending || banks.isPending;
  const saveDisabled = hasErrors || loading || !isValid || lookup.state !== 'resolved' || banks.isError;
  const numberField = form.register('accountNumber');

  return (
    <form onSubmit={form.handleSubmit((v) => !saveDisabled && save.mutate(v))} noValidate>
      <Stack gap="md">
        {banks.isError && (
          <Alert color="red" variant="light">
            {t('bank.banksFailed')}
          </Alert>
        )}
        <BankNativeSelect
          label={t('bank.bank')}
          required
          banks={banks.data}
          placeholder={t('payouts:selectBank')}
          {...form.register('bankCode')}
          error={errors.bankCode?.message}
          disabled={banks.isPending || banks.isError}
          rightSection={banks.isPending ? <Loader size="xs" /> : undefined}
        />
        <TextInput
          label={t('bank.accountNumber')}
          required
          inputMode="numeric"
          autoComplete="off"
          maxLength={10}
          placeholder="0123456789"
          {...numberField}
          onChange={(e) => {
            e.currentTarget.value = e.currentTarget.value.replace(/\D/g, '');
            return numberField.onChange(e);
          }}
          error={errors.accountNumber?.message}
          rightSection={
            lookup.state === 'checking' ? <Loader size="xs" aria-label={t('bank.checking')} /> : undefined
          }
        />
        <TextInput
          label={t('bank.accountName')}
          value={form.watch('accountName') ?? ''}
          readOnly
          placeholder={t('bank.accountNamePlaceholder')}
          data-testid="resolved-account-name"
          variant="filled"
        />
        <Button type="submit" disabled={saveDisabled} loading={save.isPending}>
          {t('bank.save')}
        </Button>
      </Stack>
    </form>
  );
}
