import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Dashboard } from '@owo/contract/insights';
import { forecastWeeks, type Forecast } from '@owo/contract/insights-forecast';
import { ok, renderApp } from '../../app/test-utils';

const money = (minor: number) => ({ amount: (minor / 100).toFixed(2), amountMinor: minor });
const dashboard = (over: Partial<Dashboard> = {}): Dashboard => ({
  paymentOverview: {
    period: 'month',
    currency: 'NGN',
    from: '2025-11-25T00:00:00.000Z',
    to: '2026-11-25T00:00:00.000Z',
    totalIn: '0.00',
    totalInMinor: 0,
    totalOut: '0.00',
    totalOutMinor: 0,
    buckets: [],
  },
  vendorPayments: [],
  approvalsPending: [],
  expensesByStatus: [],
  budgetUse: [],
  billsOverview: [
    { status: 'requested', count: 1, ...money(0) },
    { status: 'received', count: 2, ...money(15_000) },
    { status: 'awaitingApproval', count: 2, ...money(50_000) },
    { status: 'processing', count: 0, ...money(0) },
    { status: 'scheduled', count: 1, ...money(40_000) },
    { status: 'paid', count: 3, ...money(150_000) },
    { status: 'overdue', count: 1, ...money(60_000) },
  ],
  billsAwaitingApproval: {
    count: 2,
    total: '500.00',
    totalMinor: 50_000,
    oldest: [
      {
        reference: 'ab12cd34ab12cd34ab12cd34ab12cd34',
        vendor: 'Acme Ltd',
        invoiceNumber: 'INV-7',
        dueDate: '2026-12-01',
        waitingSince: '2026-11-20T10:00:00.000Z',
        ...money(20_000),
      },
      {
        reference: 'ff00ff00ff00ff00ff00ff00ff00ff00',
        vendor: null,
        invoiceNumber: 'INV-9',
        dueDate: null,
        waitingSince: '2026-11-23T10:00:00.000Z',
        ...money(30_000),
      },
    ],
  },
  assetsOverview: {
    count: 3,
    activeCount: 2,
    addedInPeriod: 2,
    valueCurrency: 'NGN',
    value: '7530.00',
    valueMinor: 753_000,
    byType: [
      { type: 'Generator', status: 'active', count: 1, value: '5030.00', valueMinor: 503_000 },
      { type: 'Generator', status: 'inactive', count: 1, value: '0.00', valueMinor: 0 },
      { type: 'Vehicle', status: 'active', count: 1, value: '2500.00', valueMinor: 250_000 },
    ],
  },
  assetPayouts: {
    count: 2,
    amount: '1400.00',
    amountMinor: 140_000,
    buckets: [{ bucket: '2026-11-01', count: 2, amount: '1400.00', amountMinor: 140_000 }],
    topAssets: [
      {
        assetId: '22222222-2222-4222-8222-222222222222',
        type: 'Generator',
        brand: 'Mikano',
        modelNo: 'MK-20',
        serialNo: 'SN-1',
        count: 2,
        amount: '1400.00',
        amountMinor: 140_000,
      },
    ],
  },
  ...over,
});

const session = { resources: { insights: ['get' as const] } };

describe('dashboard: bills and assets panels', () => {
  it('draws the bills overview, the oldest bills awaiting approval linking to /bills/:ref, the assets and asset payouts', async () => {
    const { router } = renderApp('/dashboard', {
      session,
      routes: { 'GET /api/insights/dashboard': ok(dashboard()) },
    });
    const bills = await screen.findByTestId('panel-bills-overview');
    expect(within(bills).getByText('10 bills in this period')).toBeInTheDocument();

    const waiting = screen.getByTestId('panel-bills-awaiting-approval');
    expect(within(waiting).getByText(/2 bills · ₦500\.00/)).toBeInTheDocument();
    const links = within(waiting).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Acme Ltd', 'INV-9']);
    expect(links[0]).toHaveAttribute('href', '/bills/ab12cd34ab12cd34ab12cd34ab12cd34');
    expect(within(waiting).getByText('01/12/2026')).toBeInTheDocument();

    const assets = screen.getByTestId('panel-assets-overview');
    expect(
      within(assets).getByText(/3 assets \(2 active\) · inventory value ₦7,530\.00 · 2 added/),
    ).toBeInTheDocument();
    expect(within(assets).getAllByText('Generator')).toHaveLength(2);
    expect(
      within(assets).getByRole('img', { name: 'Generator (2): ₦5,030 (67%), Vehicle (1): ₦2,500 (33%)' }),
    ).toBeInTheDocument();
    expect(within(assets).getByText('₦5,030.00')).toBeInTheDocument();

    const payouts = screen.getByTestId('panel-asset-payouts');
    expect(within(payouts).getByText(/2 payouts · ₦1,400\.00/)).toBeInTheDocument();
    expect(within(payouts).getByText('Nov 2026')).toBeInTheDocument(); // a month's bucket
    const asset = within(payouts).getByRole('link', { name: /Generator · Mikano MK-20/ });
    expect(asset).toHaveAttribute('href', '/assets/22222222-2222-4222-8222-222222222222');

    fireEvent.click(links[0]);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/bills/ab12cd34ab12cd34ab12cd34ab12cd34'),
    );
  });

  it('says so when there are no bills or assets, and asks again with the chosen currency', async () => {
    const empty = dashboard({
      billsOverview: dashboard().billsOverview.map((b) => ({
        ...b,
        count: 0,
        amount: '0.00',
        amountMinor: 0,
      })),
      billsAwaitingApproval: { count: 0, total: '0.00', totalMinor: 0, oldest: [] },
      assetsOverview: { ...dashboard().assetsOverview, count: 0, activeCount: 0, byType: [] },
      assetPayouts: { count: 0, amount: '0.00', amountMinor: 0, buckets: [], topAssets: [] },
    });
    const { api } = renderApp('/dashboard', {
      session,
      routes: { 'GET /api/insights/dashboard': ok(empty) },
    });
    // An empty chart says so in its own space; panels of areas not in use (assets, bills waiting
    // for approval) are left out.
    const none = await screen.findByText('No bills in this period');
    expect(none.closest('[data-chart-empty]')).not.toBeNull();
    expect(screen.queryByTestId('panel-bills-awaiting-approval')).toBeNull();
    expect(screen.queryByTestId('panel-assets-overview')).toBeNull();
    expect(screen.queryByTestId('panel-asset-payouts')).toBeNull();

    fireEvent.click(screen.getByRole('textbox', { name: 'Currency' }));
    fireEvent.click(await screen.findByRole('option', { name: 'USD', hidden: true }));
    await waitFor(() =>
      expect(
        api.calls.some(
          (c) => c.path === '/api/insights/dashboard' && c.url.searchParams.get('currency') === 'USD',
        ),
      ).toBe(true),
    );
  });

  it('shows the cash forecast panel: the closing in 13 weeks and the lowest point, linking to /insights/forecast', async () => {
    const item = {
      key: 'payout:a',
      kind: 'payout' as const,
      id: 'a',
      reference: 'PO-1',
      direction: 'out' as const,
    };
    const built = forecastWeeks({
      asOf: '2026-12-02',
      weeks: 13,
      openingMinor: 500_000,
      items: [{ ...item, date: '2026-12-10', label: 'Rent', ...money(800_000) }],
    });
    const f: Forecast = {
      currency: 'NGN',
      asOf: '2026-12-02',
      opening: '5000.00',
      openingMinor: 500_000,
      ...built,
      overdue: [],
      overdueTotal: '0.00',
      overdueTotalMinor: 0,
      cardLimits: { amount: '0.00', amountMinor: 0, cards: 0 },
    };
    renderApp('/dashboard', {
      session,
      routes: { 'GET /api/insights/dashboard': ok(dashboard()), 'GET /api/insights/forecast': ok(f) },
    });
    const panel = await screen.findByTestId('panel-cash-forecast');
    // 5,000 − 8,000 = −3,000 from the week of 07/12 on
    expect(within(panel).getAllByText('-₦3,000.00')).toHaveLength(2);
    expect(within(panel).getByText('Lowest, week of 07/12/2026')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Open' })).toHaveAttribute('href', '/insights/forecast');
  });
});
