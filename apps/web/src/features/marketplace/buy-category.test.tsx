import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { WalletDto } from '@owo/contract';
import type { PayoutCategory } from '@owo/contract/categories';
import type { Meter } from '@owo/contract/marketplace';
import { fail, ok, renderApp, type Handler } from '../../app/test-utils';

const wallet: WalletDto = {
  id: '11111111-1111-4111-8111-111111111111',
  currency: 'NGN',
  name: 'NGN Wallet',
  balance: '500000.00',
  balanceMinor: 50_000_000,
  pendingBalance: '0.00',
  pendingBalanceMinor: 0,
  virtualAccount: null,
  createdAt: '2026-01-01T00:00:00Z',
};
const meter: Meter = {
  id: '22222222-2222-4222-8222-222222222222',
  meterNo: '45031234567',
  name: 'ADA OBI',
  address: '1 Marina, Lagos',
  disco: 'IKEDC',
  vendType: 'prepaid',
  label: 'Head office',
  phoneNo: '08030000000',
  email: '',
  state: 'Lagos',
  createdAt: '2026-03-01T00:00:00Z',
};
const category: PayoutCategory = {
  id: '33333333-3333-4333-8333-333333333333',
  name: 'Electricity',
  parentId: null,
  budget: '10000.00',
  budgetMinor: 1_000_000,
  createdAt: '2026-03-01T00:00:00Z',
};
const page = (items: unknown[]): Handler => ({
  body: {
    status: 'success',
    message: 'OK',
    data: items,
    metadata: { pagination: { page: 1, limit: 20, totalItems: items.length, totalPages: 1 } },
  },
});

async function pick(label: string | RegExp, option: string | RegExp) {
  fireEvent.click(await screen.findByRole('textbox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

async function buySingle(buy: Handler) {
  const app = renderApp('/marketplace', {
    session: {},
    routes: {
      'GET /api/marketplace/transactions': page([]),
      'GET /api/marketplace/assets/meters': page([meter]),
      'GET /api/wallet': ok([wallet]),
      'GET /api/payout/category': ok([category]),
      'POST /api/marketplace/electricity/asset/bulk': buy,
    },
  });
  fireEvent.click(await screen.findByRole('button', { name: 'Buy Electricity' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
  await pick('Meter', /45031234567/);
  fireEvent.change(screen.getByRole('textbox', { name: 'Amount (₦)' }), { target: { value: '4000' } });
  await pick(/Budget category/, /Electricity/);
  fireEvent.click(screen.getByRole('button', { name: 'Review Order' }));
  // (the header has its own Make Payment button)
  const dialog = await screen.findByRole('dialog', { name: 'Review your order' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Make Payment' }));
  return app;
}

describe('Buy Electricity: the budget category', () => {
  it('sends the chosen categoryId with the purchase', async () => {
    const { api } = await buySingle(
      ok({ orderId: 'o1', total: '4000.00', totalMinor: 400_000, vendings: [] }, 'Vending order created'),
    );
    expect(await screen.findByText('Payment Initiated')).toBeInTheDocument();
    const call = api.calls.find(
      (c) => c.method === 'POST' && c.path === '/api/marketplace/electricity/asset/bulk',
    );
    expect(call?.body).toEqual({
      walletId: wallet.id,
      assets: [{ assetId: meter.id, amount: '4000' }],
      categoryId: category.id,
    });
  });

  it("shows the API's over-budget 422 on the category field", async () => {
    const msg = 'This purchase would exceed the budget of Electricity';
    await buySingle(fail(422, 'validation-error', msg, { categoryId: [msg] }));
    await waitFor(() => expect(screen.getAllByText(msg).length).toBeGreaterThan(0));
    // back on the form, the message under the picker
    expect(screen.getByRole('textbox', { name: /Budget category/ })).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('Buy Electricity for multiple meters: the budget category', () => {
  it("shows the API's over-budget 422 on the review, then under the picker once back on the form", async () => {
    const msg = 'This purchase would exceed the budget of Electricity';
    const { api } = renderApp('/marketplace/buy-electricity', {
      session: {},
      routes: {
        'GET /api/marketplace/assets/meters': page([meter]),
        'GET /api/wallet': ok([wallet]),
        'GET /api/payout/category': ok([category]),
        'POST /api/marketplace/electricity/asset/bulk': fail(422, 'validation-error', msg, {
          categoryId: [msg],
        }),
      },
    });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select 45031234567' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Amount for 45031234567' }), {
      target: { value: '4000' },
    });
    await pick(/Budget category/, /Electricity/);
    fireEvent.click(screen.getByRole('button', { name: 'Review Order' }));

    await screen.findByRole('heading', { name: 'Review your order' });
    // (the header's Make Payment opens a menu; the order's own button does not)
    const pay = screen
      .getAllByRole('button', { name: 'Make Payment' })
      .find((b) => !b.hasAttribute('aria-haspopup'))!;
    fireEvent.click(pay);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(msg)).toBeInTheDocument();
    const call = api.calls.find(
      (c) => c.method === 'POST' && c.path === '/api/marketplace/electricity/asset/bulk',
    );
    expect(call?.body).toEqual({
      walletId: wallet.id,
      assets: [{ assetId: meter.id, amount: '4000' }],
      categoryId: category.id,
    });

    fireEvent.click(within(alert).getByRole('button', { name: 'Change the category' }));
    await screen.findByRole('heading', { name: 'Buy electricity for multiple meters' });
    const picker = screen.getByRole('textbox', { name: /Budget category/ });
    expect(picker).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(msg)).toBeInTheDocument();
    // the draft keeps the order; choosing again clears the message
    expect(screen.getByRole('checkbox', { name: 'Select 45031234567' })).toBeChecked();
    await pick(/Budget category/, /Electricity/);
    await waitFor(() => expect(screen.queryByText(msg)).toBeNull());
    expect(screen.getByRole('textbox', { name: /Budget category/ })).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });
});
