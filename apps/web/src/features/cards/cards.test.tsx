import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Card, CardSpend } from '@owo/contract/cards';
import { fail, ok, renderApp, type Handler, type Reply } from '../../app/test-utils';
import { extracted } from '../documents/document-fixture';
import { compareReceipt } from './components/receipt-reading';

const toast = vi.hoisted(() => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));
vi.mock('../../lib/toast', () => toast);
afterEach(() => {
  toast.toastSuccess.mockReset();
  toast.toastError.mockReset();
});

const card: Card = {
  id: '11111111-1111-4111-8111-111111111111',
  label: 'Fuel',
  holder: { id: '22222222-2222-4222-8222-222222222222', name: 'Ada Obi' },
  currency: 'NGN',
  status: 'active',
  brand: 'Verve',
  last4: '4242',
  expiryMonth: 3,
  expiryYear: 2029,
  balance: '20000.00',
  balanceMinor: 2_000_000,
  perTransactionLimit: '10000.00',
  perTransactionLimitMinor: 1_000_000,
  monthlyLimit: '50000.00',
  monthlyLimitMinor: 5_000_000,
  spentThisMonth: '5000.00',
  spentThisMonthMinor: 500_000,
  allowedCategories: [],
  singleUse: false,
  createdAt: '2026-03-01T00:00:00Z',
};
const spend = (over: Partial<CardSpend> = {}): CardSpend => ({
  transactionId: '33333333-3333-4333-8333-333333333333',
  cardId: card.id,
  last4: card.last4,
  holderId: card.holder.id,
  merchant: 'Sandbox Fuel Station',
  category: 'fuel',
  amount: '5000.00',
  amountMinor: 500_000,
  currency: 'NGN',
  status: 'settled',
  refunded: '0.00',
  refundedMinor: 0,
  receiptFile: null,
  createdAt: '2026-03-05T10:00:00Z',
  ...over,
});
const page = (items: unknown[]): Reply => ({
  body: {
    status: 'success',
    message: 'OK',
    data: items,
    metadata: { pagination: { page: 1, limit: 20, totalItems: items.length, totalPages: 1 } },
  },
});
const receiptPath = `/api/cards/transactions/${spend().transactionId}/receipt`;

async function openSpends(receipt: Handler, extract?: Handler) {
  let uploaded = false;
  let sent: FormData | undefined;
  const app = renderApp('/cards', {
    session: {},
    routes: {
      'GET /api/cards': page([card]),
      [`GET /api/cards/${card.id}/spends`]: () =>
        page([
          spend(uploaded ? { receiptFile: 'receipt-1.pdf' } : {}),
          spend({ transactionId: '44444444-4444-4444-8444-444444444444', status: 'reversed' }),
        ]),
      [`POST ${receiptPath}`]: async (url, init) => {
        sent = init?.body as FormData;
        const r = typeof receipt === 'function' ? await receipt(url, init) : receipt;
        uploaded = (r.status ?? 200) < 400;
        return r;
      },
      ...(extract ? { 'POST /api/documents/extract': extract } : {}),
    },
  });
  fireEvent.click(await screen.findByRole('button', { name: 'Transactions of card 4242' }));
  const row = await screen.findByTestId(`spend-${spend().transactionId}`);
  return { ...app, row, sent: () => sent };
}

const upload = (row: HTMLElement, file: File) => {
  const input = row.querySelector('input[type="file"]')!;
  fireEvent.change(input, { target: { files: [file] } });
};

describe('cards: receipts for card spends', () => {
  it('uploads the receipt as multipart `file`, toasts the API message and refreshes the list', async () => {
    const { row, sent, api } = await openSpends(
      ok(spend({ receiptFile: 'receipt-1.pdf' }), 'Receipt saved successfully'),
    );
    expect(within(row).getByRole('button', { name: /Upload receipt/ })).toBeInTheDocument();
    // a reversed spend asks for nothing
    expect(
      within(screen.getByTestId('spend-44444444-4444-4444-8444-444444444444')).queryByRole('button', {
        name: /Upload receipt/,
      }),
    ).toBeNull();
    const file = new File(['%PDF-1.4'], 'fuel.pdf', { type: 'application/pdf' });
    upload(row, file);
    await waitFor(() => expect(toast.toastSuccess).toHaveBeenCalledWith('Receipt saved successfully'));
    expect(sent()?.get('file')).toBeInstanceOf(File);
    expect((sent()?.get('file') as File).name).toBe('fuel.pdf');
    expect(await screen.findByText('Receipt attached')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path === `/api/cards/${card.id}/spends`).length).toBeGreaterThan(1);
  });

  it("toasts the API's refusal", async () => {
    const { row } = await openSpends(
      fail(400, 'validation-error', 'File is too large', { file: ['File is too large'] }),
    );
    upload(row, new File(['x'], 'big.png', { type: 'image/png' }));
    await waitFor(() => expect(toast.toastError).toHaveBeenCalledWith('File is too large'));
    expect(within(row).getByRole('button', { name: /Upload receipt/ })).toBeInTheDocument();
  });
});

describe('cards: opened from the "Card Receipt Needed" notification', () => {
  it('opens the card’s Transactions panel from ?spends=, fetching the card when it is not on the page', async () => {
    const { api } = renderApp(`/cards?spends=${card.id}`, {
      session: {},
      routes: {
        'GET /api/cards': page([]),
        [`GET /api/cards/${card.id}`]: ok(card),
        [`GET /api/cards/${card.id}/spends`]: page([spend()]),
      },
    });
    const row = await screen.findByTestId(`spend-${spend().transactionId}`);
    expect(within(row).getByRole('button', { name: /Upload receipt/ })).toBeInTheDocument();
    expect(api.calls.some((c) => c.path === `/api/cards/${card.id}`)).toBe(true);
  });
});

describe('cards: the card face', () => {
  it('reads the masked number as one sentence and a frozen card’s state from i18next', async () => {
    renderApp(`/cards?spends=${card.id}`, {
      session: {},
      routes: {
        'GET /api/cards': page([]),
        [`GET /api/cards/${card.id}`]: ok({ ...card, status: 'frozen' }),
        [`GET /api/cards/${card.id}/spends`]: page([]),
      },
    });
    const face = await screen.findByTestId('card-face');
    expect(within(face).getByText('Card number ending 4242')).toBeInTheDocument();
    expect(within(face).getByText('Frozen')).toBeInTheDocument();
    expect(within(face).getByTestId('card-face-number')).toHaveTextContent(/4242$/);
  });
});

describe('cards: the uploaded receipt is read and compared with the spend', () => {
  const attached = ok(spend({ receiptFile: 'receipt-1.pdf' }), 'Receipt saved successfully');
  const read = (over: Parameters<typeof extracted>[0]) =>
    extracted({ vendorName: 'FUEL STATION IKEJA', date: '2026-03-06', totalMinor: 500_000, ...over });

  it('shows what was read and "Does not match" when the amount differs', async () => {
    let scanned: FormData | undefined;
    const { row } = await openSpends(attached, (_url, init) => {
      scanned = init?.body as FormData;
      return ok(read({ total: '7500.00', totalMinor: 750_000 }));
    });
    upload(row, new File(['%PDF-1.4'], 'fuel.pdf', { type: 'application/pdf' }));
    const shown = await screen.findByTestId(`receipt-read-${spend().transactionId}`);
    expect(shown).toHaveTextContent('Read: FUEL STATION IKEJA · ₦7,500.00 · 06/03/2026');
    expect(within(shown).getByText('Does not match')).toBeInTheDocument();
    expect(within(shown).getByText('amount differs')).toBeInTheDocument();
    expect((scanned?.get('file') as File).name).toBe('fuel.pdf');
    expect(screen.getByText('Receipt attached')).toBeInTheDocument();
  });

  it('says "Matches" when amount, date (within 3 days) and merchant agree', async () => {
    const { row } = await openSpends(attached, ok(read({})));
    upload(row, new File(['%PDF-1.4'], 'fuel.pdf', { type: 'application/pdf' }));
    const shown = await screen.findByTestId(`receipt-read-${spend().transactionId}`);
    expect(within(shown).getByText('Matches')).toBeInTheDocument();
    expect(within(shown).queryByText('Does not match')).toBeNull();
  });

  it('keeps the upload and says so when the receipt cannot be read', async () => {
    const { row } = await openSpends(attached, fail(500, 'error', 'Reader unavailable'));
    upload(row, new File(['%PDF-1.4'], 'fuel.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Could not read the receipt')).toBeInTheDocument();
    expect(screen.getByText('Receipt attached')).toBeInTheDocument();
    expect(toast.toastError).not.toHaveBeenCalled();
  });

  it('flags a date more than 3 days off and a merchant sharing no word', () => {
    expect(compareReceipt(read({ date: '2026-03-09' }), spend())).toEqual(['date']);
    expect(compareReceipt(read({ date: '2026-03-08' }), spend())).toEqual([]);
    expect(compareReceipt(read({ vendorName: 'Shoprite Ltd' }), spend())).toEqual(['merchant']);
    expect(compareReceipt(extracted(), spend())).toBeNull();
  });
});
