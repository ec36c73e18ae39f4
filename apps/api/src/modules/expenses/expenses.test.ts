import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPENSE_MSG, formatMoney, kycLimitDetail } from '@owo/contract';
import { lastMailTo, memberWithRole, type TestApp, createTestApp } from '../../../test/helpers';
import { startJobs } from '../../platform/jobs';
import { SANDBOX_TEST_ACCOUNTS } from '../../rails/sandbox/test-accounts';
import { fundedOwner, ordinaryAccount, waitFor } from '../funding/test-support';
import { transactions, wallets } from '../money/tables';
import { verifyLedger } from '../money/verify';
import { productsAndServices } from '../products/tables';
import { verifyAllChains } from '../approvals/trail';
import { makePdf } from '../files/fixtures';

let t: TestApp;
let stop: () => Promise<void>;
beforeAll(async () => {
  t = await createTestApp();
  stop = await startJobs(t.app.deps);
});
afterAll(async () => {
  await stop?.();
  await t?.close();
});

const walletOf = async (id: string) => (await t.db.select().from(wallets).where(eq(wallets.id, id)))[0];

async function company(balance = 1_000_000_00) {
  const o = await fundedOwner(t, balance);
  const a = await memberWithRole(t, o.account.id, 'finance-manager');
  const b = await memberWithRole(t, o.account.id, 'finance-manager');
  return { o, a, b };
}

const body = (o: { wallet: { id: string } }, over: Record<string, unknown> = {}) => ({
  amount: '25000',
  walletId: o.wallet.id,
  currency: 'NGN',
  bankCode: '058',
  bankAccountNumber: ordinaryAccount(),
  purpose: { description: 'Generator diesel, Ikeja office' },
  ...over,
});

const approve = (api: any, id: string, status = 'approved', comments = 'Checked the receipt') =>
  api.post(`/api/approval-workflows/pending-approvals/approve/${id}`, { approvalStatus: status, comments });

async function statusOf(api: any, id: string) {
  return (await api.get(`/api/expense/${id}`)).body.data.status as string;
}

describe('expenses', () => {
  it('create -> two levels -> paid through the rails exactly once; trail verified; beneficiary saved', async () => {
    const { o, a, b } = await company();
    await o.api.post('/api/approval-workflows', {
      name: 'Expenses',
      type: 'expense',
      levels: [
        { approverIds: [a.user.id], rule: 'any' },
        { approverIds: [b.user.id], rule: 'any' },
      ],
    });
    const noApprover = await o.api.post('/api/expense', body(o));
    expect(noApprover.status).toBe(400);
    expect(noApprover.body.errors!.approverId).toEqual([EXPENSE_MSG.approverRequired]);

    const created = await o.api.post(
      '/api/expense',
      body(o, { approverId: a.user.id, beneficiaryEmail: 'ada.stores@example.ng', notifyBeneficiary: true }),
    );
    expect(created.status).toBe(201);
    expect(created.body.message).toBe(EXPENSE_MSG.created);
    expect(await lastMailTo(t, 'ada.stores@example.ng')).toBeNull();
    const e = created.body.data;
    expect(e).toMatchObject({ status: 'pending', amount: '25000.00', amountMinor: 2_500_000 });
    expect(e.bankAccountName).toBeTruthy();
    expect(e.approvalWorkflowPendingApprovalItem).toMatchObject({ status: 'pending', canApprove: false });
    const approvalId = e.approvalWorkflowPendingApprovalItem.id;

    const pending = await a.api.get('/api/approval-workflows/pending-approvals/expense');
    expect(pending.body.data[0].resourceItem.id).toBe(e.id);
    expect((await o.api.get('/api/expense?status=pending')).body.data.map((x: any) => x.id)).toEqual([e.id]);

    expect((await approve(a.api, approvalId)).body.message).toBe('Expense approved successfully');
    expect(await statusOf(o.api, e.id)).toBe('pending');
    const final = await approve(b.api, approvalId);
    expect(final.status).toBe(200);
    const paid = await waitFor('completed', async () => (await statusOf(o.api, e.id)) === 'completed');
    expect(paid).toBe(true);
    const detail = (await o.api.get(`/api/expense/${e.id}`)).body.data;
    expect(detail.approvalWorkflowPendingApprovalItem.trailVerified).toBe(true);
    const txs = await t.db.select().from(transactions).where(eq(transactions.sourceId, e.id));
    expect(txs).toHaveLength(1);
    expect(txs[0]).toMatchObject({ status: 'success', amount: 2_500_000, sourceType: 'expense' });
    const w = await walletOf(o.wallet.id);
    expect(w.balance).toBe(1_000_000_00 - 2_500_000 - txs[0].fee);
    expect(w.pendingBalance).toBe(0);
    const bens = await o.api.get('/api/expense/beneficiary');
    expect(bens.body.data.map((x: any) => x.accountNumber)).toContain(e.bankAccountNumber);
    expect((await o.api.get('/api/expense?status=completed')).body.data).toHaveLength(1);
    const mail = await lastMailTo(t, 'ada.stores@example.ng');
    expect(mail?.subject).toBe('A payment is on its way to you');
    expect(mail?.text).toContain('₦25,000.00');
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('enforces 001 §5 server-side and changes nothing on bad input', async () => {
    const { o, a } = await company(50_000_00);
    const expectField = async (over: Record<string, unknown>, field: string, message: string) => {
      const res = await o.api.post('/api/expense', body(o, { approverId: a.user.id, ...over }));
      expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body.errors![field]).toEqual([message]);
    };
    await expectField({ amount: '0.50' }, 'amount', EXPENSE_MSG.amountMin);
    await expectField({ walletId: undefined }, 'walletId', EXPENSE_MSG.selectWallet);
    await expectField({ currency: undefined }, 'currency', EXPENSE_MSG.selectCurrency);
    await expectField({ purpose: {} }, 'purpose.description', EXPENSE_MSG.descriptionRequired);
    // The message is 001 §5's; the field error names the cap.
    await expectField({ amount: '150000' }, 'amount', kycLimitDetail(formatMoney(10_000_000, 'NGN')));
    expect(kycLimitDetail('x').startsWith(EXPENSE_MSG.kycCap)).toBe(true);
    await expectField({ amount: '60000' }, 'amount', EXPENSE_MSG.insufficientFunds);
    await expectField({ notifyBeneficiary: true }, 'beneficiaryEmail', EXPENSE_MSG.beneficiaryEmailRequired);
    await expectField(
      { productsAndServices: [{ id: '00000000-0000-4000-8000-000000000000', amount: '10', quantity: 2 }] },
      'productsAndServices.0.id',
      EXPENSE_MSG.productNotFound,
    );
    await expectField({ bankAccountNumber: '123' }, 'bankAccountNumber', 'Account number must be 10 digits');
    const member = await memberWithRole(t, o.account.id, 'member');
    await expectField({ approverId: member.user.id }, 'approverId', EXPENSE_MSG.approverInvalid);
    expect((await o.api.get('/api/expense')).body.data).toHaveLength(0);
    expect((await walletOf(o.wallet.id)).balance).toBe(50_000_00);
  });

  it("receipts are the maker's to add, or an expense manager's; another member cannot (issue 34 §7)", async () => {
    const o = await fundedOwner(t, 1_000_000_00);
    const maker = await memberWithRole(t, o.account.id, 'member');
    const other = await memberWithRole(t, o.account.id, 'member');
    const manager = await memberWithRole(t, o.account.id, 'accountant');
    const created = await maker.api.post('/api/expense', body(o, { approverId: o.user.id }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id;
    const upload = async (name: string) => {
      const form = new FormData();
      const pdf = await makePdf(name);
      form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), `${name}.pdf`);
      return (await o.api.post('/api/files/upload', form)).body.data.fileName as string;
    };
    const attach = (api: typeof o.api, fileName: string) =>
      api.patch(`/api/expense/${id}/attachment`, { attachments: [{ fileName }] });
    const names = async () =>
      (await o.api.get(`/api/expense/${id}`)).body.data.attachments.map((a: any) => a.fileName);

    const own = await upload('own');
    expect((await attach(maker.api, own)).status).toBe(200);
    const forged = await attach(other.api, await upload('forged'));
    expect(forged.status).toBe(403);
    expect(forged.body.message).toBe(EXPENSE_MSG.receiptNotYours);
    const managed = await upload('managed');
    expect((await attach(manager.api, managed)).status).toBe(200);
    expect(await names()).toEqual([own, managed]);
  });

  it('product lines: total = price x quantity', async () => {
    const { o, a } = await company();
    const [p] = await t.db
      .insert(productsAndServices)
      .values({ accountId: o.account.id, name: 'Diesel (litre)', amountMinor: 1_200_00 })
      .returning();
    const res = await o.api.post(
      '/api/expense',
      body(o, {
        amount: '12000',
        approverId: a.user.id,
        productsAndServices: [{ id: p.id, amount: '1200', quantity: 10 }],
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body.data.productsAndServices).toEqual([
      expect.objectContaining({ name: 'Diesel (litre)', amount: '1200.00', quantity: 10, total: '12000.00' }),
    ]);
  });

  it('a failed payout releases the hold and marks the expense failed; edit + re-approve pays it', async () => {
    const { o, a } = await company(100_000_00);
    const created = await o.api.post(
      '/api/expense',
      body(o, { approverId: a.user.id, bankAccountNumber: SANDBOX_TEST_ACCOUNTS.fails }),
    );
    expect(created.status).toBe(201);
    const e = created.body.data;
    await approve(a.api, e.approvalWorkflowPendingApprovalItem.id);
    expect(await waitFor('failed', async () => (await statusOf(o.api, e.id)) === 'failed')).toBe(true);
    const w = await walletOf(o.wallet.id);
    expect(w.balance).toBe(100_000_00);
    expect(w.pendingBalance).toBe(0);
    const failed = (await o.api.get(`/api/expense/${e.id}`)).body.data;
    expect(failed.failureReason).toBeTruthy();

    const edit = await o.api.put(`/api/expense/${e.id}`, body(o, { approverId: a.user.id }));
    expect(edit.status).toBe(200);
    const re = await o.api.put(`/api/expense/${e.id}/re-approve`, { comments: 'Fixed the account number' });
    expect(re.status).toBe(200);
    expect(re.body.data.status).toBe('pending');
    await approve(a.api, re.body.data.approvalWorkflowPendingApprovalItem.id);
    expect(await waitFor('completed', async () => (await statusOf(o.api, e.id)) === 'completed')).toBe(true);
    const txs = await t.db.select().from(transactions).where(eq(transactions.sourceId, e.id));
    expect(txs.map((x) => x.status).sort()).toEqual(['failed', 'success']);
    const trail = (await o.api.get(`/api/expense/${e.id}`)).body.data.approvalWorkflowPendingApprovalItem;
    expect(trail.approvals.map((x: any) => x.status)).toEqual(['Approved', 'Resubmitted', 'Approved']);
    expect(trail.trailVerified).toBe(true);
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('reject -> maker edits -> resolve -> approve -> paid', async () => {
    const { o, a } = await company();
    const e = (await o.api.post('/api/expense', body(o, { approverId: a.user.id }))).body.data;
    const approvalId = e.approvalWorkflowPendingApprovalItem.id;
    expect((await approve(a.api, approvalId, 'rejected', 'Wrong amount')).status).toBe(200);
    expect(await statusOf(o.api, e.id)).toBe('rejected');
    const edit = await o.api.put(`/api/expense/${e.id}`, body(o, { amount: '20000', approverId: a.user.id }));
    expect(edit.status).toBe(200);
    const res = await o.api.put(`/api/approval-workflows/rejected-approvals/${approvalId}/resolve`, {
      comments: 'Amount corrected',
    });
    expect(res.body.message).toBe('Expense resolved successfully');
    expect(await statusOf(o.api, e.id)).toBe('pending');
    await approve(a.api, approvalId);
    expect(await waitFor('completed', async () => (await statusOf(o.api, e.id)) === 'completed')).toBe(true);
    const [tx] = await t.db.select().from(transactions).where(eq(transactions.sourceId, e.id));
    expect(tx.amount).toBe(2_000_000);
  });

  it('20 approvers approve the same expense at once: one approval, one payout, ledger clean', async () => {
    const { o } = await company();
    const approvers = await Promise.all(
      Array.from({ length: 20 }, () => memberWithRole(t, o.account.id, 'finance-manager')),
    );
    await o.api.post('/api/approval-workflows', {
      name: 'Any of twenty',
      type: 'expense',
      levels: [{ approverIds: approvers.map((x) => x.user.id), rule: 'any' }],
    });
    const e = (await o.api.post('/api/expense', body(o, { approverId: approvers[0].user.id }))).body.data;
    const results = await Promise.all(
      approvers.map((x) => approve(x.api, e.approvalWorkflowPendingApprovalItem.id)),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    expect(await waitFor('completed', async () => (await statusOf(o.api, e.id)) === 'completed')).toBe(true);
    const txs = await t.db.select().from(transactions).where(eq(transactions.sourceId, e.id));
    expect(txs).toHaveLength(1);
    expect(await verifyLedger(t.db)).toEqual([]);
    expect((await verifyAllChains(t.db, { accountId: o.account.id })).broken).toEqual([]);
  });
});
