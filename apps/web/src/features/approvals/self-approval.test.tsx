// Issue 34 §9 on the web: the payment forms say BEFORE submitting when nobody else can approve
// ("Invite an approver"), and the approval actions offer Self-approve, with a confirmation, only
// when the server says canSelfApprove.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApproverOutlook, PendingApprovalItem } from '@owo/contract/approvals';
import type { PayoutDetail } from '@owo/contract/payouts';
import { ok, renderApp, type Handler } from '../../app/test-utils';
import { draftStore } from '../../lib/drafts';
import { PAYOUT_DRAFT, type PayoutDraft } from '../payouts/api';

const ID = '33333333-3333-4333-8333-333333333333';
const APPROVAL = '11111111-1111-4111-8111-111111111111';
const WALLET = '44444444-4444-4444-8444-444444444444';
const PAYEE = '55555555-5555-4555-8555-555555555555';

const item = (over: Partial<PendingApprovalItem> = {}): PendingApprovalItem => ({
  id: APPROVAL,
  type: 'payout',
  status: 'pending',
  canApprove: false,
  canResolve: false,
  canSelfApprove: true,
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

const payout = (approval: PendingApprovalItem | null): PayoutDetail => ({
  id: ID,
  reference: 'po_abc123',
  payoutOption: 'standard',
  status: 'pending',
  approvalStatus: 'pending',
  amount: '25000.00',
  amountMinor: 2_500_000,
  fee: '50.00',
  feeMinor: 5_000,
  currency: 'NGN',
  walletId: WALLET,
  narration: 'Diesel for March',
  payee: {
    id: PAYEE,
    name: 'Ada Stores',
    bankName: 'GTBank',
    accountNumber: '0123456785',
    accountName: 'ADA STORES LTD',
  },
  scheduledDate: null,
  scheduleId: null,
  categoryId: null,
  projectId: null,
  assets: [],
  transactionId: null,
  failureReason: null,
  maker: { id: 'u1', name: 'Ada Obi' },
  recipientCurrency: null,
  recipientAmount: null,
  recipientAmountMinor: null,
  fxRate: null,
  wirePurpose: null,
  wireNarration: null,
  senderDetails: null,
  channel: 'direct',
  createdAt: '2026-03-05T09:00:00Z',
  updatedAt: '2026-03-05T09:00:00Z',
  approvalWorkflowPendingApprovalItem: approval,
  recurrence: null,
});

const outlook = (over: Partial<ApproverOutlook> = {}): ApproverOutlook => ({
  type: 'payout',
  fourEyes: true,
  hasOtherApprover: false,
  needsApprover: true,
  canSelfApprove: true,
  ...over,
});

const fee: Handler = () =>
  ok({
    amount: '25000',
    amountMinor: 2_500_000,
    fee: '50.00',
    feeMinor: 5000,
    total: '25050',
    totalMinor: 2_505_000,
  });

afterEach(() => draftStore.clearAll());

const seedDraft = () =>
  draftStore.set<PayoutDraft>(PAYOUT_DRAFT, {
    payoutOption: 'standard',
    payeeId: PAYEE,
    payeeName: 'Ada Stores',
    payeeCurrency: 'NGN',
    walletId: WALLET,
    amount: '25000',
    narration: 'Diesel for March',
    idempotencyKey: 'key-1',
  });

describe('the "Invite an approver" notice on the payment form', () => {
  it('shows before submitting when nobody else can approve, linking to the team invitation', async () => {
    seedDraft();
    const { api } = renderApp('/payment-review', {
      session: { resources: '*' },
      routes: {
        'GET /api/payouts/fee': fee,
        'GET /api/approval-workflows/approvers/payout': ok(outlook()),
      },
    });
    const notice = await screen.findByTestId('no-approver-notice');
    expect(notice).toHaveTextContent('Nobody else can approve this yet');
    expect(notice).toHaveTextContent('Four eyes is on: a payout you submit needs someone other than you');
    expect(notice).toHaveTextContent('As the owner you can self-approve it after submitting');
    expect(screen.getByRole('link', { name: 'Invite an approver' })).toHaveAttribute(
      'href',
      '/teams?invite=1',
    );
    const asked = api.calls.find((c) => c.path === '/api/approval-workflows/approvers/payout');
    expect(asked?.url.searchParams.get('amount')).toBe('25000');
    expect(screen.getByRole('button', { name: 'Send for approval' })).toBeInTheDocument();
  });

  it('says the item will wait when the owner may not self-approve', async () => {
    seedDraft();
    renderApp('/payment-review', {
      session: { resources: '*' },
      routes: {
        'GET /api/payouts/fee': fee,
        'GET /api/approval-workflows/approvers/payout': ok(outlook({ canSelfApprove: false })),
      },
    });
    expect(await screen.findByTestId('no-approver-notice')).toHaveTextContent(
      'It will wait until an approver joins.',
    );
  });

  it('shows nothing when another person can approve', async () => {
    seedDraft();
    const { api } = renderApp('/payment-review', {
      session: { resources: '*' },
      routes: {
        'GET /api/payouts/fee': fee,
        'GET /api/approval-workflows/approvers/payout': ok(
          outlook({ hasOtherApprover: true, needsApprover: false }),
        ),
      },
    });
    await screen.findByRole('button', { name: 'Send for approval' });
    await waitFor(() =>
      expect(api.calls.some((c) => c.path === '/api/approval-workflows/approvers/payout')).toBe(true),
    );
    expect(screen.queryByTestId('no-approver-notice')).not.toBeInTheDocument();
  });
});

describe('the link’s target', () => {
  it('/teams?invite=1 opens the team invitation at once', async () => {
    const empty = {
      body: {
        status: 'success',
        message: 'OK',
        data: [],
        metadata: { pagination: { page: 1, limit: 20, totalItems: 0, totalPages: 0 } },
      },
    };
    renderApp('/teams?invite=1', {
      session: { resources: '*' },
      routes: { 'GET /api/account_access': empty, 'GET /api/invitations': empty, 'GET /api/role': ok([]) },
    });
    expect(await screen.findByRole('dialog', { name: 'Invite Team Member' })).toBeInTheDocument();
  });
});

describe('Self-approve on the approval actions', () => {
  it('shows only with canSelfApprove, asks for confirmation and a reason, and calls its own action', async () => {
    const { api } = renderApp(`/payouts/${ID}`, {
      session: { resources: '*' },
      routes: {
        [`GET /api/payouts/${ID}`]: ok(payout(item())),
        [`POST /api/approval-workflows/pending-approvals/self-approve/${APPROVAL}`]: ok(
          item({ status: 'approved', canSelfApprove: false }),
          'Payout self-approved',
        ),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Self-approve' }));
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(await screen.findByText('Approve your own item?')).toBeInTheDocument();
    expect(screen.getByText(/Self-approved by the owner: no other approver/)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Paying the supplier myself' } });
    fireEvent.submit(screen.getByLabelText('Reason').closest('form')!);
    await waitFor(() =>
      expect(api.calls.some((c) => c.method === 'POST' && c.path.includes('/self-approve/'))).toBe(true),
    );
    const sent = api.calls.find((c) => c.method === 'POST' && c.path.includes('/self-approve/'));
    expect(sent?.body).toEqual({ comments: 'Paying the supplier myself' });
    expect(api.calls.some((c) => c.path.includes('/pending-approvals/approve/'))).toBe(false);
  });

  it('is absent when the server says canSelfApprove is false', async () => {
    renderApp(`/payouts/${ID}`, {
      session: { resources: '*' },
      routes: { [`GET /api/payouts/${ID}`]: ok(payout(item({ canSelfApprove: false }))) },
    });
    expect(await screen.findByRole('button', { name: 'Approval trail' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Self-approve' })).not.toBeInTheDocument();
  });
});
