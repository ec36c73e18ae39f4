import { Button, Card as MCard, Group, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { formatMoney } from '../../../lib/format';
import { useApiMutation } from '../../../lib/query';
import { useWallets } from '../../money';
import { cardApi, refreshCards, useCards } from '../api';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';
import { useTranslation } from 'react-i18next';

/** /cards/fund-card: wallet -> card, no fee. */
export function FundCardScreen() {
  const { t } = useTranslation('cards');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const cards = useCards(1, 'active');
  const wallets = useWallets();
  const [cardId, setCardId] = useState<string | null>(params.get('card'));
  const [walletId, setWalletId] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const card = cards.data?.items.find((c) => c.id === cardId);
  const options = (wallets.data ?? []).filter((w) => !card || w.currency === card.currency);
  const wallet = walletId ?? options[0]?.id ?? null;
  const fund = useApiMutation({
    mutationFn: () => cardApi.fund(cardId!, { amount, walletId: wallet! }),
    onSuccess: () => {
      void refreshCards();
      void navigate(paths.cards.root.href());
    },
  });
  return (
    <Stack gap="lg" maw={520}>
      <PageHeader
        mb={0}
        above={
          <Button variant="subtle" px={0} onClick={() => navigate(paths.cards.root.href())}>
            {t('fundCardScreen.cards')}
          </Button>
        }
        title={t('fundCardScreen.fundCard')}
      />
      <MCard>
        <Stack>
          <Select
            label={t('fundCardScreen.card')}
            data={(cards.data?.items ?? []).map((c) => ({
              value: c.id,
              label: `${c.brand} •••• ${c.last4} · ${c.holder.name}`,
            }))}
            value={cardId}
            onChange={setCardId}
          />
          <Select
            label={t('fundCardScreen.fromWallet')}
            data={options.map((w) => ({
              value: w.id,
              label: t('fundCardScreen.walletOption', {
                currency: w.currency,
                balance: formatMoney(w.balanceMinor, w.currency),
              }),
            }))}
            value={wallet}
            onChange={setWalletId}
          />
          <TextInput
            label={t('fundCardScreen.amount')}
            value={amount}
            onChange={(e) => setAmount(e.currentTarget.value)}
            inputMode="decimal"
          />
          <Group justify="flex-end">
            <Button
              disabled={!cardId || !wallet || !amount}
              loading={fund.isPending}
              onClick={() => fund.mutate()}
            >
              {t('fundCardScreen.fundCard')}
            </Button>
          </Group>
        </Stack>
      </MCard>
    </Stack>
  );
}
