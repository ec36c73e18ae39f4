// The vendor import is the import kit wired to /payee/import (the kit's behaviour is tested in
// components/import/import-kit.test.tsx): its template, upload, batch, columns and confirm.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { VENDOR_IMPORT_COLUMNS, type VendorImport } from '@owo/contract/payees';
import { ok, renderApp } from '../../app/test-utils';

vi.mock('../../lib/toast', () => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));

const batch: VendorImport = {
  id: 'b1',
  status: 'pending',
  fileName: 'vendors.csv',
  rowCount: 1,
  validRows: 1,
  errorRows: 0,
  rows: [
    {
      row: 2,
      name: 'Kaduna Textiles',
      email: 'ap@kaduna.ng',
      phone: null,
      billingAddress: null,
      bankCode: '058',
      bankName: 'GTBank',
      accountNumber: '0123456789',
      accountName: 'KADUNA TEXTILES',
      errors: [],
    },
  ],
  createdAt: '2026-12-01T10:00:00Z',
};

describe('/vendors/import-vendors: the import kit on /payee/import', () => {
  it('uploads to /payee/import, shows the batch’s vendors and confirms it', async () => {
    const { api } = renderApp('/vendors/import-vendors', {
      session: {},
      routes: {
        'POST /api/payee/import': ok(batch),
        'GET /api/payee/import/b1': ok(batch),
        'POST /api/payee/import/b1/confirm': ok({ created: 1 }),
      },
    });
    expect(await screen.findByText(VENDOR_IMPORT_COLUMNS.join(', '))).toBeInTheDocument();
    fireEvent.change(document.querySelector('input[type="file"]')!, {
      target: { files: [new File(['x'], 'vendors.csv', { type: 'text/csv' })] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Upload and check' }));
    const table = await screen.findByTestId('import-summary');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Row', 'Name', 'Email', 'Bank', 'Account']);
    expect(within(table).getByText('0123456789 · KADUNA TEXTILES')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm and import 1 vendor' }));
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/payee/import/b1/confirm')).toBe(true));
  });
});
