import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, ok } from '../../app/test-utils';
import { queryClient } from '../../lib/query';
import { confidenceOf, documentValues } from './fill';
import { extracted, scanInput } from './document-fixture';
import { ScanDocumentButton } from './components/scan-document-button';

const toast = vi.hoisted(() => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));
vi.mock('../../lib/toast', () => toast);
afterEach(() => toast.toastError.mockReset());

function renderButton(onRead = vi.fn()) {
  render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider>
        <ScanDocumentButton kind="invoice" onRead={onRead} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return onRead;
}
const pick = (file: File) => fireEvent.change(scanInput(), { target: { files: [file] } });

describe('ScanDocumentButton', () => {
  it('sends the file as multipart `file` and hands what was read to onRead', async () => {
    const doc = extracted({ kind: 'invoice', invoiceNumber: 'INV-1' });
    const api = mockFetch({ 'POST /api/documents/extract': ok(doc) });
    const onRead = renderButton();
    const file = new File(['png'], 'invoice.png', { type: 'image/png' });
    pick(file);
    await waitFor(() => expect(onRead).toHaveBeenCalledWith(doc, file));
    expect(api.calls.filter((c) => c.path === '/api/documents/extract')).toHaveLength(1);
  });

  it('refuses a file of another type before sending it', async () => {
    const api = mockFetch({ 'POST /api/documents/extract': ok(extracted()) });
    const onRead = renderButton();
    expect(screen.getByRole('button', { name: 'Scan an invoice' })).toBeInTheDocument();
    pick(new File(['x'], 'notes.txt', { type: 'text/plain' }));
    await waitFor(() => expect(toast.toastError).toHaveBeenCalledWith('Choose a JPEG, PNG or PDF file'));
    expect(api.calls.some((c) => c.path === '/api/documents/extract')).toBe(false);
    expect(onRead).not.toHaveBeenCalled();
  });
});

describe('documentValues and confidenceOf', () => {
  it('offers the total as a decimal string, a bank only with its account, and the least sure field', () => {
    const doc = extracted({
      totalMinor: 1_250_050,
      bankCode: '058',
      accountNumber: null,
      confidence: { total: 0.9, date: 0.5 },
    });
    expect(documentValues(doc)).toMatchObject({ amount: '12500.50', bank: null, date: null });
    expect(confidenceOf(doc, 'total')).toBe(0.9);
    expect(confidenceOf(doc, 'total', 'date')).toBe(0.5);
    expect(confidenceOf(doc, 'vendorName')).toBe(0);
  });
});
