// Test kit for a form's bank account name check (issue 37): the routes that resolve 0123456785 at
// GTBank to CHIDINMA ADAEZE OKAFOR, picking the bank and typing the number, and the checks every
// form makes (the bank's name shown, the warning right above the form's button, one lookup).
import { fireEvent, screen, type BoundFunctions, type queries } from '@testing-library/react';
import { expect } from 'vitest';
import { ok, type Handler } from './test-utils';

export const BANK_NAME = 'CHIDINMA ADAEZE OKAFOR';
export const NAME_CHECK_ROUTES: Record<string, Handler> = {
  'GET /api/content/payout/local/banks': ok([{ code: '058', name: 'GTBank' }]),
  'GET /api/content/payout/local/validate': ok({ accountName: BANK_NAME }),
};

type Scope = BoundFunctions<typeof queries>;

/** Types into the field labelled `label` (required marks ignored). */
export const typeInto = (scope: Scope, label: string, value: string) =>
  fireEvent.change(scope.getByLabelText(label, { exact: false }), { target: { value } });

/** Picks GTBank and types the sandbox account number. */
export async function enterAccount(scope: Scope) {
  fireEvent.click(scope.getByRole('textbox', { name: 'Bank' }));
  fireEvent.click(await screen.findByRole('option', { name: 'GTBank', hidden: true }));
  typeInto(scope, 'Account number', '0123456785');
}

/** The bank's name is shown, the warning names both and sits above `button`, one lookup was made. */
export async function expectMismatch(scope: Scope, calls: { path: string }[], typed: string, button: string) {
  expect(await scope.findByTestId('resolved-name')).toHaveTextContent(BANK_NAME);
  const warning = scope.getByTestId('name-mismatch');
  expect(warning).toHaveTextContent(`The bank says this account belongs to ${BANK_NAME}, not ${typed}.`);
  const next = scope.getByRole('button', { name: button });
  expect(warning.compareDocumentPosition(next) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  expect(calls.filter((c) => c.path === '/api/content/payout/local/validate')).toHaveLength(1);
}
