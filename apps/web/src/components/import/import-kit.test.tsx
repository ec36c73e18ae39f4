// The import kit's behaviour, once for every import screen (vendors, bills, employees, bulk
// payments, meters): each screen's own test only proves it is wired (its endpoints and columns).
import { MantineProvider, TextInput } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fail, mockFetch, ok } from '../../app/test-utils';
import { theme } from '../../app/theme';
import { api } from '../../lib/api';
import { saveBlob } from '../../lib/files';
import { queryClient } from '../../lib/query';
import {
  ImportActions,
  ImportErrorTable,
  ImportFixModal,
  ImportTable,
  ImportUploadCard,
  importBatchGate,
} from '.';

vi.mock('../../lib/toast', () => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));
vi.mock('../../lib/files', async (original) => ({
  ...(await original<typeof import('../../lib/files')>()),
  saveBlob: vi.fn(),
}));

const wrap = (ui: ReactNode) =>
  render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </MantineProvider>,
  );
const pick = (file: File) =>
  fireEvent.change(document.querySelector('input[type="file"]')!, { target: { files: [file] } });
const csv = (name = 'rows.csv', size = 10) => new File([new Uint8Array(size)], name, { type: 'text/csv' });

describe('ImportUploadCard', () => {
  it('shows the columns and downloads the template in each format', async () => {
    const { calls } = mockFetch({ 'GET /api/x/template': ok(null) });
    wrap(
      <ImportUploadCard
        columns={['name', 'accountNumber']}
        help="Headers in any case."
        template={{ path: '/x/template', name: 'owo-x-template' }}
        templateTitle="Use the template"
        uploading={false}
        onUpload={() => {}}
      />,
    );
    expect(screen.getByText('name, accountNumber')).toBeInTheDocument();
    expect(screen.getByText('Headers in any case.')).toBeInTheDocument();
    expect(screen.getByText('Use the template')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV template' }));
    fireEvent.click(screen.getByRole('button', { name: 'Download xlsx template' }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledTimes(2));
    expect(calls.map((c) => c.url.search)).toEqual(['?format=csv', '?format=xlsx']);
  });

  it('a single-format template is one "Download template", asked without a format', async () => {
    const { calls } = mockFetch({ 'GET /api/y/template': ok(null) });
    wrap(
      <ImportUploadCard
        template={{ path: '/y/template', name: 'owo-y', formats: ['csv'] }}
        uploading={false}
        onUpload={() => {}}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Download template' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].url.search).toBe('');
  });

  it('uploads only a chosen file that passes the check, and shows the server’s refusal', () => {
    const onUpload = vi.fn();
    const onCancel = vi.fn();
    const { rerender } = wrap(
      <ImportUploadCard
        checkFile={(f) => (f.size > 100 ? 'The file is too large' : null)}
        uploading={false}
        onUpload={onUpload}
        onCancel={onCancel}
      />,
    );
    const upload = screen.getByRole('button', { name: 'Upload and check' });
    expect(upload).toBeDisabled();
    pick(csv('big.csv', 200));
    expect(screen.getByText('The file is too large')).toBeInTheDocument();
    expect(upload).toBeDisabled();
    const file = csv();
    pick(file);
    expect(screen.queryByText('The file is too large')).toBeNull();
    fireEvent.click(upload);
    expect(onUpload).toHaveBeenCalledWith(file);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
    rerender(
      <MantineProvider theme={theme}>
        <QueryClientProvider client={queryClient}>
          <ImportUploadCard error="Unsupported file" uploading={false} onUpload={onUpload} />
        </QueryClientProvider>
      </MantineProvider>,
    );
    expect(screen.getByText('Unsupported file')).toBeInTheDocument();
  });

  it('with the screen’s own fields, may send without a file (the server answers for it)', () => {
    const onUpload = vi.fn();
    wrap(
      <ImportUploadCard fileOptional uploadLabel="Upload and validate" uploading={false} onUpload={onUpload}>
        <TextInput label="Name" />
      </ImportUploadCard>,
    );
    expect(screen.getByLabelText('Name')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Upload and validate' }));
    expect(onUpload).toHaveBeenCalledWith(null);
  });
});

type Row = { row: number; name: string; account: string; problem?: string };
const rows: Row[] = [
  { row: 2, name: 'Ada Obi', account: '0123456789' },
  { row: 3, name: '', account: '99', problem: 'Must be 10 digits' },
];

describe('ImportTable', () => {
  it('shows each row by spreadsheet number, a text cell’s blank as —, and its error under the value', () => {
    wrap(
      <ImportTable
        rows={rows}
        rowNo={(r) => r.row}
        rowTestId={(r) => `import-row-${r.row}`}
        columns={[
          { label: 'Name', value: (r) => r.name, text: true },
          { label: 'Account', value: (r) => r.account, error: (r) => r.problem },
        ]}
      />,
    );
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Row', 'Name', 'Account']);
    const bad = screen.getByTestId('import-row-3');
    expect(
      within(bad)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['3', '—', '99Must be 10 digits']);
    expect(within(screen.getByTestId('import-row-2')).queryByText('Must be 10 digits')).toBeNull();
  });

  it('draws the first rows only and says so', () => {
    wrap(
      <ImportTable
        rows={rows}
        rowNo={(r) => r.row}
        limit={1}
        limitNote={(shown, total) => `Showing the first ${shown} of ${total}`}
        columns={[{ label: 'Name', value: (r) => r.name }]}
      />,
    );
    expect(screen.getAllByRole('row')).toHaveLength(2); // the header and one row
    expect(screen.getByText('Showing the first 1 of 2')).toBeInTheDocument();
  });

  it('the error table lists only the rows with errors, each problem with its field', () => {
    wrap(
      <ImportErrorTable
        rows={[
          { row: 2, errors: [] },
          { row: 5, errors: [{ field: 'accountNumber', message: 'Must be 10 digits' }] },
        ]}
        describe={(r) => `entry ${r.row}`}
      />,
    );
    const table = screen.getByTestId('import-errors');
    expect(within(table).queryByText('entry 2')).toBeNull();
    expect(within(table).getByText('entry 5')).toBeInTheDocument();
    expect(within(table).getByText('account number')).toBeInTheDocument();
    expect(within(table).getByText('Must be 10 digits')).toBeInTheDocument();
  });

  it('fixes a row in place: its draft is saved, and the server’s field errors show on that row', async () => {
    const { calls } = mockFetch({
      'PUT /api/rows/3': fail(422, 'validation-error', 'Check the row', { account: ['Unknown account'] }),
    });
    const onSaved = vi.fn();
    wrap(
      <ImportTable<Row, { account: string }>
        rows={rows}
        rowNo={(r) => r.row}
        rowTestId={(r) => `failed-row-${r.row}`}
        fix={{
          draft: (r) => ({ account: r.account }),
          save: (r, d) => api.put(`/rows/${r.row}`, d),
          onSaved,
        }}
        columns={[
          {
            label: 'Account',
            value: (r, fix) => (
              <TextInput
                aria-label={`Account of row ${r.row}`}
                value={fix.draft.account}
                onChange={(e) => fix.set({ account: e.currentTarget.value })}
                error={fix.errors?.account?.[0]}
              />
            ),
          },
          { label: '', value: (_r, fix) => <button onClick={fix.save}>Save</button> },
        ]}
      />,
    );
    const row = screen.getByTestId('failed-row-3');
    fireEvent.change(within(row).getByLabelText('Account of row 3'), { target: { value: '0000000001' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Save' }));
    expect(await within(row).findByText('Unknown account')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ account: '0000000001' });
    expect(within(screen.getByTestId('failed-row-2')).queryByText('Unknown account')).toBeNull();
    expect(onSaved).not.toHaveBeenCalled();
  });
});

describe('ImportFixModal', () => {
  const fields = [
    { key: 'name', label: 'Name' },
    { key: 'accountNumber', label: 'Account number', placeholder: 'Type the full number' },
  ];

  it('sends the whole row again; a row still in error keeps the dialog with the new messages', async () => {
    let valid = false;
    const { calls } = mockFetch({
      'PUT /api/entries/e1': () =>
        valid ? ok({ valid: true, errors: {} }) : ok({ valid: false, errors: { name: 'Name is required' } }),
    });
    const onSaved = vi.fn();
    wrap(
      <ImportFixModal
        rowNo={4}
        fields={fields}
        initial={{ name: 'Ada', accountNumber: '' }}
        errors={{ accountNumber: 'Not found at the bank' }}
        save={(v) => api.put('/entries/e1', v)}
        onClose={() => {}}
        onSaved={onSaved}
      >
        {(v) => <p>Preview: {v.name}</p>}
      </ImportFixModal>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Fix row 4' });
    expect(within(dialog).getByText('Not found at the bank')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Account number')).toHaveAttribute(
      'placeholder',
      'Type the full number',
    );
    fireEvent.change(within(dialog).getByLabelText('Account number'), { target: { value: '0123456789' } });
    expect(within(dialog).queryByText('Not found at the bank')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: '' } });
    expect(within(dialog).getByText('Preview:')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save row' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(calls[0].body).toEqual({ name: '', accountNumber: '0123456789' });
    expect(onSaved).not.toHaveBeenCalled();
    valid = true;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save row' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  });
});

describe('ImportActions and importBatchGate', () => {
  it('confirm (blocked until every row is good) and discard', () => {
    const discard = vi.fn();
    wrap(
      <ImportActions
        confirm={{ label: 'Import 3 employees', onClick: () => {}, disabled: true }}
        discard={{ label: 'Discard', danger: true, onClick: discard }}
        note="Fix the failed rows to submit."
      />,
    );
    expect(screen.getByRole('button', { name: 'Import 3 employees' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(discard).toHaveBeenCalled();
    expect(screen.getByText('Fix the failed rows to submit.')).toBeInTheDocument();
  });

  it('says why there is no batch', () => {
    wrap(
      <>
        {importBatchGate({ isLoading: false, data: undefined })}
        {importBatchGate(
          { isLoading: false, error: { message: 'Import not found' } },
          'Bulk payment not found',
        )}
      </>,
    );
    expect(screen.getByText('Upload a file first')).toBeInTheDocument();
    expect(screen.getByText('Import not found')).toBeInTheDocument();
    expect(importBatchGate({ isLoading: false, data: {} })).toBeNull();
  });
});
