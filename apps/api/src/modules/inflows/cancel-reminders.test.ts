import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INFLOW_MSG, LINK_STATUS } from '@owo/contract';
import { createTestApp, memberWithRole, setKybTier, type TestApp } from '../../../test/helpers';
import { startJobs } from '../../platform/jobs';
import { mailOutbox } from '../../platform/schema';
import { fundedOwner, ordinaryAccount, waitFor } from '../funding/test-support';
import { verifyInvoiceBooks } from './books';
import { dueReminders, sendScheduledReminder } from './reminders';

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

const day = (n: number) => new Date(Date.now() + n * 86_400_000 + 3_600_000).toISOString().slice(0, 10);

async function approvedInstallments(email: string) {
  const o = await fundedOwner(t, 0);
  await setKybTier(t, o.account.id, 3);
  const admin = await memberWithRole(t, o.account.id, 'admin');
  const c = await o.api.post('/api/inflows/customers', { name: 'Ngozi Mart', email });
  const s1 = await o.api.post('/api/inflows/invoice', {
    step: 1,
    payload: { customerId: c.body.data.id, products: [{ name: 'Soap', price: '3000', quantity: 1 }] },
  });
  const id = s1.body.data.id;
  await o.api.post('/api/inflows/invoice', {
    step: 2,
    payload: {
      invoiceId: id,
      paymentOption: 'installments',
      terms: [
        { name: 'First', dueDate: day(2) },
        { name: 'Second', dueDate: day(30) },
      ],
    },
  });
  const s3 = await o.api.post('/api/inflows/invoice', { step: 3, payload: { invoiceId: id } });
  await admin.api.post(
    `/api/approval-workflows/pending-approvals/approve/${s3.body.data.approvalWorkflowPendingApprovalItem.id}`,
    { approvalStatus: 'approved', comments: 'Fine by me' },
  );
  const inv = await waitFor('account', async () => {
    const d = (await o.api.get(`/api/inflows/invoice/${id}`)).body.data;
    return d.collectionAccount ? d : null;
  });
  return { o, id, inv };
}

describe('cancelling an invoice (issue 24 §0 installments)', () => {
  it('cancels unpaid installments; money arriving afterwards is overage; books balance', async () => {
    const { o, id, inv } = await approvedInstallments('ngozi@mart.ng');
    const pay = (amount: string) =>
      o.api.post('/api/sandbox/deposits', {
        accountNumber: inv.collectionAccount.accountNumber,
        amount,
        senderName: 'NGOZI MART',
      });
    await pay('1000');
    await waitFor(
      'partly paid',
      async () => (await o.api.get(`/api/inflows/invoice/${id}`)).body.data.amountPaidMinor === 100_000,
    );
    const payLink = (await o.api.get(`/api/inflows/invoice/${id}`)).body.data.payLink as string;
    const token = payLink.split('/').pop()!;
    expect((await o.api.get(`/api/public/invoices/${token}`)).status).toBe(200);
    const other = await fundedOwner(t, 0);
    expect((await other.api.post(`/api/inflows/invoice/${id}/cancel`)).status).toBe(404);
    const cancelled = await o.api.post(`/api/inflows/invoice/${id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.message).toBe(INFLOW_MSG.invoiceCancelled);
    expect(cancelled.body.data.status).toBe('cancelled');
    expect(cancelled.body.data.invoiceInstallments.map((i: any) => [i.status, i.amountPaidMinor])).toEqual([
      ['cancelled', 100_000],
      ['cancelled', 0],
    ]);
    expect((await o.api.post(`/api/inflows/invoice/${id}/cancel`)).status).toBe(409);
    expect((await o.api.get(`/api/inflows/invoice/notification/${id}`)).status).toBe(409);
    // The pay page no longer offers it: the link was revoked with the invoice (issue 34 §3).
    const gone = await o.api.get(`/api/public/invoices/${token}`);
    expect(gone.status).toBe(410);
    expect(gone.body).toMatchObject({
      status: LINK_STATUS.revoked,
      message: INFLOW_MSG.invoiceLinkCancelled,
    });

    await pay('500');
    const after = await waitFor('overage', async () => {
      const d = (await o.api.get(`/api/inflows/invoice/${id}`)).body.data;
      return d.invoiceCollectionRefunds.length ? d : null;
    });
    expect(after.status).toBe('cancelled');
    expect(after.amountPaidMinor).toBe(100_000);
    expect(after.invoiceCollectionRefunds[0].refundableAmountMinor).toBe(50_000);
    const [books] = await verifyInvoiceBooks(t.db, id);
    expect(books.problems).toEqual([]);
  });
});

describe('scheduled reminders (issue 24 §2)', () => {
  it('3 days before each due date and the day after it is missed, once each', async () => {
    const { inv } = await approvedInstallments('kunle@mart.ng');
    const first = inv.invoiceInstallments[0];
    // Today the first term (due in 2 days) is within 3 days: a "before" reminder is due (the
    // ticker of this test's worker may be sending it too: either way it goes once).
    const job = { installmentId: first.id, kind: 'before' as const };
    const due = (await dueReminders(t.app.deps)).filter((r) => r.installmentId === first.id);
    expect(due.every((r) => r.kind === 'before')).toBe(true);
    await Promise.all([sendScheduledReminder(t.app.deps, job), sendScheduledReminder(t.app.deps, job)]);
    expect(await sendScheduledReminder(t.app.deps, job)).toBe(false);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'kunle@mart.ng'));
    expect(mails.filter((m) => m.subject.startsWith('Payment due soon'))).toHaveLength(1);
    expect((await dueReminders(t.app.deps)).some((r) => r.installmentId === first.id)).toBe(false);
    // Three days later it was missed: the "missed" reminder is due, once.
    const later = new Date(Date.now() + 3 * 86_400_000);
    const missed = (await dueReminders(t.app.deps, later)).filter((r) => r.installmentId === first.id);
    expect(missed).toEqual([{ installmentId: first.id, kind: 'missed' }]);
    expect(await sendScheduledReminder(t.app.deps, missed[0])).toBe(true);
    expect(await sendScheduledReminder(t.app.deps, missed[0])).toBe(false);
    const all = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'kunle@mart.ng'));
    expect(all.filter((m) => m.subject.startsWith('Payment overdue'))).toHaveLength(1);
  });
});

describe('refund to the source account (issue 24 §2 useSourceAccount)', () => {
  it('pays the overage back to the account the deposit came from', async () => {
    const { o, id, inv } = await approvedInstallments('ife@mart.ng');
    const sender = ordinaryAccount();
    const dep = await o.api.post('/api/sandbox/deposits', {
      accountNumber: inv.collectionAccount.accountNumber,
      amount: '3500',
      senderName: 'IFE MART',
      senderAccountNumber: sender,
      senderBankCode: '058',
    });
    expect(dep.status).toBe(200);
    const paid = await waitFor('overage', async () => {
      const d = (await o.api.get(`/api/inflows/invoice/${id}`)).body.data;
      return d.invoiceCollectionRefunds.length ? d : null;
    });
    expect(paid.invoiceCollectionRefunds[0]).toMatchObject({
      refundableAmountMinor: 50_000,
      accountNumber: sender,
    });
    const path = `/api/inflows/invoice/${id}/refunds/${paid.invoiceCollectionRefunds[0].id}/init`;
    const r = await o.api.post(path, { useSourceAccount: true });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Refund successful');
    const done = await waitFor('refund paid', async () => {
      const d = (await o.api.get(`/api/inflows/invoice/${id}`)).body.data;
      return d.invoiceCollectionRefunds[0].status === 'success' ? d : null;
    });
    expect(done.invoiceCollectionRefunds[0]).toMatchObject({
      accountNumber: sender,
      bankName: 'Guaranty Trust Bank',
    });
    expect((await o.api.post(path, { useSourceAccount: true })).status).toBe(409);
    const [books] = await verifyInvoiceBooks(t.db, id);
    expect(books.problems).toEqual([]);
    // A bad sender account in the sandbox call is a 400 with the field.
    const bad = await o.api.post('/api/sandbox/deposits', {
      accountNumber: inv.collectionAccount.accountNumber,
      amount: '1',
      senderAccountNumber: '12',
      senderBankCode: 'x',
    });
    expect(bad.status).toBe(400);
  });
});

describe('printable invoice (issue 24 §1)', () => {
  it("answers a PDF of the company's own invoice, 404 for another company", async () => {
    const { o, id } = await approvedInstallments('pdf@mart.ng');
    const r = await o.api.get(`/api/inflows/invoice/${id}/pdf`);
    expect(r.status).toBe(200);
    expect((r.headers as unknown as Headers).get('content-type')).toBe('application/pdf');
    expect(String((r.body as any).raw).startsWith('%PDF')).toBe(true);
    if (process.env.SAVE_INVOICE_PDF) {
      const bytes = await fetch(`${t.baseUrl}/api/inflows/invoice/${id}/pdf`, {
        headers: { authorization: `Bearer ${o.token}`, 'x-account-id': o.account.id },
      });
      (await import('node:fs')).writeFileSync(
        process.env.SAVE_INVOICE_PDF,
        Buffer.from(await bytes.arrayBuffer()),
      );
    }
    const other = await fundedOwner(t, 0);
    expect((await other.api.get(`/api/inflows/invoice/${id}/pdf`)).status).toBe(404);
  });
});
