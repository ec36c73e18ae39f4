import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { PAYMENT_INVITATION_MSG, type PublicPaymentInvitation } from '@owo/contract/payment-invitations';
import { PAY_SOMEONE_MSG } from '@owo/contract/payouts-pay-someone';
import { fail, ok, renderApp } from '../../app/test-utils';
import { draftStore } from '../../lib/drafts';

beforeEach(() => draftStore.clearAll());

const REF = 'a'.repeat(32);
const invitation = (over: Partial<PublicPaymentInvitation> = {}): PublicPaymentInvitation => ({
  companyName: 'Acme Ltd',
  payerName: 'Chidi Okafor',
  amount: '25000.50',
  amountMinor: 2500050,
  currency: 'NGN',
  status: 'pending',
  expiresAt: '2026-12-31T22:59:59.999Z',
  method: null,
  paymentReference: 'PAY7K2M9QX4AB',
  methods: [
    {
      method: 'bankTransfer',
      currency: 'NGN',
      available: true,
      details: {
        currency: 'NGN',
        accountNumber: '9900112233',
        accountName: 'ACME LTD',
        bankName: 'Providus Bank',
        bankCode: '101',
        swiftCode: null,
        routingNumber: null,
        sortCode: null,
        iban: null,
      },
    },
    { method: 'usdAccount', currency: 'USD', available: false, details: null },
    { method: 'gbpAccount', currency: 'GBP', available: false, details: null },
  ],
  ...over,
});

describe('payment invitation public wizard', () => {
  it('amount → methods → transfer-info → review → confirm → success, with no sign-in', async () => {
    const { api } = renderApp(`/payment-invitation/${REF}`, {
      routes: {
        [`GET /api/public/payment-invitations/${REF}`]: ok(invitation()),
        [`POST /api/public/payment-invitations/${REF}/confirm`]: ok(null, PAYMENT_INVITATION_MSG.confirmed),
      },
    });
    expect(await screen.findByText('Acme Ltd requests a payment')).toBeInTheDocument();
    expect(screen.getByTestId('invitation-amount')).toHaveTextContent('25,000.50');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText('How will you pay?')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /USD account details/ })).toBeDisabled();
    expect(screen.getAllByText('This invitation is in NGN')).toHaveLength(2);
    expect(screen.getByRole('radio', { name: /Bank transfer/ })).toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));

    const info = await screen.findByTestId('transfer-info');
    expect(info).toHaveTextContent('9900112233');
    expect(info).toHaveTextContent('Providus Bank');
    // The payment reference the deposit is matched by, to put in the transfer's narration.
    expect(info).toHaveTextContent('PAY7K2M9QX4AB');
    expect(screen.getByText(/Put this reference in your transfer’s narration/)).toBeInTheDocument();
    expect(screen.queryByText(/as a wire/)).toBeNull();
    expect(info).toHaveTextContent('ACME LTD');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));

    // NGN skips the wire-purpose step.
    expect(await screen.findByText('Review')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'I have sent the money' }));
    expect(await screen.findByTestId('payment-invitation-success')).toBeInTheDocument();
    const confirm = api.calls.find((c) => c.method === 'POST');
    expect(confirm?.path).toBe(`/api/public/payment-invitations/${REF}/confirm`);
    expect(confirm?.body).toEqual({ method: 'bankTransfer', wirePurpose: null, narration: null });
  });

  it('a deep link to a later step without a choice goes back to methods', async () => {
    renderApp(`/payment-invitation/${REF}/review`, {
      routes: { [`GET /api/public/payment-invitations/${REF}`]: ok(invitation()) },
    });
    expect(await screen.findByText('How will you pay?')).toBeInTheDocument();
  });

  it('shows a clear page for unknown, expired and cancelled links, and for a confirmed one', async () => {
    renderApp(`/payment-invitation/${REF}`, {
      routes: {
        [`GET /api/public/payment-invitations/${REF}`]: fail(410, 'expired', PAYMENT_INVITATION_MSG.expired),
      },
    });
    expect(await screen.findByText('Link expired')).toBeInTheDocument();
    expect(screen.getByText(PAYMENT_INVITATION_MSG.expired)).toBeInTheDocument();
  });

  it('cancelled and unknown links', async () => {
    renderApp(`/payment-invitation/${REF}`, {
      routes: {
        [`GET /api/public/payment-invitations/${REF}`]: fail(
          410,
          'cancelled',
          PAYMENT_INVITATION_MSG.cancelledLink,
        ),
      },
    });
    expect(await screen.findByText('Invitation cancelled')).toBeInTheDocument();
  });

  it('unknown link', async () => {
    renderApp(`/payment-invitation/nope`, {
      routes: {
        'GET /api/public/payment-invitations/nope': fail(404, 'not-found', PAYMENT_INVITATION_MSG.unknown),
      },
    });
    expect(await screen.findByText('Link not valid')).toBeInTheDocument();
  });

  it('an already confirmed invitation says so instead of asking again', async () => {
    renderApp(`/payment-invitation/${REF}/methods`, {
      routes: {
        [`GET /api/public/payment-invitations/${REF}`]: ok(
          invitation({ status: 'payerConfirmed', method: 'bankTransfer', methods: [] }),
        ),
      },
    });
    expect(await screen.findByText('Payment confirmed')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('How will you pay?')).not.toBeInTheDocument());
  });
});

describe('payment invitation wire purpose (USD/GBP)', () => {
  it('asks for a purpose and narration with the pay-someone wording before review', async () => {
    const usd = invitation({
      currency: 'USD',
      methods: [
        { method: 'bankTransfer', currency: 'NGN', available: false, details: null },
        {
          method: 'usdAccount',
          currency: 'USD',
          available: true,
          details: {
            currency: 'USD',
            accountNumber: '812345678901',
            accountName: 'Owo/ACME LTD',
            bankName: 'Community Federal Savings Bank',
            bankCode: 'CMFGUS33',
            swiftCode: 'CMFGUS33',
            routingNumber: '026073150',
            sortCode: null,
            iban: null,
          },
        },
        { method: 'gbpAccount', currency: 'GBP', available: false, details: null },
      ],
    });
    const { api } = renderApp(`/payment-invitation/${REF}/methods`, {
      routes: {
        [`GET /api/public/payment-invitations/${REF}`]: ok(usd),
        [`POST /api/public/payment-invitations/${REF}/confirm`]: ok(null, PAYMENT_INVITATION_MSG.confirmed),
      },
    });
    expect(await screen.findByRole('radio', { name: /USD account details/ })).toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const info = await screen.findByTestId('transfer-info');
    expect(info).toHaveTextContent('812345678901');
    expect(info).toHaveTextContent('Routing number (ABA)026073150');
    expect(info).toHaveTextContent('SWIFT/BICCMFGUS33');
    expect(info).toHaveTextContent('Community Federal Savings Bank');
    expect(info).not.toHaveTextContent('Sort code');
    expect(
      screen.getByText(/can match it\. Send it as a wire in USD; you state its purpose next\.$/),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Purpose of the payment')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(PAY_SOMEONE_MSG.wirePurposeRequired)).toBeInTheDocument();
    expect(screen.getByText(PAY_SOMEONE_MSG.purposeNarrationRequired)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('textbox', { name: 'Purpose' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Payment for services', hidden: true }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Narration' }), {
      target: { value: 'March consulting' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Review')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'I have sent the money' }));
    await screen.findByTestId('payment-invitation-success');
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      method: 'usdAccount',
      wirePurpose: 'services',
      narration: 'March consulting',
    });
  });
});

describe('payment invitation GBP details', () => {
  it('shows the sort code in pairs and the IBAN in groups of four, and no routing number', async () => {
    const gbp = invitation({
      currency: 'GBP',
      amount: '80.00',
      amountMinor: 8000,
      methods: [
        { method: 'bankTransfer', currency: 'NGN', available: false, details: null },
        { method: 'usdAccount', currency: 'USD', available: false, details: null },
        {
          method: 'gbpAccount',
          currency: 'GBP',
          available: true,
          details: {
            currency: 'GBP',
            accountNumber: '41234567',
            accountName: 'Owo/ACME LTD',
            bankName: 'ClearBank',
            bankCode: 'CLRBGB22',
            swiftCode: 'CLRBGB22',
            routingNumber: null,
            sortCode: '040605',
            iban: 'GB64CLRB04060541234567',
          },
        },
      ],
    });
    renderApp(`/payment-invitation/${REF}/methods`, {
      routes: { [`GET /api/public/payment-invitations/${REF}`]: ok(gbp) },
    });
    expect(await screen.findByRole('radio', { name: /GBP account details/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Bank transfer/ })).toBeDisabled();
    expect(screen.getAllByText('This invitation is in GBP')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const info = await screen.findByTestId('transfer-info');
    expect(info).toHaveTextContent('Sort code04-06-05');
    expect(info).toHaveTextContent('IBANGB64 CLRB 0406 0541 2345 67');
    expect(info).toHaveTextContent('41234567');
    expect(info).toHaveTextContent('£80.00');
    expect(info).not.toHaveTextContent('Routing number');
  });
});
