import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listOk, renderApp } from '../../app/test-utils';
import {
  BANK_NAME,
  enterAccount,
  expectMismatch,
  NAME_CHECK_ROUTES,
  typeInto,
} from '../../app/name-check-testing';

describe('/payroll/employees add form: the bank account name check (issue 37)', () => {
  it("shows the bank's name for the account and warns, beside Add employee, when it is someone else", async () => {
    const { api } = renderApp('/payroll/employees', {
      session: {},
      routes: { 'GET /api/payrolls/employees': listOk(), ...NAME_CHECK_ROUTES },
    });
    (await screen.findByRole('button', { name: 'Add employee' })).click();
    const dialog = within(await screen.findByRole('dialog', { name: 'Add employee' }));
    typeInto(dialog, 'Full name', 'Emeka Nwosu');
    await enterAccount(dialog);
    await expectMismatch(dialog, api.calls, 'Emeka Nwosu', 'Add employee');
    expect(dialog.getByTestId('name-mismatch')).toHaveTextContent('Check the number before you continue.');
    const lookup = api.calls.find((c) => c.path === '/api/content/payout/local/validate')!;
    expect(Object.fromEntries(lookup.url.searchParams)).toEqual({
      bankCode: '058',
      accountNumber: '0123456785',
    });

    // the name as the bank has it, in another order and case: no warning
    typeInto(dialog, 'Full name', 'okafor chidinma');
    expect(dialog.queryByTestId('name-mismatch')).toBeNull();
    expect(dialog.getByTestId('resolved-name')).toHaveTextContent(BANK_NAME);
  });
});
