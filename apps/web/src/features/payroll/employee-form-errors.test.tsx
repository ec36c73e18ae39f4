import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PAYROLL_MSG } from '@owo/contract/payroll';
import { ok, renderApp } from '../../app/test-utils';
import { toastError, toastSuccess } from '../../lib/toast';

vi.mock('../../lib/toast', () => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));
beforeEach(() => {
  vi.mocked(toastSuccess).mockReset();
  vi.mocked(toastError).mockReset();
});

const empty = {
  body: {
    status: 'success',
    message: 'OK',
    data: [],
    metadata: { pagination: { page: 1, limit: 20, totalItems: 0, totalPages: 0 } },
  },
};
const BANK_MSG = 'We could not verify this account number at the selected bank';

describe("/payroll/employees add form: the server's field errors", () => {
  it("puts `employees.0.*` errors (components included) under the form's own fields", async () => {
    const { api } = renderApp('/payroll/employees', {
      session: {},
      routes: {
        'GET /api/payrolls/employees': empty,
        'GET /api/content/payout/local/banks': ok([{ code: '058', name: 'GTBank' }]),
        'POST /api/payrolls/employees/add': {
          status: 400,
          body: {
            status: 'validation-error',
            message: 'Please fix the highlighted fields',
            errors: {
              'employees.0.email': [PAYROLL_MSG.emailTaken],
              'employees.0.accountNumber': [BANK_MSG],
              // Basic is the salary; the typed components are sent Housing, Transport, Other (only Transport typed)
              'employees.0.components.0.amount': ['Transport is too large'],
            },
          },
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add employee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add employee' });
    const type = (label: string | RegExp, value: string) =>
      fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    type('Full name', 'Ada Obi');
    type('Email', 'ada@acme.ng');
    type('Monthly gross (₦)', '70000');
    type('Basic', '50000');
    type('Transport', '20000');
    type('Account number', '0123456789');
    fireEvent.click(within(dialog).getByRole('textbox', { name: 'Bank' }));
    fireEvent.click(await screen.findByRole('option', { name: 'GTBank', hidden: true }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add employee' }));

    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    const email = within(dialog).getByLabelText('Email');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getByText(PAYROLL_MSG.emailTaken)).toBeInTheDocument();
    expect(within(dialog).getByText(BANK_MSG)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Account number')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText('Transport is too large')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Transport')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Basic')).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog', { name: 'Add employee' })).toBeInTheDocument();
  });
});
