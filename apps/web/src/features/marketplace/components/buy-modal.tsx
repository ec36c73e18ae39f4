// Buy Electricity (001 §4): single or multiple; single = saved meter + amount -> Review Order ->
// Make Payment -> 'Payment Initiated' with two exits. Multiple goes to the bulk route.
import { Button, Group, Modal, NumberInput, Radio, Select, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { MARKETPLACE_MSG } from '@owo/contract/marketplace';
import { isApiError } from '../../../lib/api';
import { formatMoney } from '../../../lib/format';
import { useApiMutation } from '../../../lib/query';
import { useDraft } from '../../../lib/drafts';
import { CategorySelect } from '../../categories';
import { useWallets } from '../../money';
import { marketplaceApi, PURCHASE_DRAFT, refreshMarketplace, useMeters, type PurchaseDraft } from '../api';
import { paths } from '../../../lib/paths';
import { messageText } from '../../../lib/messages';

export function useNgnWallets() {
  const wallets = useWallets();
  return (wallets.data ?? []).filter((w) => w.currency === 'NGN');
}

export function PaymentInitiatedModal(props: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('marketplace');
  const navigate = useNavigate();
  const exit = (to: string) => {
    props.onClose();
    void navigate(to);
  };
  return (
    <Modal opened={props.opened} onClose={() => exit('/marketplace')} title={t('buyFlow.initiated')} centered>
      <Stack>
        <Text size="sm">{t('buyFlow.initiatedText')}</Text>
        <Group justify="flex-end">
          <Button variant="secondary" onClick={() => exit('/marketplace')}>
            {t('buyFlow.toMarketplace')}
          </Button>
          <Button onClick={() => exit('/marketplace/vending-history')}>{t('buyFlow.toHistory')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Review table of a draft, with the service charge (0) and the total. */
export function ReviewTable(props: { draft: PurchaseDraft }) {
  const { t } = useTranslation('marketplace');
  const total = props.draft.meters.reduce((s, m) => s + Math.round(Number(m.amount || 0) * 100), 0);
  return (
    <Table>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('cols.meter')}</Table.Th>
          <Table.Th>{t('cols.name')}</Table.Th>
          <Table.Th>{t('cols.disco')}</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>{t('cols.amount')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {props.draft.meters.map((m) => (
          <Table.Tr key={m.id}>
            <Table.Td>{m.meterNo}</Table.Td>
            <Table.Td>{m.name}</Table.Td>
            <Table.Td>{m.disco}</Table.Td>
            <Table.Td style={{ textAlign: 'right' }}>
              {formatMoney(Math.round(Number(m.amount) * 100))}
            </Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr>
          <Table.Td colSpan={3}>{t('buyFlow.serviceCharge')}</Table.Td>
          <Table.Td style={{ textAlign: 'right' }}>{formatMoney(0)}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Td colSpan={3} fw={700}>
            {t('buyFlow.total')}
          </Table.Td>
          <Table.Td style={{ textAlign: 'right' }} fw={700} data-testid="order-total">
            {formatMoney(total)}
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

type BuyErrors = { meter?: string; amount?: string; wallet?: string; category?: string };
type BuyStep = 'type' | 'single' | 'review' | 'done';

/** The single-purchase form's state: wallet, meter, amount, category, and the draft they make. */
function useSingleForm() {
  const meters = useMeters({}, 1, 100);
  const wallets = useNgnWallets();
  const [walletId, setWalletId] = useState<string | null>(null);
  const [meterId, setMeterId] = useState<string | null>(null);
  const [amount, setAmount] = useState<string | number>('');
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [errors, setErrors] = useState<BuyErrors>({});
  const wallet = walletId ?? wallets[0]?.id ?? null;
  const meter = meters.data?.items.find((m) => m.id === meterId);
  const draft: PurchaseDraft | null = meter
    ? {
        purchaseType: 'single',
        walletId: wallet ?? '',
        meters: [
          {
            id: meter.id,
            meterNo: meter.meterNo,
            meterAddress: meter.address,
            disco: meter.disco,
            vendType: meter.vendType,
            name: meter.name,
            amount: String(amount),
          },
        ],
      }
    : null;
  return {
    meters,
    wallets,
    wallet,
    setWalletId,
    meter,
    meterId,
    setMeterId,
    amount,
    setAmount,
    categoryId,
    setCategoryId,
    errors,
    setErrors,
    draft,
  };
}
type SingleForm = ReturnType<typeof useSingleForm>;

/** Step one: a single meter, or the bulk screen. */
function TypeStep(props: {
  kind: 'single' | 'bulk';
  setKind: (k: 'single' | 'bulk') => void;
  onSingle: () => void;
  onBulk: () => void;
}) {
  const { t } = useTranslation('marketplace');
  const { kind, setKind } = props;
  return (
    <Stack>
      <Radio.Group label={t('buyFlow.which')} value={kind} onChange={(v) => setKind(v as 'single' | 'bulk')}>
        <Stack gap="xs" mt="xs">
          <Radio value="single" label={t('buyFlow.single')} />
          <Radio value="bulk" label={t('buyFlow.bulk')} />
        </Stack>
      </Radio.Group>
      <Group justify="flex-end">
        <Button
          onClick={() => {
            if (kind === 'single') return props.onSingle();
            props.onBulk();
          }}
        >
          {t('buyModal.continue')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Step two: wallet, meter, amount and category for one purchase. */
function SingleStep({ f, onBack, onReview }: { f: SingleForm; onBack: () => void; onReview: () => void }) {
  const { t } = useTranslation('marketplace');
  return (
    <Stack>
      <Select
        label={t('buyFlow.wallet')}
        data={f.wallets.map((w) => ({
          value: w.id,
          label: t('buyModal.walletOption', {
            currency: w.currency,
            balance: formatMoney(w.balanceMinor, w.currency),
          }),
        }))}
        value={f.wallet}
        onChange={f.setWalletId}
        error={f.errors.wallet}
      />
      <Select
        label={t('buyFlow.meter')}
        searchable
        nothingFoundMessage={messageText(MARKETPLACE_MSG.meterNotFound)}
        data={(f.meters.data?.items ?? []).map((m) => ({
          value: m.id,
          label: `${m.meterNo} · ${m.label ?? m.name} (${m.disco})`,
        }))}
        value={f.meterId}
        onChange={f.setMeterId}
        error={f.errors.meter}
      />
      <NumberInput
        label={t('buyFlow.amount')}
        min={0}
        decimalScale={2}
        thousandSeparator=","
        value={f.amount}
        onChange={f.setAmount}
        error={f.errors.amount}
      />
      <CategorySelect
        value={f.categoryId}
        onChange={(v) => {
          f.setCategoryId(v);
          f.setErrors((e) => ({ ...e, category: undefined }));
        }}
        error={f.errors.category}
      />
      <Group justify="space-between">
        <Button variant="secondary" onClick={onBack}>
          ← {t('form.back')}
        </Button>
        <Button onClick={onReview}>{t('buyFlow.reviewOrder')}</Button>
      </Group>
    </Stack>
  );
}

/** Buys the one meter; over the category's budget, the error goes back onto the form. */
function usePay(f: SingleForm, onDone: () => void, onCategoryError: () => void) {
  const { wallet, meter, amount, categoryId } = f;
  return useApiMutation({
    mutationFn: () =>
      marketplaceApi.buy({
        walletId: wallet!,
        assets: [{ assetId: meter!.id, amount: String(amount) }],
        categoryId,
      }),
    silentSuccess: true,
    onSuccess: () => {
      void refreshMarketplace();
      onDone();
    },
    // Over the category's monthly budget (422 on categoryId): back to the form, on the picker.
    onError: (err) => {
      const msg = isApiError(err) ? err.errors?.categoryId?.[0] : undefined;
      if (msg) {
        f.setErrors({ category: msg });
        onCategoryError();
      }
    },
  });
}

export function BuyModal(props: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('marketplace');
  const navigate = useNavigate();
  const [step, setStep] = useState<BuyStep>('type');
  const [kind, setKind] = useState<'single' | 'bulk'>('single');
  const [, setDraft] = useDraft<PurchaseDraft>(PURCHASE_DRAFT);
  const f = useSingleForm();
  const { wallet, meter, amount, draft } = f;
  const reset = () => {
    setStep('type');
    f.setMeterId(null);
    f.setAmount('');
    f.setCategoryId(null);
    f.setErrors({});
    setDraft(undefined); // the draft is cleared when the flow closes (001 §4)
  };
  const close = () => {
    reset();
    props.onClose();
  };
  const pay = usePay(
    f,
    () => setStep('done'),
    () => setStep('single'),
  );
  const review = () => {
    const e: BuyErrors = {};
    if (!meter) e.meter = messageText(MARKETPLACE_MSG.meterNotFound);
    if (!(Number(amount) > 0)) e.amount = messageText(MARKETPLACE_MSG.amountPositive);
    if (!wallet) e.wallet = messageText(MARKETPLACE_MSG.ngnWalletNotFound);
    f.setErrors(e);
    if (!Object.keys(e).length) setStep('review');
  };
  if (step === 'done') return <PaymentInitiatedModal opened={props.opened} onClose={close} />;
  return (
    <Modal
      opened={props.opened}
      onClose={close}
      title={step === 'review' ? t('buyFlow.review') : t('buy')}
      size={step === 'review' ? 'lg' : 'md'}
    >
      {step === 'type' && (
        <TypeStep
          kind={kind}
          setKind={setKind}
          onSingle={() => setStep('single')}
          onBulk={() => {
            close();
            void navigate(paths.marketplace.buyElectricity.href());
          }}
        />
      )}
      {step === 'single' && <SingleStep f={f} onBack={() => setStep('type')} onReview={review} />}
      {step === 'review' && draft && (
        <Stack>
          <ReviewTable draft={draft} />
          <Group justify="space-between">
            <Button variant="secondary" onClick={() => setStep('single')}>
              ← {t('form.back')}
            </Button>
            <Button loading={pay.isPending} onClick={() => pay.mutate()}>
              {t('buyFlow.makePayment')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
