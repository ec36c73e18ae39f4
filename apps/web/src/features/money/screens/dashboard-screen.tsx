import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Menu,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { CURRENCIES, type WalletDto } from '@owo/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { api } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { useApiMutation } from '../../../lib/query';
import { useCan, useProfile } from '../../../lib/session';
import { AddFundsButton, useCanAddFunds } from '../../../components/list';
import { useInvalidateMoney, useTransactions, useWallets } from '../api';
import { TransactionsTable } from '../components/transactions-table';
import { WalletCard } from '../components/wallet-card';
import { CashTile } from '../components/cash-tile';
import { SetupChecklist, useChecklist } from '../components/setup-checklist';
import { InsightFilters, InsightKpis, InsightPanels, useDashboard, type InsightFilter } from '../../insights';
import { PageHeader } from '../../../components/page-header';
import { messageText } from '../../../lib/messages';

/**
 * /dashboard (issue 37 "Look and feel"). A company with no transaction yet gets the first-run page:
 * its wallets and the "what to do next" steps. A working company reads the KPI row first (cash on
 * hand, money in and out of the period beside the previous one, what awaits approval), then the
 * charts and the latest transactions.
 */
export function DashboardScreen() {
  const { t } = useTranslation('dashboard');
  const profile = useProfile();
  const wallets = useWallets();
  const canSeeTransactions = useCan('transactions', 'get');
  const canSetUp = useCan('parameters', 'post');
  const canSeeInsights = useCan('insights', 'get');
  const [filter, setFilter] = useState<InsightFilter>({ period: 'month', currency: 'NGN' });
  const recent = useTransactions({}, 1, 5, canSeeTransactions);
  const checklist = useChecklist(wallets.data, canSetUp);
  const insights = useDashboard(filter, canSeeInsights);
  const firstRun = canSeeTransactions && recent.data?.pagination.totalItems === 0;
  // Layout shift (issue 38 §3): the page below the header is drawn once, when every query that
  // sizes it has answered (transactions, wallets, the steps left, the KPI figures); until then a
  // skeleton of the working page holds the place, and nothing is drawn below it.
  const deciding =
    (canSeeTransactions && recent.isLoading) ||
    wallets.isLoading ||
    (canSetUp && !checklist.ready) ||
    (canSeeInsights && insights.isLoading);
  const name = profile.data?.firstName;
  const title = firstRun
    ? name
      ? t('welcome', { name })
      : t('welcomeAnonymous')
    : name
      ? t('welcomeBack', { name })
      : t('welcomeBackAnonymous');

  return (
    <Stack gap="xl">
      <PageHeader
        mb={0}
        title={title}
        description={firstRun ? t('firstRunDescription') : t('description')}
        actions={
          <>
            <AddWalletMenu wallets={wallets.data} />
            <AddFundsButton />
          </>
        }
      />
      {wallets.error && <Alert color="red">{messageText(wallets.error.message)}</Alert>}
      {deciding ? (
        <DashboardSkeleton />
      ) : firstRun ? (
        <FirstRun wallets={wallets.data} canSetUp={canSetUp} />
      ) : (
        <Working
          wallets={wallets.data}
          canSetUp={canSetUp}
          canSeeInsights={canSeeInsights}
          filter={filter}
          onFilter={setFilter}
        />
      )}
      {canSeeTransactions && !firstRun && !deciding && <RecentTransactions />}
    </Stack>
  );
}

/** A new company: its balances and the steps to a first payment. */
function FirstRun(props: { wallets: WalletDto[] | undefined; canSetUp: boolean }) {
  const navigate = useNavigate();
  const canAddFunds = useCanAddFunds();
  return (
    <Stack gap="lg" data-testid="dashboard-first-run">
      {props.canSetUp && <SetupChecklist wallets={props.wallets} prominent />}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        {props.wallets?.map((w) => (
          <WalletCard
            key={w.id}
            wallet={w}
            canAddFunds={canAddFunds}
            onAddFunds={() => navigate(paths.wallet.addFunds.href({ wallet: w.id }))}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** The place of the working page while its figures load: the KPI row and the first chart. */
function DashboardSkeleton() {
  return (
    <Stack gap="lg" mih="100vh" data-testid="dashboard-loading" aria-busy>
      <Skeleton h={28} w={160} radius="md" />
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="lg">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h={130} radius="md" />
        ))}
      </SimpleGrid>
      <Skeleton h={320} radius="md" />
    </Stack>
  );
}

/** A working company: the KPI row, the steps left (if any), then the charts. */
function Working(props: {
  wallets: WalletDto[] | undefined;
  canSetUp: boolean;
  canSeeInsights: boolean;
  filter: InsightFilter;
  onFilter: (f: InsightFilter) => void;
}) {
  const { t } = useTranslation('dashboard');
  const { canSeeInsights, filter } = props;
  return (
    <Stack gap="lg" data-testid="dashboard-working">
      <Group justify="space-between" gap="sm">
        <Title order={3} size="h4">
          {t('overview')}
        </Title>
        {canSeeInsights && <InsightFilters value={filter} onChange={props.onFilter} />}
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: canSeeInsights ? 4 : 3 }} spacing="lg" data-testid="kpi-row">
        {props.wallets && <CashTile wallets={props.wallets} />}
        {canSeeInsights && <InsightKpis filter={filter} />}
      </SimpleGrid>
      {props.canSetUp && <SetupChecklist wallets={props.wallets} />}
      {canSeeInsights && <InsightPanels filter={filter} />}
    </Stack>
  );
}

function AddWalletMenu({ wallets }: { wallets: WalletDto[] | undefined }) {
  const { t } = useTranslation('dashboard');
  const canAddWallet = useCan('wallets', 'post');
  const invalidate = useInvalidateMoney();
  const addWallet = useApiMutation({
    mutationFn: (currency: string) => api.post<WalletDto>('/wallet', { currency }),
    onSuccess: () => void invalidate(),
  });
  const missing = CURRENCIES.filter((c) => c !== 'NGN' && !wallets?.some((w) => w.currency === c));
  if (!canAddWallet || !wallets || missing.length === 0) return null;
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button variant="secondary" loading={addWallet.isPending}>
          {t('addWallet')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {missing.map((c) => (
          <Menu.Item key={c} onClick={() => addWallet.mutate(c)}>
            {t('walletOf', { currency: c })}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

function RecentTransactions() {
  const { t } = useTranslation('dashboard');
  const navigate = useNavigate();
  const recent = useTransactions({}, 1, 5);
  return (
    <Card padding={0} data-testid="recent-transactions">
      <Group justify="space-between" p="md" pb="xs">
        <Text fw={700}>{t('recent.title')}</Text>
        <Anchor component={Link} to={paths.transactions.path} size="sm">
          {t('recent.viewAll')}
        </Anchor>
      </Group>
      {recent.error ? (
        <Alert color="red" m="md">
          {messageText(recent.error.message)}
        </Alert>
      ) : (
        <TransactionsTable
          compact
          items={recent.data?.items}
          isLoading={recent.isLoading}
          onOpen={(tx) => navigate(paths.transaction.href({ transactionId: tx.id }))}
        />
      )}
    </Card>
  );
}
