import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { CURRENCY_INFO, type WalletDto } from '@owo/contract';
import { formatMoney, formatMoneyShort } from '../../../lib/format';
import { Trans, useTranslation } from 'react-i18next';

/** One wallet: available balance (full on wide screens, compact on phones), pending balance. */
export function WalletCard(props: { wallet: WalletDto; canAddFunds: boolean; onAddFunds: () => void }) {
  const { t } = useTranslation('money');
  const w = props.wallet;
  return (
    <Card data-testid={`wallet-${w.currency}`}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600}>{w.name}</Text>
          <Badge variant="light" radius="sm">
            {CURRENCY_INFO[w.currency]?.name ?? w.currency}
          </Badge>
        </Group>
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {t('walletCard.availableBalance')}
          </Text>
          <Text fz={28} fw={750} lh={1.2} visibleFrom="sm" data-testid="wallet-balance">
            {formatMoney(w.balanceMinor, w.currency)}
          </Text>
          <Text fz={28} fw={750} lh={1.2} hiddenFrom="sm" title={formatMoney(w.balanceMinor, w.currency)}>
            {formatMoneyShort(w.balanceMinor, w.currency)}
          </Text>
        </div>
        <Group justify="space-between" align="flex-end">
          <Text size="sm" c="dimmed">
            <Trans
              t={t}
              i18nKey="walletCard.pending"
              values={{ amount: formatMoney(w.pendingBalanceMinor, w.currency) }}
              components={{ b: <Text span fw={600} c="dark" /> }}
            />
          </Text>
          {props.canAddFunds && (
            <Button size="xs" onClick={props.onAddFunds}>
              {t('walletCard.addFunds')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
