// The employee import's upload is the import kit wired to /payrolls/employees/csv (the kit's
// behaviour is tested in components/import/import-kit.test.tsx): extract, then validate.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PAYROLL_IMPORT_COLUMNS } from '@owo/contract/payroll-import';
import { ok, renderApp } from '../../app/test-utils';

vi.mock('../../lib/toast', () => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));

const entries = [{ name: 'Ada Obi', email: 'ada@acme.ng', salaryAmount: '150000', bankCode: '058' }];

describe('/payroll/import-employees: the import kit on /payrolls/employees/csv', () => {
  it('reads the file with /extract, then checks its rows with /validate and opens the batch', async () => {
    const { api } = renderApp('/payroll/import-employees', {
      session: {},
      routes: {
        'POST /api/payrolls/employees/csv/extract': ok({ entries }),
        'POST /api/payrolls/employees/csv/validate': ok({ id: 'b1' }),
      },
    });
    expect(await screen.findByText(PAYROLL_IMPORT_COLUMNS.join(', '))).toBeInTheDocument();
    // the column note is one sentence with its bold words (one <Trans> key)
    const bold = screen.getByText('salaryAmount is the monthly gross');
    expect(bold.tagName).toBe('B');
    expect(bold.parentElement).toHaveTextContent(
      /headers in any case\)\. salaryAmount is the monthly gross, paid as basic; split it into Housing/,
    );
    fireEvent.change(document.querySelector('input[type="file"]')!, {
      target: { files: [new File(['x'], 'staff.csv', { type: 'text/csv' })] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Upload and check' }));
    await waitFor(() =>
      expect(api.calls.some((c) => c.path === '/api/payrolls/employees/csv/validate')).toBe(true),
    );
    expect(api.calls.find((c) => c.path === '/api/payrolls/employees/csv/validate')?.body).toEqual({
      fileName: 'staff.csv',
      entries,
    });
    await waitFor(() =>
      expect(api.calls.some((c) => c.path === '/api/payrolls/employees/csv/b1')).toBe(true),
    );
  });
});
