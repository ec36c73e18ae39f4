import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '@owo/contract';
import { fail, ok, renderApp, type Handler } from '../../app/test-utils';
import { ApiError } from '../../lib/api';
import { toastError, toastSuccess } from '../../lib/toast';
import { bankSaveErrorMessage } from './components/bank-details-form';

vi.mock('../../lib/toast', () => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));

const banks = ok([
  { code: '058', name: 'Guaranty Trust Bank', type: 'dmb', nipCode: '000013' },
  { code: '044', name: 'Access Bank', type: 'dmb', nipCode: '000014' },
]);

function open(routes: Record<string, Handler> = {}) {
  return renderApp('/profile/bank-details', {
    session: {},
    routes: { 'GET /api/content/payout/local/banks': banks, 'GET /api/me/bank-accounts': ok([]), ...routes },
  });
}

const numberInput = () => screen.getByRole('textbox', { name: /account number/i });
const saveButton = () => screen.getByRole('button', { name: 'Save bank details' });

async function chooseBankAndType(number: string) {
  const select = await screen.findByRole('combobox', { name: /bank/i });
  await waitFor(() => expect(select).not.toBeDisabled());
  fireEvent.change(select, { target: { value: '058' } });
  fireEvent.change(numberInput(), { target: { value: number } });
}

describe('bank details form (000 §5)', () => {
  it('shows the disabled "Select Bank" placeholder first', async () => {
    open();
    const placeholder = await screen.findByRole('option', { name: 'Select Bank' });
    expect(placeholder).toBeDisabled();
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: /bank/i }).value).toBe('');
  });

  it("says 'Account Number must be 10 digits' on blur when the number is short", async () => {
    const { api } = open();
    await chooseBankAndType('012345678');
    fireEvent.blur(numberInput());
    expect(await screen.findByText('Account Number must be 10 digits')).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
    expect(api.calls.some((c) => c.path === '/api/content/payout/local/validate')).toBe(false);
  });

  it('checks the account once, 500 ms after the last keystroke, and shows and uses the resolved name', async () => {
    let calledAt = 0;
    const { api } = open({
      'GET /api/content/payout/local/validate': () => {
        calledAt = Date.now();
        return ok({ accountName: 'ADA OBI' });
      },
      'POST /api/me/bank-accounts': {
        status: 201,
        body: {
          status: 'success',
          message: MSG.bankSaved,
          data: {
            id: '7f1c3e0e-8d2a-4e52-9f0a-1a2b3c4d5e6f',
            bankCode: '058',
            bankName: 'Guaranty Trust Bank',
            accountNumber: '0123456789',
            accountName: 'ADA OBI',
            isDefault: true,
            createdAt: '2026-01-01T00:00:00Z',
          },
        },
      },
    });
    await chooseBankAndType('012345678');
    const typedAt = Date.now();
    fireEvent.change(numberInput(), { target: { value: '0123456789' } });
    expect(api.calls.filter((c) => c.path === '/api/content/payout/local/validate')).toHaveLength(0);
    await waitFor(() => expect(screen.getByTestId('resolved-account-name')).toHaveValue('ADA OBI'));
    expect(calledAt - typedAt).toBeGreaterThanOrEqual(495);
    const lookups = api.calls.filter((c) => c.path === '/api/content/payout/local/validate');
    expect(lookups).toHaveLength(1);
    expect(lookups[0].url.searchParams.get('accountNumber')).toBe('0123456789');
    expect(lookups[0].url.searchParams.get('bankCode')).toBe('058');
    await waitFor(() => expect(saveButton()).toBeEnabled());
    fireEvent.click(saveButton());
    await waitFor(() =>
      expect(api.calls.some((c) => c.method === 'POST' && c.path === '/api/me/bank-accounts')).toBe(true),
    );
    const body = api.calls.find((c) => c.method === 'POST' && c.path === '/api/me/bank-accounts')!.body;
    expect(body).toEqual({ bankCode: '058', accountNumber: '0123456789', accountName: 'ADA OBI' });
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith(MSG.bankSaved));
    await waitFor(() => expect(numberInput()).toHaveValue(''));
    expect(
      api.calls.filter((c) => c.method === 'GET' && c.path === '/api/me/bank-accounts').length,
    ).toBeGreaterThanOrEqual(2);
  });

  it('puts payouts:accountNumber.invalid on the number when the bank returns no name, and keeps Save disabled', async () => {
    open({
      'GET /api/content/payout/local/validate': ok({ accountName: '' }, 'Account could not be resolved'),
    });
    await chooseBankAndType('0123456789');
    expect(await screen.findByText('Account number is invalid')).toBeInTheDocument();
    fireEvent.blur(numberInput());
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByText('Account number is invalid')).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
    expect(screen.getByTestId('resolved-account-name')).toHaveValue('');
  });

  it('toasts the server message when saving fails', async () => {
    open({
      'GET /api/content/payout/local/validate': ok({ accountName: 'ADA OBI' }),
      'POST /api/me/bank-accounts': fail(409, 'conflict', 'This bank account is already saved'),
    });
    await chooseBankAndType('0123456789');
    await waitFor(() => expect(saveButton()).toBeEnabled());
    fireEvent.click(saveButton());
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('This bank account is already saved'));
  });

  it('keeps Save disabled when the bank list failed to load', async () => {
    open({ 'GET /api/content/payout/local/banks': fail(502, 'error', 'Bank list unavailable') });
    expect(await screen.findByText(/could not load the list of banks/i)).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
  });

  it('save errors: server message, else the error message, else the fallback', () => {
    expect(bankSaveErrorMessage(new ApiError(409, 'conflict', 'This bank account is already saved'))).toBe(
      'This bank account is already saved',
    );
    expect(bankSaveErrorMessage(new Error('Network down'))).toBe('Network down');
    expect(bankSaveErrorMessage(undefined)).toBe('An error occurred while saving bank details');
  });
});
