import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PayoutDetail } from '@owo/contract/payouts';
import { fail, ok, renderApp, type Handler } from '../../app/test-utils';
import { draftStore } from '../../lib/drafts';
import { PAYOUT_DRAFT, type PayoutDraft } from './api';

const ID = '33333333-3333-4333-8333-333333333333';
const WALLET = '44444444-4444-4444-8444-444444444444';
const PAYEE = '55555555-5555-4555-8555-555555555555';

const payout = (over: Partial<PayoutDetail> = {}): PayoutDetail => ({
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
  maker: { id: 'u7', name: 'Chinedu Eze' },
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
  approvalWorkflowPendingApprovalItem: null,
  recurrence: null,
  ...over,
});

const fee: Handler = (url) => {
  const amount = url.searchParams.get('amount') ?? '0';
  const minor = Math.round(Number(amount) * 100);
  return ok({
    amount,
    amountMinor: minor,
    fee: '50.00',
    feeMinor: 5000,
    total: String((minor + 5000) / 100),
    totalMinor: minor + 5000,
  });
};

const base = (p: PayoutDetail): Record<string, Handler> => ({
  [`GET /api/payouts/${ID}`]: ok(p),
  'GET /api/payouts/fee': fee,
  'GET /api/payout/category': ok([]),
});

afterEach(() => draftStore.clearAll());

const input = (label: string) => screen.findByRole('textbox', { name: label });

describe('payout edit (/payouts/:ref/edit → /edit/review)', () => {
  it('prefills the payout, sends only what changed and returns to the payout', async () => {
    const { api, router } = renderApp(`/payouts/${ID}/edit`, {
      session: { resources: '*' },
      routes: {
        ...base(payout()),
        [`PUT /api/payouts/${ID}`]: ok(
          payout({ amount: '30000.00' }),
          'Payout updated and sent for approval again',
        ),
      },
    });
    const amount = await input('Amount (NGN)');
    expect(amount).toHaveValue('25000.00');
    expect(await input('Narration')).toHaveValue('Diesel for March');
    fireEvent.change(amount, { target: { value: '30000' } });
    fireEvent.change(await input('Schedule for (optional)'), { target: { value: '31/12/2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText('Review changes')).toBeInTheDocument();
    expect(await screen.findByText('31/12/2026')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/payouts/${ID}`));
    const put = api.calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe(`/api/payouts/${ID}`);
    expect(put?.body).toEqual({ amount: '30000', scheduledDate: '2026-12-31' });
  });

  it('names the payee in one sentence, its characters as they are (issue 37)', async () => {
    const p = payout();
    renderApp(`/payouts/${ID}/edit`, {
      session: { resources: '*' },
      routes: base({ ...p, payee: { ...p.payee, name: 'Ada & Sons <Ltd>' } }),
    });
    const name = await screen.findByText('Ada & Sons <Ltd>');
    expect(name.tagName).toBe('B');
    expect(name.parentElement?.textContent).toBe('po_abc123 · paying Ada & Sons <Ltd>');
  });

  it('refuses an empty narration with the contract message and stays on the form', async () => {
    renderApp(`/payouts/${ID}/edit`, { session: { resources: '*' }, routes: base(payout()) });
    fireEvent.change(await input('Narration'), { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Narration is required')).toBeInTheDocument();
    expect(screen.queryByText('Review changes')).not.toBeInTheDocument();
  });

  it('shows the API 409 message when the payout was paid meanwhile', async () => {
    const { api } = renderApp(`/payouts/${ID}/edit`, {
      session: { resources: '*' },
      routes: {
        ...base(payout()),
        [`PUT /api/payouts/${ID}`]: fail(
          409,
          'conflict',
          'This payout has been paid and can no longer be edited',
        ),
      },
    });
    fireEvent.change(await input('Narration'), { target: { value: 'Diesel for April' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(
      (await screen.findAllByText('This payout has been paid and can no longer be edited')).length,
    ).toBeGreaterThan(0);
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ narration: 'Diesel for April' });
  });

  it('goes through the asset step for an asset payout and sends the chosen assets', async () => {
    const A1 = '66666666-6666-4666-8666-666666666666';
    const A2 = '77777777-7777-4777-8777-777777777777';
    const asset = (id: string, serialNo: string) => ({
      id,
      type: 'Generator',
      brand: 'Mikano',
      modelNo: 'MK-20',
      serialNo,
      location: 'Lagos',
      active: true,
      inventory: [],
      value: '0.00',
      valueMinor: 0,
      createdAt: '2026-01-01T00:00:00Z',
    });
    const { api } = renderApp(`/payouts/${ID}/edit`, {
      session: { resources: '*' },
      routes: {
        ...base(payout({ payoutOption: 'asset', assets: [{ id: A1, quantity: null }] })),
        'GET /api/payout-asset': {
          body: {
            status: 'success',
            message: 'OK',
            data: [asset(A1, 'SN-1'), asset(A2, 'SN-2')],
            metadata: { pagination: { page: 1, limit: 100, totalItems: 2, totalPages: 1 } },
          },
        },
        [`PUT /api/payouts/${ID}`]: ok(payout(), 'Payout updated and sent for approval again'),
      },
    });
    await input('Amount (NGN)');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(/Step 2 of 3/)).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('textbox', { name: 'Assets' }));
    fireEvent.click(await screen.findByRole('option', { name: /SN-2/, hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('2 selected')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ assets: [{ id: A1 }, { id: A2 }] });
  });
});

describe('payout detail: Edit and the recurring series', () => {
  it('shows Edit on a pending payout to a role with put on payouts', async () => {
    const { router } = renderApp(`/payouts/${ID}`, {
      session: { resources: '*' },
      routes: base(payout()),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/payouts/${ID}/edit`));
  });

  it('hides Edit on a completed payout, and without put on payouts', async () => {
    renderApp(`/payouts/${ID}`, {
      session: { resources: '*' },
      routes: base(payout({ status: 'completed', approvalStatus: 'approved' })),
    });
    expect(await screen.findByText('po_abc123', { exact: false })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('hides Edit for a role that cannot put payouts', async () => {
    renderApp(`/payouts/${ID}`, {
      session: { resources: { payouts: ['get'] } },
      routes: base(payout()),
    });
    expect(await screen.findByText('po_abc123', { exact: false })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('says the edit is refused on a completed payout opened by its URL', async () => {
    renderApp(`/payouts/${ID}/edit`, {
      session: { resources: '*' },
      routes: base(payout({ status: 'completed' })),
    });
    expect(
      await screen.findByText('This payout has been paid and can no longer be edited'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Amount (NGN)' })).not.toBeInTheDocument();
  });

  it('shows the series and stops it through the confirm dialog', async () => {
    const RID = '88888888-8888-4888-8888-888888888888';
    const recurrence = {
      id: RID,
      frequency: 'monthly' as const,
      startDate: '2026-03-05',
      nextDate: '2026-04-05',
      endDate: '2026-12-31',
      occurrences: 0,
      status: 'active' as const,
    };
    const { api } = renderApp(`/payouts/${ID}`, {
      session: { resources: '*' },
      routes: {
        ...base(payout({ recurrence })),
        [`DELETE /api/payout/recurrence/${RID}`]: ok(
          { ...recurrence, status: 'cancelled' },
          'Recurring payout stopped',
        ),
      },
    });
    expect(await screen.findByText('Repeats monthly until 31/12/2026')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Stop repeating' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stop repeating' }));
    await waitFor(() =>
      expect(api.calls.some((c) => c.method === 'DELETE' && c.path === `/api/payout/recurrence/${RID}`)).toBe(
        true,
      ),
    );
  });
});

describe('direct payout: the Repeat field', () => {
  const wallet = {
    id: WALLET,
    currency: 'NGN',
    name: 'Main',
    balance: '900000.00',
    balanceMinor: 90_000_000,
    pendingBalance: '0.00',
    pendingBalanceMinor: 0,
    virtualAccount: null,
    createdAt: '2026-01-01T00:00:00Z',
  };
  const seed = (over: Partial<PayoutDraft> = {}) =>
    draftStore.set<PayoutDraft>(PAYOUT_DRAFT, {
      payoutOption: 'standard',
      payeeId: PAYEE,
      payeeName: 'Ada Stores',
      payeeCurrency: 'NGN',
      idempotencyKey: 'key-1',
      ...over,
    });

  it('sends recurrence { frequency, endDate } with the payout', async () => {
    seed();
    const { api } = renderApp('/payment-details', {
      session: { resources: '*' },
      routes: {
        'GET /api/wallet': ok([wallet]),
        'GET /api/payout/category': ok([]),
        'GET /api/payouts/fee': fee,
        'POST /api/payouts': ok(payout(), 'Payout created successfully'),
        ...base(payout()),
      },
    });
    fireEvent.change(await input('Amount (₦)'), { target: { value: '25000' } });
    fireEvent.change(await input('Narration'), { target: { value: 'Rent' } });
    fireEvent.click(await screen.findByRole('textbox', { name: 'Repeat' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Every month', hidden: true }));
    fireEvent.change(await input('Repeat until (optional)'), { target: { value: '31/12/2026' } });
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Wallet' })).toHaveValue('Main (NGN) · ₦900,000.00'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Repeats monthly until 31/12/2026')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Send for approval' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    const post = api.calls.find((c) => c.method === 'POST' && c.path === '/api/payouts');
    expect(post?.body).toMatchObject({
      amount: '25000',
      narration: 'Rent',
      recurrence: { frequency: 'monthly', endDate: '2026-12-31' },
    });
  });

  it('offers no Repeat for a vendor paid in another currency', async () => {
    seed({ payeeCurrency: 'USD' });
    renderApp('/payment-details', {
      session: { resources: '*' },
      routes: { 'GET /api/wallet': ok([wallet]), 'GET /api/payout/category': ok([]) },
    });
    expect(await input('Narration')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Repeat' })).not.toBeInTheDocument();
  });
});
