import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, renderApp } from '../../app/test-utils';

// 002 §2: /inflows/customers/{id} shows the customer's invoices and accepts a filter query.
const ID = '22222222-2222-4222-8222-222222222222';
const inv = (n: number, status: string) => ({
  id: `1111111${n}-1111-4111-8111-111111111111`,
  reference: `INV-000${n}`,
  createdAt: '2026-01-01T10:00:00Z',
  amount: `${n}000.00`,
  amountMinor: n * 100_000,
  status,
});
const customer = {
  id: ID,
  name: 'Bola Ade',
  email: 'bola@example.ng',
  phoneNumber: null,
  createdAt: '2026-01-01T09:00:00Z',
  invoices: [inv(1, 'pending'), inv(2, 'fullyPaid'), inv(3, 'pending')],
};

describe('customer detail: invoices filter', () => {
  it('filters the invoices by the ?status= query and by the Status select', async () => {
    const { router } = renderApp(`/inflows/customers/${ID}?status=pending`, {
      session: {},
      routes: { [`GET /api/inflows/customers/${ID}`]: ok(customer) },
    });
    expect(await screen.findByText('INV-0001')).toBeInTheDocument();
    expect(screen.getByText('INV-0003')).toBeInTheDocument();
    expect(screen.queryByText('INV-0002')).toBeNull();

    fireEvent.click(screen.getByRole('textbox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Fully paid', hidden: true }));
    expect(await screen.findByText('INV-0002')).toBeInTheDocument();
    expect(screen.queryByText('INV-0001')).toBeNull();
    await waitFor(() => expect(router.state.location.search).toBe('?status=fullyPaid'));
  });

  it('shows No data available when no invoice matches the filter', async () => {
    renderApp(`/inflows/customers/${ID}?status=cancelled`, {
      session: {},
      routes: { [`GET /api/inflows/customers/${ID}`]: ok(customer) },
    });
    expect(await screen.findByText('No data available')).toBeInTheDocument();
  });
});
