import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { listOk, renderApp } from '../../app/test-utils';
import { draftStore } from '../../lib/drafts';
import { enterAccount, expectMismatch, NAME_CHECK_ROUTES, typeInto } from '../../app/name-check-testing';
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
      routes: { 'GET /api/payee': listOk(), ...NAME_CHECK_ROUTES },
    });
    const page = within(document.body);
    await screen.findByLabelText('Recipient name', { exact: false });
    typeInto(page, 'Recipient name', 'Emeka Nwosu');
    await enterAccount(page);
    await expectMismatch(page, api.calls, 'Emeka Nwosu', 'Continue');

    typeInto(page, 'Recipient name', 'Chidinma Okafor');
    expect(screen.queryByTestId('name-mismatch')).toBeNull();
  });
});
