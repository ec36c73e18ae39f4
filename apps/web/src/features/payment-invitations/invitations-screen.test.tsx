import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PAYMENT_INVITATION_MSG, type PaymentInvitation } from '@owo/contract/payment-invitations';
import { fail, ok, renderApp, type Reply } from '../../app/test-utils';

const item = (over: Partial<PaymentInvitation> = {}): PaymentInvitation => ({
  id: '11111111-1111-4111-8111-111111111111',
  payerName: 'Chidi Okafor',
  payerEmail: 'chidi@example.com',
  amount: '25000.50',
  amountMinor: 2500050,
  currency: 'NGN',
  note: null,
  status: 'pending',
  method: null,
  wirePurpose: null,
  narration: null,
  paymentReference: 'PAY7K2M9QX4AB',
  transactionId: null,
  expiresAt: '2026-12-31T22:59:59.999Z',
  confirmedAt: null,
  paidAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  ...over,
});
const page = (items: PaymentInvitation[]): Reply => ({
  body: {
    status: 'success',
    message: 'OK',
    data: items,
    metadata: { pagination: { page: 1, limit: 20, totalItems: items.length, totalPages: 1 } },
  },
});

describe('payment invitations screen', () => {
  it('lists invitations, creates one with the contract’s rules, and cancels through the confirm modal', async () => {
    const { api } = renderApp('/inflows/payment-invitations', {
      session: {},
      routes: {
        'GET /api/payment-invitations': page([
          item(),
          item({
            id: '2',
            payerName: 'Bola',
            status: 'paid',
            transactionId: 't1',
            paidAt: '2026-11-21T10:00:00Z',
          }),
        ]),
        'POST /api/payment-invitations': ok(item({ id: '3' }), PAYMENT_INVITATION_MSG.created),
        [`POST /api/payment-invitations/${item().id}/cancel`]: ok(
          item({ status: 'cancelled' }),
          PAYMENT_INVITATION_MSG.cancelled,
        ),
      },
    });
    const rows = await screen.findAllByTestId('payment-invitation-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('Pending')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Paid')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'New payment invitation' }));
    const dialog = await screen.findByRole('dialog', { name: 'New payment invitation' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Enter the payer’s name')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('Payer name'), { target: { value: 'Ngozi' } });
    fireEvent.change(within(dialog).getByLabelText('Payer email'), {
      target: { value: 'ngozi@example.com' },
    });
    fireEvent.change(within(dialog).getByLabelText('Amount'), { target: { value: '1500.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(api.calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      payerName: 'Ngozi',
      payerEmail: 'ngozi@example.com',
      amount: '1500.50',
      currency: 'NGN',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Actions for Chidi Okafor' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Cancel invitation' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel payment invitation' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel invitation' }));
    await waitFor(() =>
      expect(api.calls.some((c) => c.path === `/api/payment-invitations/${item().id}/cancel`)).toBe(true),
    );
  });

  it('offers USD and GBP, sends the chosen currency, and shows the API’s refusal under Currency', async () => {
    const { api } = renderApp('/inflows/payment-invitations', {
      session: {},
      routes: {
        'GET /api/payment-invitations': page([]),
        'POST /api/payment-invitations': fail(400, 'validation-error', 'Validation failed', {
          currency: [PAYMENT_INVITATION_MSG.foreignWalletMissing],
        }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'New payment invitation' }));
    const dialog = await screen.findByRole('dialog', { name: 'New payment invitation' });
    fireEvent.change(within(dialog).getByLabelText('Payer name'), { target: { value: 'Jane Doe' } });
    fireEvent.change(within(dialog).getByLabelText('Payer email'), { target: { value: 'jane@example.com' } });
    fireEvent.change(within(dialog).getByLabelText('Amount'), { target: { value: '120' } });
    fireEvent.click(within(dialog).getByRole('textbox', { name: 'Currency' }));
    const gbp = await screen.findByRole('option', { name: /^GBP/, hidden: true });
    expect(gbp).not.toHaveAttribute('data-combobox-disabled');
    fireEvent.click(await screen.findByRole('option', { name: /^USD/, hidden: true }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText(PAYMENT_INVITATION_MSG.foreignWalletMissing)).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      currency: 'USD',
      amount: '120.00',
    });
  });
});
