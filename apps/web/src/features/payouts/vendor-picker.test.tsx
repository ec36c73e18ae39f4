// The direct payout's vendor picker (issue 37): picking a vendor after typing a search keeps it.
// Picking puts the option's label in the search box; the list searched by that label finds
// nothing, and the chosen vendor used to vanish with it (a blank vendor on the review).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, type Reply } from '../../app/test-utils';
import { draftStore } from '../../lib/drafts';
import { PAYOUT_DRAFT, type PayoutDraft } from './api';

const vendor = (id: string, name: string, accountNumber: string) => ({
  id,
  name,
  currency: 'NGN',
  email: null,
  phone: null,
  billingAddress: null,
  bankCode: '058',
  bankName: 'Guaranty Trust Bank',
  accountNumber,
  accountName: name.toUpperCase(),
  pendingBankChange: null,
  createdAt: '2026-01-01T00:00:00Z',
});
const VENDORS = [
  vendor('55555555-5555-4555-8555-555555555555', 'Ada Stores', '0123456785'),
  vendor('66666666-6666-4666-8666-666666666666', 'Bola Foods', '0987654321'),
];
const listReply = (items: unknown[]): Reply => ({
  body: {
    status: 'success',
    message: 'OK',
    data: items,
    metadata: { pagination: { page: 1, limit: 50, totalItems: items.length, totalPages: 1 } },
  },
});

afterEach(() => draftStore.clearAll());

describe('direct payout: the vendor picker', () => {
  it('keeps the vendor picked from a search, and the draft names it', async () => {
    const searches: string[] = [];
    const { router } = renderApp('/payout/direct', {
      session: { resources: '*' },
      routes: {
        'GET /api/payee': (url) => {
          const q = (url.searchParams.get('search') ?? '').toLowerCase();
          searches.push(q);
          return listReply(VENDORS.filter((v) => v.name.toLowerCase().includes(q)));
        },
      },
    });
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('radio', { name: /Standard/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const box = await screen.findByPlaceholderText('Search vendors');
    fireEvent.change(box, { target: { value: 'ada' } });
    const label = 'Ada Stores · Guaranty Trust Bank 0123456785';
    fireEvent.click(await screen.findByRole('option', { name: label }));
    await waitFor(() => expect(box).toHaveValue(label));
    // The label in the box is not sent as a search (it would find nothing).
    expect(searches).not.toContain(label.toLowerCase());
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment-details'));
    const draft = draftStore.get<PayoutDraft>(PAYOUT_DRAFT);
    expect([draft?.payeeId, draft?.payeeName]).toEqual([VENDORS[0].id, 'Ada Stores']);
  });
});
