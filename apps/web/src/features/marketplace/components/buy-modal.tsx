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
          <Button variant="default" onClick={() => exit('/marketplace')}>
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

export function BuyModal(props: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('marketplace');
  const navigate = useNavigate();
  const [step, setStep] = useState<'type' | 'single' | 'review' | 'done'>('type');
  const [kind, setKind] = useState<'single' | 'bulk'>('single');
  const [, setDraft] = useDraft<PurchaseDraft>(PURCHASE_DRAFT);
  const meters = useMeters({}, 1, 100);
  const wallets = useNgnWallets();
  const [walletId, setWalletId] = useState<string | null>(null);
  const [meterId, setMeterId] = useState<string | null>(null);
  const [amount, setAmount] = useState<string | number>('');
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [errors, setErrors] = useState<{
    meter?: string;
    amount?: string;
    wallet?: string;
    category?: string;
  }>({});
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
  const reset = () => {
    setStep('type');
    setMeterId(null);
    setAmount('');
    setCategoryId(null);
    setErrors({});
    setDraft(undefined); // the draft is cleared when the flow closes (001 §4)
  };
  const close = () => {
    reset();
    props.onClose();
  };
  const pay = useApiMutation({
    mutationFn: () =>
      marketplaceApi.buy({
        walletId: wallet!,
        assets: [{ assetId: meter!.id, amount: String(amount) }],
        categoryId,
      }),
    silentSuccess: true,
    onSuccess: () => {
      void refreshMarketplace();
      setStep('done');
    },
    // Over the category's monthly budget (422 on categoryId): back to the form, on the picker.
    onError: (err) => {
      const msg = isApiError(err) ? err.errors?.categoryId?.[0] : undefined;
      if (msg) {
        setErrors({ category: msg });
        setStep('single');
      }
    },
  });
  const review = () => {
    const e: typeof errors = {};
    if (!meter) e.meter = MARKETPLACE_MSG.meterNotFound;
    if (!(Number(amount) > 0)) e.amount = MARKETPLACE_MSG.amountPositive;
    if (!wallet) e.wallet = MARKETPLACE_MSG.ngnWalletNotFound;
    setErrors(e);
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
        <Stack>
          <Radio.Group
            label={t('buyFlow.which')}
            value={kind}
            onChange={(v) => setKind(v as 'single' | 'bulk')}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="single" label={t('buyFlow.single')} />
              <Radio value="bulk" label={t('buyFlow.bulk')} />
            </Stack>
          </Radio.Group>
          <Group justify="flex-end">
            <Button
              onClick={() => {
                if (kind === 'single') return setStep('single');
                close();
                void navigate(paths.marketplace.buyElectricity.href());
              }}
            >
              Continue
            </Button>
          </Group>
        </Stack>
      )}
      {step === 'single' && (
        <Stack>
          <Select
            label={t('buyFlow.wallet')}
            data={wallets.map((w) => ({
              value: w.id,
              label: `${w.currency} wallet · ${formatMoney(w.balanceMinor, w.currency)}`,
            }))}
            value={wallet}
            onChange={setWalletId}
            error={errors.wallet}
          />
          <Select
            label={t('buyFlow.meter')}
            searchable
            nothingFoundMessage={MARKETPLACE_MSG.meterNotFound}
            data={(meters.data?.items ?? []).map((m) => ({
              value: m.id,
              label: `${m.meterNo} · ${m.label ?? m.name} (${m.disco})`,
            }))}
            value={meterId}
            onChange={setMeterId}
            error={errors.meter}
          />
          <NumberInput
            label={t('buyFlow.amount')}
            min={0}
            decimalScale={2}
            thousandSeparator=","
            value={amount}
            onChange={setAmount}
            error={errors.amount}
          />
          <CategorySelect
            value={categoryId}
            onChange={(v) => {
              setCategoryId(v);
              setErrors((e) => ({ ...e, category: undefined }));
            }}
            error={errors.category}
          />
          <Group justify="space-between">
            <Button variant="default" onClick={() => setStep('type')}>
              ← {t('form.back')}
            </Button>
            <Button onClick={review}>{t('buyFlow.reviewOrder')}</Button>
          </Group>
        </Stack>
      )}
      {step === 'review' && draft && (
        <Stack>
          <ReviewTable draft={draft} />
          <Group justify="space-between">
            <Button variant="default" onClick={() => setStep('single')}>
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
