import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PAYROLL_MSG } from '@owo/contract/payroll';
import { ok, renderApp } from '../../app/test-utils';
import { toastSuccess } from '../../lib/toast';

vi.mock('../../lib/toast', () => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));
beforeEach(() => vi.mocked(toastSuccess).mockReset());

const empty = {
  body: {
    status: 'success',
    message: 'OK',
    data: [],
    metadata: { pagination: { page: 1, limit: 20, totalItems: 0, totalPages: 0 } },
  },
};

describe('/payroll/employees add form: remittance details', () => {
  it('sends state of residence, PFA, RSA PIN (upper-cased) and NHF number, checking the PIN first', async () => {
    const { api } = renderApp('/payroll/employees', {
      session: {},
      routes: {
        'GET /api/payrolls/employees': empty,
        'GET /api/content/payout/local/banks': ok([{ code: '058', name: 'GTBank' }]),
        'POST /api/payrolls/employees/add': {
          status: 201,
          body: { status: 'success', message: PAYROLL_MSG.employeesUpdated, data: [] },
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add employee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add employee' });
    const type = (label: string | RegExp, value: string) =>
      fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    type('Full name', 'Ada Obi');
    type('Email', 'ada@acme.ng');
    type('Monthly gross (₦)', '150000');
    type('Account number', '0123456789');
    fireEvent.click(within(dialog).getByRole('textbox', { name: 'Bank' }));
    fireEvent.click(await screen.findByRole('option', { name: 'GTBank', hidden: true }));
    fireEvent.click(within(dialog).getByRole('textbox', { name: 'State of residence' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Lagos', hidden: true }));
    type('Pension fund administrator (PFA)', 'ARM Pension');
    type('NHF number', 'NHF-1');
    type('RSA PIN', 'PEN12');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add employee' }));
    expect(await within(dialog).findByText(PAYROLL_MSG.rsaPinInvalid)).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    type('RSA PIN', 'pen100000000001');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add employee' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith(PAYROLL_MSG.employeesUpdated));
    expect(api.calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      employees: [
        {
          name: 'Ada Obi',
          stateOfResidence: 'Lagos',
          pfaName: 'ARM Pension',
          rsaPin: 'PEN100000000001',
          nhfNumber: 'NHF-1',
        },
      ],
    });
  });
});
