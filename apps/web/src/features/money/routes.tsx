// Money screens (000 §2.3, 001 §2 "Cards, wallets and add funds", 002 §4): the dashboard's wallet
// overview, add funds, transactions and a transaction's detail. Screens load lazily.
import type { ComponentType } from 'react';
import { Navigate, useParams, useSearchParams, type RouteObject } from 'react-router-dom';
import { AreaGuard, DashboardGate, RequirePermission } from '../../app/guards/guards';
import { paths } from '../../lib/paths';

type Guard = (props: { children: React.ReactNode }) => React.ReactNode;
const guarded = (guard: Guard, load: () => Promise<ComponentType>) => async () => {
  const Screen = await load();
  const G = guard;
  return {
    Component: () => (
      <G>
        <Screen />
      </G>
    ),
  };
};
const transactionsArea: Guard = ({ children }) => <AreaGuard area="transactions">{children}</AreaGuard>;
const addFunds: Guard = ({ children }) => (
  <RequirePermission resource="payments" action="post">
    {children}
  </RequirePermission>
);
const dashboard: Guard = ({ children }) => <DashboardGate>{children}</DashboardGate>;

/** Older add-funds success paths carried the id and amount in the path (000 §2.3 second table). */
function LegacySuccess() {
  const params = useParams();
  const [search] = useSearchParams();
  const transactionId = params.transactionId ?? search.get('transactionId');
  const amount = params.amount ?? search.get('amount');
  return <Navigate to={paths.wallet.addFundsSuccess.href({ transactionId, amount })} replace />;
}

export const dashboardRoutes: RouteObject[] = [
  {
    path: paths.dashboard.path,
    lazy: guarded(dashboard, async () => (await import('./screens/dashboard-screen')).DashboardScreen),
  },
  {
    path: paths.transactions.path,
    lazy: guarded(
      transactionsArea,
      async () => (await import('./screens/transactions-screen')).TransactionsScreen,
    ),
  },
  {
    path: paths.transaction.path,
    lazy: guarded(
      transactionsArea,
      async () => (await import('./screens/transaction-screen')).TransactionScreen,
    ),
  },
  {
    path: paths.wallet.addFunds.path,
    lazy: guarded(addFunds, async () => (await import('./screens/add-funds-screen')).AddFundsScreen),
  },
  {
    path: paths.wallet.addFundsSuccess.path,
    lazy: guarded(
      addFunds,
      async () => (await import('./screens/add-funds-success-screen')).AddFundsSuccessScreen,
    ),
  },
  { path: '/wallet/add-funds/success/:transactionId/:amount', element: <LegacySuccess /> },
  { path: '/fund-wallet/success/:transactionId/:amount', element: <LegacySuccess /> },
  { path: '/add-funds/success/:transactionId/:amount', element: <LegacySuccess /> },
  { path: '/fund-wallet/success', element: <LegacySuccess /> },
  { path: '/add-funds/success', element: <LegacySuccess /> },
];
