// One way money leaves (issue 34 §1) for partner settlements: a settlement has no approval by design
// (its authority is declared: `system:invoice-partner-settlement`), and what it pays is fixed when it
// is first started. Editing the partner's bank account after a failed settlement cannot redirect the
// retry: the retry pays exactly the settlement's manifest or nothing.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, memberWithRole, setKybTier, type TestApp } from '../../../test/helpers';
import { startJobs } from '../../platform/jobs';
import { SANDBOX_TEST_ACCOUNTS } from '../../rails/sandbox/test-accounts';
import { fundedOwner, ordinaryAccount, waitFor } from '../funding/test-support';
import { transactions } from '../money/tables';
import { verifyLedger } from '../money/verify';

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

const paidTo = (accountId: string, accountNumber: string) =>
  t.db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.accountId, accountId),
        eq(transactions.sourceType, 'invoice-settlement'),
        sql`${transactions.counterparty}->>'accountNumber' = ${accountNumber}`,
      ),
    );

describe('partner settlements pay their manifest (issue 34 §1)', () => {
  it("a partner's new bank account does not redirect the retry of a failed settlement", async () => {
    const o = await fundedOwner(t, 0);
    await setKybTier(t, o.account.id, 3);
    const admin = await memberWithRole(t, o.account.id, 'admin');
    const partnerBody = {
      customerName: 'Kemi Logistics',
      customerEmail: 'kemi@logistics.ng',
      bankCode: '058',
      accountNumber: SANDBOX_TEST_ACCOUNTS.fails,
      percentage: '20',
    };
    const partner = await o.api.post('/api/inflows/partners', partnerBody);
    expect(partner.status, JSON.stringify(partner.body)).toBe(201);
    const c = await o.api.post('/api/inflows/customers', { name: 'Adaeze Stores', email: 'ada@stores.ng' });
    const s1 = await o.api.post('/api/inflows/invoice', {
      step: 1,
      payload: {
        customerId: c.body.data.id,
        products: [{ name: 'Cement (bag)', price: '1000', quantity: 1 }],
        settlementStrategy: 'per-collection',
        partners: [partner.body.data.id],
      },
    });
    const id = s1.body.data.id;
    await o.api.post('/api/inflows/invoice', {
      step: 2,
      payload: { invoiceId: id, paymentOption: 'one-time' },
    });
    const s3 = await o.api.post('/api/inflows/invoice', { step: 3, payload: { invoiceId: id } });
    expect(
      (
        await admin.api.post(
          `/api/approval-workflows/pending-approvals/approve/${s3.body.data.approvalWorkflowPendingApprovalItem.id}`,
          { approvalStatus: 'approved', comments: 'Checked against the order' },
        )
      ).status,
    ).toBe(200);
    const inv = await waitFor('collection account', async () => {
      const d = (await o.api.get(`/api/inflows/invoice/${id}`)).body.data;
      return d.collectionAccount ? d : null;
    });
    await o.api.post('/api/sandbox/deposits', {
      accountNumber: inv.collectionAccount.accountNumber,
      amount: '1000',
      senderName: 'ADAEZE STORES',
    });
    await waitFor('the settlement fails at the bank', async () => {
      const d = (await o.api.get(`/api/inflows/invoice/${id}`)).body.data;
      return d.invoiceSettlements?.[0]?.status === 'failed';
    });
    const [first] = await paidTo(o.account.id, SANDBOX_TEST_ACCOUNTS.fails);
    expect(first.metadata).toMatchObject({ authority: 'system:invoice-partner-settlement' });

    // The partner's account is changed after the failure…
    const next = ordinaryAccount();
    const up = await o.api.put(`/api/inflows/partners/${partner.body.data.id}`, {
      ...partnerBody,
      accountNumber: next,
    });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    // …and the retry pays the settlement's own manifest: the account it was made for, never the new one.
    const retry = await o.api.post(`/api/inflows/invoice/${id}/settlements/init-payment`);
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(await paidTo(o.account.id, next)).toEqual([]);
    const again = await paidTo(o.account.id, SANDBOX_TEST_ACCOUNTS.fails);
    expect(again).toHaveLength(2);
    expect(again.map((x) => x.amount)).toEqual([first.amount, first.amount]);
    expect(again.map((x) => x.fee)).toEqual([first.fee, first.fee]);
    await waitFor(
      'the retry settles',
      async () =>
        (await o.api.get(`/api/inflows/invoice/${id}`)).body.data.invoiceSettlements?.[0]?.status ===
        'failed',
    );
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});
