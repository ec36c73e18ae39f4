import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, renderApp } from '../../app/test-utils';

// Issue 37: the public pay page names the company with its mark, and each bank detail has a Copy
// button (the account number and the amount go to the clipboard as the payer's bank app wants them).
const TOKEN = 'a'.repeat(43);
const invoice = {
  companyName: 'Kano Foods Limited',
  reference: 'INV-0007',
  customerName: 'Ada Stores',
  status: 'pending',
  products: [
    {
      name: 'Rice',
      price: '1000.00',
      priceMinor: 100_000,
      quantity: 2,
      amount: '2000.00',
      amountMinor: 200_000,
    },
  ],
  amount: '2000.00',
  amountMinor: 200_000,
  amountPaid: '0.00',
  amountPaidMinor: 0,
  amountDue: '1500.50',
  amountDueMinor: 150_050,
  nextDueDate: '2026-12-10',
  accountNumber: '9912345678',
  bankName: 'Wema Bank',
  accountName: 'Owo / Kano Foods Limited',
};

afterEach(() => vi.unstubAllGlobals());

describe('the public pay page', () => {
  it('shows the company and its initials, and copies the account number and the amount due', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderApp(`/payment-collection/invoice/${TOKEN}`, {
      routes: { [`GET /api/public/invoices/${TOKEN}`]: ok(invoice) },
    });
    expect(await screen.findByTestId('pay-company')).toHaveTextContent('Kano Foods Limited');
    expect(screen.getByText('KF')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Pay invoice' })).toBeInTheDocument();
    expect(screen.getByTestId('pay-account-number')).toHaveTextContent('9912345678');

    fireEvent.click(screen.getByRole('button', { name: 'Copy account number' }));
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith('9912345678'));
    expect(await screen.findByText('Copied')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Copy amount' }));
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith('1500.50'));
  });
});
