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

describe('New partner: the bank account name check (issue 37)', () => {
  it("shows the bank's name and warns above Save when the account is someone else's", async () => {
    const { api } = renderApp('/inflows/partners', {
      session: {},
      routes: {
        'GET /api/inflows/partners': empty,
        'GET /api/content/payout/local/banks': ok([{ code: '058', name: 'GTBank' }]),
        'GET /api/content/payout/local/validate': ok({ accountName: 'CHIDINMA ADAEZE OKAFOR' }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'New Partner' }));
    const dialog = await screen.findByRole('dialog', { name: 'New partner' });
    const type = (label: string, value: string) =>
      fireEvent.change(within(dialog).getByLabelText(label, { exact: false }), { target: { value } });
    type('Partner name', 'Tunde Bakare');
    fireEvent.click(within(dialog).getByRole('textbox', { name: 'Bank' }));
    fireEvent.click(await screen.findByRole('option', { name: 'GTBank', hidden: true }));
    type('Account number', '0123456785');

    expect(await within(dialog).findByTestId('resolved-name')).toHaveTextContent('CHIDINMA ADAEZE OKAFOR');
    const warning = within(dialog).getByTestId('name-mismatch');
    expect(warning).toHaveTextContent(
      'The bank says this account belongs to CHIDINMA ADAEZE OKAFOR, not Tunde Bakare.',
    );
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(warning.compareDocumentPosition(save) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(api.calls.filter((c) => c.path === '/api/content/payout/local/validate')).toHaveLength(1);

    type('Partner name', 'Okafor, Chidinma A.');
    expect(within(dialog).queryByTestId('name-mismatch')).toBeNull();
  });
});
