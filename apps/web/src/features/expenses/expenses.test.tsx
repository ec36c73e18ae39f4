import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PendingApprovalItem } from '@owo/contract/approvals';
import type { ExpenseDetail } from '@owo/contract/expenses';
import { fail, ok, renderApp, type Reply } from '../../app/test-utils';

const item = (over: Partial<PendingApprovalItem> = {}): PendingApprovalItem => ({
  id: '11111111-1111-4111-8111-111111111111',
  type: 'expense',
  status: 'pending',
  canApprove: true,
  canResolve: false,
  canSelfApprove: false,
  rejectionResolverIds: [],
  currentLevel: 0,
  totalLevels: 2,
  workflowId: null,
  workflowName: 'Expenses',
  currentApprovers: [{ id: 'u1', name: 'Ada Obi' }],
  approvals: [
    {
      status: 'Approved',
      comments: 'Receipt checked',
      dateApproved: '2026-03-05T10:00:00Z',
      level: 0,
      userData: { id: 'u9', name: 'Tunde Bello' },
      uniqueHash: 'a'.repeat(64),
    },
  ],
  trailVerified: true,
  ...over,
});

const expense = (approval: PendingApprovalItem | null): ExpenseDetail => {
  const base = {
    id: '22222222-2222-4222-8222-222222222222',
    reference: 'exp_abc123',
    status: 'pending' as const,
    amount: '25000.00',
    amountMinor: 2_500_000,
    fee: null,
    feeMinor: null,
    currency: 'NGN',
    walletId: 'w1',
    bankCode: '058',
    bankName: 'Guaranty Trust Bank',
    bankAccountNumber: '0123456785',
    bankAccountName: 'ADA STORES LTD',
    purpose: { service: null, serviceName: null, description: 'Diesel' },
    attachments: [],
    productsAndServices: [],
    approverId: null,
    projectId: null,
    beneficiaryEmail: null,
    maker: { id: 'u7', name: 'Chinedu Eze' },
    transactionId: null,
    failureReason: null,
    scheduledDate: null,
    recurrence: null,
    recurrenceEndDate: null,
    nextRunOn: null,
    parentExpenseId: null,
    createdAt: '2026-03-05T09:00:00Z',
    updatedAt: '2026-03-05T09:00:00Z',
  };
  return {
    ...base,
    expenseData: {
      manifest: {
        bankCode: base.bankCode,
        bankAccountNumber: base.bankAccountNumber,
        walletId: base.walletId,
        amount: base.amount,
        paymentTag: null,
        narration: 'Diesel',
        attachments: [],
        purpose: base.purpose,
        productsAndServices: [],
      },
      project: null,
    },
    approvalWorkflowPendingApprovalItem: approval,
  };
};

const path = '/expense/22222222-2222-4222-8222-222222222222';
const apiPath = `GET /api${path}`;

describe('expense detail and the shared approval modals', () => {
  it('shows Approve and Reject only when the server says canApprove, and the verified trail', async () => {
    renderApp(path, { session: { resources: '*' }, routes: { [apiPath]: ok(expense(item())) } });
    expect(await screen.findByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reject' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resolve' })).not.toBeInTheDocument();
    expect(screen.getAllByText('trail verified').length).toBeGreaterThan(0);
    expect(screen.getByText(/5 March 2026/)).toBeInTheDocument();
    expect(document.querySelector('[data-status="pending"]')).toHaveTextContent(/^Pending$/);
  });

  it('hides the decision buttons when canApprove is false; Resolve shows with canResolve', async () => {
    renderApp(path, {
      session: { resources: '*' },
      routes: { [apiPath]: ok(expense(item({ status: 'rejected', canApprove: false, canResolve: true }))) },
    });
    expect(await screen.findByRole('button', { name: 'Resolve' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('approves with a reason of at least 3 characters and sends it', async () => {
    const { api: mock } = renderApp(path, {
      session: { resources: '*' },
      routes: {
        [apiPath]: ok(expense(item())),
        'POST /api/approval-workflows/pending-approvals/approve/11111111-1111-4111-8111-111111111111': ok(
          item({ canApprove: false, currentLevel: 1 }),
          'Expense approved successfully',
        ),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    const reason = await screen.findByLabelText('Reason');
    fireEvent.change(reason, { target: { value: 'ok' } });
    fireEvent.blur(reason);
    fireEvent.submit(screen.getByLabelText('Reason').closest('form')!);
    expect(await screen.findByText('Comment must be between 3 and 1000 characters')).toBeInTheDocument();
    fireEvent.change(reason, { target: { value: 'Receipt matches' } });
    fireEvent.submit(screen.getByLabelText('Reason').closest('form')!);
    await waitFor(() => expect(mock.calls.some((c) => c.method === 'POST')).toBe(true));
    const sent = mock.calls.find(
      (c) => c.method === 'POST' && c.path.includes('/pending-approvals/approve/'),
    );
    expect(sent?.body).toEqual({ approvalStatus: 'approved', comments: 'Receipt matches' });
  });

  it('keeps the modal open when the decision is refused (409)', async () => {
    const { api: mock } = renderApp(path, {
      session: { resources: '*' },
      routes: {
        [apiPath]: ok(expense(item())),
        'POST /api/approval-workflows/pending-approvals/approve/11111111-1111-4111-8111-111111111111': fail(
          409,
          'conflict',
          'This item is no longer pending approval',
        ),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    fireEvent.change(await screen.findByLabelText('Reason'), { target: { value: 'Wrong payee' } });
    fireEvent.submit(screen.getByLabelText('Reason').closest('form')!);
    await waitFor(() => expect(mock.calls.some((c) => c.method === 'POST')).toBe(true));
    // A refused decision keeps the modal open with the reason typed.
    expect(screen.getByLabelText('Reason')).toHaveValue('Wrong payee');
  });
});

const listReply = (items: unknown[]): Reply => ({
  body: {
    status: 'success',
    message: 'OK',
    data: items,
    metadata: { pagination: { page: 1, limit: 20, totalItems: items.length, totalPages: 1 } },
  },
});

describe('expense lists (the list kit)', () => {
  it('a sub-list asks its status with the URL filters, and shows the rows', async () => {
    const { api: mock } = renderApp('/expenses/pending?search=diesel&currency=NGN', {
      session: { resources: '*' },
      routes: { 'GET /api/expense': listReply([expense(null)]) },
    });
    expect(await screen.findByText('exp_abc123')).toBeInTheDocument();
    // The status reads in words, not as the API's value.
    expect(
      screen.getByText('exp_abc123').closest('tr')!.querySelector('[data-status="pending"]'),
    ).toHaveTextContent(/^Pending$/);
    const call = mock.calls.find((c) => c.method === 'GET' && c.path === '/api/expense')!;
    expect(call.url.searchParams.get('status')).toBe('pending');
    expect(call.url.searchParams.get('search')).toBe('diesel');
    expect(call.url.searchParams.get('where')).toBe('{"currency":"NGN"}');
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
  });

  it('shows "No data available" for an empty list', async () => {
    renderApp('/expenses/me', { session: { resources: '*' }, routes: { 'GET /api/expense': listReply([]) } });
    expect(await screen.findByTestId('list-empty')).toBeInTheDocument();
  });
});

describe('expense form: quote and fee before submit', () => {
  const wallet = { id: '33333333-3333-4333-8333-333333333333', currency: 'NGN', name: 'NGN Wallet' };
  const formRoutes = (quote: Reply): Record<string, Reply> => ({
    'GET /api/wallet': ok([{ ...wallet, balance: '100000.00', balanceMinor: 10_000_000 }]),
    'GET /api/content/payout/local/banks': ok([{ code: '058', name: 'Guaranty Trust Bank' }]),
    'GET /api/account_access': listReply([]),
    'GET /api/products-and-services': listReply([]),
    'GET /api/expense/beneficiary': ok([]),
    [`POST /api/exchange/disbursement/expenses/${wallet.id}`]: quote,
  });

  it('asks the quote 2,000 ms after the amount and shows the fee and total', async () => {
    const { api: mock } = renderApp('/expense/new-payment', {
      session: { resources: '*' },
      routes: formRoutes(
        ok({
          isPaymentRequired: false,
          exchangeFee: '26.88',
          exchangeFeeMinor: 2688,
          fxFee: '0.00',
          fxFeeMinor: 0,
          transferFee: '26.88',
          transferFeeMinor: 2688,
          total: '25026.88',
          totalMinor: 2_502_688,
          rate: '1',
          sourceCurrency: 'NGN',
          amount: '25000.00',
          amountMinor: 2_500_000,
          currency: 'NGN',
          requestedAmount: '25000.00',
          requestedAmountMinor: 2_500_000,
          availableBalance: '100000.00',
          availableBalanceMinor: 10_000_000,
        }),
      ),
    });
    const amount = await screen.findByLabelText('Amount');
    await waitFor(() => expect(mock.calls.some((c) => c.path === '/api/wallet')).toBe(true));
    const started = Date.now();
    fireEvent.change(amount, { target: { value: '25000' } });
    expect(await screen.findByText(/Fee ₦26\.88 · Total ₦25,026\.88/)).toBeInTheDocument();
    const quoted = mock.calls.filter((c) => c.path.startsWith('/api/exchange/'));
    expect(quoted).toHaveLength(1);
    expect(quoted[0].body).toEqual({ amount: '25000', currency: 'NGN', method: 'bank-transfer' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
  });

  it('searches saved beneficiaries 300 ms after typing (limit 15) and fills the payee from one', async () => {
    const ben = {
      id: '44444444-4444-4444-8444-444444444444',
      accountName: 'ADA STORES LTD',
      bankName: 'Guaranty Trust Bank',
      accountNumber: '0123456785',
      bankCode: '058',
      email: 'ada@stores.ng',
    };
    const { api: mock } = renderApp('/expense/new-payment', {
      session: { resources: '*' },
      routes: { ...formRoutes(ok(null)), 'GET /api/expense/beneficiary': ok([ben]) },
    });
    const search = await screen.findByLabelText('Saved beneficiary (optional)');
    fireEvent.focus(search);
    fireEvent.change(search, { target: { value: 'ada' } });
    await waitFor(() =>
      expect(
        mock.calls.some(
          (c) =>
            c.path === '/api/expense/beneficiary' &&
            c.url.searchParams.get('search') === 'ada' &&
            c.url.searchParams.get('limit') === '15',
        ),
      ).toBe(true),
    );
    fireEvent.click(await screen.findByText('ADA STORES LTD'));
    await waitFor(() => expect(screen.getByLabelText('Account number')).toHaveValue('0123456785'));
    expect(screen.getByLabelText('Beneficiary email (optional)')).toHaveValue('ada@stores.ng');
  });

  it('shows an exchange error under the amount field', async () => {
    const { api: mock } = renderApp('/expense/new-payment', {
      session: { resources: '*' },
      routes: formRoutes(fail(422, 'error', 'Exchange rates are unavailable, try again shortly')),
    });
    const amount = await screen.findByLabelText('Amount');
    await waitFor(() => expect(mock.calls.some((c) => c.path === '/api/wallet')).toBe(true));
    fireEvent.change(amount, { target: { value: '500' } });
    expect(await screen.findByText('Exchange rates are unavailable, try again shortly')).toBeInTheDocument();
  });
});

describe('expense detail: schedule and retire', () => {
  it('shows the schedule, and retires a paid expense after a confirmation', async () => {
    const paid = {
      ...expense(item({ status: 'approved', canApprove: false })),
      status: 'completed' as const,
      attachments: [{ uploader: 'Ada Obi', fileName: 'a'.repeat(32) + '.pdf' }],
      scheduledDate: '2026-04-01',
      recurrence: 'monthly' as const,
      recurrenceEndDate: '2026-12-01',
      nextRunOn: '2026-05-01',
    };
    const { api: mock } = renderApp(path, {
      session: { resources: '*' },
      routes: {
        [apiPath]: ok(paid),
        'PUT /api/expense/22222222-2222-4222-8222-222222222222/retire': ok(
          { ...paid, status: 'retired' },
          'Expense retired successfully',
        ),
      },
    });
    expect(
      await screen.findByText('Pay on 01/04/2026, every month until 01/12/2026 · next payment 01/05/2026'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add receipt' })).toBeInTheDocument();
    // The receipt opens from the detail (an approver reads it there): a link, not its stored name.
    expect(screen.getByRole('link', { name: 'Receipt' })).toHaveAttribute(
      'href',
      `/api/files/${'a'.repeat(32)}.pdf`,
    );
    expect(screen.queryByText(`${'a'.repeat(32)}.pdf`)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Retire' }));
    expect(await screen.findByText(/records the 1 receipt against this/)).toBeInTheDocument();
    expect(mock.calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Retire expense' })).getByRole('button', {
        name: 'Retire',
      }),
    );
    await waitFor(() =>
      expect(mock.calls.some((c) => c.method === 'PUT' && c.path.endsWith('/retire'))).toBe(true),
    );
  });
});
