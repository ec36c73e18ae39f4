import { Button, Card as MCard, Group, Menu, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { StatusBadge } from '../../../components/status-badge';
import { ListBody, ListPagination } from '../../../components/list';
import { formatMoney } from '../../../lib/format';
import { useApiMutation } from '../../../lib/query';
import { useCan } from '../../../lib/session';
import { toastError, toastSuccess } from '../../../lib/toast';
import { cardApi, refreshCards, useCard, useCards } from '../api';
import { CardSpends } from '../components/card-spends';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';
import type { Card } from '@owo/contract/cards';
import { useTranslation } from 'react-i18next';

/** Freeze or unfreeze, a sandbox purchase, terminate. */
function CardActionsMenu({ c }: { c: Card }) {
  const { t } = useTranslation('cards');
  const act = useApiMutation({
    mutationFn: (v: { id: string; a: 'freeze' | 'unfreeze' | 'terminate' }) => cardApi.action(v.id, v.a),
    onSuccess: () => void refreshCards(),
  });
  const simulate = useApiMutation({
    mutationFn: (id: string) =>
      cardApi.simulate(id, { amount: '5000', merchant: 'Sandbox Fuel Station', category: 'fuel' }),
    silentSuccess: true,
    onSuccess: (res) => {
      if (res.data.approved) toastSuccess(res.message);
      else toastError(res.message);
      void refreshCards();
    },
  });
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button size="xs" variant="secondary">
          {t('cardsScreen.actions')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {c.status === 'active' && (
          <Menu.Item onClick={() => act.mutate({ id: c.id, a: 'freeze' })}>
            {t('cardsScreen.freeze')}
          </Menu.Item>
        )}
        {c.status === 'frozen' && (
          <Menu.Item onClick={() => act.mutate({ id: c.id, a: 'unfreeze' })}>
            {t('cardsScreen.unfreeze')}
          </Menu.Item>
        )}
        <Menu.Item onClick={() => simulate.mutate(c.id)}>
          {t('cardsScreen.sandbox5000FuelPurchase')}
        </Menu.Item>
        <Menu.Item color="red" onClick={() => act.mutate({ id: c.id, a: 'terminate' })}>
          {t('cardsScreen.terminate')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** One card: number and expiry, holder, balance, limits, state, Transactions and the actions. */
function CardRow(props: { c: Card; opened: boolean; onToggle: () => void; canPut: boolean }) {
  const { t } = useTranslation('cards');
  const { c, opened, onToggle, canPut } = props;
  return (
    <Table.Tr data-testid={`card-${c.last4}`}>
      <Table.Td>
        <Text size="sm" fw={600}>
          {c.brand} •••• {c.last4}
        </Text>
        <Text size="xs" c="dimmed">
          {c.label ?? ''} {String(c.expiryMonth).padStart(2, '0')}/{String(c.expiryYear).slice(-2)}
          {c.singleUse ? ` · ${t('cardsScreen.singleUse')}` : ''}
        </Text>
      </Table.Td>
      <Table.Td>{c.holder.name}</Table.Td>
      <Table.Td>{formatMoney(c.balanceMinor, c.currency)}</Table.Td>
      <Table.Td>{formatMoney(c.perTransactionLimitMinor, c.currency)}</Table.Td>
      <Table.Td>
        {formatMoney(c.monthlyLimitMinor, c.currency)}
        <Text size="xs" c="dimmed">
          {t('cardsScreen.spent', { amount: formatMoney(c.spentThisMonthMinor, c.currency) })}
        </Text>
      </Table.Td>
      <Table.Td miw={110}>
        <StatusBadge status={c.status} />
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap" justify="flex-end">
          <Button
            size="xs"
            variant={opened ? 'secondary' : 'subtle'}
            aria-label={t('cardsScreen.transactionsOfCard', { last4: c.last4 })}
            onClick={onToggle}
          >
            {t('cardsScreen.transactions')}
          </Button>
          {canPut && c.status !== 'terminated' && <CardActionsMenu c={c} />}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** /cards: the company's virtual cards with their balance, limits and state. */
export function CardsScreen() {
  const { t } = useTranslation('cards');
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const list = useCards(page);
  const canPost = useCan('wallets', 'post');
  const canPut = useCan('wallets', 'put');
  // `?spends=<card id>` (the "Card Receipt Needed" notification) opens that card's Transactions.
  const [params, setParams] = useSearchParams();
  const [openId, setOpenIdState] = useState<string | null>(params.get('spends'));
  const setOpenId = (id: string | null) => {
    setOpenIdState(id);
    if (!id && params.has('spends')) setParams({}, { replace: true });
  };
  const onPage = list.data?.items.find((c) => c.id === openId);
  const one = useCard(openId, !!list.data && !onPage);
  const open = onPage ?? one.data ?? null;
  return (
    <Stack gap="lg">
      <PageHeader
        mb={0}
        title={t('cardsScreen.cards')}
        description={t('cardsScreen.virtualCardsForYourTeam')}
        actions={
          canPost && (
            <Group gap="sm">
              <Button variant="secondary" onClick={() => navigate(paths.cards.fund.href())}>
                {t('cardsScreen.fundCard')}
              </Button>
              <Button onClick={() => navigate(paths.cards.create.href())}>
                {t('cardsScreen.createCard')}
              </Button>
            </Group>
          )
        }
      />
      <MCard padding={0}>
        <ListBody query={list} isEmpty={!list.data?.items.length}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('cardsScreen.card')}</Table.Th>
                <Table.Th>{t('cardsScreen.holder')}</Table.Th>
                <Table.Th>{t('cardsScreen.balance')}</Table.Th>
                <Table.Th>{t('cardsScreen.perTransaction')}</Table.Th>
                <Table.Th>{t('cardsScreen.monthlySpent')}</Table.Th>
                <Table.Th>{t('cardsScreen.status')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(list.data?.items ?? []).map((c) => (
                <CardRow
                  key={c.id}
                  c={c}
                  opened={openId === c.id}
                  onToggle={() => setOpenId(openId === c.id ? null : c.id)}
                  canPut={canPut}
                />
              ))}
            </Table.Tbody>
          </Table>
        </ListBody>
        <ListPagination pagination={list.data?.pagination} page={page} onChange={setPage} />
      </MCard>
      {open && <CardSpends key={open.id} card={open} onClose={() => setOpenId(null)} />}
    </Stack>
  );
}
