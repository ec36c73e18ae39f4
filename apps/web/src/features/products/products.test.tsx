import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PayoutAsset, Product } from '@owo/contract';
import { fail, ok, renderApp } from '../../app/test-utils';

const page = <T,>(items: T[]) => ({
  body: {
    status: 'success',
    message: 'OK',
    data: items,
    metadata: { pagination: { page: 1, limit: 15, totalItems: items.length, totalPages: 1 } },
  },
});
const product = (over: Partial<Product> = {}): Product => ({
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Diesel (litre)',
  description: null,
  amount: '1250.50',
  amountMinor: 125_050,
  category: 'Outflow',
  quantity: 1,
  total: '1250.50',
  totalMinor: 125_050,
  ...over,
});
const asset: PayoutAsset = {
  id: '22222222-2222-4222-8222-222222222222',
  type: 'Generator',
  brand: 'Mikano',
  modelNo: 'MK-20',
  serialNo: 'SN-1',
  location: 'Ikeja',
  active: true,
  inventory: [],
  value: '0.00',
  valueMinor: 0,
  createdAt: '2026-01-01T00:00:00Z',
};

describe('products and assets screens', () => {
  it('adds a product from /assets/products: Outflow × 1 by default, sent as typed, modal closes on success', async () => {
    const { api } = renderApp('/assets/products', {
      session: {},
      routes: {
        'GET /api/products-and-services': page([]),
        'POST /api/products-and-services': ok(product(), 'New Products addedd successfully'),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add product' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add product' });
    fireEvent.change(within(dialog).getByLabelText(/Name/), { target: { value: 'Diesel (litre)' } });
    fireEvent.change(within(dialog).getByLabelText(/Price/), { target: { value: '1250.50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add product' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({
      name: 'Diesel (litre)',
      description: null,
      amount: '1250.50',
      category: 'Outflow',
      quantity: 1,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add product' })).toBeNull());
  });

  it("shows the product fetch error in red inside 'Manage payment products'", async () => {
    renderApp('/asset-list', {
      session: {},
      routes: {
        'GET /api/payout-asset': page([asset]),
        'GET /api/products-and-services': fail(422, 'error', 'Products are unavailable'),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add asset' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add asset' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Manage products' }));
    const picker = await screen.findByRole('dialog', { name: 'Manage payment products' });
    const err = await within(picker).findByTestId('product-fetch-error');
    expect(err).toHaveTextContent('Products are unavailable');
    expect(err.getAttribute('style') ?? '').toMatch(/red/);
  });

  it('shows every required asset field message and sends nothing', async () => {
    const { api } = renderApp('/asset-list', {
      session: {},
      routes: { 'GET /api/payout-asset': page([]) },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add asset' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add asset' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add asset' }));
    for (const m of [
      'Type is required',
      'Brand is required',
      'Model number is required',
      'Serial number is required',
      'Location is required',
    ])
      expect(await within(dialog).findByText(m)).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
