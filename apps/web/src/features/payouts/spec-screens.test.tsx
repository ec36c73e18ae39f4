// Issue 37: the spec screens that fell through to "Coming soon" — the bill's review and payment,
// the scheduled bill, the payout review, the direct payout's asset step — and the send-bill review
// that reuses the payment-details screen.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PendingApprovalItem } from '@owo/contract/approvals';
import type { PayoutDetail } from '@owo/contract/payouts';
import type { Bill } from '@owo/contract/payouts-bills';
import { ok, renderApp } from '../../app/test-utils';
import { draftStore } from '../../lib/drafts';
import { PAYOUT_DRAFT, type PayoutDraft } from './api';

const ID = '33333333-3333-4333-8333-333333333333';
const WALLET = '44444444-4444-4444-8444-444444444444';
const PAYEE = '55555555-5555-4555-8555-555555555555';
const SCHEDULE = '66666666-6666-4666-8666-666666666666';
const REF = 'bill_abc123';

const bill = (over: Partial<Bill> = {}): Bill => ({
  id: '77777777-7777-4777-8777-777777777777',
  reference: REF,
  status: 'submitted',
  email: 'billing@lekkicleaning.ng',
  note: null,
  payeeId: null,
  payeeName: null,
  amount: '40000.00',
  amountMinor: 4_000_000,
  description: 'Office cleaning, March',
  invoiceNumber: 'INV-0042',
  dueDate: '2026-12-31',
  bankName: 'GTBank',
  accountNumber: '0123456785',
  accountName: 'LEKKI CLEANING LTD',
  fileName: 'abc.pdf',
  payoutId: null,
  createdAt: '2026-11-01T09:00:00Z',
  submittedAt: '2026-11-02T09:00:00Z',
  ...over,
});

const approval = (over: Partial<PendingApprovalItem> = {}): PendingApprovalItem => ({
  id: '11111111-1111-4111-8111-111111111111',
  type: 'payout',
  status: 'pending',
  canApprove: true,
  canResolve: false,
  canSelfApprove: false,
  rejectionResolverIds: [],
  currentLevel: 0,
  totalLevels: 1,
  workflowId: null,
  workflowName: 'AP policy',
  currentApprovers: [],
  approvals: [],
  trailVerified: true,
  ...over,
});

const payout = (over: Partial<PayoutDetail> = {}): PayoutDetail => ({
  id: ID,
  reference: 'po_abc123',
  payoutOption: 'standard',
  status: 'pending',
  approvalStatus: 'pending',
  amount: '40000.00',
  amountMinor: 4_000_000,
  fee: '50.00',
  feeMinor: 5_000,
  currency: 'NGN',
  walletId: WALLET,
  narration: 'Bill INV-0042',
  payee: {
    id: PAYEE,
    name: 'Lekki Cleaning',
    bankName: 'GTBank',
    accountNumber: '0123456785',
    accountName: 'LEKKI CLEANING LTD',
  },
  scheduledDate: null,
  scheduleId: null,
  categoryId: null,
  projectId: null,
  assets: [],
  transactionId: null,
  failureReason: null,
  maker: { id: 'u7', name: 'Chinedu Eze' },
  recipientCurrency: null,
  recipientAmount: null,
  recipientAmountMinor: null,
  fxRate: null,
  wirePurpose: null,
  wireNarration: null,
  senderDetails: null,
  channel: 'bill',
  createdAt: '2026-11-05T09:00:00Z',
  updatedAt: '2026-11-05T09:00:00Z',
  approvalWorkflowPendingApprovalItem: null,
  recurrence: null,
  ...over,
});

const wallet = {
  id: WALLET,
  currency: 'NGN',
  name: 'NGN Wallet',
  balance: '1000000.00',
  balanceMinor: 100_000_000,
  pendingBalance: '0.00',
  pendingBalanceMinor: 0,
  virtualAccount: null,
  createdAt: '2026-01-01T00:00:00Z',
};

afterEach(() => draftStore.clearAll());

describe('bill review and payment (/bills/:ref/review)', () => {
  it('shows the bill, then schedules its payment on a date and opens the scheduled bill', async () => {
    const { api, router } = renderApp(`/bills/${REF}/review`, {
      session: { resources: '*' },
      routes: {
        [`GET /api/payout/quote/${REF}`]: ok(bill()),
        'GET /api/wallet': ok([wallet]),
        'GET /api/payout/category': ok([]),
        [`POST /api/payout/quote/${REF}/payout`]: ok(
          payout({ scheduledDate: '2026-12-30', scheduleId: SCHEDULE }),
          'Bill sent for payment',
        ),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Review bill' })).toBeInTheDocument();
    expect(await screen.findByText('INV-0042')).toBeInTheDocument();
    expect(screen.getByText('LEKKI CLEANING LTD')).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('textbox', { name: 'Pay from' }));
    fireEvent.click(await screen.findByRole('option', { name: /NGN Wallet/, hidden: true }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Pay on (optional)' }), {
      target: { value: '30/12/2026' },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Schedule payment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/bills/scheduled/${REF}`));
    const post = api.calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ walletId: WALLET, categoryId: null, scheduledDate: '2026-12-30' });
    expect(post?.headers['idempotency-key'] ?? post?.headers['Idempotency-Key']).toBeTruthy();
  });

  it('a bill already sent is not offered for payment again', async () => {
    renderApp(`/bills/${REF}/review`, {
      session: { resources: '*' },
      routes: { [`GET /api/payout/quote/${REF}`]: ok(bill({ status: 'sent', payoutId: ID })) },
    });
    expect(await screen.findByText('This bill was already sent for payment.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Send for approval|Schedule payment/ })).toBeNull();
  });
});

describe('scheduled bill (/bills/scheduled/:ref)', () => {
  it('shows the payment and its date, and moves it to another date', async () => {
    const scheduled = payout({ status: 'scheduled', scheduledDate: '2026-12-30', scheduleId: SCHEDULE });
    const { api } = renderApp(`/bills/scheduled/${REF}`, {
      session: { resources: '*' },
      routes: {
        [`GET /api/payout/quote/${REF}`]: ok(bill({ status: 'sent', payoutId: ID })),
        [`GET /api/payouts/${ID}`]: ok(scheduled),
        [`PUT /api/payout/schedule/${SCHEDULE}`]: ok({
          id: SCHEDULE,
          payoutId: ID,
          scheduledDate: '2027-01-05',
          status: 'scheduled',
        }),
      },
    });
    expect(await screen.findByRole('heading', { name: /Scheduled bill · ₦40,000\.00/ })).toBeInTheDocument();
    expect(screen.getByText('Pays on 30/12/2026')).toBeInTheDocument();
    expect(screen.getByText('INV-0042')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'New date' }), { target: { value: '05/01/2027' } });
    fireEvent.click(screen.getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ scheduledDate: '2027-01-05' });
  });
});

describe('payout review (/payouts/review/:ref)', () => {
  it('shows what is paid to whom with the approval actions and the trail', async () => {
    renderApp(`/payouts/review/${ID}`, {
      session: { resources: '*' },
      routes: { [`GET /api/payouts/${ID}`]: ok(payout({ approvalWorkflowPendingApprovalItem: approval() })) },
    });
    expect(await screen.findByRole('heading', { name: /Review payout · ₦40,000\.00/ })).toBeInTheDocument();
    expect(screen.getAllByText('Lekki Cleaning').length).toBeGreaterThan(0);
    expect(screen.getByText('Approval history')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });
});

describe('direct payout asset step (/payouts/direct/assets-selection)', () => {
  it('asks for at least one asset, then goes on to the payment details with the assets', async () => {
    const A1 = '88888888-8888-4888-8888-888888888888';
    draftStore.set<PayoutDraft>(PAYOUT_DRAFT, {
      idempotencyKey: 'k1',
      payoutOption: 'asset',
      payeeId: PAYEE,
      payeeName: 'Lekki Cleaning',
      payeeCurrency: 'NGN',
      projectId: null,
      assets: [],
    });
    const { router } = renderApp('/payouts/direct/assets-selection', {
      session: { resources: '*' },
      routes: {
        'GET /api/payout-asset': {
          body: {
            status: 'success',
            message: 'OK',
            data: [
              {
                id: A1,
                type: 'Generator',
                brand: 'Mikano',
                modelNo: 'MK-20',
                serialNo: 'SN-1',
                location: 'Ikeja',
                active: true,
                inventory: [],
                createdAt: '2026-01-01T00:00:00Z',
              },
            ],
            metadata: { pagination: { page: 1, limit: 100, totalItems: 1, totalPages: 1 } },
          },
        },
        'GET /api/wallet': ok([wallet]),
        'GET /api/payout/category': ok([]),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Payout asset selection' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Please select at least one asset')).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('textbox', { name: 'Assets' }));
    fireEvent.click(await screen.findByRole('option', { name: /SN-1/, hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment-details'));
    expect(draftStore.get<PayoutDraft>(PAYOUT_DRAFT)?.assets).toEqual([A1]);
  });

  it('without an asset payout draft goes back to the start of the flow', async () => {
    const { router } = renderApp('/payouts/direct/assets-selection', {
      session: { resources: '*' },
      routes: { 'GET /api/payee': ok([]) },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/payout/direct'));
  });
});

describe('send-bill review (000 §2.10)', () => {
  it('reuses the payment-details screen, read-only, with what was sent', async () => {
    draftStore.set('sendBill', {
      ref: 'tok',
      companyName: 'Acme Ltd',
      email: 'billing@lekkicleaning.ng',
      values: {
        amount: '40000',
        description: 'Office cleaning, March',
        invoiceNumber: 'INV-0042',
        dueDate: '2026-12-31',
        bankCode: '058',
        accountNumber: '0123456785',
      },
      bankName: 'Guaranty Trust Bank',
      fileName: 'invoice.pdf',
    });
    const { router } = renderApp('/send-bill/review/tok', { session: false });
    expect(await screen.findByRole('heading', { name: 'Bill for Acme Ltd' })).toBeInTheDocument();
    const amount = screen.getByRole('textbox', { name: 'Amount (₦)' });
    expect(amount).toHaveValue('40000');
    expect(amount).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: 'Invoice number' })).toHaveValue('INV-0042');
    expect(screen.getByRole('textbox', { name: 'Due date' })).toHaveValue('31/12/2026');
    expect(screen.getByDisplayValue('Guaranty Trust Bank')).toBeInTheDocument();
    expect(screen.getByDisplayValue('invoice.pdf')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/send-bill/success/tok'));
  });
});

describe('asset payout details (/assets/payout/details)', () => {
  it('lists the payouts made for the asset; a row opens its payout', async () => {
    const A1 = '88888888-8888-4888-8888-888888888888';
    const { api, router } = renderApp(`/assets/payout/details?assetId=${A1}`, {
      session: { resources: '*' },
      routes: {
        [`GET /api/payout-asset/${A1}`]: ok({
          id: A1,
          type: 'Generator',
          brand: 'Mikano',
          modelNo: 'MK-20',
          serialNo: 'SN-1',
          location: 'Ikeja',
          active: true,
          inventory: [],
          createdAt: '2026-01-01T00:00:00Z',
        }),
        'GET /api/payouts': ok([payout({ payoutOption: 'asset', narration: 'Generator service' })]),
        [`GET /api/payouts/${ID}`]: ok(payout()),
      },
    });
    fireEvent.click(await screen.findByText('Generator service'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/payouts/${ID}`));
    expect(api.calls.find((c) => c.path === '/api/payouts')?.url.searchParams.get('assetId')).toBe(A1);
  });
});
