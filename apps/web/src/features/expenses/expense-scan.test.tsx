import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, renderApp, type Handler, type Reply } from '../../app/test-utils';
import { extracted, scanInput } from '../documents/document-fixture';

const toast = vi.hoisted(() => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));
vi.mock('../../lib/toast', () => toast);
afterEach(() => toast.toastError.mockReset());

const wallet = { id: '33333333-3333-4333-8333-333333333333', currency: 'NGN', name: 'NGN Wallet' };
const listReply = (items: unknown[]): Reply => ({
  body: {
    status: 'success',
    message: 'OK',
    data: items,
    metadata: { pagination: { page: 1, limit: 20, totalItems: items.length, totalPages: 1 } },
  },
});
const receipt = extracted({
  vendorName: 'Chicken Republic',
  date: '2026-11-28',
  total: '12500.00',
  totalMinor: 1_250_000,
  bankCode: '058',
  bankName: 'Guaranty Trust Bank',
  accountNumber: '0123456785',
  accountName: 'CHICKEN REPUBLIC LTD',
  // the total is the one the reader is unsure of
  confidence: { vendorName: 0.95, date: 0.9, total: 0.6, bankCode: 0.99, accountNumber: 0.99 },
});
const uploaded = {
  uploader: { id: 'u1', name: 'Ada Obi' },
  fileName: `${'a'.repeat(32)}.pdf`,
  originalName: 'receipt.pdf',
  mime: 'application/pdf',
  size: 8,
  url: '/api/files/x',
};

function openForm(extract: Handler) {
  return renderApp('/expense/new-payment', {
    session: { resources: '*' },
    routes: {
      'GET /api/wallet': ok([{ ...wallet, balance: '100000.00', balanceMinor: 10_000_000 }]),
      'GET /api/content/payout/local/banks': ok([{ code: '058', name: 'Guaranty Trust Bank' }]),
      'GET /api/content/payout/local/validate': ok({ accountName: 'CHICKEN REPUBLIC LTD' }),
      'GET /api/account_access': listReply([]),
      'GET /api/products-and-services': listReply([]),
      'GET /api/expense/beneficiary': ok([]),
      [`POST /api/exchange/disbursement/expenses/${wallet.id}`]: ok(null),
      'POST /api/documents/extract': extract,
      'POST /api/files/upload': ok(uploaded),
    },
  });
}
const scan = async () => {
  await screen.findByRole('button', { name: 'Scan a receipt' });
  fireEvent.change(scanInput(), {
    target: { files: [new File(['%PDF-1.4'], 'receipt.pdf', { type: 'application/pdf' })] },
  });
};

describe('expense form: Scan a receipt', () => {
  it('fills the fields, marks the unsure one until it is edited, attaches the file, submits nothing', async () => {
    let sent: FormData | undefined;
    const { api } = openForm((_url, init) => {
      sent = init?.body as FormData;
      return ok(receipt);
    });
    await scan();
    const amount = screen.getByLabelText('Amount');
    await waitFor(() => expect(amount).toHaveValue('12500.00'));
    expect((sent?.get('file') as File).name).toBe('receipt.pdf');
    expect(screen.getByLabelText('Description')).toHaveValue('Chicken Republic, receipt of 28/11/2026');
    expect(screen.getByLabelText('Account number')).toHaveValue('0123456785');
    expect(screen.getByTestId('scan-notice')).toHaveTextContent(
      'We filled 4 fields from your document. Check the highlighted ones.',
    );
    // only the amount (0.6 < 0.8) is marked
    expect(amount).toHaveAttribute('data-check', 'document');
    expect(amount).toHaveAccessibleDescription(/Check this: read from the document/);
    expect(screen.getByLabelText('Description')).not.toHaveAttribute('data-check');
    expect(screen.getByLabelText('Account number')).not.toHaveAttribute('data-check');
    // the scanned file is the receipt
    const attached = await screen.findByTestId('attached-receipts');
    expect(attached).toHaveTextContent(/^Attached:\s*Receipt$/);
    expect(attached).not.toHaveTextContent(uploaded.fileName);
    expect(within(attached).getByRole('link', { name: 'Receipt' })).toHaveAttribute(
      'href',
      `/api/files/${encodeURIComponent(uploaded.fileName)}`,
    );
    // editing the field takes its mark away
    fireEvent.change(amount, { target: { value: '12000' } });
    await waitFor(() => expect(amount).not.toHaveAttribute('data-check'));
    expect(screen.getByTestId('scan-notice')).not.toHaveTextContent('Check the highlighted ones');
    expect(api.calls.some((c) => c.method === 'POST' && c.path === '/api/expense')).toBe(false);
  });

  it('keeps a description already typed, and toasts a refused file without filling anything', async () => {
    openForm(fail(400, 'validation-error', 'Validation failed', { file: ['Choose a JPEG, PNG or PDF'] }));
    await screen.findByRole('button', { name: 'Scan a receipt' });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Lunch' } });
    await scan();
    await waitFor(() => expect(toast.toastError).toHaveBeenCalledWith('Choose a JPEG, PNG or PDF'));
    expect(screen.getByLabelText('Amount')).toHaveValue('');
    expect(screen.getByLabelText('Description')).toHaveValue('Lunch');
    expect(screen.queryByTestId('scan-notice')).toBeNull();
  });
});
