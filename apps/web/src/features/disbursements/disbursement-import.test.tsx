// The bulk payment upload is the import kit wired to /disbursements (the kit's behaviour is tested
// in components/import/import-kit.test.tsx): the upload, the failed rows' columns and their fix.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { DisbursementDetail, DisbursementItem } from '@owo/contract/disbursements';
import { ok, renderApp } from '../../app/test-utils';

vi.mock('../../lib/toast', () => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));

const item: DisbursementItem = {
  id: 'i1',
  row: 7,
  accountNumber: '0123456780',
  bankCode: '058',
  bankName: 'GTBank',
  accountName: null,
  amount: '15000.00',
  amountMinor: 1_500_000,
  fee: null,
  feeMinor: null,
  narration: 'November',
  status: 'invalid',
  error: 'We could not verify this account number at the selected bank',
  attempt: 0,
  transactionId: null,
};
const progress = { rows: 1, validating: 0, valid: 0, invalid: 1, paying: 0, paid: 0, failed: 0 };
const detail = {
  id: 'd1',
  reference: 'BLK-1',
  name: 'November vendor payments',
  walletId: 'w1',
  currency: 'NGN',
  status: 'invalid',
  approvalStatus: null,
  error: null,
  itemCount: 1,
  total: '0.00',
  totalMinor: 0,
  fee: '0.00',
  feeMinor: 0,
  progress,
  maker: { id: 'u1', name: 'Ada' },
  createdAt: '2026-12-01T10:00:00Z',
  updatedAt: '2026-12-01T10:00:00Z',
  items: [item],
  approvalWorkflowPendingApprovalItem: null,
} as DisbursementDetail;

describe('/disbursements/new: the import kit on /disbursements', () => {
  it('uploads to /disbursements, lists the failed rows and saves a row’s fix with PATCH', async () => {
    const { api } = renderApp('/disbursements/new', {
      session: {},
      routes: {
        'POST /api/disbursements': ok(detail),
        'GET /api/disbursements/d1': ok(detail),
        'PATCH /api/disbursements/d1/items/i1': ok(detail),
      },
    });
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'November vendor payments' } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload and validate' }));
    const row = await screen.findByTestId('failed-row-7');
    expect(api.calls.some((c) => c.method === 'POST' && c.path === '/api/disbursements')).toBe(true);
    const table = row.closest('table')!;
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Row', 'Account number', 'Bank', 'Amount', 'Error', '']);
    expect(within(row).getByText(item.error!)).toBeInTheDocument();
    fireEvent.change(within(row).getByLabelText('Account number of row 7'), {
      target: { value: '0123456789' },
    });
    fireEvent.click(within(row).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      accountNumber: '0123456789',
      bankCode: '058',
    });
  });
});
