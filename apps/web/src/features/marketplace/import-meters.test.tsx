// The meter import is the import kit wired to /marketplace/assets/meters/import (the kit's
// behaviour is tested in components/import/import-kit.test.tsx): preview, columns, save.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { MeterImportPreview, MeterImportRow } from '@owo/contract/marketplace';
import { ok, renderApp } from '../../app/test-utils';

vi.mock('../../lib/toast', () => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));

const row = (over: Partial<MeterImportRow>): MeterImportRow => ({
  row: 2,
  meterNo: '45067112345',
  disco: 'ikeja',
  vendType: 'prepaid',
  phoneNo: '08030000000',
  state: 'Lagos',
  label: null,
  name: 'ADA OBI',
  address: '1 Marina',
  ok: true,
  errors: [],
  ...over,
});
const preview: MeterImportPreview = {
  rows: [
    row({}),
    row({
      row: 3,
      meterNo: '1',
      name: null,
      address: null,
      ok: false,
      errors: ['We could not verify this meter number'],
    }),
  ],
  valid: 1,
  failed: 1,
};

describe('/marketplace/import-meters: the import kit on the meters import', () => {
  it('previews the file, shows each row’s result and saves only the verified meters', async () => {
    const { api } = renderApp('/marketplace/import-meters', {
      session: {},
      routes: {
        'POST /api/marketplace/assets/meters/import/preview': ok(preview),
        'POST /api/marketplace/assets/meters/import': ok([]),
      },
    });
    expect(await screen.findByText('Meters file (.csv or .xlsx)')).toBeInTheDocument();
    fireEvent.change(document.querySelector('input[type="file"]')!, {
      target: { files: [new File(['x'], 'meters.csv', { type: 'text/csv' })] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Upload and verify' }));
    expect(await screen.findByTestId('import-summary')).toHaveTextContent(
      '1 of 2 meters verified; 1 with problems',
    );
    const table = screen.getByTestId('import-row-3').closest('table')!;
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Row', 'Meter', 'Disco', 'Type', 'Customer', 'Address', 'Result']);
    expect(
      within(screen.getByTestId('import-row-3')).getByText('We could not verify this meter number'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save 1 verified meters' }));
    await waitFor(() =>
      expect(api.calls.some((c) => c.path === '/api/marketplace/assets/meters/import')).toBe(true),
    );
    expect(api.calls.find((c) => c.path === '/api/marketplace/assets/meters/import')?.body).toMatchObject({
      meters: [{ meterNo: '45067112345', disco: 'ikeja', vendType: 'prepaid' }],
    });
  });
});
