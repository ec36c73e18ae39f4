// Issue 35 §5: the import preview speaks the user's model: the file's salaryAmount is the monthly
// gross, and each row shows its statutory deductions and net pay as the server will compute them.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type ImportEntry } from '@owo/contract/payroll-import';
import { DEFAULT_STATUTORY, employeeNetPay } from '@owo/contract/payroll-pay';
import { ok, renderApp } from '../../app/test-utils';
import { formatMoney } from '../../lib/format';

vi.mock('../../lib/toast', () => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));

const entry = (over: Partial<ImportEntry> = {}): ImportEntry => ({
  id: 'e1',
  rowNo: 1,
  name: 'Ada Obi',
  email: 'ada@acme.ng',
  salaryAmount: '350000.00',
  annualRent: '0.00',
  bankCode: '058',
  bankName: 'GTBank',
  accountNumber: '******6789',
  accountName: 'ADA OBI',
  stateOfResidence: null,
  pfaName: null,
  rsaPin: null,
  nhfNumber: null,
  nameStatus: 'failed',
  errors: { accountNumber: 'We could not verify this account number at the selected bank' },
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
/** The company already has two employees: with this row, three (pension coverage reached). */
const twoEmployees = {
  body: {
    status: 'success',
    message: 'OK',
    data: [],
    metadata: { pagination: { page: 1, limit: 1, totalItems: 2, totalPages: 2 } },
  },
};
const net = (grossMinor: number) =>
  employeeNetPay(
    { salaryMinor: grossMinor, components: [], annualRentMinor: 0, nhfEnabled: true },
    { settings: DEFAULT_STATUTORY, headcount: 3 },
  );

describe('/payroll/import-employees/active/:id/validation: gross, statutory deductions and net', () => {
  it('shows each row as the monthly gross with its statutory deductions and net, live in the fix dialog', async () => {
    renderApp('/payroll/import-employees/active/b1/validation', {
      session: {},
      routes: {
        'GET /api/payrolls/employees/csv/b1': ok(batch([entry()])),
        'GET /api/payrolls/employees': twoEmployees,
      },
    });
    const row = await screen.findByTestId('import-row-1');
    const first = net(350_000_00);
    expect(first.netMinor).toBe(274_365_00); // the figure: pension applies from three employees
    await waitFor(() => expect(within(row).getByText(formatMoney(first.netMinor))).toBeInTheDocument());
    expect(within(row).getByText(formatMoney(350_000_00))).toBeInTheDocument();
    expect(within(row).getByText(formatMoney(-first.statutoryMinor))).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Monthly gross' })).toBeInTheDocument();

    fireEvent.click(within(row).getByRole('button', { name: 'Fix' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fix row 1' });
    const card = within(dialog).getByLabelText('Pay summary');
    expect(within(card).getByLabelText('Net pay')).toHaveTextContent(formatMoney(first.netMinor));
    fireEvent.change(within(dialog).getByLabelText('Monthly gross (salaryAmount)'), {
      target: { value: '400000' },
    });
    const second = net(400_000_00);
    await waitFor(() =>
      expect(within(card).getByLabelText('Net pay')).toHaveTextContent(formatMoney(second.netMinor)),
    );
    expect(within(card).getByLabelText('Gross pay')).toHaveTextContent(formatMoney(400_000_00));
  });
});
