import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { MeterReport } from '@owo/contract/marketplace';
import { ok, renderApp, type Reply } from '../../app/test-utils';
import { lagosMonth, monthOptions } from './screens/meter-report-screen';

const report: MeterReport = {
  month: '2026-03',
  rows: [
    {
      meterId: '11111111-1111-4111-8111-111111111111',
      meterNo: '45031234567',
      name: 'ADA OBI',
      label: 'Head office',
      disco: 'IKEDC',
      vends: 2,
      amount: '40000.00',
      amountMinor: 4_000_000,
      kwh: '190.93',
      averageTariff: '209.50',
    },
    {
      meterId: '22222222-2222-4222-8222-222222222222',
      meterNo: '10000000004',
      name: 'TUNDE BELLO',
      label: null,
      disco: 'EKEDC',
      vends: 1,
      amount: '5000.00',
      amountMinor: 500_000,
      kwh: '0.00',
      averageTariff: null,
    },
  ],
  totalAmount: '45000.00',
  totalAmountMinor: 4_500_000,
  totalKwh: '190.93',
};
const empty: MeterReport = {
  ...report,
  month: '2026-02',
  rows: [],
  totalAmount: '0.00',
  totalAmountMinor: 0,
  totalKwh: '0.00',
};

const reportRoute = (url: URL): Reply => {
  if (url.searchParams.get('format') === 'csv') return { body: 'Month,Meter number\r\n' };
  return ok(url.searchParams.get('month') === '2026-03' ? report : empty);
};

describe('the monthly meter report', () => {
  it('lists the months newest first, from this Lagos month', () => {
    expect(lagosMonth(Date.parse('2026-03-31T23:30:00Z'))).toBe('2026-04'); // already April in Lagos
    expect(monthOptions('2026-02', 3)).toEqual([
      { value: '2026-02', label: 'February 2026' },
      { value: '2026-01', label: 'January 2026' },
      { value: '2025-12', label: 'December 2025' },
    ]);
  });

  it('renders a row per meter with kWh and average tariff, and the total', async () => {
    const { api } = renderApp('/marketplace/reports/meters?month=2026-03', {
      session: {},
      routes: { 'GET /api/marketplace/reports/meters': reportRoute },
    });
    const rows = await screen.findAllByTestId('meter-report-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('45031234567')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Head office')).toBeInTheDocument();
    expect(within(rows[0]).getByText('190.93')).toBeInTheDocument();
    expect(within(rows[0]).getByText('₦209.50')).toBeInTheDocument();
    expect(within(rows[1]).getByText('N/A')).toBeInTheDocument(); // postpaid debt only: no units
    expect(screen.getByTestId('report-total')).toHaveTextContent('₦45,000.00');
    expect(
      api.calls.find((c) => c.path === '/api/marketplace/reports/meters')?.url.searchParams.get('month'),
    ).toBe('2026-03');
  });

  it('downloads the CSV of the chosen month through the report route with format=csv', async () => {
    const { api } = renderApp('/marketplace/reports/meters?month=2026-03', {
      session: {},
      routes: { 'GET /api/marketplace/reports/meters': reportRoute },
    });
    const createUrl = vi.fn(() => 'blob:x');
    URL.createObjectURL = createUrl;
    URL.revokeObjectURL = vi.fn();
    await screen.findAllByTestId('meter-report-row');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(createUrl).toHaveBeenCalled());
    const csv = api.calls.find((c) => c.url.searchParams.get('format') === 'csv')!;
    expect(csv.path).toBe('/api/marketplace/reports/meters');
    expect(csv.url.searchParams.get('month')).toBe('2026-03');
  });

  it('changes month from the picker, and is linked from /marketplace', async () => {
    const last = monthOptions(lagosMonth(), 2)[1]; // last month, whatever today is
    const { router } = renderApp('/marketplace', {
      session: {},
      routes: {
        'GET /api/marketplace/transactions': ok([]),
        'GET /api/marketplace/reports/meters': (url) =>
          ok(url.searchParams.get('month') === last.value ? { ...report, month: last.value } : empty),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Monthly report' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/marketplace/reports/meters'));
    expect(await screen.findByText('No successful vends in this month')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('textbox', { name: 'Month' }));
    fireEvent.click(await screen.findByRole('option', { name: last.label, hidden: true }));
    expect(await screen.findAllByTestId('meter-report-row')).toHaveLength(2);
    expect(router.state.location.search).toBe(`?month=${last.value}`);
  });
});
