import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, renderApp, type Reply } from '../../app/test-utils';

const wallet = { id: '33333333-3333-4333-8333-333333333333', currency: 'NGN', name: 'NGN Wallet' };
const listReply = (items: unknown[]): Reply => ({
  body: {
    status: 'success',
    message: 'OK',
    data: items,
    metadata: { pagination: { page: 1, limit: 20, totalItems: items.length, totalPages: 1 } },
  },
});

describe('New expense: the beneficiary name check (issue 37)', () => {
  it("shows the bank's name and warns above Continue when the account is someone else's", async () => {
    const { api } = renderApp('/expense/new-payment', {
      session: { resources: '*' },
      routes: {
        'GET /api/wallet': ok([{ ...wallet, balance: '100000.00', balanceMinor: 10_000_000 }]),
        'GET /api/content/payout/local/banks': ok([{ code: '058', name: 'GTBank' }]),
        'GET /api/content/payout/local/validate': ok({ accountName: 'CHIDINMA ADAEZE OKAFOR' }),
        'GET /api/account_access': listReply([]),
        'GET /api/products-and-services': listReply([]),
        'GET /api/expense/beneficiary': ok([]),
        [`POST /api/exchange/disbursement/expenses/${wallet.id}`]: ok(null),
      },
    });
    const type = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });
    await screen.findByLabelText('Beneficiary name', { exact: false });
    type('Beneficiary name', 'Kola Adewale');
    fireEvent.click(screen.getByRole('textbox', { name: 'Bank' }));
    fireEvent.click(await screen.findByRole('option', { name: 'GTBank', hidden: true }));
    type('Account number', '0123456785');

    expect(await screen.findByTestId('resolved-name')).toHaveTextContent('CHIDINMA ADAEZE OKAFOR');
    const warning = screen.getByTestId('name-mismatch');
    expect(warning).toHaveTextContent(
      'The bank says this account belongs to CHIDINMA ADAEZE OKAFOR, not Kola Adewale.',
    );
    const next = screen.getByRole('button', { name: 'Continue' });
    expect(warning.compareDocumentPosition(next) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(api.calls.filter((c) => c.path === '/api/content/payout/local/validate')).toHaveLength(1);

    type('Beneficiary name', 'CHIDINMA OKAFOR');
    expect(screen.queryByTestId('name-mismatch')).toBeNull();
  });
});
