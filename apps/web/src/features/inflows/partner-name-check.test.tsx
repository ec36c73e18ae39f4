import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listOk, renderApp } from '../../app/test-utils';
import { enterAccount, expectMismatch, NAME_CHECK_ROUTES, typeInto } from '../../app/name-check-testing';

describe('New partner: the bank account name check (issue 37)', () => {
  it("shows the bank's name and warns above Save when the account is someone else's", async () => {
    const { api } = renderApp('/inflows/partners', {
      session: {},
      routes: { 'GET /api/inflows/partners': listOk(), ...NAME_CHECK_ROUTES },
    });
    (await screen.findByRole('button', { name: 'New Partner' })).click();
    const dialog = within(await screen.findByRole('dialog', { name: 'New partner' }));
    typeInto(dialog, 'Partner name', 'Tunde Bakare');
    await enterAccount(dialog);
    await expectMismatch(dialog, api.calls, 'Tunde Bakare', 'Save');

    typeInto(dialog, 'Partner name', 'Okafor, Chidinma A.');
    expect(dialog.queryByTestId('name-mismatch')).toBeNull();
  });
});
