// Pay someone, step 1 (000 §4.3): a saved recipient in the payment's currency, or a new one: a
// Nigerian bank account (its name looked up at the bank) or, for USD and GBP, a foreign account.
import { Button, Card, Group, SegmentedControl, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { PAY_SOMEONE_MSG } from '@owo/contract/payouts-pay-someone';
import type { Payee } from '@owo/contract/payees';
import { useDraft } from '../../../lib/drafts';
import { usePayees } from '../../payees';
import { useBanks } from '../../profile';
import { PAY_SOMEONE_DRAFT, type PayCurrency, type PaySomeoneDraft } from './api';
import { Frame, useGuard, useNav } from './shared';
import { paths } from '../../../lib/paths';
import { BankSelect } from '../../../components/bank-select';
import { AccountNameCheck } from '../../../components/account-name-check';
import { resolvedName, useAccountLookup, type Lookup } from '../../../components/use-account-lookup';
import { FormGrid } from '../../../components/form-grid';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../../lib/messages';

type Recipient = NonNullable<PaySomeoneDraft['recipient']>;

const initialForm = (r: Recipient | undefined, currency: PayCurrency) => ({
  name: r?.name ?? '',
  email: r?.email ?? '',
  bankCode: r?.bankCode ?? '',
  accountNumber: r?.accountNumber ?? '',
  fAccountName: r?.foreign?.accountName ?? '',
  fAccountNumber: r?.foreign?.accountNumber ?? '',
  swiftCode: r?.foreign?.swiftCode ?? '',
  sortCode: r?.foreign?.sortCode ?? '',
  routingNumber: r?.foreign?.routingNumber ?? '',
  bankName: r?.foreign?.bankName ?? '',
  country: r?.foreign?.country ?? (currency === 'GBP' ? 'GB' : currency === 'USD' ? 'US' : ''),
  address: r?.foreign?.address ?? '',
});
type Form = ReturnType<typeof initialForm>;
type OnField = (k: keyof Form) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;

/** A new recipient's field errors (none: it may be saved). */
function recipientErrors(f: Form, currency: PayCurrency, resolved: string): Record<string, string> {
  const e: Record<string, string> = {};
  if (!f.name.trim()) e.name = 'Recipient name is required';
  if (currency === 'NGN') {
    if (!f.bankCode) e.bankCode = 'Please select a bank';
    if (!/^\d{10}$/.test(f.accountNumber)) e.accountNumber = 'Account number must be 10 digits';
    else if (!resolved) e.accountNumber = 'We could not verify this account number at the selected bank';
  } else {
    if (!f.fAccountName.trim()) e.fAccountName = messageText(PAY_SOMEONE_MSG.nameRequired);
    if (!/^[A-Z0-9]{6,34}$/.test(f.fAccountNumber.replace(/\s+/g, '').toUpperCase()))
      e.fAccountNumber = messageText(PAY_SOMEONE_MSG.ibanInvalid);
    if (!/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(f.swiftCode.trim().toUpperCase()))
      e.swiftCode = messageText(PAY_SOMEONE_MSG.swiftInvalid);
    if (f.sortCode && !/^\d{6}$/.test(f.sortCode.replace(/[\s-]/g, '')))
      e.sortCode = messageText(PAY_SOMEONE_MSG.sortCodeInvalid);
    if (f.routingNumber && !/^\d{9}$/.test(f.routingNumber.trim()))
      e.routingNumber = messageText(PAY_SOMEONE_MSG.routingInvalid);
    if (!f.bankName.trim()) e.bankName = messageText(PAY_SOMEONE_MSG.bankNameRequired);
    if (!/^[A-Za-z]{2}$/.test(f.country.trim())) e.country = messageText(PAY_SOMEONE_MSG.countryInvalid);
    if (!f.address.trim()) e.address = messageText(PAY_SOMEONE_MSG.addressRequired);
  }
  return e;
}

/** The draft's recipient section of a new recipient, as typed (trimmed, normalised). */
function newRecipient(f: Form, currency: PayCurrency, resolved: string, bankName?: string): Recipient {
  return currency === 'NGN'
    ? {
        name: f.name.trim(),
        email: f.email.trim(),
        bankCode: f.bankCode,
        bankName,
        accountNumber: f.accountNumber,
        accountName: resolved,
      }
    : {
        name: f.name.trim(),
        email: f.email.trim(),
        foreign: {
          accountName: f.fAccountName.trim(),
          accountNumber: f.fAccountNumber.replace(/\s+/g, '').toUpperCase(),
          swiftCode: f.swiftCode.trim().toUpperCase(),
          sortCode: f.sortCode.trim() || undefined,
          routingNumber: f.routingNumber.trim() || undefined,
          bankName: f.bankName.trim(),
          country: f.country.trim().toUpperCase(),
          address: f.address.trim(),
        },
      };
}

function NairaFields(props: {
  f: Form;
  setF: (f: Form) => void;
  set: OnField;
  errors: Record<string, string>;
  lookup: Lookup;
}) {
  const { t } = useTranslation('payouts');
  const { f, setF, set, errors, lookup } = props;
  const banks = useBanks();
  return (
    <>
      <FormGrid>
        <BankSelect
          required
          banks={banks.data}
          value={f.bankCode || null}
          onChange={(x) => setF({ ...f, bankCode: x ?? '' })}
          error={errors.bankCode}
        />
        <TextInput
          label={t('recipientScreen.accountNumber')}
          required
          inputMode="numeric"
          maxLength={10}
          value={f.accountNumber}
          onChange={set('accountNumber')}
          error={
            errors.accountNumber ??
            (lookup.state === 'invalid' ? t('recipientScreen.weCouldNotVerifyThis') : undefined)
          }
        />
      </FormGrid>
      <AccountNameCheck lookup={lookup} typedName={f.name} />
    </>
  );
}

function ForeignFields(props: {
  f: Form;
  set: OnField;
  errors: Record<string, string>;
  currency: PayCurrency;
}) {
  const { t } = useTranslation('payouts');
  const { f, set, errors, currency } = props;
  const gbp = currency === 'GBP';
  const bankCode = gbp ? ('sortCode' as const) : ('routingNumber' as const); // the optional local bank code
  return (
    <>
      <TextInput
        label={t('recipientScreen.accountHolderName')}
        required
        value={f.fAccountName}
        onChange={set('fAccountName')}
        error={errors.fAccountName}
      />
      <FormGrid>
        <TextInput
          label={gbp ? t('recipientScreen.ibanOrAccountNumber') : t('recipientScreen.accountNumberOrIban')}
          required
          value={f.fAccountNumber}
          onChange={set('fAccountNumber')}
          error={errors.fAccountNumber}
        />
        <TextInput
          label={t('recipientScreen.swiftBic')}
          required
          value={f.swiftCode}
          onChange={set('swiftCode')}
          error={errors.swiftCode}
        />
      </FormGrid>
      <FormGrid>
        <TextInput
          label={t(gbp ? 'recipientScreen.sortCodeOptional' : 'recipientScreen.routingNumberAbaOptional')}
          value={f[bankCode]}
          onChange={set(bankCode)}
          error={errors[bankCode]}
        />
        <TextInput
          label={t('recipientScreen.bankName')}
          required
          value={f.bankName}
          onChange={set('bankName')}
          error={errors.bankName}
        />
      </FormGrid>
      <FormGrid>
        <TextInput
          label={t('recipientScreen.bankCountry2Letters')}
          required
          maxLength={2}
          value={f.country}
          onChange={set('country')}
          error={errors.country}
        />
      </FormGrid>
      <Textarea
        label={t('recipientScreen.recipientAddress')}
        required
        autosize
        minRows={2}
        value={f.address}
        onChange={set('address')}
        error={errors.address}
      />
    </>
  );
}

function NewRecipientFields(props: {
  f: Form;
  setF: (f: Form) => void;
  errors: Record<string, string>;
  currency: PayCurrency;
  lookup: Lookup;
}) {
  const { t } = useTranslation('payouts');
  const { f, setF, errors, currency } = props;
  const set: OnField = (k) => (e) => setF({ ...f, [k]: e.currentTarget.value });
  return (
    <>
      <FormGrid>
        <TextInput
          label={t('recipientScreen.recipientName')}
          required
          value={f.name}
          onChange={set('name')}
          error={errors.name}
        />
        <TextInput label={t('recipientScreen.emailOptional')} value={f.email} onChange={set('email')} />
      </FormGrid>
      {currency === 'NGN' ? (
        <NairaFields f={f} setF={setF} set={set} errors={errors} lookup={props.lookup} />
      ) : (
        <ForeignFields f={f} set={set} errors={errors} currency={currency} />
      )}
    </>
  );
}

/** A saved recipient in the payment's currency. */
function SavedRecipientSelect(props: {
  saved: Payee[];
  currency: PayCurrency;
  value: string | null;
  onChange: (payeeId: string | null) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation('payouts');
  return (
    <Select
      label={t('recipientScreen.recipient')}
      searchable
      data={props.saved.map((p) => ({
        value: p.id,
        label: `${p.name} · ${p.bankName} ${p.accountNumber}`,
      }))}
      value={props.value}
      onChange={props.onChange}
      nothingFoundMessage={t('recipientScreen.noSavedRecipient', { currency: props.currency })}
      error={props.error}
    />
  );
}

export function RecipientScreen() {
  const { t } = useTranslation('payouts');
  const path = paths.paySomeoneFlow.recipient.href();
  const [draft, setDraft] = useDraft<PaySomeoneDraft>(PAY_SOMEONE_DRAFT);
  const nav = useNav(path);
  const ok = useGuard(!!draft?.amountAndSource);
  const currency = draft?.amountAndSource?.currency ?? 'NGN';
  const r = draft?.recipient;
  const [mode, setMode] = useState<'new' | 'saved'>(r?.payeeId ? 'saved' : 'new');
  const payees = usePayees({}, 1, 100);
  const saved = (payees.data?.items ?? []).filter((p) => p.currency === currency);
  const [payeeId, setPayeeId] = useState<string | null>(r?.payeeId ?? null);
  const banks = useBanks();
  const [f, setF] = useState(() => initialForm(r, currency));
  const known =
    r?.accountName && r.bankCode && r.accountNumber
      ? { bankCode: r.bankCode, accountNumber: r.accountNumber, accountName: r.accountName }
      : null;
  const lookup = useAccountLookup(f.bankCode, f.accountNumber, {
    delayMs: 600,
    enabled: currency === 'NGN',
    known,
  });
  const resolved = resolvedName(lookup);
  const [errors, setErrors] = useState<Record<string, string>>({});
  if (!ok) return null;

  function save() {
    if (mode === 'saved') {
      const p = saved.find((x) => x.id === payeeId);
      if (!p) return setErrors({ payeeId: messageText(PAY_SOMEONE_MSG.recipientRequired) });
      const { id, name, bankName, accountNumber, accountName } = p;
      setDraft({ ...draft!, recipient: { payeeId: id, name, bankName, accountNumber, accountName } });
      return nav.next();
    }
    const e = recipientErrors(f, currency, resolved);
    setErrors(e);
    if (Object.keys(e).length) return;
    const bankName = banks.data?.find((b) => b.code === f.bankCode)?.name;
    setDraft({ ...draft!, recipient: newRecipient(f, currency, resolved, bankName) });
    nav.next();
  }

  return (
    <Frame path={path} title={t('recipientScreen.whoAreYouPaying')}>
      <Card>
        <Stack>
          <SegmentedControl
            value={mode}
            onChange={(v) => setMode(v as 'new' | 'saved')}
            data={[
              { value: 'new', label: t('recipientScreen.newRecipient') },
              { value: 'saved', label: t('recipientScreen.savedRecipient', { currency }) },
            ]}
          />
          {mode === 'saved' ? (
            <SavedRecipientSelect
              saved={saved}
              currency={currency}
              value={payeeId}
              onChange={setPayeeId}
              error={errors.payeeId}
            />
          ) : (
            <NewRecipientFields f={f} setF={setF} errors={errors} currency={currency} lookup={lookup} />
          )}
          <Group justify="space-between">
            <Button variant="secondary" onClick={nav.back}>
              {t('recipientScreen.back')}
            </Button>
            <Button onClick={save} disabled={lookup.state === 'checking'}>
              {t('recipientScreen.continue')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Frame>
  );
}
