import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { InvoiceDetail } from '@owo/contract/inflows';
import { fail, ok, renderApp, type Handler } from '../../app/test-utils';

const toast = vi.hoisted(() => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));
vi.mock('../../lib/toast', () => toast);

beforeEach(() => {
  toast.toastSuccess.mockReset();
  toast.toastError.mockReset();
});

const ID = '11111111-1111-4111-8111-111111111111';
const PATH = `/api/inflows/invoice/${ID}`;

const invoice = (over: Partial<InvoiceDetail> = {}): InvoiceDetail => ({
  id: ID,
  reference: 'INV-0001',
  status: 'partlyPaid',
  approvalStatus: 'approved',
  deliveryStatus: 'pending',
  customer: { id: '22222222-2222-4222-8222-222222222222', name: 'Bola Ade', email: 'bola@example.ng' },
  initialAmount: '1000.00',
  initialAmountMinor: 100_000,
  discount: null,
  discountType: null,
  discountAmount: '0.00',
  discountAmountMinor: 0,
  amount: '1000.00',
  amountMinor: 100_000,
  amountPaid: '400.00',
  amountPaidMinor: 40_000,
  settlementStrategy: 'consolidated',
  paymentOption: 'one-time',
  createdBy: 'Ada Obi',
  createdAt: '2026-01-01T10:00:00Z',
  products: [
    {
      name: 'Consulting',
      price: '1000.00',
      priceMinor: 100_000,
      quantity: 1,
      amount: '1000.00',
      amountMinor: 100_000,
    },
  ],
  partners: [],
  invoiceInstallments: [],
  invoiceSettlements: [],
  invoiceCollectionRefunds: [],
  collectionAccount: { accountNumber: '9900112233', bankName: 'Sandbox Bank', accountName: 'Acme Ltd' },
  payLink: `http://localhost/payment-collection/invoice/a1/${ID}`,
  approvalWorkflowPendingApprovalItem: {
    id: '33333333-3333-4333-8333-333333333333',
    type: 'invoice',
    status: 'approved',
    canApprove: false,
    canResolve: false,
    canSelfApprove: false,
    rejectionResolverIds: [],
    currentLevel: 1,
    totalLevels: 1,
    workflowId: null,
    workflowName: 'Default',
    currentApprovers: [],
    approvals: [],
    trailVerified: true,
  },
  ...over,
});

const noTransactions: Handler = {
  body: {
    status: 'success',
    message: 'OK',
    data: [],
    metadata: { pagination: { page: 1, limit: 20, totalItems: 0, totalPages: 0 } },
  },
};

function open(inv: InvoiceDetail | (() => InvoiceDetail), routes: Record<string, Handler> = {}) {
  const detail = typeof inv === 'function' ? inv : () => inv;
  return renderApp(`/inflows/invoices/${ID}`, {
    session: {},
    routes: {
      [`GET ${PATH}`]: () => ok(detail()),
      [`GET ${PATH}/transactions`]: noTransactions,
      ...routes,
    },
  });
}

describe('invoice detail: cancel and reminder', () => {
  it('shows Send reminder and Cancel invoice on an approved, partly paid invoice', async () => {
    open(invoice());
    expect(await screen.findByRole('button', { name: 'Send reminder' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel invoice' })).toBeInTheDocument();
  });

  it.each([
    ['pending approval', { approvalStatus: 'pending', payLink: null, collectionAccount: null }],
    ['rejected', { approvalStatus: 'rejected', payLink: null, collectionAccount: null }],
    ['fully paid', { status: 'fullyPaid', amountPaid: '1000.00', amountPaidMinor: 100_000 }],
    ['completed', { status: 'completed', amountPaid: '1000.00', amountPaidMinor: 100_000 }],
    ['cancelled', { status: 'cancelled' }],
  ] as const)('hides both on a %s invoice', async (_, over) => {
    open(invoice(over as Partial<InvoiceDetail>));
    expect(await screen.findByRole('link', { name: 'Download PDF' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send reminder' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel invoice' })).toBeNull();
  });

  it('hides Send reminder until the collection account exists (the API answers 409 before)', async () => {
    open(invoice({ collectionAccount: null }));
    expect(await screen.findByRole('button', { name: 'Cancel invoice' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send reminder' })).toBeNull();
  });

  it('hides both without the inflows post/put permissions', async () => {
    renderApp(`/inflows/invoices/${ID}`, {
      session: { resources: { inflows: ['get'] } },
      routes: { [`GET ${PATH}`]: ok(invoice()), [`GET ${PATH}/transactions`]: noTransactions },
    });
    expect(await screen.findByRole('link', { name: 'Download PDF' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send reminder' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel invoice' })).toBeNull();
  });

  it('cancels only after the confirm modal, toasts the API message and refreshes the invoice', async () => {
    let current = invoice();
    const { api } = open(() => current, {
      [`POST ${PATH}/cancel`]: () => {
        current = invoice({ status: 'cancelled' });
        return ok(current, 'Invoice cancelled successfully');
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel invoice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel invoice' });
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    // Dismissing sends nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cancel invoice' })).toBeNull());
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel invoice' }));
    const again = await screen.findByRole('dialog', { name: 'Cancel invoice' });
    const detailReads = api.calls.filter((c) => c.method === 'GET' && c.path === PATH).length;
    fireEvent.click(within(again).getByRole('button', { name: 'Cancel invoice' }));

    await waitFor(() => expect(toast.toastSuccess).toHaveBeenCalledWith('Invoice cancelled successfully'));
    expect(api.calls.filter((c) => c.method === 'POST' && c.path === `${PATH}/cancel`)).toHaveLength(1);
    await waitFor(() =>
      expect(api.calls.filter((c) => c.method === 'GET' && c.path === PATH).length).toBeGreaterThan(
        detailReads,
      ),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel invoice' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Send reminder' })).toBeNull();
  });

  it('toasts the API error when the cancel is refused', async () => {
    open(invoice(), {
      [`POST ${PATH}/cancel`]: fail(
        409,
        'conflict',
        'Only an invoice that is not yet fully paid can be cancelled',
      ),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel invoice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel invoice' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel invoice' }));
    await waitFor(() =>
      expect(toast.toastError).toHaveBeenCalledWith(
        'Only an invoice that is not yet fully paid can be cancelled',
      ),
    );
    expect(toast.toastSuccess).not.toHaveBeenCalled();
  });

  it('sends a reminder and toasts the API message', async () => {
    const { api } = open(invoice(), {
      [`GET /api/inflows/invoice/notification/${ID}`]: ok(null, 'Reminder sent successfully!'),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Send reminder' }));
    await waitFor(() => expect(toast.toastSuccess).toHaveBeenCalledWith('Reminder sent successfully!'));
    expect(api.calls.filter((c) => c.path === `/api/inflows/invoice/notification/${ID}`)).toHaveLength(1);
  });
});

describe('invoice detail: agent commission', () => {
  const commission = {
    id: '44444444-4444-4444-8444-444444444444',
    agent: { id: 'u9', name: 'Tunde Agent' },
    invoiceId: ID,
    invoiceReference: 'INV-0001',
    kind: 'invoice',
    amountDue: '50.00',
    amountDueMinor: 5_000,
    invoiceCommissionConfig: { commissionType: 'percentage', commissionRate: '5%' },
    approvalStatus: 'initialized',
    paymentStatus: 'pending',
    disbursementId: null,
    payoutDate: null,
    maturedAt: null,
    createdAt: '2026-01-02T10:00:00Z',
  };
  const list = (data: unknown[]): Handler => ({
    body: {
      status: 'success',
      message: 'OK',
      data,
      metadata: { pagination: { page: 1, limit: 20, totalItems: data.length, totalPages: 1 } },
    },
  });

  it("lists the invoice's commissions for a manager, asking for this invoice only", async () => {
    const { api } = open(invoice(), { 'GET /api/agents/core/commissions': list([commission]) });
    const table = await screen.findByTestId('invoice-commissions');
    expect(within(table).getByText('Tunde Agent')).toBeInTheDocument();
    expect(within(table).getByText('5%')).toBeInTheDocument();
    const call = api.calls.find((c) => c.path === '/api/agents/core/commissions');
    expect(call?.url.searchParams.get('invoiceId')).toBe(ID);
  });

  it('shows nothing when the invoice has no commission', async () => {
    const { api } = open(invoice(), { 'GET /api/agents/core/commissions': list([]) });
    expect(await screen.findByRole('link', { name: 'Download PDF' })).toBeInTheDocument();
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/agents/core/commissions')).toBe(true));
    expect(screen.queryByTestId('invoice-commissions')).toBeNull();
  });

  it('asks for nothing when the role sees no commissions', async () => {
    const { api } = renderApp(`/inflows/invoices/${ID}`, {
      session: { resources: { inflows: ['get'] } },
      routes: { [`GET ${PATH}`]: ok(invoice()), [`GET ${PATH}/transactions`]: noTransactions },
    });
    expect(await screen.findByRole('link', { name: 'Download PDF' })).toBeInTheDocument();
    expect(api.calls.some((c) => c.path.endsWith('/commissions'))).toBe(false);
  });
});

describe('invoice detail: confirm delivery', () => {
  it('confirms delivery after the prompt, toasts the API message and shows Delivered', async () => {
    let current = invoice();
    const { api } = open(() => current, {
      [`PATCH ${PATH}/delivery/mark-as-delivered`]: () => {
        current = invoice({ deliveryStatus: 'delivered' });
        return ok(current, 'Delivery status updated successfully.');
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm delivery' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm delivery' });
    expect(api.calls.some((c) => c.method === 'PATCH')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm delivery' }));
    await waitFor(() =>
      expect(toast.toastSuccess).toHaveBeenCalledWith('Delivery status updated successfully.'),
    );
    expect(api.calls.filter((c) => c.method === 'PATCH')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Confirm delivery' })).toBeNull());
  });

  it.each([
    ['already delivered', { deliveryStatus: 'delivered' }],
    ['pending approval', { approvalStatus: 'pending', payLink: null, collectionAccount: null }],
    ['draft', { status: 'draft' }],
  ] as const)('offers no prompt on a %s invoice', async (_, over) => {
    open(invoice(over as Partial<InvoiceDetail>));
    expect(await screen.findByRole('button', { name: '← Back' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm delivery' })).toBeNull();
  });

  it('offers no prompt to a role that may not update delivery', async () => {
    renderApp(`/inflows/invoices/${ID}`, {
      session: { resources: { inflows: ['get'] } },
      routes: { [`GET ${PATH}`]: ok(invoice()), [`GET ${PATH}/transactions`]: noTransactions },
    });
    expect(await screen.findByRole('link', { name: 'Download PDF' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm delivery' })).toBeNull();
  });
});

describe('invoice detail: approval comment thread', () => {
  const APPROVAL = '33333333-3333-4333-8333-333333333333';
  const COMMENTS = `/api/approval-workflows/items/${APPROVAL}/comments`;
  const decision = {
    id: 'd1',
    kind: 'decision',
    status: 'Approved',
    body: 'Figures match',
    createdAt: '2026-01-02T09:00:00Z',
    user: { id: 'u2', name: 'Chidi Okeke' },
  };
  const added = {
    id: 'c1',
    kind: 'comment',
    status: null,
    body: 'Customer asked for a copy',
    createdAt: '2026-01-03T09:00:00Z',
    user: { id: 'u1', name: 'Ada Obi' },
  };

  it('opens the thread from the approval history and adds a comment with the server toast', async () => {
    const { api } = open(invoice(), {
      [`GET ${COMMENTS}`]: ok([decision]),
      [`POST ${COMMENTS}`]: ok([decision, added], 'Comment added successfully'),
    });
    expect(await screen.findByText('Approval history')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Comments' }));
    const drawer = await screen.findByRole('dialog', { name: 'Comments' });
    expect(await within(drawer).findByText('Figures match')).toBeInTheDocument();
    expect(within(drawer).getByText('Chidi Okeke')).toBeInTheDocument();

    // an empty comment is refused in the browser by the contract's own rule
    fireEvent.click(within(drawer).getByRole('button', { name: 'Comment' }));
    expect(await within(drawer).findByText('Comment is required')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST' && c.path === COMMENTS)).toBe(false);

    fireEvent.change(within(drawer).getByLabelText('Add a comment'), {
      target: { value: 'Customer asked for a copy' },
    });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Comment' }));
    await waitFor(() => expect(toast.toastSuccess).toHaveBeenCalledWith('Comment added successfully'));
    expect(api.calls.find((c) => c.method === 'POST' && c.path === COMMENTS)?.body).toEqual({
      body: 'Customer asked for a copy',
    });
    expect(await within(drawer).findByText('Customer asked for a copy')).toBeInTheDocument();
    expect(within(drawer).getAllByTestId('comment')).toHaveLength(2);
  });

  it('shows the server’s refusal inside the drawer, not the Access Forbidden page', async () => {
    open(invoice(), {
      [`GET ${COMMENTS}`]: fail(403, 'forbidden', 'You do not have permission to perform this action'),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Comments' }));
    const drawer = await screen.findByRole('dialog', { name: 'Comments' });
    expect(
      await within(drawer).findByText('You do not have permission to perform this action'),
    ).toBeInTheDocument();
    expect(screen.getByText('Approval history')).toBeInTheDocument();
  });
});

describe('invoice detail: Retry Failed Settlements (002 §4)', () => {
  const partner = {
    id: '55555555-5555-4555-8555-555555555555',
    customerName: 'Tola Logistics',
    percentage: '20',
  };
  const split = (status: 'pending' | 'paid' | 'failed' | 'cancelled', i: number) => ({
    id: `66666666-6666-4666-8666-66666666666${i}`,
    partnerId: partner.id,
    customerName: partner.customerName,
    accountNumber: '0123456789',
    percentage: '20',
    amount: '80.00',
    amountMinor: 8_000,
    capped: false,
    fee: '0.00',
    feeMinor: 0,
    status,
    failureReason: status === 'failed' ? 'Bank unavailable' : null,
    createdAt: '2026-01-02T10:00:00Z',
  });
  const withSplits = (over: Partial<InvoiceDetail>, ...statuses: ('pending' | 'paid' | 'failed')[]) =>
    invoice({ partners: [partner], invoiceSettlements: statuses.map((st, i) => split(st, i)), ...over });

  it.each([
    ['a failed split on a partly paid invoice', true, withSplits({}, 'paid', 'failed')],
    ['a pending split on a fully paid invoice', true, withSplits({ status: 'fullyPaid' }, 'pending')],
    ['every split paid', false, withSplits({}, 'paid', 'paid')],
    ['a failed split on a pending invoice', false, withSplits({ status: 'pending' }, 'failed')],
    ['no allocations', false, invoice({ status: 'fullyPaid' })],
  ] as const)('with %s: shown = %s', async (_, shown, inv) => {
    open(inv);
    expect(await screen.findByRole('link', { name: 'Download PDF' })).toBeInTheDocument();
    expect(!!screen.queryByRole('button', { name: 'Retry Failed Settlements' })).toBe(shown);
  });

  it('marks a capped split beside its amount', async () => {
    open(invoice({ partners: [partner], invoiceSettlements: [{ ...split('paid', 0), capped: true }] }));
    expect(await screen.findByText('₦80.00 (capped)')).toBeInTheDocument();
  });

  it('retries and toasts the server message', async () => {
    const { api } = open(withSplits({}, 'failed'), {
      [`POST ${PATH}/settlements/init-payment`]: ok(null, 'Settlements reinitialized successfully'),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Retry Failed Settlements' }));
    await waitFor(() =>
      expect(toast.toastSuccess).toHaveBeenCalledWith('Settlements reinitialized successfully'),
    );
    expect(api.calls.filter((c) => c.path === `${PATH}/settlements/init-payment`)).toHaveLength(1);
  });
});
