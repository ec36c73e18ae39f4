import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, renderApp, type Handler } from '../../app/test-utils';

// 002 §2: /inflows/customers/{id} shows the customer's invoices and accepts a filter query. The
// invoices are the invoice list kit's, filtered by the server to the customer (`customerId`).
const ID = '22222222-2222-4222-8222-222222222222';
const OTHER = '33333333-3333-4333-8333-333333333333';
const inv = (n: number, status: string, customerId = ID) => ({
  id: `1111111${n}-1111-4111-8111-111111111111`,
  reference: `INV-000${n}`,
  createdAt: '2026-01-01T10:00:00Z',
  amount: `${n}000.00`,
  amountMinor: n * 100_000,
  status,
  approvalStatus: 'approved',
  customer: { id: customerId, name: customerId === ID ? 'Bola Ade' : 'Other Ltd' },
});
const INVOICES = [inv(1, 'pending'), inv(2, 'fullyPaid'), inv(3, 'pending'), inv(4, 'pending', OTHER)];
const customer = {
  id: ID,
  name: 'Bola Ade',
  email: 'bola@example.ng',
  phoneNumber: null,
  createdAt: '2026-01-01T09:00:00Z',
  invoices: [],
};
/** The server's filter: this customer's invoices, by the list kit's `where` status. */
const invoiceList: Handler = (url) => {
  const where = JSON.parse(url.searchParams.get('where') ?? '{}') as { status?: string };
  const items = INVOICES.filter(
    (i) =>
      i.customer.id === url.searchParams.get('customerId') && (!where.status || i.status === where.status),
  );
  return {
    body: {
      status: 'success',
      message: 'OK',
      data: items,
      metadata: { pagination: { page: 1, limit: 10, totalItems: items.length, totalPages: 1 } },
    },
  };
};
const routes = {
  [`GET /api/inflows/customers/${ID}`]: ok(customer),
  'GET /api/inflows/invoice': invoiceList,
};

describe('customer detail: invoices filter', () => {
  it('lists only this customer’s invoices, filtered by the ?status= query and by the status select', async () => {
    const { router, api } = renderApp(`/inflows/customers/${ID}?status=pending`, { session: {}, routes });
    expect(await screen.findByText('INV-0001')).toBeInTheDocument();
    expect(screen.getByText('INV-0003')).toBeInTheDocument();
    expect(screen.queryByText('INV-0002')).toBeNull();
    expect(screen.queryByText('INV-0004')).toBeNull(); // another customer's
    const reads = api.calls.filter((c) => c.path === '/api/inflows/invoice');
    expect(reads.every((c) => c.url.searchParams.get('customerId') === ID)).toBe(true);

    fireEvent.click(screen.getByRole('textbox', { name: 'Payment status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Fully paid', hidden: true }));
    expect(await screen.findByText('INV-0002')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('INV-0001')).toBeNull());
    await waitFor(() => expect(router.state.location.search).toBe('?status=fullyPaid'));
  });

  it('shows No data available when no invoice matches the filter', async () => {
    renderApp(`/inflows/customers/${ID}?status=cancelled`, { session: {}, routes });
    expect(await screen.findByText('No data available')).toBeInTheDocument();
  });
});
