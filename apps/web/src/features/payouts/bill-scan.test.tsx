import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Bill } from '@owo/contract/payouts-bills';
import type { Payee, PayeeDetail } from '@owo/contract/payees';
import { ok, renderApp, type Reply } from '../../app/test-utils';
import { extracted, scanInput } from '../documents/document-fixture';

const vendor: Payee = {
  id: '55555555-5555-4555-8555-555555555555',
  name: 'Ada Stores',
  currency: 'NGN',
  email: 'bills@adastores.ng',
  phone: null,
  billingAddress: null,
  bankCode: '058',
  bankName: 'Guaranty Trust Bank',
  accountNumber: '0123456785',
  accountName: 'ADA STORES LTD',
  pendingBankChange: null,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};
const detail: PayeeDetail = { ...vendor, payments: [], openBills: [], bankChangeApproval: null };
const draft = (over: Partial<Bill> = {}): Bill => ({
  id: '66666666-6666-4666-8666-666666666666',
  reference: 'bill_draft1',
  status: 'draft',
  email: 'inbox@acme.ng',
  note: null,
  payeeId: vendor.id,
  payeeName: vendor.name,
  amount: null,
  amountMinor: null,
  description: null,
  invoiceNumber: null,
  dueDate: null,
  bankName: null,
  accountNumber: null,
  accountName: null,
  fileName: null,
  payoutId: null,
  createdAt: '2026-11-20T09:00:00Z',
  submittedAt: null,
  ...over,
});
const invoice = (bank: { bankCode: string; bankName: string; accountNumber: string; accountName: string }) =>
  extracted({
    kind: 'invoice',
    vendorName: 'Ada Stores',
    invoiceNumber: 'INV-7',
    date: '2026-12-01',
    total: '250000.00',
    totalMinor: 25_000_000,
    ...bank,
    confidence: {
      vendorName: 0.95,
      invoiceNumber: 0.7,
      date: 0.9,
      total: 0.95,
      bankCode: 0.9,
      accountNumber: 0.9,
    },
  });
const otherBank = {
  bankCode: '044',
  bankName: 'Access Bank',
  accountNumber: '0690000031',
  accountName: 'A. STORES VENTURES',
};
const listReply = (items: unknown[]): Reply => ({
  body: {
    status: 'success',
    message: 'OK',
    data: items,
    metadata: { pagination: { page: 1, limit: 100, totalItems: items.length, totalPages: 1 } },
  },
});

function openDraft(bill: Bill, read: ReturnType<typeof invoice>) {
  let saved: unknown;
  const app = renderApp(`/bills/${bill.reference}`, {
    session: { resources: '*' },
    routes: {
      [`GET /api/payout/quote/${bill.reference}`]: ok(bill),
      'GET /api/wallet': ok([]),
      'GET /api/payee': listReply([vendor]),
      [`GET /api/payee/${vendor.id}`]: ok(detail),
      'GET /api/content/payout/local/banks': ok([
        { code: '058', name: 'Guaranty Trust Bank' },
        { code: '044', name: 'Access Bank' },
      ]),
      'POST /api/documents/extract': ok(read),
      [`PUT /api/payout/quote/${bill.reference}/draft`]: (_url, init) => {
        saved = JSON.parse(init?.body as string);
        return ok({ ...bill, status: 'submitted' }, 'Bill saved');
      },
    },
  });
  return { ...app, saved: () => saved };
}
const scan = async () => {
  const button = await screen.findByRole('button', { name: 'Scan an invoice' });
  await waitFor(() => expect(button).toBeEnabled());
  fireEvent.change(scanInput(), {
    target: { files: [new File(['%PDF-1.4'], 'invoice.pdf', { type: 'application/pdf' })] },
  });
};

describe('draft bill: Scan an invoice', () => {
  it("flags an invoice account that differs from the vendor's, and the bill keeps the saved account", async () => {
    const { saved, api } = openDraft(draft(), invoice(otherBank));
    await scan();
    const amount = screen.getByLabelText('Amount (₦)');
    await waitFor(() => expect(amount).toHaveValue('250000.00'));
    expect(screen.getByLabelText('Invoice number')).toHaveValue('INV-7');
    expect(screen.getByLabelText('Due date')).toHaveValue('01/12/2026');
    // the unsure invoice number is marked, the sure amount is not
    expect(screen.getByLabelText('Invoice number')).toHaveAttribute('data-check', 'document');
    expect(amount).not.toHaveAttribute('data-check');
    const alert = await screen.findByTestId('invoice-bank-mismatch');
    expect(alert).toHaveTextContent(
      'This invoice asks for payment to Access Bank 0690000031 (A. STORES VENTURES), not Ada Stores’s saved account Guaranty Trust Bank 0123456785. Payments go to the saved account. To change it, request a bank change for this vendor.',
    );
    // the change is offered only as the vendor's bank change (approved by someone else)
    fireEvent.click(within(alert).getByRole('button', { name: 'Request a bank change' }));
    expect(await screen.findByRole('dialog', { name: 'Edit vendor' })).toBeInTheDocument();
    expect(screen.getByText(/must be approved by another team member/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit vendor' })).toBeNull());
    // editing the marked field takes its mark away; saving sends no bank account
    fireEvent.change(screen.getByLabelText('Invoice number'), { target: { value: 'INV-0007' } });
    expect(screen.getByLabelText('Invoice number')).not.toHaveAttribute('data-check');
    fireEvent.click(screen.getByRole('button', { name: 'Save as received bill' }));
    await waitFor(() => expect(saved()).toBeDefined());
    expect(saved()).toEqual({
      payeeId: vendor.id,
      amount: '250000.00',
      description: 'Ada Stores',
      invoiceNumber: 'INV-0007',
      dueDate: '2026-12-01',
    });
    expect(api.calls.some((c) => c.method === 'PUT' && c.path.startsWith('/api/payee'))).toBe(false);
  });

  it('picks the saved vendor that has the invoice account when none is chosen', async () => {
    const { bankCode, bankName, accountNumber, accountName } = vendor;
    openDraft(
      draft({ payeeId: null, payeeName: null }),
      invoice({ bankCode, bankName, accountNumber, accountName }),
    );
    await scan();
    await waitFor(() => expect(screen.getByLabelText('Amount (₦)')).toHaveValue('250000.00'));
    expect(await screen.findByTestId('invoice-bank-matches')).toHaveTextContent(
      'The invoice’s account matches Ada Stores’s saved account.',
    );
    expect(screen.getByRole('textbox', { name: 'Vendor' })).toHaveValue('Ada Stores · bills@adastores.ng');
    expect(screen.queryByTestId('invoice-bank-mismatch')).toBeNull();
  });
});
