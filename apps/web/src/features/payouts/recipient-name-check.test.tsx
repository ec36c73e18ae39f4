import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ok, renderApp } from '../../app/test-utils';
import { draftStore } from '../../lib/drafts';
import { PAY_SOMEONE_DRAFT, type PaySomeoneDraft } from './pay-someone/api';

const draft = {
  idempotencyKey: 'k1',
  amountAndSource: {
    walletId: 'w1',
    walletCurrency: 'NGN',
    amount: '5000',
    currency: 'NGN',
    quote: {} as never,
    isPaymentRequired: true,
  },
} satisfies PaySomeoneDraft;

afterEach(() => draftStore.clearAll());

describe('Pay someone, new recipient: the bank account name check (issue 37)', () => {
  it("shows the bank's name and warns above Continue when the account is someone else's", async () => {
    draftStore.set(PAY_SOMEONE_DRAFT, draft);
    const { api } = renderApp('/pay-someone/recipient', {
      session: {},
      routes: {
        'GET /api/payee': ok([]),
        'GET /api/content/payout/local/banks': ok([{ code: '058', name: 'GTBank' }]),
        'GET /api/content/payout/local/validate': ok({ accountName: 'CHIDINMA ADAEZE OKAFOR' }),
      },
    });
    const type = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });
    await screen.findByLabelText('Recipient name', { exact: false });
    type('Recipient name', 'Emeka Nwosu');
    fireEvent.click(screen.getByRole('textbox', { name: 'Bank' }));
    fireEvent.click(await screen.findByRole('option', { name: 'GTBank', hidden: true }));
    type('Account number', '0123456785');

    expect(await screen.findByTestId('resolved-name')).toHaveTextContent('CHIDINMA ADAEZE OKAFOR');
    const warning = screen.getByTestId('name-mismatch');
    expect(warning).toHaveTextContent(
      'The bank says this account belongs to CHIDINMA ADAEZE OKAFOR, not Emeka Nwosu.',
    );
    const next = screen.getByRole('button', { name: 'Continue' });
    expect(warning.compareDocumentPosition(next) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(api.calls.filter((c) => c.path === '/api/content/payout/local/validate')).toHaveLength(1);

    type('Recipient name', 'Chidinma Okafor');
    expect(screen.queryByTestId('name-mismatch')).toBeNull();
  });
});
