import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listOk, renderApp } from '../../app/test-utils';
import { enterAccount, expectMismatch, NAME_CHECK_ROUTES, typeInto } from '../../app/name-check-testing';

describe('Add vendor: the bank account name check (issue 37)', () => {
  it("shows the bank's name and warns above Add vendor when it is someone else's account", async () => {
    const { api } = renderApp('/vendors', {
      session: {},
      routes: { 'GET /api/payee': listOk(), ...NAME_CHECK_ROUTES },
    });
    (await screen.findByRole('button', { name: 'Add vendor' })).click();
    const dialog = within(await screen.findByRole('dialog', { name: 'Add vendor' }));
    typeInto(dialog, 'Name', 'Bright Print Ltd');
    await enterAccount(dialog);
    await expectMismatch(dialog, api.calls, 'Bright Print Ltd', 'Add vendor');

    // the same person as the bank has it, a title and another order: no warning
    typeInto(dialog, 'Name', 'Mrs Okafor Chidinma');
    expect(dialog.queryByTestId('name-mismatch')).toBeNull();
  });
});
