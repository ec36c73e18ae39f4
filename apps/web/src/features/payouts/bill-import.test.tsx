// The bill import is the import kit wired to /payout/quote/import (the kit's behaviour is tested
// in components/import/import-kit.test.tsx): its upload, batch, columns, errors and confirm.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BILL_IMPORT_COLUMNS, type BillImport, type BillImportRow } from '@owo/contract/payouts-bills';
import { ok, renderApp } from '../../app/test-utils';

vi.mock('../../lib/toast', () => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));

const row = (over: Partial<BillImportRow> = {}): BillImportRow => ({
  row: 2,
  vendorName: 'Aba Leather',
  vendorEmail: 'ap@aba.ng',
  bankCode: '058',
  bankName: 'GTBank',
  accountNumber: '0123456789',
  accountName: 'ABA LEATHER',
  amount: '1500.00',
  amountMinor: 150_000,
  invoiceNumber: 'AL-1',
  description: 'Belts',
  dueDate: null,
  payeeId: null,
  errors: [],
  ...over,
});
const batch = (rows: BillImportRow[], errorRows = 0): BillImport => ({
  id: 'b1',
  status: 'pending',
  fileName: 'bills.csv',
  rowCount: rows.length,
  validRows: rows.length - errorRows,
  errorRows,
  totalAmount: '1500.00',
  totalAmountMinor: 150_000,
  newVendors: 1,
  rows,
  createdAt: '2026-12-01T10:00:00Z',
});

describe('/bills/import: the import kit on /payout/quote/import', () => {
  it('uploads to /payout/quote/import, shows the bills and confirms the batch', async () => {
    const { api } = renderApp('/bills/import', {
      session: {},
      routes: {
        'POST /api/payout/quote/import': ok(batch([row()])),
        'GET /api/payout/quote/import/b1': ok(batch([row()])),
        'POST /api/payout/quote/import/b1/confirm': ok({ created: 1 }),
      },
    });
    expect(await screen.findByText(BILL_IMPORT_COLUMNS.join(', '))).toBeInTheDocument();
    fireEvent.change(document.querySelector('input[type="file"]')!, {
      target: { files: [new File(['x'], 'bills.csv', { type: 'text/csv' })] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Upload and check' }));
    const table = await screen.findByTestId('import-summary');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Row', 'Vendor', 'Invoice', 'Amount', 'Due', 'Pay to']);
    expect(within(table).getByText('Aba Leather (new)')).toBeInTheDocument();
    expect(
      screen.getByText('bills.csv: 1 bill totalling ₦1,500.00; 1 new vendor will be created.'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm and import 1 bill' }));
    await waitFor(() =>
      expect(api.calls.some((c) => c.path === '/api/payout/quote/import/b1/confirm')).toBe(true),
    );
  });

  it('shows a batch with errors as the rows to fix', async () => {
    renderApp('/bills/import/summary?batch=b1', {
      session: {},
      routes: {
        'GET /api/payout/quote/import/b1': ok(
          batch([row({ errors: [{ field: 'amount', message: 'Enter an amount' }], amount: null })], 1),
        ),
      },
    });
    const table = await screen.findByTestId('import-errors');
    expect(within(table).getByText('Enter an amount')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload again' })).toBeInTheDocument();
  });
});
