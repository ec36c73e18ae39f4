import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INFLOW_MSG } from '@owo/contract';
import {
  client,
  lastMailTo,
  memberWithRole,
  setKybTier,
  type TestApp,
  createTestApp,
} from '../../../test/helpers';
import { startJobs } from '../../platform/jobs';
import { fundedOwner, ordinaryAccount, waitFor } from '../funding/test-support';
import { verifyLedger } from '../money/verify';
import { verifyInvoiceBooks } from './books';
import { assignInvoiceAccount } from './collect';

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
const approve = (api: any, id: string) =>
  api.post(`/api/approval-workflows/pending-approvals/approve/${id}`, {
    approvalStatus: 'approved',
    comments: 'Checked against the order',
  });

async function company() {
  const o = await fundedOwner(t, 0);
  await setKybTier(t, o.account.id, 3);
  const admin = await memberWithRole(t, o.account.id, 'admin');
  return { o, admin };
}
async function customer(api: any) {
  const r = await api.post('/api/inflows/customers', { name: 'Adaeze Stores', email: 'ada@stores.ng' });
  expect(r.status).toBe(201);
  return r.body.data.id as string;
}

describe('customers', () => {
  it('checks name, email and phone, updates, lists and exports', async () => {
    const { o } = await company();
    const bad = await o.api.post('/api/inflows/customers', { name: '', email: 'nope', phoneNumber: '0803' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      name: [INFLOW_MSG.nameRequired],
      email: [INFLOW_MSG.invalidEmail],
      phoneNumber: [INFLOW_MSG.invalidPhone],
    });
    const made = await o.api.post('/api/inflows/customers', {
      name: 'Bola Foods',
      email: 'Bola@Foods.ng',
      phoneNumber: '08031234567',
    });
    expect(made.status).toBe(201);
    expect(made.body.message).toBe(INFLOW_MSG.customerCreated);
    expect(made.body.data).toMatchObject({ email: 'bola@foods.ng', phoneNumber: '08031234567' });
    const id = made.body.data.id;
    const up = await o.api.put(`/api/inflows/customers/${id}`, {
      name: 'Bola Foods Ltd',
      email: 'bola@foods.ng',
    });
    expect(up.body.message).toBe(INFLOW_MSG.customerUpdated);
    expect(up.body.data.phoneNumber).toBeNull();
    const list = await o.api.get('/api/inflows/customers?search=bola');
    expect(list.body.data.map((c: any) => c.name)).toEqual(['Bola Foods Ltd']);
    const csv = await o.api.get('/api/inflows/customers?format=csv&search=bola');
    expect(csv.status).toBe(200);
    expect((csv.body as any).raw).toContain('Bola Foods Ltd');
    const detail = await o.api.get(`/api/inflows/customers/${id}`);
    expect(detail.body.data.invoices).toEqual([]);

    // Another company sees none of it.
    const other = await company();
    expect((await other.o.api.get(`/api/inflows/customers/${id}`)).status).toBe(404);
    expect(
      (await other.o.api.put(`/api/inflows/customers/${id}`, { name: 'X', email: 'x@y.ng' })).status,
    ).toBe(404);
  });
});

describe('invoice wizard rules (002 §5) on the server', () => {
  it('discounts, terms, past dates, equal split to the kobo', async () => {
    const { o } = await company();
    const customerId = await customer(o.api);
    const step1 = (over: Record<string, unknown> = {}) =>
      o.api.post('/api/inflows/invoice', {
        step: 1,
        payload: { customerId, products: [{ name: 'Rice (50kg)', price: '1000.01', quantity: 1 }], ...over },
      });
    const msg = async (over: Record<string, unknown>) => (await step1(over)).body.message;
    expect(await msg({ discount: '10' })).toBe(INFLOW_MSG.discountType);
    expect(await msg({ discountType: 'fixed' })).toBe(INFLOW_MSG.discountAmount);
    expect(await msg({ discount: '100', discountType: 'percentage' })).toBe(INFLOW_MSG.discountPercent);
    expect(await msg({ discount: '1000.01', discountType: 'fixed' })).toBe(INFLOW_MSG.discountFixed);
    expect((await o.api.post('/api/inflows/invoice', { step: 4, payload: {} })).status).toBe(400);

    const s1 = await step1({ discount: '7.5', discountType: 'percentage' });
    expect(s1.status).toBe(200);
    expect(s1.body.message).toBe(INFLOW_MSG.invoiceSaved);
    const inv = s1.body.data;
    // 100001 kobo × 7.5% = 7500.075 -> 7500 kobo discount; the rest is the total: nothing lost.
    expect(inv).toMatchObject({
      status: 'draft',
      initialAmountMinor: 100_001,
      discountAmountMinor: 7_500,
      amountMinor: 92_501,
    });

    const step2 = (terms: unknown[]) =>
      o.api.post('/api/inflows/invoice', {
        step: 2,
        payload: { invoiceId: inv.id, paymentOption: 'installments', terms },
      });
    expect((await step2([])).body.message).toBe(INFLOW_MSG.termsRequired);
    const past = await step2([{ name: 'First', dueDate: day(-2) }]);
    expect(past.body.errors!['terms.0.dueDate']).toEqual([INFLOW_MSG.termPastDate]);
    expect(
      (
        await step2([
          { name: 'A', percentage: 50, dueDate: day(1) },
          { name: 'B', percentage: 40, dueDate: day(2) },
        ])
      ).body.message,
    ).toBe(INFLOW_MSG.termsTotal);
    expect(
      (
        await step2([
          { name: 'A', percentage: 60, dueDate: day(1) },
          { name: 'B', percentage: '50', dueDate: day(2) },
        ])
      ).body.message,
    ).toBe(INFLOW_MSG.termsOver);
    expect((await o.api.get(`/api/inflows/invoice/notification/${inv.id}`)).status).toBe(409);
    expect((await o.api.patch(`/api/inflows/invoice/${inv.id}/delivery/mark-as-delivered`)).status).toBe(409);
    // Step 3 before terms exist is refused.
    expect(
      (await o.api.post('/api/inflows/invoice', { step: 3, payload: { invoiceId: inv.id } })).status,
    ).toBe(400);

    const equal = await step2([
      { name: 'One', dueDate: day(1) },
      { name: 'Two', dueDate: day(30) },
      { name: 'Three', dueDate: day(60) },
    ]);
    expect(equal.status).toBe(200);
    const parts = equal.body.data.invoiceInstallments;
    expect(parts.map((p: any) => p.percentage)).toEqual(['34', '33', '33']);
    expect(parts.reduce((a: number, p: any) => a + p.amountMinor, 0)).toBe(92_501);
    expect(parts.map((p: any) => p.amountMinor)).toEqual([31_451, 30_525, 30_525]);

    const drafts = await o.api.get('/api/inflows/invoice/drafts');
    expect(drafts.body.data.map((d: any) => d.id)).toEqual([inv.id]);
    // One customer's invoices (the customer detail's list): `customerId` filters on the server.
    const second = await customer(o.api);
    const theirs = (
      await o.api.post('/api/inflows/invoice', {
        step: 1,
        payload: { customerId: second, products: [{ name: 'Beans', price: '50', quantity: 1 }] },
      })
    ).body.data;
    const ids = async (c: string) =>
      (await o.api.get(`/api/inflows/invoice/drafts?customerId=${c}`)).body.data.map((d: any) => d.id);
    expect(await ids(customerId)).toEqual([inv.id]);
    expect(await ids(second)).toEqual([theirs.id]);
    const badId = await o.api.get('/api/inflows/invoice/drafts?customerId=nope');
    expect(badId.status).toBe(400);
    expect(badId.body.errors!.customerId).toBeDefined();
    expect((await o.api.get('/api/inflows/invoice')).body.data).toEqual([]);
    const edit = await o.api.get(`/api/inflows/invoice/${inv.id}?edit=true`);
    expect(edit.body.data.invoiceInstallments).toHaveLength(3);

    const other = await company();
    expect((await other.o.api.get(`/api/inflows/invoice/${inv.id}`)).status).toBe(404);
    expect((await other.o.api.get(`/api/inflows/invoice/drafts?customerId=${customerId}`)).body.data).toEqual(
      [],
    );
    const hijack = await other.o.api.post('/api/inflows/invoice', {
      step: 2,
      payload: { invoiceId: inv.id, paymentOption: 'one-time' },
    });
    expect(hijack.status).toBe(404);
  });
});

describe('collection', () => {
  it('approval -> own account -> public page -> deposits by installment, split with cap, overage refund; books balance', async () => {
    const { o, admin } = await company();
    const customerId = await customer(o.api);
    const badPartner = await o.api.post('/api/inflows/partners', {
      customerName: 'Kemi Logistics',
      bankCode: '058',
      accountNumber: '0000000001',
      percentage: 100,
    });
    expect(badPartner.status).toBe(400);
    expect(badPartner.body.errors!.percentage).toEqual([INFLOW_MSG.splitBelow100]);
    const partner = await o.api.post('/api/inflows/partners', {
      customerName: 'Kemi Logistics',
      bankCode: '058',
      accountNumber: ordinaryAccount(),
      percentage: '20',
      cap: '500',
    });
    expect(partner.status).toBe(201);
    expect(partner.body.message).toBe(INFLOW_MSG.partnerCreated);
    expect(partner.body.data.accountName).toBeTruthy();
    const partnerId = partner.body.data.id;

    const s1 = await o.api.post('/api/inflows/invoice', {
      step: 1,
      payload: {
        customerId,
        products: [{ name: 'Cement (bag)', price: '1000', quantity: 3 }],
        settlementStrategy: 'per-collection',
        partners: [partnerId],
      },
    });
    const id = s1.body.data.id;
    await o.api.post('/api/inflows/invoice', {
      step: 2,
      payload: {
        invoiceId: id,
        paymentOption: 'installments',
        terms: [
          { name: 'Deposit', dueDate: day(0) },
          { name: 'Second', dueDate: day(10) },
          { name: 'Final', dueDate: day(20) },
        ],
      },
    });
    const s3 = await o.api.post('/api/inflows/invoice', { step: 3, payload: { invoiceId: id } });
    expect(s3.status).toBe(200);
    expect(s3.body.data).toMatchObject({ status: 'pending', approvalStatus: 'pending' });
    const approvalId = s3.body.data.approvalWorkflowPendingApprovalItem.id;
    // Not payable before approval: the pay link's token is issued by the approval.
    const pendingLink = (await o.api.get(`/api/inflows/invoice/${id}`)).body.data;
    expect(pendingLink.payLink).toBeNull();
    const pending = await admin.api.get('/api/approval-workflows/pending-approvals/invoice');
    expect(pending.body.data.map((x: any) => x.resourceItem.id)).toContain(id);
    const ok = await approve(admin.api, approvalId);
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Invoice approved successfully');

    const inv = (await o.api.get(`/api/inflows/invoice/${id}`)).body.data;
    expect(inv.approvalStatus).toBe('approved');
    // The customer is mailed the invoice once it can be paid: what is due, where to pay, the link.
    const sent = await waitFor('the invoice mail', async () => {
      const m = await lastMailTo(t, 'ada@stores.ng');
      return m?.subject.startsWith('Invoice ') ? m : null;
    });
    expect(sent.subject).toBe(`Invoice ${inv.reference} from ${o.account.name}`);
    expect(sent.text).toContain(inv.collectionAccount.accountNumber);
    expect(sent.text).toContain(inv.payLink);
    // Issuing the account again (the sweep, a second process) mails nothing more.
    await assignInvoiceAccount(t.app.deps, id);
    const invoiceMails = await t.db.execute(
      sql`select count(*)::int as n from mail_outbox where "to" = 'ada@stores.ng' and subject like 'Invoice %'`,
    );
    expect((invoiceMails.rows[0] as { n: number }).n).toBe(1);
    const reminder = await o.api.get(`/api/inflows/invoice/notification/${id}`);
    expect(reminder.body.message).toBe('Reminder sent successfully!');
    // The pay link is a link token (issue 34 §3): neither the company's nor the invoice's id.
    expect(inv.payLink).toMatch(/\/payment-collection\/invoice\/[A-Za-z0-9_-]{43}$/);
    expect(inv.payLink).not.toContain(id);
    expect(inv.payLink).not.toContain(o.account.id);
    const token = inv.payLink.split('/').pop() as string;
    expect((await lastMailTo(t, 'ada@stores.ng'))?.text).toContain(`/payment-collection/invoice/${token}`);
    const delivered = await o.api.patch(`/api/inflows/invoice/${id}/delivery/mark-as-delivered`);
    expect(delivered.body.message).toBe('Delivery status updated successfully.');
    expect(delivered.body.data.deliveryStatus).toBe('delivered');
    expect((await o.api.patch(`/api/inflows/invoice/${id}/delivery/mark-as-delivered`)).status).toBe(409);
    expect(inv.collectionAccount.accountNumber).toMatch(/^\d{10}$/);

    const anon = client(t);
    const pub = await anon.get(`/api/public/invoices/${token}`);
    expect(pub.status).toBe(200);
    expect(pub.body.data).toMatchObject({
      companyName: o.account.name,
      accountNumber: inv.collectionAccount.accountNumber,
      amountDue: '1020.00',
      amountDueMinor: 102_000,
    });
    const other = await company();
    // The ids the old links carried open nothing.
    const byIds = await anon.get(`/api/public/invoices/${o.account.id}/${id}`);
    expect(byIds.status).toBe(404);
    expect(JSON.stringify(byIds.body)).not.toContain(o.account.name);
    const byId = await anon.get(`/api/public/invoices/${id}`);
    expect(byId.status).toBe(404);
    expect(JSON.stringify(byId.body)).not.toContain(o.account.name);

    const pay = (amount: string) =>
      o.api.post('/api/sandbox/deposits', {
        accountNumber: inv.collectionAccount.accountNumber,
        amount,
        senderName: 'ADAEZE STORES',
      });
    // Equal split of 3,000: 1,020 / 990 / 990. 1,500 pays the first and 480 of the second (due-date order).
    expect((await pay('1500')).status).toBe(200);
    const afterFirst = await waitFor('first collection', async () => {
      const d = (await o.api.get(`/api/inflows/invoice/${id}`)).body.data;
      return d.amountPaidMinor === 150_000 ? d : null;
    });
    expect(afterFirst.status).toBe('partlyPaid');
    expect(afterFirst.invoiceInstallments.map((i: any) => [i.status, i.amountPaidMinor])).toEqual([
      ['paid', 102_000],
      ['partlyPaid', 48_000],
      ['pending', 0],
    ]);
    // 20% of 1,500 = 300 to the partner.
    expect(afterFirst.invoiceSettlements).toMatchObject([
      { amountMinor: 30_000, capped: false, percentage: '20' },
    ]);
    expect((await anon.get(`/api/public/invoices/${token}`)).body.data.amountDueMinor).toBe(51_000);

    // 2,000 more: 1,500 to finish, 500 overage; the partner's 20% of 1,500 = 300 is capped to 200.
    await pay('2000');
    const paid = await waitFor('paid', async () => {
      const d = (await o.api.get(`/api/inflows/invoice/${id}`)).body.data;
      return d.invoiceCollectionRefunds.length ? d : null;
    });
    expect(paid.amountPaidMinor).toBe(300_000);
    expect(['fullyPaid', 'completed']).toContain(paid.status);
    expect(paid.invoiceSettlements[1]).toMatchObject({ amountMinor: 20_000, capped: true, percentage: '20' });
    expect(paid.invoiceCollectionRefunds).toMatchObject([
      { refundableAmountMinor: 50_000, status: 'pending', accountName: 'ADAEZE STORES' },
    ]);
    const done = await waitFor('settlements paid', async () => {
      const d = (await o.api.get(`/api/inflows/invoice/${id}`)).body.data;
      return d.status === 'completed' ? d : null;
    });
    expect(done.invoiceSettlements.every((s: any) => s.status === 'paid')).toBe(true);

    // The overage goes back through the money core, once.
    const refundId = done.invoiceCollectionRefunds[0].id;
    const refundPath = `/api/inflows/invoice/${id}/refunds/${refundId}/init`;
    expect((await o.api.post(refundPath, { useSourceAccount: true })).status).toBe(422);
    expect(
      (
        await other.o.api.post(refundPath, {
          refundAccountDetails: { bankCode: '058', accountNumber: ordinaryAccount() },
        })
      ).status,
    ).toBe(404);
    const refund = await o.api.post(refundPath, {
      refundAccountDetails: { bankCode: '058', accountNumber: ordinaryAccount() },
    });
    expect(refund.status).toBe(200);
    expect(refund.body.message).toBe('Refund successful');
    expect(
      (
        await o.api.post(refundPath, {
          refundAccountDetails: { bankCode: '058', accountNumber: ordinaryAccount() },
        })
      ).status,
    ).toBe(409);
    await waitFor('refund paid', async () => {
      const d = (await o.api.get(`/api/inflows/invoice/${id}`)).body.data;
      return d.invoiceCollectionRefunds[0].status === 'success';
    });

    const txs = await o.api.get(`/api/inflows/invoice/${id}/transactions`);
    expect(txs.body.metadata.pagination.totalItems).toBe(5);
    expect(txs.body.data.map((x: any) => x.type).sort()).toEqual([
      'INFLOW',
      'INFLOW',
      'REVERSAL',
      'SETTLEMENT',
      'SETTLEMENT',
    ]);
    expect((await other.o.api.get(`/api/inflows/invoice/${id}/transactions`)).status).toBe(404);
    const found = await o.api.get(`/api/inflows/invoice/transactions?search=adaeze%20stores`);
    expect(found.body.data.map((x: any) => x.type)).toEqual(['INFLOW', 'INFLOW']);
    expect((await other.o.api.get('/api/inflows/invoice/transactions')).body.data).toEqual([]);
    const partnerView = await o.api.get(`/api/inflows/partners/${partnerId}`);
    expect(partnerView.body.data).toMatchObject({
      totalValueMinor: 50_000,
      recievedValueMinor: 50_000,
      pendingValueMinor: 0,
    });

    const [books] = await verifyInvoiceBooks(t.db, id);
    expect(books.problems).toEqual([]);
    expect(books.collectedMinor).toBe(350_000);
    expect(books.partnerSharesMinor).toBe(50_000);
    expect(books.refundsMinor).toBe(50_000);
    expect(books.collectedMinor).toBe(
      books.partnerSharesMinor + books.companyShareMinor + books.feesMinor + books.refundsMinor,
    );
    expect(await verifyLedger(t.db)).toEqual([]);
    expect((await o.api.get(`/api/inflows/invoice/notification/${id}`)).status).toBe(409);
    // Retrying when nothing failed is refused.
    expect((await o.api.post(`/api/inflows/invoice/${id}/settlements/init-payment`)).status).toBe(409);
  });
});

describe('kobo equation under random collections (fast-check)', () => {
  it('collected = partner shares + company share + fees + refunds after every deposit, any strategy and caps', async () => {
    const { o, admin } = await company();
    const customerId = await customer(o.api);
    const partnerIds: string[] = [];
    for (const [pct, cap] of [
      ['12.5', '0'],
      ['30', '173.21'],
    ]) {
      const p = await o.api.post('/api/inflows/partners', {
        customerName: `Partner ${pct}`,
        bankCode: '058',
        accountNumber: ordinaryAccount(),
        percentage: pct,
        cap,
      });
      partnerIds.push(p.body.data.id);
    }
    const { creditDeposit } = await import('../money');
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('consolidated', 'per-collection', 'per-installment'),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 100, max: 5_000_000 }),
        fc.array(fc.integer({ min: 1, max: 3_000_000 }), { minLength: 1, maxLength: 6 }),
        fc.subarray(partnerIds),
        async (strategy, terms, priceMinor, deposits, partners) => {
          const s1 = await o.api.post('/api/inflows/invoice', {
            step: 1,
            payload: {
              customerId,
              products: [{ name: 'Goods', price: (priceMinor / 100).toFixed(2), quantity: 1 }],
              settlementStrategy: strategy,
              partners,
            },
          });
          const id = s1.body.data.id;
          await o.api.post('/api/inflows/invoice', {
            step: 2,
            payload: {
              invoiceId: id,
              paymentOption: 'installments',
              terms: Array.from({ length: terms }, (_, i) => ({ name: `T${i}`, dueDate: day(i) })),
            },
          });
          const s3 = await o.api.post('/api/inflows/invoice', { step: 3, payload: { invoiceId: id } });
          await approve(admin.api, s3.body.data.approvalWorkflowPendingApprovalItem.id);
          const acct = (await o.api.get(`/api/inflows/invoice/${id}`)).body.data.collectionAccount
            .accountNumber;
          let sent = 0;
          for (const amount of deposits) {
            await creditDeposit(t.app.deps, {
              accountNumber: acct,
              amount,
              providerRef: `prop_${++n}_${Date.now()}`,
              senderName: 'PROPERTY PAYER',
              provider: 'sandbox',
            });
            sent += amount;
            const [b] = await verifyInvoiceBooks(t.db, id);
            expect(b.problems).toEqual([]);
            expect(b.collectedMinor).toBe(sent);
            expect(b.collectedMinor).toBe(
              b.partnerSharesMinor + b.companyShareMinor + b.feesMinor + b.refundsMinor,
            );
            expect(b.refundsMinor).toBe(Math.max(0, sent - priceMinor));
          }
        },
      ),
      { numRuns: 15 },
    );
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});
