// Pay someone, step 0 (000 §4.3): how much the recipient gets, in which currency, from which wallet;
// the exchange quote is taken before the next step.
import { Button, Card, Group, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { PAYOUT_MSG } from '@owo/contract/payouts';
import { formatMoney } from '../../../lib/format';
import { useDraft } from '../../../lib/drafts';
import { useApiMutation } from '../../../lib/query';
import { useWallets } from '../../money';
import { newKey, PAY_SOMEONE_DRAFT, paySomeoneApi, type PayCurrency, type PaySomeoneDraft } from './api';
import { BASE, Frame, SYMBOL, useNav } from './shared';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../../lib/messages';

const AMOUNT_RE = /^\d{1,13}(\.\d{1,2})?$/;

type AmountForm = { currency: PayCurrency; walletId: string | null; amount: string };

/** The quote of the amount from the wallet; on success the draft's amount section, and the next step. */
function useAmountQuote(form: AmountForm, setErrors: (e: Record<string, string>) => void, next: () => void) {
  const [draft, setDraft] = useDraft<PaySomeoneDraft>(PAY_SOMEONE_DRAFT);
  const wallets = useWallets();
  const { currency, walletId, amount } = form;
  return useApiMutation({
    silentSuccess: true,
    silentError: true,
    mutationFn: () => paySomeoneApi.quote(walletId!, amount.trim(), currency),
    onSuccess: (res) => {
      const w = wallets.data!.find((x) => x.id === walletId)!;
      const prev = draft?.amountAndSource;
      const same = prev?.currency === currency;
      setDraft({
        ...(draft ?? { idempotencyKey: newKey() }),
        // A new currency means another recipient and purpose rule: those sections start again.
        ...(same ? {} : { recipient: undefined, wirePurpose: undefined }),
        amountAndSource: {
          walletId: w.id,
          walletCurrency: w.currency,
          amount: amount.trim(),
          currency,
          quote: res.data,
          isPaymentRequired: res.data.isPaymentRequired,
        },
      });
      next();
    },
    onError: (err) => {
      const e = err.errors ?? {};
      setErrors({ amount: (e.amount ?? e.recipientAmount ?? [err.message])[0] });
    },
  });
}

/** The form's own checks before the quote is asked for. */
function amountErrors(walletId: string | null, amount: string): Record<string, string> {
  const e: Record<string, string> = {};
  if (!walletId) e.walletId = messageText(PAYOUT_MSG.selectWallet);
  if (!AMOUNT_RE.test(amount.trim()) || Number(amount) <= 0)
    e.amount = 'Amount must be a positive number with at most 2 decimal places';
  return e;
}

export function AmountScreen() {
  const { t } = useTranslation('payouts');
  const [draft] = useDraft<PaySomeoneDraft>(PAY_SOMEONE_DRAFT);
  const wallets = useWallets();
  const nav = useNav(BASE);
  const a = draft?.amountAndSource;
  const [currency, setCurrency] = useState<PayCurrency>(a?.currency ?? 'NGN');
  const [walletId, setWalletId] = useState<string | null>(a?.walletId ?? null);
  const [amount, setAmount] = useState(a?.amount ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    const ngn = wallets.data?.find((w) => w.currency === 'NGN');
    if (ngn && !walletId) setWalletId(ngn.id);
  }, [wallets.data, walletId]);
  const usable = (wallets.data ?? []).filter((w) => w.currency === 'NGN' || w.currency === currency);
  const quote = useAmountQuote({ currency, walletId, amount }, setErrors, nav.next);
  return (
    <Frame path={BASE} title={t('amountScreen.howMuchAreYouSending')}>
      <Card>
        <Stack>
          <SegmentedControl
            aria-label={t('amountScreen.currencyTheRecipientGets')}
            value={currency}
            onChange={(v) => {
              setCurrency(v as PayCurrency);
              setErrors({});
            }}
            data={[
              { value: 'NGN', label: t('amountScreen.currencyNGN') },
              { value: 'USD', label: t('amountScreen.currencyUSD') },
              { value: 'GBP', label: t('amountScreen.currencyGBP') },
            ]}
          />
          <TextInput
            label={t('amountScreen.recipientGets', { value: SYMBOL[currency] })}
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.currentTarget.value)}
            error={errors.amount}
            data-testid="amount"
          />
          <Select
            label={t('amountScreen.payFrom')}
            allowDeselect={false}
            data={usable.map((w) => ({
              value: w.id,
              label: `${w.name} (${w.currency}) · ${formatMoney(w.balanceMinor, w.currency)}`,
            }))}
            value={walletId}
            onChange={setWalletId}
            error={errors.walletId}
          />
          {currency !== 'NGN' && (
            <Text size="xs" c="dimmed">
              {t('amountScreen.usdAndGbpPaymentsAre')}
            </Text>
          )}
          <Group justify="space-between">
            <Button variant="secondary" onClick={nav.back}>
              {t('amountScreen.cancel')}
            </Button>
            <Button
              loading={quote.isPending}
              onClick={() => {
                const e = amountErrors(walletId, amount);
                setErrors(e);
                if (!Object.keys(e).length) quote.mutate();
              }}
            >
              {t('amountScreen.continue')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Frame>
  );
}
