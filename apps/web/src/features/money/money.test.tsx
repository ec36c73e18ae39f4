import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FILTER_DELAY_MS, MSG, type TransactionItem, type WalletDto } from '@owo/contract';
import { ok, renderApp } from '../../app/test-utils';
import { theme } from '../../app/theme';
import { transactionQuery } from './api';
import { TransactionFilters } from './components/transaction-filters';
import { canDownloadReceipt, parseDisplayDate, signedAmountText } from './rules';

const toast = vi.hoisted(() => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));
vi.mock('../../lib/toast', () => toast);

afterEach(() => {
  toast.toastSuccess.mockReset();
  toast.toastError.mockReset();
  vi.useRealTimers();
});

const wallet: WalletDto = {
  id: '11111111-1111-4111-8111-111111111111',
  currency: 'NGN',
  name: 'NGN Wallet',
  balance: '1234567.50',
  balanceMinor: 123_456_750,
  pendingBalance: '0.00',
  pendingBalanceMinor: 0,
  virtualAccount: { accountNumber: '7012345678', bankCode: '101', bankName: 'Providus Bank' },
  createdAt: '2026-01-01T00:00:00Z',
};

function tx(over: Partial<TransactionItem> = {}): TransactionItem {
  const type = over.type ?? 'payout';
  const amountMinor = over.amountMinor ?? 120_050;
  const signed = type === 'deposit' || type === 'payout_fund_reversal' ? amountMinor : -amountMinor;
  return {
    id: '22222222-2222-4222-8222-222222222222',
    walletId: wallet.id,
    type,
    status: 'success',
    amount: '1200.50',
    amountMinor,
    fee: '10.00',
    feeMinor: 1000,
    currency: 'NGN',
    reference: 'trf_abc123',
    counterparty: { accountName: 'ADA OKAFOR', bankName: 'Guaranty Trust Bank', accountNumber: '0123456785' },
    narration: 'Office rent',
    failureReason: null,
    relatedTransactionId: null,
    sourceType: null,
    sourceId: null,
    createdAt: '2026-03-05T10:00:00Z',
    updatedAt: '2026-03-05T10:00:00Z',
    signedAmount: (signed / 100).toFixed(2),
    signedAmountMinor: signed,
    receiptAvailable: over.receiptAvailable ?? true,
    ...over,
  };
}
const listBody = (items: TransactionItem[]) => ({
  body: {
    status: 'success',
    message: 'OK',
    data: items,
    metadata: { pagination: { page: 1, limit: 20, totalItems: items.length, totalPages: 1 } },
  },
});

describe('amount signs and formatting (002 §4, 000 §9)', () => {
  it('shows deposits positive and other types negative, en-NG with two decimals', () => {
    expect(signedAmountText(tx({ type: 'deposit', amountMinor: 500_000 }))).toBe('+₦5,000.00');
    expect(signedAmountText(tx({ type: 'payout', amountMinor: 120_050 }))).toBe('-₦1,200.50');
    expect(signedAmountText(tx({ type: 'fee', amountMinor: 5 }))).toBe('-₦0.05');
    expect(signedAmountText(tx({ type: 'payout_fund_reversal', amountMinor: 10_500 }))).toBe('+₦105.00');
  });

  it('reads DD/MM/YYYY dates and refuses impossible ones', () => {
    expect(parseDisplayDate('05/03/2026')).toBe('2026-03-05');
    expect(parseDisplayDate('31/02/2026')).toBe('');
    expect(parseDisplayDate('2026-03-05')).toBe('');
  });
});

describe('list query (000 §7)', () => {
  it('puts type, status and wallet into the where JSON and keeps search, period and dates plain', () => {
    expect(
      transactionQuery(
        {
          type: 'deposit',
          status: 'success',
          walletId: wallet.id,
          search: ' rent ',
          period: '7d',
          from: '2026-03-01',
        },
        2,
        20,
      ),
    ).toEqual({
      page: 2,
      limit: 20,
      search: 'rent',
      period: '7d',
      from: '2026-03-01',
      to: undefined,
      where: JSON.stringify({ type: 'deposit', status: 'success', walletId: wallet.id }),
    });
    expect(transactionQuery({}, 1, 20).where).toBeUndefined();
  });
});

describe('receipt rules (002 §4)', () => {
  it('offers a receipt only for success/completed and never for reversals', () => {
    expect(canDownloadReceipt({ type: 'payout', status: 'success' })).toBe(true);
    expect(canDownloadReceipt({ type: 'deposit', status: 'completed' })).toBe(true);
    expect(canDownloadReceipt({ type: 'payout', status: 'pending' })).toBe(false);
    expect(canDownloadReceipt({ type: 'payout', status: 'failed' })).toBe(false);
    expect(canDownloadReceipt({ type: 'payout_fund_reversal', status: 'success' })).toBe(false);
    expect(canDownloadReceipt({ type: 'collection_reversal', status: 'success' })).toBe(false);
  });

  it('the detail page opens the pdf_url and says Receipt downloaded successfully!', async () => {
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    const t = tx();
    renderApp(`/transaction/${t.id}`, {
      session: {},
      routes: {
        [`GET /api/transactions/${t.id}`]: ok({ ...t, walletName: 'NGN Wallet', related: null }),
        [`GET /api/transaction/reciept/${t.id}`]: ok({
          pdf_url: 'http://localhost/api/receipts/x.pdf?exp=1&sig=abc',
          expiresAt: '2026-03-05T10:10:00Z',
        }),
      },
    });
    expect(await screen.findByTestId('detail-amount')).toHaveTextContent('-₦1,200.50');
    fireEvent.click(screen.getByRole('button', { name: 'Download Receipt' }));
    await waitFor(() => expect(toast.toastSuccess).toHaveBeenCalledWith(MSG.receiptDownloaded));
    expect(tab.location.href).toBe('http://localhost/api/receipts/x.pdf?exp=1&sig=abc');
  });

  it('the detail page has no Download Receipt for a pending payout', async () => {
    const t = tx({ status: 'pending', receiptAvailable: false });
    renderApp(`/transaction/${t.id}`, {
      session: {},
      routes: { [`GET /api/transactions/${t.id}`]: ok({ ...t, walletName: 'NGN Wallet', related: null }) },
    });
    expect(await screen.findByText('Pending')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download Receipt' })).toBeNull();
  });
});

describe('filters (000 §5: apply after a 1 second pause)', () => {
  it('calls onChange once, FILTER_DELAY_MS after the last change', () => {
    vi.useFakeTimers();
    const onChange = vi.fn();
    render(
      <MantineProvider theme={theme}>
        <TransactionFilters wallets={[wallet]} onChange={onChange} />
      </MantineProvider>,
    );
    const search = screen.getByLabelText('Search');
    fireEvent.change(search, { target: { value: 'ren' } });
    act(() => {
      vi.advanceTimersByTime(600);
    });
    fireEvent.change(search, { target: { value: 'rent' } });
    act(() => {
      vi.advanceTimersByTime(FILTER_DELAY_MS - 1);
    });
    expect(onChange).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ search: 'rent' }));
    fireEvent.click(screen.getByText('Last 7 days'));
    act(() => {
      vi.advanceTimersByTime(FILTER_DELAY_MS);
    });
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ search: 'rent', period: '7d' }));
  });
});

describe('transactions list', () => {
  it('shows signed amounts and asks for 20 per page', async () => {
    const { api } = renderApp('/transactions', {
      session: {},
      routes: {
        'GET /api/transactions': listBody([
          tx({
            id: '33333333-3333-4333-8333-333333333333',
            type: 'deposit',
            amountMinor: 500_000,
            counterparty: { name: 'TEST FUNDER' },
          }),
          tx(),
        ]),
        'GET /api/wallet': ok([wallet]),
      },
    });
    const amounts = await screen.findAllByTestId('transaction-amount');
    expect(amounts.map((a) => a.textContent)).toEqual(['+₦5,000.00', '-₦1,200.50']);
    const first = api.calls.find((c) => c.path === '/api/transactions')!;
    expect(first.url.searchParams.get('limit')).toBe('20');
    expect(first.url.searchParams.get('page')).toBe('1');
  });

  it('says "1,000+ in total" when a search counted only to its cap', async () => {
    const body = listBody([tx()]).body;
    const pagination = { page: 1, limit: 20, totalItems: 1000, totalPages: 51, totalIsEstimate: true };
    renderApp('/transactions?search=salary', {
      session: {},
      routes: {
        'GET /api/transactions': { body: { ...body, metadata: { pagination } } },
        'GET /api/wallet': ok([wallet]),
      },
    });
    expect(await screen.findByText(/1,000\+ in total/)).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    renderApp('/transactions', {
      session: {},
      routes: { 'GET /api/transactions': listBody([]), 'GET /api/wallet': ok([wallet]) },
    });
    expect(await screen.findByText('No data available')).toBeInTheDocument();
    expect(MSG.noData).toBe('No data available');
  });
});

describe('add funds (001 §2, 000 §8 copy messages)', () => {
  const routes = {
    'GET /api/wallet': ok([wallet]),
    [`GET /api/wallet/${wallet.id}/funding-account`]: ok({
      currency: 'NGN',
      accountNumber: '7012345678',
      bankName: 'Providus Bank',
      bankCode: '101',
      accountName: 'OWO/ACME LTD',
      swiftCode: null,
      routingNumber: null,
      sortCode: null,
      iban: null,
    }),
    'GET /api/sandbox/status': ok({ deposits: false }),
  };

  it('copies the account number with the success message', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    renderApp('/wallet/add-funds', { session: {}, routes });
    expect(await screen.findByText('7012345678')).toBeInTheDocument();
    expect(screen.getByText('OWO/ACME LTD')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Copy account number' }));
    await waitFor(() => expect(toast.toastSuccess).toHaveBeenCalledWith('Successfully copied to clipboard'));
    expect(writeText).toHaveBeenCalledWith('7012345678');
  });

  it('a GBP wallet shows its receiving details (sort code, IBAN, SWIFT) and copies the IBAN compact', async () => {
    const gbp: WalletDto = {
      ...wallet,
      id: '22222222-2222-4222-8222-222222222222',
      currency: 'GBP',
      name: 'GBP Wallet',
      virtualAccount: { accountNumber: '41234567', bankCode: 'CLRBGB22', bankName: 'ClearBank' },
    };
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    const { api } = renderApp(`/wallet/add-funds?wallet=${gbp.id}`, {
      session: {},
      routes: {
        ...routes,
        'GET /api/wallet': ok([wallet, gbp]),
        [`GET /api/wallet/${gbp.id}/funding-account`]: ok({
          currency: 'GBP',
          accountNumber: '41234567',
          bankName: 'ClearBank',
          bankCode: 'CLRBGB22',
          accountName: 'Owo/ACME LTD',
          swiftCode: 'CLRBGB22',
          routingNumber: null,
          sortCode: '040605',
          iban: 'GB64CLRB04060541234567',
        }),
        // outside production, on sandbox rails, the API says the sandbox deposit is there
        'GET /api/sandbox/status': ok({ deposits: true }),
      },
    });
    const details = await screen.findByTestId('funding-account');
    expect(details).toHaveTextContent('41234567');
    expect(details).toHaveTextContent('Sort code04-06-05');
    expect(details).toHaveTextContent('IBANGB64 CLRB 0406 0541 2345 67');
    expect(details).toHaveTextContent('SWIFT/BICCLRBGB22');
    expect(details).not.toHaveTextContent('Routing number');
    expect(screen.getByText(/Send GBP from a bank account abroad/)).toBeInTheDocument();
    expect(api.calls.some((c) => c.path === `/api/wallet/${wallet.id}/funding-account`)).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Copy iban' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('GB64CLRB04060541234567'));
    // the sandbox transfer is in the wallet's currency
    expect(await screen.findByRole('textbox', { name: 'Amount (£)' })).toBeInTheDocument();
  });

  it('says so when copying fails', async () => {
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: {
        writeText: vi.fn(async () => {
          throw new Error('denied');
        }),
      },
    });
    renderApp('/wallet/add-funds', { session: {}, routes });
    fireEvent.click(await screen.findByRole('button', { name: 'Copy bank' }));
    await waitFor(() =>
      expect(toast.toastError).toHaveBeenCalledWith('Something went wrong while copying please try again!'),
    );
  });

  it('needs payments post', async () => {
    renderApp('/wallet/add-funds', { session: { resources: { transactions: ['get'] } }, routes });
    expect(await screen.findByText('Access Forbidden')).toBeInTheDocument();
  });

  it('the success page shows the amount and transaction id; the old path redirects to it', async () => {
    const { router } = renderApp('/fund-wallet/success/abc-123/5000.5', { session: {} });
    await waitFor(() => expect(router.state.location.pathname).toBe('/wallet/add-funds/success'));
    expect(router.state.location.search).toBe('?transactionId=abc-123&amount=5000.5');
    expect(await screen.findByTestId('success-amount')).toHaveTextContent('₦5,000.50');
    expect(screen.getByText('abc-123')).toBeInTheDocument();
  });
});
