import { Alert, Anchor, Button, Card, Group, Menu, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { CURRENCIES, type WalletDto } from '@owo/contract';
import { Link, useNavigate } from 'react-router-dom';
import { api } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { useApiMutation } from '../../../lib/query';
import { useCan, useProfile } from '../../../lib/session';
import { AddFundsButton, useCanAddFunds } from '../../../components/list';
import { useInvalidateMoney, useTransactions, useWallets } from '../api';
import { TransactionsTable } from '../components/transactions-table';
import { WalletCard } from '../components/wallet-card';
import { InsightPanels } from '../../insights';
import { PageHeader } from '../../../components/page-header';

/** /dashboard: wallet overview and the five latest transactions. */
export function DashboardScreen() {
  const navigate = useNavigate();
  const profile = useProfile();
  const wallets = useWallets();
  const canAddFunds = useCanAddFunds();
  const canSeeInsights = useCan('insights', 'get');
  const canAddWallet = useCan('wallets', 'post');
  const canSeeTransactions = useCan('transactions', 'get');
  const invalidate = useInvalidateMoney();
  const addWallet = useApiMutation({
    mutationFn: (currency: string) => api.post<WalletDto>('/wallet', { currency }),
    onSuccess: () => void invalidate(),
  });
  const missing = CURRENCIES.filter((c) => c !== 'NGN' && !wallets.data?.some((w) => w.currency === c));
  const firstName = profile.data?.firstName;

  return (
    <Stack gap="xl">
      <PageHeader
        mb={0}
        title={firstName ? `Welcome back, ${firstName}` : 'Welcome back'}
        description="Your wallets at a glance"
        actions={
          <>
            {canAddWallet && missing.length > 0 && (
              <Menu position="bottom-end">
                <Menu.Target>
                  <Button variant="secondary" loading={addWallet.isPending}>
                    Add wallet
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  {missing.map((c) => (
                    <Menu.Item key={c} onClick={() => addWallet.mutate(c)}>
                      {c} wallet
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
            )}
            <AddFundsButton />
          </>
        }
      />

      {wallets.error && <Alert color="red">{wallets.error.message}</Alert>}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        {wallets.isLoading && [0, 1].map((i) => <Skeleton key={i} h={150} radius="md" />)}
        {wallets.data?.map((w) => (
          <WalletCard
            key={w.id}
            wallet={w}
            canAddFunds={canAddFunds}
            onAddFunds={() => navigate(paths.wallet.addFunds.href({ wallet: w.id }))}
          />
        ))}
      </SimpleGrid>

      {canSeeInsights && <InsightPanels />}

      {canSeeTransactions && <RecentTransactions />}
    </Stack>
  );
}

function RecentTransactions() {
  const navigate = useNavigate();
  const recent = useTransactions({}, 1, 5);
  return (
    <Card padding={0}>
      <Group justify="space-between" p="md" pb="xs">
        <Text fw={700}>Recent transactions</Text>
        <Anchor component={Link} to={paths.transactions.path} size="sm">
          View all
        </Anchor>
      </Group>
      {recent.error ? (
        <Alert color="red" m="md">
          {recent.error.message}
        </Alert>
      ) : (
        <TransactionsTable
          compact
          items={recent.data?.items}
          isLoading={recent.isLoading}
          onOpen={(t) => navigate(paths.transaction.href({ transactionId: t.id }))}
        />
      )}
    </Card>
  );
}
