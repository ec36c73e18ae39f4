// Shared bits of the inflows screens: status words, the customer and partner modals.
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { Customer, Partner } from '@owo/contract/inflows';
import { useApiMutation } from '../../lib/query';
import { useBanks } from '../profile';
import { inflowApi, refreshInflows, type PartnerBody } from './api';
import { BankSelect } from '../../components/bank-select';
import { AccountNameCheck, NameMismatchWarning } from '../../components/account-name-check';
import { resolvedName, useAccountLookup } from '../../components/use-account-lookup';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../lib/i18n';

const LABELLED = new Set(['partlyPaid', 'fullyPaid', 'none']);
/** The words of an invoice's, a payment's or a delivery's status (colours: the kit's StatusBadge). */
export const inflowStatusLabel = (s: string) =>
  LABELLED.has(s) ? i18n.t(`inflows:status.${s}`) : s.charAt(0).toUpperCase() + s.slice(1);

export function CustomerModal(props: {
  opened: boolean;
  onClose: () => void;
  customer?: Customer;
  onSaved?: (c: Customer) => void;
}) {
  const { t } = useTranslation('inflows');
  const form = useForm<{ name: string; email: string; phoneNumber: string }>({
    defaultValues: { name: '', email: '', phoneNumber: '' },
  });
  useEffect(() => {
    if (props.opened)
      form.reset({
        name: props.customer?.name ?? '',
        email: props.customer?.email ?? '',
        phoneNumber: props.customer?.phoneNumber ?? '',
      });
  }, [props.opened, props.customer, form]);
  const save = useApiMutation({
    form,
    mutationFn: (v: { name: string; email: string; phoneNumber: string }) => {
      const body = { ...v, phoneNumber: v.phoneNumber || null };
      return props.customer
        ? inflowApi.updateCustomer(props.customer.id, body)
        : inflowApi.createCustomer(body);
    },
    onSuccess: (res) => {
      void refreshInflows();
      props.onSaved?.(res.data);
      props.onClose();
    },
  });
  const err = form.formState.errors;
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.customer ? t('components.editCustomer') : t('components.newCustomer')}
    >
      <form onSubmit={form.handleSubmit((v) => save.mutate(v))}>
        <Stack>
          <TextInput
            label={t('components.name')}
            required
            {...form.register('name')}
            error={err.name?.message}
          />
          <TextInput
            label={t('components.email')}
            required
            {...form.register('email')}
            error={err.email?.message}
          />
          <TextInput
            label={t('components.phoneNumber')}
            placeholder="08012345678"
            {...form.register('phoneNumber')}
            error={err.phoneNumber?.message}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {t('components.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

type PartnerModalProps = { opened: boolean; onClose: () => void; partner?: Partner };

/** 002 §5 Partner: the account name is looked up once bank and a 10-digit number are present (500 ms pause). */
export function PartnerModal(props: PartnerModalProps) {
  const { t } = useTranslation('inflows');
  const p = props.partner;
  const { banks, form, lookup, bankCode, save } = usePartnerForm(props);
  const typedName = form.watch('customerName');
  const err = form.formState.errors;
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={p ? t('components.editPartner') : t('components.newPartner')}
    >
      <form onSubmit={form.handleSubmit((v) => save.mutate(v))}>
        <Stack>
          <TextInput
            label={t('components.partnerName')}
            required
            {...form.register('customerName')}
            error={err.customerName?.message}
          />
          <TextInput
            label={t('components.partnerEmail')}
            {...form.register('customerEmail')}
            error={err.customerEmail?.message}
          />
          <BankSelect
            required
            banks={banks.data}
            value={bankCode || null}
            onChange={(v) => form.setValue('bankCode', v ?? '')}
            error={err.bankCode?.message}
          />
          <TextInput
            label={t('components.accountNumber')}
            required
            maxLength={10}
            {...form.register('accountNumber')}
            error={err.accountNumber?.message}
          />
          <AccountNameCheck lookup={lookup} />
          <TextInput
            label={t('components.splitPercentage')}
            required
            {...form.register('percentage')}
            error={err.percentage?.message}
          />
          <TextInput
            label={t('components.amountCapNgnOptional')}
            {...form.register('cap')}
            error={err.cap?.message}
          />
          <NameMismatchWarning lookup={lookup} typedName={typedName} />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} disabled={!resolvedName(lookup)}>
              {t('components.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The partner form: reset on open, the account name lookup, and save (create or update). */
function usePartnerForm(props: PartnerModalProps) {
  const banks = useBanks();
  const p = props.partner;
  const form = useForm<PartnerBody>({
    defaultValues: {
      customerName: '',
      customerEmail: '',
      bankCode: '',
      accountNumber: '',
      percentage: '',
      cap: '',
    },
  });
  useEffect(() => {
    if (props.opened)
      form.reset({
        customerName: p?.customerName ?? '',
        customerEmail: p?.customerEmail ?? '',
        bankCode: p?.bankCode ?? '',
        accountNumber: p?.accountNumber ?? '',
        percentage: p?.percentage ?? '',
        cap: p && p.capMinor ? p.cap : '',
      });
  }, [props.opened, p, form]);
  const bankCode = form.watch('bankCode');
  const accountNumber = form.watch('accountNumber');
  const lookup = useAccountLookup(bankCode, accountNumber, { known: p });
  const save = useApiMutation({
    form,
    mutationFn: (v: PartnerBody) => {
      const body = { ...v, customerEmail: v.customerEmail || undefined, cap: v.cap || '0' };
      return p ? inflowApi.updatePartner(p.id, body) : inflowApi.createPartner(body);
    },
    onSuccess: () => {
      void refreshInflows();
      props.onClose();
    },
  });
  return { banks, form, lookup, bankCode, save };
}
