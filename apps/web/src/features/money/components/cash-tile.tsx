import { Group, Stack, Text } from '@mantine/core';
import { CURRENCIES, type WalletDto } from '@owo/contract';
import { useTranslation } from 'react-i18next';
import { KpiTile } from '../../../components/kpi-tile';
import { formatMoney } from '../../../lib/format';

/** Each currency's balance over its wallets (the available balance, and what is pending). */
export function cashByCurrency(wallets: WalletDto[]) {
  return CURRENCIES.map((currency) => {
    const of = wallets.filter((w) => w.currency === currency);
    return {
      currency,
      count: of.length,
      balanceMinor: of.reduce((s, w) => s + w.balanceMinor, 0),
      pendingMinor: of.reduce((s, w) => s + w.pendingBalanceMinor, 0),
    };
  }).filter((c) => c.count > 0);
}

/** Cash on hand: the naira total first and large, the other currencies under it. */
export function CashTile({ wallets }: { wallets: WalletDto[] }) {
  const { t } = useTranslation('dashboard');
  const [main, ...others] = cashByCurrency(wallets);
  if (!main) return null;
  return (
    <KpiTile
      testId="kpi-cash"
      label={t('kpi.cash')}
      value={<span data-testid="wallet-balance">{formatMoney(main.balanceMinor, main.currency)}</span>}
      hint={
        main.pendingMinor > 0
          ? t('kpi.cashPending', { amount: formatMoney(main.pendingMinor, main.currency) })
          : undefined
      }
    >
      {others.length > 0 && (
        <Stack gap={2}>
          {others.map((c) => (
            <Group key={c.currency} justify="space-between" gap="xs">
              <Text size="sm" c="dimmed">
                {c.currency}
              </Text>
              <Text size="sm" fw={600}>
                {formatMoney(c.balanceMinor, c.currency)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </KpiTile>
  );
}
