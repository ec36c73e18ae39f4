import {
  Alert,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  Stepper,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { REQUEST_PURPOSES, type FundRequestInput, type RequestPurpose } from '@owo/contract/requests';
import { ApiError } from '../../../lib/api';
import { formatMoney } from '../../../lib/format';
import { useApiMutation } from '../../../lib/query';
import { useWallets } from '../../money';
import { usePayees } from '../../payees';
import { useBanks } from '../../profile';
import { refreshRequests, requestApi } from '../api';
import { requestPurposeLabel } from './status';
import { BankSelect } from '../../../components/bank-select';
import { Trans, useTranslation } from 'react-i18next';
import { FormGrid } from '../../../components/form-grid';
import { messageText } from '../../../lib/messages';

/** The request's fields over the three steps, and what they make: the body, the amount in kobo, the payee. */
function useRequestForm() {
  const wallets = useWallets();
  const banks = useBanks();
  const vendors = usePayees({}, 1, 100);
  const ngn = (wallets.data ?? []).filter((w) => w.currency === 'NGN');
  const [walletId, setWalletId] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [purpose, setPurpose] = useState<string | null>(null);
  const [narration, setNarration] = useState('');
  const [to, setTo] = useState<'vendor' | 'self'>('self');
  const [payeeId, setPayeeId] = useState<string | null>(null);
  const [bankCode, setBankCode] = useState<string | null>(null);
  const [accountNumber, setAccountNumber] = useState('');
  const wallet = walletId ?? ngn[0]?.id ?? null;
  const body: FundRequestInput = {
    walletId: wallet ?? '',
    amount,
    currency: 'NGN',
    purpose: (purpose ?? '') as FundRequestInput['purpose'],
    narration,
    ...(to === 'vendor' ? { payeeId } : { bankCode, accountNumber }),
  };
  const minor = Math.round(Number(amount || 0) * 100);
  const payeeLabel =
    to === 'vendor'
      ? (vendors.data?.items.find((v) => v.id === payeeId)?.name ?? '')
      : `${banks.data?.find((b) => b.code === bankCode)?.name ?? ''} ${accountNumber}`;
  return {
    ngn,
    banks,
    vendors,
    wallet,
    setWalletId,
    amount,
    setAmount,
    purpose,
    setPurpose,
    narration,
    setNarration,
    to,
    setTo,
    payeeId,
    setPayeeId,
    bankCode,
    setBankCode,
    accountNumber,
    setAccountNumber,
    body,
    minor,
    payeeLabel,
  };
}
type RequestForm = ReturnType<typeof useRequestForm>;
type Err = (k: string) => string | undefined;

/** Step one: the wallet to pay from and the amount. */
function AmountStep({ f, err, onNext }: { f: RequestForm; err: Err; onNext: () => void }) {
  const { t } = useTranslation('requests');
  const { ngn, wallet, setWalletId, amount, setAmount, minor } = f;
  return (
    <Stack>
      <Select
        label={t('requestFundsModal.payFrom')}
        data={ngn.map((w) => ({
          value: w.id,
          label: `${w.name} · ${formatMoney(w.balanceMinor, w.currency)}`,
        }))}
        value={wallet}
        onChange={setWalletId}
        error={err('walletId')}
      />
      <TextInput
        label={t('requestFundsModal.amountNgn')}
        inputMode="decimal"
        value={amount}
        onChange={(e) => setAmount(e.currentTarget.value)}
        error={err('amount')}
      />
      <Group justify="flex-end">
        <Button disabled={!wallet || !(minor > 0)} onClick={onNext}>
          {t('requestFundsModal.continue')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Step two: purpose, narration and who is paid (the requester, or a vendor). */
function PurposeStep(props: { f: RequestForm; err: Err; onBack: () => void; onNext: () => void }) {
  const { t } = useTranslation('requests');
  const { f, err, onBack, onNext } = props;
  const { purpose, setPurpose, narration, setNarration, to, setTo, payeeId, setPayeeId } = f;
  const { bankCode, setBankCode, accountNumber, setAccountNumber, vendors, banks } = f;
  return (
    <Stack>
      <Select
        label={t('requestFundsModal.purpose')}
        data={REQUEST_PURPOSES.map((p) => ({ value: p, label: requestPurposeLabel(p) }))}
        value={purpose}
        onChange={setPurpose}
        error={err('purpose')}
      />
      <TextInput
        label={t('requestFundsModal.narration')}
        maxLength={100}
        value={narration}
        onChange={(e) => setNarration(e.currentTarget.value)}
        error={err('narration')}
      />
      <SegmentedControl
        value={to}
        onChange={(v) => setTo(v as 'vendor' | 'self')}
        data={[
          { value: 'self', label: t('requestFundsModal.payMe') },
          { value: 'vendor', label: t('requestFundsModal.payAVendor') },
        ]}
      />
      {to === 'vendor' ? (
        <Select
          label={t('requestFundsModal.vendor')}
          searchable
          data={(vendors.data?.items ?? []).map((v) => ({ value: v.id, label: v.name }))}
          value={payeeId}
          onChange={setPayeeId}
          error={err('payeeId')}
        />
      ) : (
        <FormGrid>
          <BankSelect banks={banks.data} value={bankCode} onChange={setBankCode} error={err('bankCode')} />
          <TextInput
            label={t('requestFundsModal.accountNumber')}
            inputMode="numeric"
            maxLength={10}
            value={accountNumber}
            onChange={(e) => setAccountNumber(e.currentTarget.value)}
            error={err('accountNumber') ?? err('payeeId')}
          />
        </FormGrid>
      )}
      <Group justify="space-between">
        <Button variant="secondary" onClick={onBack}>
          {t('requestFundsModal.back')}
        </Button>
        <Button
          disabled={
            !purpose ||
            !narration.trim() ||
            (to === 'vendor' ? !payeeId : !bankCode || accountNumber.length !== 10)
          }
          onClick={onNext}
        >
          {t('requestFundsModal.review')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Step three: what will be asked for, the server's errors, and Submit. */
function ReviewStep(props: {
  f: RequestForm;
  create: { error: Error | null; isPending: boolean; mutate: () => void };
  fieldErrors: object;
  onBack: () => void;
}) {
  const { t } = useTranslation('requests');
  const { f, create, fieldErrors, onBack } = props;
  const { minor, purpose, payeeLabel, narration } = f;
  return (
    <Stack>
      <Text>
        <Trans
          t={t}
          i18nKey="requestFundsModal.youAreAskingFor"
          values={{
            amount: formatMoney(minor, 'NGN'),
            purpose: purpose ? requestPurposeLabel(purpose as RequestPurpose) : '',
            payee: payeeLabel,
          }}
          components={{ b: <b /> }}
        />
      </Text>
      <Text c="dimmed" size="sm">
        {t('requestFundsModal.nothingIsPaidUntilAn', { narration })}
      </Text>
      {create.error && !Object.keys(fieldErrors).length && (
        <Alert color="red">{messageText(create.error.message)}</Alert>
      )}
      {Object.keys(fieldErrors).length > 0 && (
        <Alert color="red">
          {Object.values(fieldErrors as Record<string, string[]>)
            .flat()
            .join(' ')}
        </Alert>
      )}
      <Group justify="space-between">
        <Button variant="secondary" onClick={onBack}>
          {t('requestFundsModal.back')}
        </Button>
        <Button loading={create.isPending} onClick={() => create.mutate()}>
          {t('requestFundsModal.submitRequest')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The request-funds flow (000 §4.4): amount and source, purpose (and payee), review; the server's
 * toast on success, then the request's page.
 */
export function RequestFundsModal(props: { onClose: () => void; onDone: (ref: string) => void }) {
  const { t } = useTranslation('requests');
  const [step, setStep] = useState(0);
  const f = useRequestForm();
  const create = useApiMutation({
    mutationFn: () => requestApi.create(f.body),
    onSuccess: (res) => {
      void refreshRequests();
      props.onDone(res.data.reference);
    },
  });
  const fieldErrors = create.error instanceof ApiError ? (create.error.errors ?? {}) : {};
  const err = (k: string) => (fieldErrors as Record<string, string[]>)[k]?.[0];
  return (
    <Modal opened onClose={props.onClose} title={t('requestFundsModal.requestFunds')} size="lg" centered>
      <Stepper active={step} size="sm" mb="md">
        <Stepper.Step label={t('requestFundsModal.amountAndSource')} />
        <Stepper.Step label={t('requestFundsModal.purpose')} />
        <Stepper.Step label={t('requestFundsModal.review')} />
      </Stepper>
      {step === 0 && <AmountStep f={f} err={err} onNext={() => setStep(1)} />}
      {step === 1 && <PurposeStep f={f} err={err} onBack={() => setStep(0)} onNext={() => setStep(2)} />}
      {step === 2 && <ReviewStep f={f} create={create} fieldErrors={fieldErrors} onBack={() => setStep(1)} />}
    </Modal>
  );
}
