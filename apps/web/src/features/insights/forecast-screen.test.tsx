import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Forecast, type ForecastItem, forecastWeeks } from '@owo/contract/insights-forecast';
import { ok, renderApp } from '../../app/test-utils';

const money = (minor: number) => ({ amount: (minor / 100).toFixed(2), amountMinor: minor });
const item = (
  over: Partial<ForecastItem> & Pick<ForecastItem, 'key' | 'date' | 'amountMinor'>,
): ForecastItem => ({
  kind: 'payout',
  id: '11111111-1111-4111-8111-111111111111',
  reference: 'PO-1',
  direction: 'out',
  label: 'Scheduled payout to Dangote',
  ...over,
  ...money(over.amountMinor),
});

// Today Wed 2026-12-02: weeks from Mon 2026-11-30. Opening ₦100,000.00.
const items: ForecastItem[] = [
  item({ key: 'payout:a', date: '2026-12-04', amountMinor: 3_000_000 }),
  item({
    key: 'invoice:b',
    kind: 'invoice',
    id: '22222222-2222-4222-8222-222222222222',
    reference: 'IN-7',
    direction: 'in',
    label: 'Chioma Foods: Balance',
    date: '2026-12-09',
    amountMinor: 2_000_000,
  }),
  item({
    key: 'payroll:c',
    kind: 'payroll',
    reference: 'PR-1',
    label: 'Staff payroll',
    date: '2026-12-16',
    amountMinor: 9_000_000,
  }),
];
const built = forecastWeeks({ asOf: '2026-12-02', weeks: 4, openingMinor: 10_000_000, items });
const forecast: Forecast = {
  currency: 'NGN',
  asOf: '2026-12-02',
  opening: '100000.00',
  openingMinor: 10_000_000,
  ...built,
  overdue: [],
  overdueTotal: '0.00',
  overdueTotalMinor: 0,
  cardLimits: { amount: '0.00', amountMinor: 0, cards: 0 },
};
const session = { resources: { insights: ['get' as const] } };
const closings = () => screen.getAllByTestId('closing').map((c) => c.textContent);

describe('cash forecast screen', () => {
  it('draws the weeks, opens a week’s items linking to their records, and a move changes the closings until reset', async () => {
    renderApp('/insights/forecast', { session, routes: { 'GET /api/insights/forecast': ok(forecast) } });
    // 100,000 − 30,000 = 70,000; + 20,000 = 90,000; − 90,000 = 0; 0
    await waitFor(() => expect(closings()).toEqual(['₦70,000.00', '₦90,000.00', '₦0.00', '₦0.00']));
    expect(within(screen.getByTestId('week-2026-12-14')).getByText('Lowest')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: /Week of 30\/11\/2026/ }));
    const link = await screen.findByRole('link', { name: 'Scheduled payout to Dangote' });
    expect(link).toHaveAttribute('href', '/payouts/11111111-1111-4111-8111-111111111111');
    fireEvent.click(screen.getByRole('button', { name: /Week of 07\/12\/2026/ }));
    expect(await screen.findByRole('link', { name: 'Chioma Foods: Balance' })).toHaveAttribute(
      'href',
      '/inflows/invoices/22222222-2222-4222-8222-222222222222',
    );

    // what-if: the payroll moved to the last week — weeks 3 and 4 change, nothing is sent
    fireEvent.click(screen.getByRole('button', { name: /Week of 14\/12\/2026/ }));
    fireEvent.change(await screen.findByLabelText('Move Staff payroll'), { target: { value: '2026-12-21' } });
    await waitFor(() => expect(closings()).toEqual(['₦70,000.00', '₦90,000.00', '₦90,000.00', '₦0.00']));
    expect(screen.getByText(/What-if: 1 moved, nothing saved/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(closings()).toEqual(['₦70,000.00', '₦90,000.00', '₦0.00', '₦0.00']));
  });

  it('names a payment in the next 7 days that would overdraw the wallet, and its shortfall', async () => {
    const short = forecastWeeks({ asOf: '2026-12-02', weeks: 4, openingMinor: 1_000_000, items });
    renderApp('/insights/forecast', {
      session,
      routes: {
        'GET /api/insights/forecast': ok({
          ...forecast,
          opening: '10000.00',
          openingMinor: 1_000_000,
          ...short,
        }),
      },
    });
    expect(
      await screen.findByText(/Scheduled payout to Dangote on 04\/12\/2026 is short by ₦20,000\.00/),
    ).toBeInTheDocument();
  });
});
