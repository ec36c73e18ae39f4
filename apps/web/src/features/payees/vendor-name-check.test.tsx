import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, renderApp } from '../../app/test-utils';

const empty = {
  body: {
    status: 'success',
    message: 'OK',
    data: [],
    metadata: { pagination: { page: 1, limit: 20, totalItems: 0, totalPages: 0 } },
  },
};

describe('Add vendor: the bank account name check (issue 37)', () => {
  it("shows the bank's name and warns above Add vendor when it is someone else's account", async () => {
    const { api } = renderApp('/vendors', {
      session: {},
      routes: {
        'GET /api/payee': empty,
        'GET /api/content/payout/local/banks': ok([{ code: '058', name: 'GTBank' }]),
        'GET /api/content/payout/local/validate': ok({ accountName: 'CHIDINMA ADAEZE OKAFOR' }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add vendor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add vendor' });
    const type = (label: string, value: string) =>
      fireEvent.change(within(dialog).getByLabelText(label, { exact: false }), { target: { value } });
    type('Name', 'Bright Print Ltd');
    fireEvent.click(within(dialog).getByRole('textbox', { name: 'Bank' }));
    fireEvent.click(await screen.findByRole('option', { name: 'GTBank', hidden: true }));
    type('Account number', '0123456785');

    expect(await within(dialog).findByTestId('resolved-name')).toHaveTextContent('CHIDINMA ADAEZE OKAFOR');
    const warning = within(dialog).getByTestId('name-mismatch');
    expect(warning).toHaveTextContent(
      'The bank says this account belongs to CHIDINMA ADAEZE OKAFOR, not Bright Print Ltd.',
    );
    const submit = within(dialog).getByRole('button', { name: 'Add vendor' });
    expect(warning.compareDocumentPosition(submit) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(api.calls.filter((c) => c.path === '/api/content/payout/local/validate')).toHaveLength(1);

    // the same person as the bank has it, a title and another order: no warning
    type('Name', 'Mrs Okafor Chidinma');
    expect(within(dialog).queryByTestId('name-mismatch')).toBeNull();
  });
});
