import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listOk, ok, renderApp } from '../../app/test-utils';
import { enterAccount, expectMismatch, NAME_CHECK_ROUTES, typeInto } from '../../app/name-check-testing';

const wallet = { id: '33333333-3333-4333-8333-333333333333', currency: 'NGN', name: 'NGN Wallet' };

describe('New expense: the beneficiary name check (issue 37)', () => {
  it("shows the bank's name and warns above Continue when the account is someone else's", async () => {
    const { api } = renderApp('/expense/new-payment', {
      session: { resources: '*' },
      routes: {
        'GET /api/wallet': ok([{ ...wallet, balance: '100000.00', balanceMinor: 10_000_000 }]),
        'GET /api/account_access': listOk(),
        'GET /api/products-and-services': listOk(),
        'GET /api/expense/beneficiary': ok([]),
        [`POST /api/exchange/disbursement/expenses/${wallet.id}`]: ok(null),
        ...NAME_CHECK_ROUTES,
      },
    });
    const page = within(document.body);
    await screen.findByLabelText('Beneficiary name', { exact: false });
    typeInto(page, 'Beneficiary name', 'Kola Adewale');
    await enterAccount(page);
    await expectMismatch(page, api.calls, 'Kola Adewale', 'Continue');

    typeInto(page, 'Beneficiary name', 'CHIDINMA OKAFOR');
    expect(screen.queryByTestId('name-mismatch')).toBeNull();
  });
});
