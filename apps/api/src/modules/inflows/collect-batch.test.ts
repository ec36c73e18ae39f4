// A batch of deposits credited together (creditDeposits: what the rails webhook queue does with a
// batch of charge.success events): each collection credited once, each partner paid once from its
// own company's wallet, duplicates change nothing, and no company sees another's money.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberWithRole, setKybTier, type TestApp, createTestApp } from '../../../test/helpers';
import { startJobs } from '../../platform/jobs';
import { fundedOwner, ordinaryAccount, waitFor } from '../funding/test-support';
import { creditDeposit, creditDeposits } from '../money/deposits';
import { transactions, wallets } from '../money/tables';
import { verifyLedger } from '../money/verify';
import { notifications } from '../notifications/tables';
import { verifyInvoiceBooks } from './books';
import { INVOICE_PAYMENT_TOPIC } from './apply-collections';
import {
  invoiceCollectionRefunds,
  invoiceInstallments,
  invoicePayments,
  invoices,
  invoiceSettlements,
} from './tables';

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

/** A company with one approved ₦1,000 one-time invoice, per-collection, two partners (20%, 10%). */
async function companyWithInvoice(seed: number) {
  const o = await fundedOwner(t, seed);
  await setKybTier(t, o.account.id, 3);
  const admin = await memberWithRole(t, o.account.id, 'admin');
  const c = await o.api.post('/api/inflows/customers', { name: 'Batch Buyer', email: 'buyer@batch.ng' });
  const partners: string[] = [];
  for (const pct of ['20', '10']) {
    const p = await o.api.post('/api/inflows/partners', {
      customerName: `Partner ${pct}`,
      bankCode: '058',
      accountNumber: ordinaryAccount(),
      percentage: pct,
    });
    expect(p.status).toBe(201);
    partners.push(p.body.data.id);
  }
  const s1 = await o.api.post('/api/inflows/invoice', {
    step: 1,
    payload: {
      customerId: c.body.data.id,
      products: [{ name: 'Goods', price: '1000', quantity: 1 }],
      settlementStrategy: 'per-collection',
      partners,
    },
  });
  const id = s1.body.data.id as string;
  await o.api.post('/api/inflows/invoice', {
    step: 2,
    payload: { invoiceId: id, paymentOption: 'one-time' },
  });
  const s3 = await o.api.post('/api/inflows/invoice', { step: 3, payload: { invoiceId: id } });
  const approved = await admin.api.post(
    `/api/approval-workflows/pending-approvals/approve/${s3.body.data.approvalWorkflowPendingApprovalItem.id}`,
    { approvalStatus: 'approved', comments: 'Checked against the order' },
  );
  expect(approved.status).toBe(200);
  const va = await waitFor('collection account', async () => {
    const [r] = await t.db.select({ va: invoices.vaNumber }).from(invoices).where(eq(invoices.id, id));
    return r?.va;
  });
  return { o, id, va };
}

const walletOf = async (accountId: string) =>
  (
    await t.db
      .select()
      .from(wallets)
      .where(and(eq(wallets.accountId, accountId), eq(wallets.currency, 'NGN')))
  )[0];

describe('creditDeposits (a webhook batch of collections)', () => {
  it('credits each once, pays each partner once from its own company, and keeps tenants apart', async () => {
    const a = await companyWithInvoice(0);
    const b = await companyWithInvoice(0);
    const before = { a: await walletOf(a.o.account.id), b: await walletOf(b.o.account.id) };
    const dep = (va: string, ref: string, amount: number) => ({
      accountNumber: va,
      amount,
      providerRef: ref,
      senderName: 'BATCH PAYER',
      provider: 'sandbox',
    });
    const refA1 = `chg_batch_a1_${a.id.slice(0, 8)}`;
    const res = await creditDeposits(t.app.deps, [
      dep(a.va, refA1, 40_000),
      dep(b.va, `chg_batch_b1_${b.id.slice(0, 8)}`, 100_000),
      dep(a.va, `chg_batch_a2_${a.id.slice(0, 8)}`, 60_000),
      dep(a.va, refA1, 40_000), // the same deposit twice in one batch
    ]);
    expect(res.map((r) => r.credited)).toEqual([true, true, true, false]);
    expect(res[3].transactionId).toBe(res[0].transactionId);
    // Redelivered as a batch: nothing changes.
    const again = await creditDeposits(t.app.deps, [
      dep(a.va, refA1, 40_000),
      dep(b.va, `chg_batch_b1_${b.id.slice(0, 8)}`, 100_000),
    ]);
    expect(again.map((r) => r.credited)).toEqual([false, false]);
    expect(again.map((r) => r.transactionId)).toEqual([res[0].transactionId, res[1].transactionId]);

    const inv = await t.db
      .select()
      .from(invoices)
      .where(inArray(invoices.id, [a.id, b.id]));
    for (const i of inv) expect(i).toMatchObject({ amountPaidMinor: 100_000, status: 'fullyPaid' });

    const sets = await t.db
      .select({ s: invoiceSettlements, tx: transactions })
      .from(invoiceSettlements)
      .innerJoin(transactions, eq(transactions.id, invoiceSettlements.transactionId))
      .where(inArray(invoiceSettlements.invoiceId, [a.id, b.id]));
    // A: two collections x two partners; B: one x two. Each row its own payout, of its own company.
    expect(sets.filter((r) => r.s.invoiceId === a.id)).toHaveLength(4);
    expect(sets.filter((r) => r.s.invoiceId === b.id)).toHaveLength(2);
    for (const r of sets) {
      expect(r.tx.accountId).toBe(r.s.accountId);
      expect(r.tx.sourceType).toBe('invoice-settlement');
      expect(r.tx.sourceId).toBe(r.s.id);
      expect(r.tx.amount).toBe(r.s.amountMinor);
    }
    expect(new Set(sets.map((r) => r.tx.reference)).size).toBe(6);
    expect(
      sets
        .filter((r) => r.s.invoiceId === a.id)
        .map((r) => r.s.amountMinor)
        .sort((x, y) => x - y),
    ).toEqual([4_000, 6_000, 8_000, 12_000]);

    // Each wallet moved by its own deposits less its own holds.
    const held = (id: string) =>
      sets.filter((r) => r.s.invoiceId === id).reduce((s, r) => s + r.tx.amount + r.tx.fee, 0);
    const after = { a: await walletOf(a.o.account.id), b: await walletOf(b.o.account.id) };
    const settledOf = async (accountId: string) =>
      (
        await t.db
          .select({ amount: transactions.amount, fee: transactions.fee, status: transactions.status })
          .from(transactions)
          .where(
            and(eq(transactions.accountId, accountId), eq(transactions.sourceType, 'invoice-settlement')),
          )
      ).filter((x) => x.status === 'success' || x.status === 'failed');
    // Payouts may settle meanwhile (the worker runs): balance + pending together are exact.
    expect(after.a.balance + after.a.pendingBalance).toBe(
      before.a.balance +
        before.a.pendingBalance +
        100_000 -
        (await settledOf(a.o.account.id))
          .filter((x) => x.status === 'success')
          .reduce((s, x) => s + x.amount + x.fee, 0),
    );
    expect(held(a.id)).toBeGreaterThan(0);
    expect(after.b.balance + after.b.pendingBalance).toBe(
      before.b.balance +
        before.b.pendingBalance +
        100_000 -
        (await settledOf(b.o.account.id))
          .filter((x) => x.status === 'success')
          .reduce((s, x) => s + x.amount + x.fee, 0),
    );

    // Notifications: each company hears only of its own invoice's collections (owner and admin each).
    const paidNotes = async (accountId: string) =>
      (
        await t.db
          .select({ value: notifications.value })
          .from(notifications)
          .where(and(eq(notifications.accountId, accountId), eq(notifications.topic, INVOICE_PAYMENT_TOPIC)))
      ).map((n) => n.value);
    const [refA, refB] = [
      inv.find((i) => i.id === a.id)!.reference,
      inv.find((i) => i.id === b.id)!.reference,
    ];
    const na = await paidNotes(a.o.account.id);
    const nb = await paidNotes(b.o.account.id);
    expect(na).toHaveLength(4);
    expect(na.every((v) => v.includes(refA))).toBe(true);
    expect(nb).toHaveLength(2);
    expect(nb.every((v) => v.includes(refB))).toBe(true);

    // Every payout final through the rails, then the books and the ledger.
    await waitFor('settlements final', async () => {
      const rows = await t.db
        .select({ status: transactions.status })
        .from(transactions)
        .where(
          inArray(
            transactions.id,
            sets.map((r) => r.tx.id),
          ),
        );
      return rows.every((r) => r.status === 'success');
    });
    const books = (await verifyInvoiceBooks(t.db)).filter((x) => [a.id, b.id].includes(x.invoiceId));
    expect(books.flatMap((x) => x.problems)).toEqual([]);
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('applies deposits to the same invoice in order, exactly as one at a time (installments, caps, overage)', async () => {
    const o = await fundedOwner(t, 0);
    await setKybTier(t, o.account.id, 3);
    const admin = await memberWithRole(t, o.account.id, 'admin');
    const c = await o.api.post('/api/inflows/customers', { name: 'Order Buyer', email: 'order@batch.ng' });
    const partners: string[] = [];
    for (const [pct, cap] of [
      ['20', '500'],
      ['10', '0'],
    ]) {
      const p = await o.api.post('/api/inflows/partners', {
        customerName: `Partner ${pct}`,
        bankCode: '058',
        accountNumber: ordinaryAccount(),
        percentage: pct,
        cap,
      });
      expect(p.status).toBe(201);
      partners.push(p.body.data.id);
    }
    const makeInvoice = async (strategy: string) => {
      const s1 = await o.api.post('/api/inflows/invoice', {
        step: 1,
        payload: {
          customerId: c.body.data.id,
          products: [{ name: 'Goods', price: '3000', quantity: 1 }],
          settlementStrategy: strategy,
          partners,
        },
      });
      const id = s1.body.data.id as string;
      await o.api.post('/api/inflows/invoice', {
        step: 2,
        payload: {
          invoiceId: id,
          paymentOption: 'installments',
          terms: [0, 10, 20].map((d, i) => ({
            name: `T${i}`,
            dueDate: new Date(Date.now() + d * 86_400_000 + 3_600_000).toISOString().slice(0, 10),
          })),
        },
      });
      const s3 = await o.api.post('/api/inflows/invoice', { step: 3, payload: { invoiceId: id } });
      const ok = await admin.api.post(
        `/api/approval-workflows/pending-approvals/approve/${s3.body.data.approvalWorkflowPendingApprovalItem.id}`,
        { approvalStatus: 'approved', comments: 'Checked against the order' },
      );
      expect(ok.status).toBe(200);
      const va = await waitFor('collection account', async () => {
        const [r] = await t.db.select({ va: invoices.vaNumber }).from(invoices).where(eq(invoices.id, id));
        return r?.va;
      });
      return { id, va };
    };
    // What an invoice looks like after its deposits, without ids (the two invoices' ids differ).
    const shape = async (id: string, txIds: string[]) => {
      const [inv] = await t.db.select().from(invoices).where(eq(invoices.id, id));
      const inst = await t.db
        .select()
        .from(invoiceInstallments)
        .where(eq(invoiceInstallments.invoiceId, id))
        .orderBy(invoiceInstallments.seq);
      const pays = await t.db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, id));
      const payIdx = new Map(pays.map((p) => [p.id, txIds.indexOf(p.transactionId)]));
      const instIdx = new Map(inst.map((i) => [i.id, i.seq]));
      const sets = await t.db.select().from(invoiceSettlements).where(eq(invoiceSettlements.invoiceId, id));
      const refunds = await t.db
        .select()
        .from(invoiceCollectionRefunds)
        .where(eq(invoiceCollectionRefunds.invoiceId, id));
      return {
        invoice: { paid: inv.amountPaidMinor, status: inv.status },
        installments: inst.map((i) => [i.seq, i.amountPaidMinor, i.status]),
        payments: pays
          .map((p) => [payIdx.get(p.id), p.amountMinor, p.appliedMinor, p.overageMinor])
          .sort((x, y) => Number(x[0]) - Number(y[0])),
        settlements: sets
          .map((s) => [
            s.basis,
            s.basis === 'collection'
              ? payIdx.get(s.basisId ?? '')
              : s.basis === 'installment'
                ? instIdx.get(s.basisId ?? '')
                : 0,
            partners.indexOf(s.partnerId),
            s.amountMinor,
            s.capped,
          ])
          .sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y))),
        refunds: refunds.map((r) => [payIdx.get(r.paymentId), r.refundableAmountMinor]),
      };
    };
    const amounts = [150_000, 100_000, 120_000]; // 3,700 for 3,000: 700 over; the 20% partner capped at 500
    for (const strategy of ['per-installment', 'per-collection', 'consolidated']) {
      const one = await makeInvoice(strategy);
      const many = await makeInvoice(strategy);
      const dep = (va: string, i: number) => ({
        accountNumber: va,
        amount: amounts[i],
        providerRef: `chg_order_${va}_${i}`,
        senderName: 'ORDER PAYER',
        provider: 'sandbox',
      });
      const oneTx: string[] = [];
      for (const i of amounts.keys())
        oneTx.push((await creditDeposit(t.app.deps, dep(one.va, i))).transactionId!);
      const manyTx = (
        await creditDeposits(
          t.app.deps,
          amounts.map((_, i) => dep(many.va, i)),
        )
      ).map((r) => r.transactionId!);
      const a = await shape(one.id, oneTx);
      const b = await shape(many.id, manyTx);
      expect(b).toEqual(a);
      expect(a.invoice).toEqual({ paid: 300_000, status: 'fullyPaid' });
      expect(a.payments).toEqual([
        [0, 150_000, 150_000, 0],
        [1, 100_000, 100_000, 0],
        [2, 120_000, 50_000, 70_000],
      ]);
      expect(a.refunds).toEqual([[2, 70_000]]);
      // The capped partner never gets more than its ₦500 on the invoice.
      const capped = a.settlements.filter((x) => x[2] === 0).reduce((sum, x) => sum + Number(x[3]), 0);
      expect(capped).toBe(50_000);
      // per-collection reaches the cap exactly (300 + 200) and the third deposit's share is nothing.
      expect(a.settlements.some((x) => x[4] === true)).toBe(strategy !== 'per-collection');
    }
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});
