// /dashboard (issue 37 "Look and feel"): the first-run checklist ticked from the account's data, and
// the working company's KPI row (cash on hand, money in and out against the previous period, what
// awaits approval).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { WalletDto } from '@owo/contract';
import type { Dashboard } from '@owo/contract/insights';
import { ok, renderApp, type Reply } from '../../app/test-utils';
import { periodKeys } from '../insights/periods';
import { checklistSteps } from './checklist';

afterEach(() => localStorage.clear());

const wallet = (over: Partial<WalletDto> = {}): WalletDto => ({
  id: '11111111-1111-4111-8111-111111111111',
  currency: 'NGN',
  name: 'NGN Wallet',
  balance: '0.00',
  balanceMinor: 0,
  pendingBalance: '0.00',
  pendingBalanceMinor: 0,
  virtualAccount: null,
  createdAt: '2026-01-01T00:00:00Z',
  ...over,
});

/** A paged list answer with `total` items (the rows themselves do not matter here). */
const page = (total: number, items: unknown[] = []): Reply => ({
  body: {
    status: 'success',
    message: 'OK',
    data: items,
    metadata: { pagination: { page: 1, limit: 5, totalItems: total, totalPages: 1 } },
  },
});
const kyb = (isComplete: boolean) => ok({ progress: { maxStep: 5, isComplete, fillPercentage: 100 } });

/** The transactions list: `all` for the dashboard's list, `deposits` for the funds step's query. */
const transactions =
  (all: number, deposits: number) =>
  (url: URL): Reply => {
    const where = url.searchParams.get('where');
    return where?.includes('deposit') ? page(deposits) : page(all);
  };

const money = (minor: number) => ({ amount: (minor / 100).toFixed(2), amountMinor: minor });
const bucket = (key: string, inMinor: number, outMinor: number) => ({
  bucket: key,
  moneyIn: (inMinor / 100).toFixed(2),
  moneyInMinor: inMinor,
  moneyOut: (outMinor / 100).toFixed(2),
  moneyOutMinor: outMinor,
  count: 1,
});
function dashboard(): Dashboard {
  const { current, previous } = periodKeys('month');
  return {
    paymentOverview: {
      period: 'month',
      currency: 'NGN',
      from: '2025-11-25T00:00:00.000Z',
      to: '2026-11-25T00:00:00.000Z',
      totalIn: '0.00',
      totalInMinor: 0,
      totalOut: '0.00',
      totalOutMinor: 0,
      buckets: [bucket(previous, 2_000_000, 1_000_000), bucket(current, 3_000_000, 500_000)],
    },
    vendorPayments: [{ payee: 'ADAEZE OKONKWO ENTERPRISES', count: 2, ...money(400_000) }],
    approvalsPending: [
      { type: 'expense', count: 1, ...money(25_000) },
      { type: 'payout', count: 2, ...money(150_000) },
    ],
    expensesByStatus: [
      { status: 'completed', count: 3, ...money(300_000) },
      { status: 'pending', count: 1, ...money(100_000) },
    ],
    budgetUse: [],
    billsOverview: [],
    billsAwaitingApproval: { count: 0, total: '0.00', totalMinor: 0, oldest: [] },
    assetsOverview: {
      count: 0,
      activeCount: 0,
      addedInPeriod: 0,
      valueCurrency: 'NGN',
      value: '0.00',
      valueMinor: 0,
      byType: [],
    },
    assetPayouts: { count: 0, amount: '0.00', amountMinor: 0, buckets: [], topAssets: [] },
  };
}

describe('the first-run steps', () => {
  it('ticks each step from its data and leaves out what is not known', () => {
    expect(
      checklistSteps({
        kybComplete: true,
        wallets: [wallet()],
        credits: 0,
        members: 1,
        invitations: 1,
        payouts: 0,
      }),
    ).toEqual([
      { key: 'kyb', done: true },
      { key: 'funds', done: false },
      { key: 'teammate', done: true },
      { key: 'pay', done: false },
    ]);
    expect(checklistSteps({ wallets: [wallet({ pendingBalanceMinor: 1 })], members: 2 })).toEqual([
      { key: 'funds', done: true },
      { key: 'teammate', done: true },
    ]);
    expect(checklistSteps({ wallets: [wallet()], credits: 1, payouts: 3 })).toEqual([
      { key: 'funds', done: true },
      { key: 'pay', done: true },
    ]);
  });
});

describe('/dashboard', () => {
  const firstRunRoutes = {
    'GET /api/wallet': ok([wallet()]),
    'GET /api/transactions': transactions(0, 0),
    'GET /api/parameter/account': kyb(false),
    'GET /api/account_access': page(2),
    'GET /api/invitations': page(0),
    'GET /api/payouts': page(0),
  };

  it('gives a new company its balance and the steps to take, each linking to its screen', async () => {
    renderApp('/dashboard', { session: {}, routes: firstRunRoutes });
    const list = await screen.findByTestId('setup-checklist');
    expect(screen.getByRole('heading', { name: 'Welcome, Ada' })).toBeInTheDocument();
    expect(screen.getByTestId('dashboard-first-run')).toBeInTheDocument();
    expect(within(list).getByTestId('checklist-progress')).toHaveTextContent('1 of 4 done');
    const step = (key: string) => list.querySelector(`[data-step="${key}"]`) as HTMLElement;
    expect(step('kyb')).toHaveAttribute('data-done', 'false');
    expect(within(step('kyb')).getByRole('link', { name: 'Complete KYB' })).toHaveAttribute(
      'href',
      '/account/setup',
    );
    expect(within(step('funds')).getByRole('link', { name: 'Add funds' })).toHaveAttribute(
      'href',
      '/wallet/add-funds',
    );
    expect(step('teammate')).toHaveAttribute('data-done', 'true');
    expect(within(step('teammate')).queryByRole('link')).toBeNull();
    expect(within(step('pay')).getByRole('link', { name: 'Pay someone' })).toHaveAttribute(
      'href',
      '/pay-someone',
    );
    // the balance, and no empty charts
    expect(screen.getByTestId('wallet-NGN')).toHaveTextContent('₦0.00');
    expect(screen.queryByTestId('panel-payment-overview')).toBeNull();
  });

  it('hides the checklist for this user when asked, and keeps it hidden', async () => {
    const first = renderApp('/dashboard', { session: {}, routes: firstRunRoutes });
    const list = await screen.findByTestId('setup-checklist');
    fireEvent.click(within(list).getByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(screen.queryByTestId('setup-checklist')).toBeNull());
    first.unmount();
    renderApp('/dashboard', { session: {}, routes: firstRunRoutes });
    await screen.findByTestId('wallet-NGN');
    expect(screen.queryByTestId('setup-checklist')).toBeNull();
  });

  it('shows "all set" with Dismiss once every step is done', async () => {
    renderApp('/dashboard', {
      session: {},
      routes: {
        ...firstRunRoutes,
        'GET /api/wallet': ok([wallet({ balanceMinor: 500_000, balance: '5000.00' })]),
        'GET /api/parameter/account': kyb(true),
        'GET /api/payouts': page(1),
      },
    });
    const list = await screen.findByTestId('setup-checklist');
    expect(within(list).getByText('You are all set')).toBeInTheDocument();
    expect(within(list).getByTestId('checklist-progress')).toHaveTextContent('4 of 4 done');
    expect(within(list).getByRole('button', { name: 'Dismiss' })).toBeInTheDocument();
  });

  it('reads a working company in one glance: cash, money in and out against last month, approvals', async () => {
    renderApp('/dashboard', {
      session: {},
      routes: {
        ...firstRunRoutes,
        'GET /api/wallet': ok([
          wallet({ balanceMinor: 123_456_750, balance: '1234567.50', pendingBalanceMinor: 10_000 }),
          wallet({ id: '2', currency: 'USD', name: 'USD Wallet', balanceMinor: 5_000, balance: '50.00' }),
        ]),
        'GET /api/transactions': transactions(12, 3),
        'GET /api/parameter/account': kyb(true),
        'GET /api/payouts': page(4),
        'GET /api/insights/dashboard': ok(dashboard()),
      },
    });
    const cash = await screen.findByTestId('kpi-cash');
    expect(screen.getByRole('heading', { name: 'Welcome back, Ada' })).toBeInTheDocument();
    expect(within(cash).getByTestId('wallet-balance')).toHaveTextContent('₦1,234,567.50');
    expect(cash).toHaveTextContent('₦100.00 pending');
    expect(cash).toHaveTextContent('$50.00');

    const moneyIn = await screen.findByTestId('kpi-money-in');
    expect(moneyIn).toHaveTextContent('Money in this month');
    expect(moneyIn).toHaveTextContent('₦30,000.00');
    expect(moneyIn).toHaveTextContent('↑ 50% vs last month');
    const moneyOut = screen.getByTestId('kpi-money-out');
    expect(moneyOut).toHaveTextContent('₦5,000.00');
    expect(moneyOut).toHaveTextContent('↓ 50% vs last month');

    const waiting = screen.getByTestId('kpi-awaiting-approval');
    expect(waiting).toHaveTextContent('₦1,750.00');
    expect(waiting).toHaveTextContent('3 items · 1 Expense, 2 Payout');
    expect(within(waiting).getByRole('link', { name: 'Review' })).toHaveAttribute(
      'href',
      '/payouts/pending-approval',
    );

    // every step done: no checklist; the charts follow, names in title case and amounts in full
    expect(screen.queryByTestId('setup-checklist')).toBeNull();
    const vendors = screen.getByTestId('panel-vendor-payments');
    expect(within(vendors).getByTitle('Adaeze Okonkwo Enterprises')).toBeInTheDocument();
    expect(within(vendors).getByText('₦4,000')).toBeInTheDocument();
    const expenses = screen.getByTestId('panel-expenses');
    expect(
      within(expenses).getByRole('img', { name: 'Completed (3): ₦3,000 (75%), Pending (1): ₦1,000 (25%)' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('recent-transactions')).toBeInTheDocument();
  });

  it('says "nothing last month" and no change when the previous period had no payments', async () => {
    const d = dashboard();
    d.paymentOverview.buckets = d.paymentOverview.buckets.slice(1);
    renderApp('/dashboard', {
      session: {},
      routes: {
        ...firstRunRoutes,
        'GET /api/transactions': transactions(2, 1),
        'GET /api/insights/dashboard': ok(d),
      },
    });
    const moneyIn = await screen.findByTestId('kpi-money-in');
    expect(moneyIn).toHaveTextContent('Nothing last month');
    expect(screen.getByTestId('kpi-awaiting-approval')).toBeInTheDocument();
    // steps left: the checklist stays under the KPI row
    expect(await screen.findByTestId('setup-checklist')).toBeInTheDocument();
  });

  it('draws the working page once, when its figures are in: a skeleton holds the place, nothing below it (layout shift)', async () => {
    let answer!: (r: Reply) => void;
    const insights = new Promise<Reply>((r) => (answer = r));
    renderApp('/dashboard', {
      session: {},
      routes: {
        ...firstRunRoutes,
        'GET /api/transactions': transactions(2, 1),
        'GET /api/insights/dashboard': () => insights,
      },
    });
    expect(await screen.findByTestId('dashboard-loading')).toBeInTheDocument();
    // the other queries answer; the KPI figures do not yet
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Welcome back, Ada' })).toBeInTheDocument(),
    );
    expect(screen.queryByTestId('kpi-cash')).toBeNull();
    expect(screen.queryByTestId('setup-checklist')).toBeNull();
    expect(screen.queryByTestId('recent-transactions')).toBeNull();
    answer(ok(dashboard()));
    // then the KPI row, the steps left and the latest transactions arrive together
    await screen.findByTestId('kpi-money-in');
    expect(screen.getByTestId('kpi-cash')).toBeInTheDocument();
    expect(screen.getByTestId('setup-checklist')).toBeInTheDocument();
    expect(screen.getByTestId('recent-transactions')).toBeInTheDocument();
    expect(screen.queryByTestId('dashboard-loading')).toBeNull();
  });
});
