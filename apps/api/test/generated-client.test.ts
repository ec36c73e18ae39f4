import { randomUUID } from 'node:crypto';
import createClient, { type Middleware } from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundWallet, TEST_BENEFICIARY } from '../src/modules/money/test-utils';
import type { paths } from './generated/openapi';
import { addMember, createTestApp, makeAccount, makeUser, type TestApp } from './helpers';

// 8: a client generated from docs/openapi.json (openapi-typescript types + openapi-fetch) compiles
// (npm run typecheck covers this file) and works: sign-in, list wallets, bank transfer (to approval).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('a client generated from the OpenAPI document', () => {
  it('signs in, lists wallets, sends a bank transfer and another person approves it', async () => {
    const u = await makeUser(t);
    const account = await makeAccount(t, u.user.id);
    const api = createClient<paths>({ baseUrl: t.baseUrl });

    const login = await api.POST('/api/auth/login', { body: { email: u.email, password: u.password } });
    expect(login.response.status).toBe(200);
    const token = login.data!.data.accessToken;
    const auth: Middleware = {
      onRequest({ request }) {
        request.headers.set('authorization', `Bearer ${token}`);
        request.headers.set('x-account-id', account.id);
        return request;
      },
    };
    api.use(auth);

    const listed = await api.GET('/api/wallet');
    expect(listed.response.status).toBe(200);
    expect(listed.response.headers.get('content-type')).toContain('application/json');
    const ngn = listed.data!.data.find((w) => w.currency === 'NGN')!;
    expect(ngn.balanceMinor).toBe(0);
    await fundWallet(t.app.deps, ngn.id, 1_000_000);

    // A bank transfer is a payout to approval (four eyes on): 202, pending, nothing held yet.
    const sent = await api.POST('/api/transfers', {
      params: { header: { 'idempotency-key': randomUUID() } },
      body: { walletId: ngn.id, amount: '2500.50', ...TEST_BENEFICIARY, narration: 'Generated client' },
    });
    expect(sent.response.status).toBe(202);
    const transfer = sent.data!.data;
    expect(transfer).toMatchObject({
      status: 'pending',
      channel: 'transfer',
      amount: '2500.50',
      amountMinor: 250_050,
      payee: { accountNumber: TEST_BENEFICIARY.accountNumber },
    });
    const held = await api.GET('/api/wallet/{id}', { params: { path: { id: ngn.id } } });
    expect(held.data!.data.balanceMinor).toBe(1_000_000);

    // Another person approves it: amount + fee are held and the transfer is on its way.
    const admin = await makeUser(t);
    await addMember(t, account.id, admin.user.id, 'admin');
    const approver = createClient<paths>({ baseUrl: t.baseUrl });
    approver.use({
      onRequest({ request }) {
        request.headers.set('authorization', `Bearer ${admin.token}`);
        request.headers.set('x-account-id', account.id);
        return request;
      },
    });
    const approved = await approver.POST('/api/approval-workflows/pending-approvals/approve/{approvalId}', {
      params: { path: { approvalId: transfer.approvalWorkflowPendingApprovalItem!.id } },
      body: { approvalStatus: 'approved', comments: 'Checked the invoice' },
    });
    expect(approved.response.status).toBe(200);
    const paid = await api.GET('/api/payouts/{id}', { params: { path: { id: transfer.id } } });
    expect(paid.data!.data).toMatchObject({ status: 'paying', transactionId: expect.any(String) });

    const after = await api.GET('/api/wallet/{id}', { params: { path: { id: ngn.id } } });
    expect(after.data!.data.balanceMinor).toBe(1_000_000 - 250_050 - paid.data!.data.feeMinor);

    // Errors come back typed from the shared set too.
    const bad = await api.POST('/api/transfers', {
      params: { header: { 'idempotency-key': randomUUID() } },
      body: { walletId: ngn.id, amount: '1.555', ...TEST_BENEFICIARY },
    });
    expect(bad.response.status).toBe(400);
    expect(bad.error?.errors?.amount).toBeDefined();
  });
});
