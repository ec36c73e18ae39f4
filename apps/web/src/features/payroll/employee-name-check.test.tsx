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

describe('/payroll/employees add form: the bank account name check (issue 37)', () => {
  it("shows the bank's name for the account and warns, beside Add employee, when it is someone else", async () => {
    const { api } = renderApp('/payroll/employees', {
      session: {},
      routes: {
        'GET /api/payrolls/employees': empty,
        'GET /api/content/payout/local/banks': ok([{ code: '058', name: 'GTBank' }]),
        'GET /api/content/payout/local/validate': ok({ accountName: 'CHIDINMA ADAEZE OKAFOR' }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add employee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add employee' });
    const type = (label: string, value: string) =>
      fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    type('Full name', 'Emeka Nwosu');
    fireEvent.click(within(dialog).getByRole('textbox', { name: 'Bank' }));
    fireEvent.click(await screen.findByRole('option', { name: 'GTBank', hidden: true }));
    type('Account number', '0123456785');

    expect(await within(dialog).findByTestId('resolved-name')).toHaveTextContent('CHIDINMA ADAEZE OKAFOR');
    const warning = within(dialog).getByTestId('name-mismatch');
    expect(warning).toHaveTextContent(
      'The bank says this account belongs to CHIDINMA ADAEZE OKAFOR, not Emeka Nwosu. Check the number before you continue.',
    );
    // the warning sits right above the buttons, so it is read before Add employee
    const buttons = within(dialog).getByRole('button', { name: 'Add employee' }).parentElement!;
    expect(warning.compareDocumentPosition(buttons) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(api.calls.filter((c) => c.path === '/api/content/payout/local/validate')).toHaveLength(1);
    const lookup = api.calls.find((c) => c.path === '/api/content/payout/local/validate')!;
    expect(Object.fromEntries(lookup.url.searchParams)).toEqual({
      bankCode: '058',
      accountNumber: '0123456785',
    });

    // the name as the bank has it, in another order and case: no warning
    type('Full name', 'okafor chidinma');
    expect(within(dialog).queryByTestId('name-mismatch')).toBeNull();
    expect(within(dialog).getByTestId('resolved-name')).toHaveTextContent('CHIDINMA ADAEZE OKAFOR');
  });
});
