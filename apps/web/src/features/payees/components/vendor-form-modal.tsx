import { Alert, Button, Group, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { payeeBody, type Payee, type PayeeDetail } from '@owo/contract/payees';
import { useZodForm } from '../../../lib/forms';
import { useApiMutation } from '../../../lib/query';
import { useBanks } from '../../profile';
import { payeeApi, refreshPayees } from '../api';
import { BankSelect } from '../../../components/bank-select';
import { AccountNameCheck } from '../../../components/account-name-check';
import { useAccountLookup, type Lookup } from '../../../components/use-account-lookup';
import { FormGrid } from '../../../components/form-grid';
import { useTranslation } from 'react-i18next';

/**
 * Create or edit a vendor. The account is NUBAN-checked and resolved as it is typed (1 s after the
 * 10th digit) and the resolved name wins. On edit, a new bank account is sent for approval by
 * someone else; until then the vendor keeps its current account. `initial` prefills the form (a
 * scanned invoice's vendor name and bank account): on edit that is a bank change, sent for approval.
 */
type VendorFormProps = {
  opened: boolean;
  onClose: () => void;
  vendor?: Payee;
  initial?: { name?: string; bankCode?: string; accountNumber?: string };
  onSaved?: (v: PayeeDetail) => void;
};

export function VendorFormModal(props: VendorFormProps) {
  const { t } = useTranslation('payees');
  const v = props.vendor;
  const { form, banks, lookup, bankChanged, save } = useVendorForm(props);
  const e = form.formState.errors;
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={v ? t('vendorFormModal.editVendor') : t('vendorFormModal.addVendor')}
      size="lg"
    >
      <form noValidate onSubmit={form.handleSubmit(() => save.mutate())}>
        <Stack>
          <TextInput
            label={t('vendorFormModal.name')}
            required
            {...form.register('name')}
            error={e.name?.message}
          />
          <FormGrid>
            <TextInput
              label={t('vendorFormModal.email')}
              required
              {...form.register('email')}
              error={e.email?.message}
            />
            <TextInput
              label={t('vendorFormModal.phone')}
              {...form.register('phone')}
              error={e.phone?.message}
            />
          </FormGrid>
          <Textarea
            label={t('vendorFormModal.billingAddress')}
            autosize
            minRows={2}
            {...form.register('billingAddress')}
          />
          <VendorBankFields form={form} banks={banks.data} lookup={lookup} />
          <AccountNameCheck lookup={lookup} typedName={form.watch('name')} />
          {bankChanged && <Alert color="yellow">{t('vendorFormModal.aNewBankAccountMust')}</Alert>}
          <Group justify="flex-end">
            <Button variant="secondary" onClick={props.onClose}>
              {t('vendorFormModal.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} disabled={lookup.state === 'checking'}>
              {v ? t('vendorFormModal.save') : t('vendorFormModal.addVendor')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The vendor form, its account lookup and its save (a bank account is sent only when new or changed). */
function useVendorForm(props: VendorFormProps) {
  const v = props.vendor;
  const init = props.initial;
  const banks = useBanks();
  const form = useZodForm(payeeBody, {
    defaultValues: {
      name: v?.name ?? init?.name ?? '',
      email: v?.email ?? '',
      phone: v?.phone ?? '',
      billingAddress: v?.billingAddress ?? '',
      bankCode: init?.bankCode ?? v?.bankCode ?? '',
      accountNumber: init?.accountNumber ?? v?.accountNumber ?? '',
    },
  });
  const bankCode = form.watch('bankCode');
  const accountNumber = form.watch('accountNumber');
  const lookup = useAccountLookup(bankCode, accountNumber, { delayMs: 1000, known: v });
  const bankChanged = !!v && (bankCode !== v.bankCode || accountNumber !== v.accountNumber);
  const save = useApiMutation({
    form,
    mutationFn: async () => {
      const b = form.getValues();
      const body = {
        name: b.name,
        email: b.email,
        phone: b.phone || null,
        billingAddress: b.billingAddress || null,
        ...(!v || bankChanged ? { bankCode: b.bankCode, accountNumber: b.accountNumber } : {}),
      };
      return v ? payeeApi.update(v.id, body) : payeeApi.create(body as never);
    },
    onSuccess: (res) => {
      void refreshPayees();
      props.onSaved?.(res.data);
      props.onClose();
    },
  });
  return { form, banks, lookup, bankChanged, save };
}

type VendorForm = ReturnType<typeof useVendorForm>['form'];

function VendorBankFields(props: {
  form: VendorForm;
  banks: { code: string; name: string }[] | undefined;
  lookup: Lookup;
}) {
  const { t } = useTranslation('payees');
  const { form, banks, lookup } = props;
  const e = form.formState.errors;
  return (
    <FormGrid>
      <Controller
        control={form.control}
        name="bankCode"
        render={({ field }) => (
          <BankSelect
            required
            banks={banks}
            value={field.value || null}
            onChange={(x) => field.onChange(x ?? '')}
            error={e.bankCode?.message}
          />
        )}
      />
      <TextInput
        label={t('vendorFormModal.accountNumber')}
        required
        inputMode="numeric"
        maxLength={10}
        {...form.register('accountNumber')}
        error={
          e.accountNumber?.message ??
          (lookup.state === 'invalid' ? t('vendorFormModal.weCouldNotVerifyThis') : undefined)
        }
      />
    </FormGrid>
  );
}
