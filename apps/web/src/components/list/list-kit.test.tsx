import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FILTER_DELAY_MS, type TransactionItem, type WalletDto } from '@owo/contract';
import { fail, ok, renderApp } from '../../app/test-utils';
import { csvQuery, listQuery } from './list-query';

afterEach(() => vi.useRealTimers());

const wallet: WalletDto = {
  id: '11111111-1111-4111-8111-111111111111',
  currency: 'NGN',
  name: 'NGN Wallet',
  balance: '0.00',
  balanceMinor: 0,
  pendingBalance: '0.00',
  pendingBalanceMinor: 0,
  virtualAccount: null,
  createdAt: '2026-01-01T00:00:00Z',
};
const tx = {
  id: '22222222-2222-4222-8222-222222222222',
  type: 'payout',
  status: 'failed',
  amount: '1200.50',
  amountMinor: 120_050,
  signedAmountMinor: -120_050,
  fee: '0.00',
  feeMinor: 0,
  currency: 'NGN',
  reference: 'trf_abc123',
  counterparty: { accountName: 'ADA OBI' },
  narration: 'Rent',
  walletId: wallet.id,
  createdAt: '2026-03-05T10:00:00Z',
  updatedAt: '2026-03-05T10:00:00Z',
} as unknown as TransactionItem;
const page = (items: TransactionItem[], totalPages = 1) => ({
  body: {
    status: 'success',
    message: 'OK',
    data: items,
    metadata: { pagination: { page: 1, limit: 20, totalItems: items.length, totalPages } },
  },
});

describe('list kit: query pattern', () => {
  it('puts groups into `where`, and the CSV export asks for the same rows without paging', () => {
    const f = { search: ' rent ', status: 'failed', from: '2026-03-01', period: '', walletId: undefined };
    expect(listQuery(f, ['status', 'walletId'], 2)).toEqual({
      page: 2,
      limit: 20,
      search: 'rent',
      period: undefined,
      from: '2026-03-01',
      to: undefined,
      where: '{"status":"failed"}',
    });
    expect(csvQuery(f, ['status', 'walletId'])).toEqual({
      search: 'rent',
      period: undefined,
      from: '2026-03-01',
      to: undefined,
      where: '{"status":"failed"}',
      format: 'csv',
    });
  });
});

describe('list kit on /transactions (000 §3, §5)', () => {
  it('reads its filters and page from the URL (a shared link, a reload)', async () => {
    const { api } = renderApp('/transactions?search=rent&status=failed&from=2026-03-01&page=2', {
      session: {},
      routes: { 'GET /api/transactions': page([tx], 3), 'GET /api/wallet': ok([wallet]) },
    });
    await screen.findAllByTestId('transaction-row');
    const call = api.calls.find((c) => c.path === '/api/transactions')!;
    expect(Object.fromEntries(call.url.searchParams)).toMatchObject({
      page: '2',
      limit: '20',
      search: 'rent',
      from: '2026-03-01',
      where: '{"status":"failed"}',
    });
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('rent');
    expect(screen.getByRole('textbox', { name: 'From' })).toHaveValue('01/03/2026');
  });

  it('applies a change 1 s after the last one, into the URL, back on page 1', async () => {
    const { api, router } = renderApp('/transactions?page=2', {
      session: {},
      routes: { 'GET /api/transactions': page([tx], 3), 'GET /api/wallet': ok([wallet]) },
    });
    const search = await screen.findByRole('textbox', { name: 'Search' });
    await screen.findAllByTestId('transaction-row');
    vi.useFakeTimers({ shouldAdvanceTime: false });
    const before = api.calls.filter((c) => c.path === '/api/transactions').length;
    fireEvent.change(search, { target: { value: 'ren' } });
    act(() => void vi.advanceTimersByTime(600));
    fireEvent.change(search, { target: { value: 'rent' } });
    act(() => void vi.advanceTimersByTime(FILTER_DELAY_MS - 1));
    expect(router.state.location.search).toBe('?page=2');
    act(() => void vi.advanceTimersByTime(1));
    expect(router.state.location.search).toBe('?search=rent');
    fireEvent.change(screen.getByRole('textbox', { name: 'From' }), { target: { value: '31/02/2026' } });
    act(() => void vi.advanceTimersByTime(FILTER_DELAY_MS));
    expect(router.state.location.search).toBe('?search=rent'); // an invalid date is not applied
    expect(screen.getByText('Enter a valid date (DD/MM/YYYY)')).toBeInTheDocument();
    vi.useRealTimers();
    await waitFor(() => {
      const calls = api.calls.filter((c) => c.path === '/api/transactions').slice(before);
      expect(calls.map((c) => [c.url.searchParams.get('search'), c.url.searchParams.get('page')])).toEqual([
        ['rent', '1'],
      ]);
    });
  });

  it("shows 'No data available', and an error with a retry that loads again", async () => {
    let n = 0;
    renderApp('/transactions', {
      session: {},
      routes: {
        'GET /api/transactions': () => (n++ === 0 ? fail(500, 'error', 'Something broke') : page([])),
        'GET /api/wallet': ok([wallet]),
      },
    });
    expect(await screen.findByText('Something broke')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /try again/i }));
    expect(await screen.findByText('No data available')).toBeInTheDocument();
  });

  it('exports exactly the filtered rows through the list route with format=csv', async () => {
    const { api } = renderApp('/transactions?status=failed&search=rent', {
      session: {},
      routes: {
        'GET /api/transactions': (url) =>
          url.searchParams.get('format') === 'csv' ? { body: 'Date,Reference\r\n' } : page([tx]),
        'GET /api/wallet': ok([wallet]),
      },
    });
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    await screen.findAllByTestId('transaction-row');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(api.calls.some((c) => c.url.searchParams.get('format') === 'csv')).toBe(true));
    const csv = api.calls.find((c) => c.url.searchParams.get('format') === 'csv')!;
    expect(csv.path).toBe('/api/transactions');
    expect(csv.url.searchParams.get('search')).toBe('rent');
    expect(csv.url.searchParams.get('where')).toBe('{"status":"failed"}');
    expect(csv.url.searchParams.has('page')).toBe(false);
  });

  it('shows Add Funds only with canAddFunds (create rights on payments)', async () => {
    renderApp('/transactions', {
      session: { resources: { transactions: ['get'] } },
      routes: { 'GET /api/transactions': page([tx]), 'GET /api/wallet': ok([wallet]) },
    });
    await screen.findAllByTestId('transaction-row');
    expect(screen.queryByRole('button', { name: 'Add Funds' })).toBeNull();
  });
});
