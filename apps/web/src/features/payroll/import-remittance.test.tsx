import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PAYROLL_MSG } from '@owo/contract/payroll';
import { type ImportEntry } from '@owo/contract/payroll-import';
import { ok, renderApp } from '../../app/test-utils';

vi.mock('../../lib/toast', () => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));

const entry = (over: Partial<ImportEntry> = {}): ImportEntry => ({
  id: 'e1',
  rowNo: 1,
  name: 'Ada Obi',
  email: 'ada@acme.ng',
  salaryAmount: '150000.00',
  annualRent: '0.00',
  bankCode: '058',
  bankName: 'GTBank',
  accountNumber: '******6789',
  accountName: 'ADA OBI',
  stateOfResidence: 'Atlantis',
  pfaName: 'ARM Pension',
  rsaPin: '******0001',
  nhfNumber: null,
  nameStatus: 'resolved',
  errors: { stateOfResidence: PAYROLL_MSG.stateInvalid },
  valid: false,
  ...over,
});

const batch = (entries: ImportEntry[]) => ({
  id: 'b1',
  fileName: 'staff.csv',
  status: 'validated',
  salaryVisible: true,
  total: entries.length,
  validCount: 0,
  invalidCount: entries.length,
  progress: { done: 1, total: 1 },
  createdAt: '2026-12-01T10:00:00Z',
  updatedAt: '2026-12-01T10:00:00Z',
  entries,
  page: 1,
  limit: 1000,
  entriesTotal: entries.length,
});

describe('/payroll/import-employees/active/:id/validation: remittance columns', () => {
  it('shows the remittance cell with its problem, and the fix sends the columns (the PIN typed again)', async () => {
    const { api } = renderApp('/payroll/import-employees/active/b1/validation', {
      session: {},
      routes: {
        'GET /api/payrolls/employees/csv/b1': ok(batch([entry()])),
        'PUT /api/payrolls/employees/csv/entries/e1': ok(
          entry({ stateOfResidence: 'Lagos', errors: {}, valid: true }),
        ),
      },
    });
    const row = await screen.findByTestId('import-row-1');
    expect(within(row).getByText('Atlantis · ARM Pension · ******0001')).toBeInTheDocument();
    expect(within(row).getByText(PAYROLL_MSG.stateInvalid)).toBeInTheDocument();
    fireEvent.click(within(row).getByRole('button', { name: 'Fix' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fix row 1' });
    expect(within(dialog).getByLabelText('RSA PIN')).toHaveValue('');
    fireEvent.change(within(dialog).getByLabelText('State of residence'), { target: { value: 'Lagos' } });
    fireEvent.change(within(dialog).getByLabelText('RSA PIN'), { target: { value: 'PEN100000000001' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /save/i }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      stateOfResidence: 'Lagos',
      pfaName: 'ARM Pension',
      rsaPin: 'PEN100000000001',
      nhfNumber: '',
    });
  });
});
