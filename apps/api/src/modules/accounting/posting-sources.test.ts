// Posting coverage (issue 27 §1 Posting ★): a paid payout (Purchase), a paid bill (Bill, with its
// vendor, category mapping and file link) and a paid payroll run (JournalEntry: gross pay and
// employer costs against net pay, PAYE, pension, NHF and NSITF payable, and the transfer fees),
// each end to end through the sandbox books: posted once (a second trigger posts nothing), the
// document's lines and accounts read from the sandbox's stored request, a failure visible in
// `GET /accounting/postings` and recovered by `POST …/{id}/retry`.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTING_MSG } from '@owo/contract';
import {
  createTestApp,
  lastMailTo,
  memberWithRole,
  ownerWithAccount,
  setKybTier,
  type TestApp,
} from '../../../test/helpers';
import { startJobs } from '../../platform/jobs';
import { vaultFor } from '../../platform/vault';
import { SANDBOX_TEST_ACCOUNTS } from '../../rails/sandbox/test-accounts';
import { fundedOwner, ordinaryAccount, waitFor } from '../funding/test-support';
import { currentManifest, manifestDigest, storedManifest } from '../approvals';
import { approvalItems } from '../approvals/tables';
import { transactions } from '../money/tables';
import { payrollRows } from '../payroll/tables';
import { postOne, sweepPaid } from './post';
import { accountingConnections, accountingPostings, accountingSandboxDocuments } from './tables';

let t: TestApp;
let stop: () => Promise<void>;
beforeAll(async () => {
  t = await createTestApp({ ACCOUNTING_RETRY_BASE_SECONDS: '0.2', ACCOUNTING_MAX_ATTEMPTS: '3' });
  stop = await startJobs(t.app.deps);
});
afterAll(async () => {
  await stop?.();
  await t?.close();
});

type Api = Awaited<ReturnType<typeof ownerWithAccount>>['api'];
type Line = {
  amountMinor: number;
  accountId: string;
  classId?: string | null;
  description: string;
  postingType?: 'Debit' | 'Credit';
};
type Doc = {
  kind: string;
  bankAccountId: string;
  vendorName: string | null;
  lines: Line[];
  link: string;
  memo: string;
  attachments: { fileName: string; url: string }[];
};

const approve = (api: Api, id: string, comments = 'Checked and approved') =>
  api.post(`/api/approval-workflows/pending-approvals/approve/${id}`, {
    approvalStatus: 'approved',
    comments,
  });

/** Connects the sandbox books as the web does, syncs the chart and maps one category. */
async function books(api: Api, providerAccountId: string) {
  const c = await api.post('/api/accounting', { type: 'sandbox' });
  const state = new URL(c.body.data.url).searchParams.get('state')!;
  const { code, realmId } = (await api.post('/api/accounting/sandbox/authorize', { state })).body.data;
  const cb = await api.get(
    `/api/accounting/auth/callbacks/sandbox?${new URLSearchParams({ code, state, realmId })}`,
  );
  expect(cb.status, JSON.stringify(cb.body)).toBe(200);
  expect((await api.post('/api/accounting/accounts/sync')).status).toBe(200);
  const cat = await api.post('/api/payout/category', {
    name: `Tag ${Math.random().toString(36).slice(2, 7)}`,
  });
  expect(cat.status).toBe(201);
  const put = await api.put('/api/accounting/payment-tags', {
    mappings: [{ categoryId: cat.body.data.id, providerAccountId, classId: '5000000000000003' }],
  });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  return { realmId: realmId as string, categoryId: cat.body.data.id as string };
}

const docsOf = (realmId: string) =>
  t.db.select().from(accountingSandboxDocuments).where(eq(accountingSandboxDocuments.realmId, realmId));

const postingOf = (api: Api, recordId: string, status?: string) =>
  waitFor(`posting ${status ?? ''}`, async () => {
    const l = (await api.get(`/api/accounting/postings${status ? `?status=${status}` : ''}`)).body.data;
    return l.find((p: { recordId: string }) => p.recordId === recordId);
  });

/** A second trigger (the sweep again, the job again, the retry button) writes nothing new. */
async function postedOnce(o: { api: Api; account: { id: string } }, realmId: string, postingId: string) {
  expect(await sweepPaid(t.app.deps, o.account.id)).toBe(0);
  await postOne(t.app.deps, postingId);
  expect((await o.api.post(`/api/accounting/postings/${postingId}/retry`)).status).toBe(409);
  const rows = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(accountingPostings)
    .where(eq(accountingPostings.accountId, o.account.id));
  expect(rows[0].n).toBe(1);
  const docs = await docsOf(realmId);
  expect(docs).toHaveLength(1);
  expect(docs[0].requestId).toBe(postingId);
  return docs[0].body as unknown as Doc;
}

const sides = (lines: Line[]) => ({
  debit: lines.filter((l) => l.postingType === 'Debit').reduce((a, l) => a + l.amountMinor, 0),
  credit: lines.filter((l) => l.postingType === 'Credit').reduce((a, l) => a + l.amountMinor, 0),
});

describe('account choices for the journal', () => {
  it('the first sync picks the payroll journal and fee accounts from the chart by type and name', async () => {
    const o = await ownerWithAccount(t);
    await books(o.api, '19');
    const m = (await o.api.get('/api/accounting/payment-tags')).body.data;
    expect(m).toMatchObject({
      bankAccountId: '35',
      defaultExpenseAccountId: '7',
      payrollAccountId: '21',
      employerPensionAccountId: '25',
      nsitfExpenseAccountId: '26',
      payePayableAccountId: '37',
      pensionPayableAccountId: '38',
      nhfPayableAccountId: '39',
      nsitfPayableAccountId: '41',
      otherDeductionsAccountId: '42',
      bankChargesAccountId: '8',
    });
    // changed through the same mapping call, checked against the chart
    const bad = await o.api.put('/api/accounting/payment-tags', {
      payePayableAccountId: '999',
      mappings: [],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors!.payePayableAccountId).toEqual([ACCOUNTING_MSG.providerAccountNotFound]);
    const put = await o.api.put('/api/accounting/payment-tags', { payePayableAccountId: '42', mappings: [] });
    expect(put.body.data.payePayableAccountId).toBe('42');
  });
});

describe('posting a paid payout, bill and payroll run', () => {
  it('a paid payout: one Purchase with its category mapping and fee line; provider down fails visibly; retry posts once', async () => {
    const o = await fundedOwner(t, 1_000_000_00);
    const a = await memberWithRole(t, o.account.id, 'admin');
    const { realmId, categoryId } = await books(o.api, '22');
    await o.api.post('/api/accounting/sandbox/faults', { down: true });
    const v = await o.api.post('/api/payee', {
      name: 'Yaba Legal Partners',
      email: `fees.${Math.random().toString(36).slice(2, 8)}@yabalegal.ng`,
      phone: '08031234567',
      billingAddress: '3 Herbert Macaulay Way, Yaba',
      bankCode: '058',
      accountNumber: ordinaryAccount(),
    });
    expect(v.status, JSON.stringify(v.body)).toBe(201);
    const created = await o.api.post(
      '/api/payouts',
      {
        payoutOption: 'standard',
        walletId: o.wallet.id,
        payeeId: v.body.data.id,
        amount: '25000',
        currency: 'NGN',
        narration: 'Legal retainer, November',
        categoryId,
      },
      { 'idempotency-key': `k-${Math.random().toString(36).slice(2)}` },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const p = created.body.data;
    expect((await approve(a.api, p.approvalWorkflowPendingApprovalItem.id)).status).toBe(200);
    const failed = await postingOf(o.api, p.id, 'failed');
    expect(failed).toMatchObject({ record: 'payout', document: 'Purchase', attempts: 3 });
    expect(failed.lastError).toBe(ACCOUNTING_MSG.providerUnavailable);
    expect(await docsOf(realmId)).toHaveLength(0);

    await o.api.post('/api/accounting/sandbox/faults', { down: false });
    const retried = await o.api.post(`/api/accounting/postings/${failed.id}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body.message).toBe(ACCOUNTING_MSG.postingRetried);
    const posted = await postingOf(o.api, p.id, 'posted');
    expect(posted).toMatchObject({ amountMinor: 2_500_000, amount: '25000.00', attempts: 1 });
    expect(posted.link).toMatch(new RegExp(`/payouts/${p.id}$`));
    const doc = await postedOnce(o, realmId, failed.id);
    const [tx] = await t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.sourceType, 'payout'), eq(transactions.sourceId, p.id)));
    expect(tx.fee).toBeGreaterThan(0);
    expect(doc).toMatchObject({
      kind: 'Purchase',
      bankAccountId: '35',
      vendorName: 'Yaba Legal Partners',
      link: posted.link,
      attachments: [],
    });
    expect(doc.lines).toEqual([
      {
        amountMinor: 2_500_000,
        accountId: '22',
        classId: '5000000000000003',
        description: 'Legal retainer, November',
      },
      { amountMinor: tx.fee, accountId: '8', classId: null, description: 'Transfer fee' },
    ]);
    expect(doc.memo).toContain(p.reference);
  });

  it('a paid bill: one Bill to its vendor with the category mapping and the file link; failing writes, retry posts once', async () => {
    const o = await fundedOwner(t, 1_000_000_00);
    const a = await memberWithRole(t, o.account.id, 'admin');
    const { realmId, categoryId } = await books(o.api, '24');
    const email = `billing.${Math.random().toString(36).slice(2, 8)}@surulere-repairs.ng`;
    const req = await o.api.post('/api/payout/quote/request', { email, note: 'Generator repair invoice' });
    expect(req.status).toBe(201);
    const ref = req.body.data.reference as string;
    // The vendor's send-bill link carries its own token (mailed), never the bill's reference.
    const mailed = await lastMailTo(t, email);
    const token = /\/send-bill\/welcome\/([A-Za-z0-9_-]{43})/.exec(mailed!.text)![1];
    const f = new FormData();
    for (const [k, val] of Object.entries({
      amount: '40000',
      description: 'Generator repair, November',
      invoiceNumber: 'INV-2026-118',
      dueDate: '2026-12-31',
      bankCode: '058',
      accountNumber: ordinaryAccount(),
    }))
      f.append(k, val);
    f.append(
      'file',
      new Blob([Buffer.from('%PDF-1.4\n%%EOF\n', 'latin1')], { type: 'application/pdf' }),
      'inv.pdf',
    );
    const sent = await fetch(`${t.baseUrl}/api/verify/payout/quote/${token}`, { method: 'PUT', body: f });
    expect(sent.status, await sent.clone().text()).toBe(200);
    // every write fails until the attempts run out
    await o.api.post('/api/accounting/sandbox/faults', { failNext: 3 });
    const payout = await o.api.post(
      `/api/payout/quote/${ref}/payout`,
      { walletId: o.wallet.id, categoryId },
      { 'idempotency-key': `bill-${ref}` },
    );
    expect(payout.status, JSON.stringify(payout.body)).toBe(201);
    const p = payout.body.data;
    expect((await approve(a.api, p.approvalWorkflowPendingApprovalItem.id)).status).toBe(200);
    const failed = await postingOf(o.api, p.id, 'failed');
    expect(failed).toMatchObject({
      record: 'bill',
      document: 'Bill',
      reference: 'INV-2026-118',
      attempts: 3,
    });
    expect(failed.lastError).toBe(ACCOUNTING_MSG.providerUnavailable);

    expect((await o.api.post(`/api/accounting/postings/${failed.id}/retry`)).status).toBe(200);
    const posted = await postingOf(o.api, p.id, 'posted');
    expect(posted.link).toMatch(new RegExp(`/bills/${ref}$`));
    const doc = await postedOnce(o, realmId, failed.id);
    const bill = (await o.api.get(`/api/payout/quote/${ref}`)).body.data;
    expect(bill.payeeName).toBeTruthy();
    expect(doc).toMatchObject({
      kind: 'Bill',
      bankAccountId: '35',
      vendorName: bill.payeeName,
      lines: [
        {
          amountMinor: 4_000_000,
          accountId: '24',
          classId: '5000000000000003',
          description: 'Generator repair, November',
        },
      ],
    });
    expect(doc.lines).toHaveLength(1);
    // the transfer fee is not owed to the vendor: its own bank charges Purchase beside the Bill
    const [billTx] = await t.db
      .select()
      .from(transactions)
      .where(
        and(
          eq(transactions.sourceType, 'payout'),
          eq(transactions.sourceId, p.id),
          eq(transactions.status, 'success'),
        ),
      );
    expect(billTx.fee).toBeGreaterThan(0);
    expect((doc as Doc & { bankCharges?: unknown }).bankCharges).toEqual({
      amountMinor: billTx.fee,
      accountId: '8',
      description: 'Transfer fee',
    });
    expect(doc.attachments).toEqual([
      { fileName: bill.fileName, url: `${t.app.deps.config.appUrl}/api/files/${bill.fileName}` },
    ]);
    // the link in the books opens the bill's file for the company
    expect((await o.api.get(new URL(doc.attachments[0].url).pathname)).status).toBe(200);
  });

  it('a paid payroll run: one balanced JournalEntry of the paid rows; an unmapped account fails visibly; retry posts once', async () => {
    const o = await fundedOwner(t, 10_000_000_00);
    await setKybTier(t, o.account.id, 3);
    const admin = await memberWithRole(t, o.account.id, 'admin');
    const { realmId } = await books(o.api, '19');
    // PAYE payable not chosen yet: the journal cannot be written
    await t.db
      .update(accountingConnections)
      .set({ payePayableAccountId: null })
      .where(eq(accountingConnections.accountId, o.account.id));
    const emp = (over: Record<string, unknown>) => ({
      name: `Staff ${Math.random().toString(36).slice(2, 7)}`,
      email: `staff.${Math.random().toString(36).slice(2, 9)}@example.ng`,
      salaryAmount: '150000',
      bankCode: '058',
      accountNumber: ordinaryAccount(),
      ...over,
    });
    const added = await o.api.post('/api/payrolls/employees/add', {
      employees: [
        emp({
          salaryAmount: '100000',
          annualRent: '1200000',
          components: [
            { description: 'Basic', type: 'addition', amount: '250000' },
            { description: 'Housing', type: 'addition', amount: '100000' },
            { description: 'Transport', type: 'addition', amount: '50000' },
            { description: 'Staff loan', type: 'deduction', amount: '20000' },
          ],
        }),
        emp({ salaryAmount: '80000' }),
        emp({ accountNumber: SANDBOX_TEST_ACCOUNTS.fails }),
      ],
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const created = await o.api.post('/api/payrolls', {
      name: 'November 2026 salaries',
      type: 'once',
      mode: 'instant',
      walletId: o.wallet.id,
      employees: added.body.data.map((e: { id: string }) => e.id),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const pr = created.body.data;
    const submitted = await o.api.post(`/api/payrolls/${pr.id}/approve`);
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect(
      (await approve(admin.api, submitted.body.data.approvalWorkflowPendingApprovalItem.id)).status,
    ).toBe(200);
    const failed = await postingOf(o.api, pr.id, 'failed');
    expect(failed).toMatchObject({ record: 'payroll', document: 'JournalEntry', attempts: 1 });
    expect(failed.lastError).toBe('Choose the PAYE payable account in Import payment tags first');
    expect((await o.api.get(`/api/payrolls/${pr.id}`)).body.data.status).toBe('partially_failed');

    const put = await o.api.put('/api/accounting/payment-tags', { payePayableAccountId: '37', mappings: [] });
    expect(put.status).toBe(200);
    expect((await o.api.post(`/api/accounting/postings/${failed.id}/retry`)).status).toBe(200);
    const posted = await postingOf(o.api, pr.id, 'posted');
    expect(posted.link).toMatch(new RegExp(`/payroll/${pr.id}/details$`));
    const doc = await postedOnce(o, realmId, failed.id);

    // What the paid rows cost, withheld and paid (the failed row paid nobody and is left out).
    const rows = await t.db.select().from(payrollRows).where(eq(payrollRows.payrollId, pr.id));
    const ok = await t.db
      .select({ id: transactions.id })
      .from(transactions)
      .where(and(eq(transactions.sourceId, pr.id), eq(transactions.status, 'success')));
    const paid = rows.filter((r) => ok.some((x) => x.id === r.transactionId));
    expect(paid).toHaveLength(2);
    const sum = (f: (r: (typeof rows)[number]) => number) => paid.reduce((acc, r) => acc + f(r), 0);
    const gross = sum((r) => r.grossMinor);
    const net = sum((r) => r.netMinor);
    const paye = -sum((r) => r.breakdown.PAYE ?? 0);
    const pensionEe = -sum((r) => r.breakdown['Pension (employee)'] ?? 0);
    const nhf = -sum((r) => r.breakdown.NHF ?? 0);
    const pensionEr = sum((r) => r.employerCosts['Pension (employer)'] ?? 0);
    const nsitf = sum((r) => r.employerCosts.NSITF ?? 0);
    expect([paye, pensionEe, nhf, pensionEr, nsitf].every((x) => x > 0)).toBe(true);
    const fees = await t.db
      .select({ fee: sql<number>`coalesce(sum(${transactions.fee}), 0)::bigint` })
      .from(transactions)
      .where(
        and(
          eq(transactions.sourceType, 'payroll'),
          eq(transactions.sourceId, pr.id),
          eq(transactions.status, 'success'),
        ),
      );
    const fee = Number(fees[0].fee);
    expect(fee).toBeGreaterThan(0); // payroll transfers are charged: the fee line is in the journal
    expect(posted.amountMinor).toBe(net);

    const expected: Line[] = [
      { accountId: '21', postingType: 'Debit', amountMinor: gross, description: 'Gross pay', classId: null },
      {
        accountId: '25',
        postingType: 'Debit',
        amountMinor: pensionEr,
        description: 'Employer pension contribution',
        classId: null,
      },
      { accountId: '26', postingType: 'Debit', amountMinor: nsitf, description: 'NSITF', classId: null },
      {
        accountId: '35',
        postingType: 'Credit',
        amountMinor: net,
        description: 'Net pay paid',
        classId: null,
      },
      {
        accountId: '37',
        postingType: 'Credit',
        amountMinor: paye,
        description: 'PAYE withheld',
        classId: null,
      },
      {
        accountId: '38',
        postingType: 'Credit',
        amountMinor: pensionEe + pensionEr,
        description: 'Pension (employee + employer)',
        classId: null,
      },
      {
        accountId: '39',
        postingType: 'Credit',
        amountMinor: nhf,
        description: 'NHF withheld',
        classId: null,
      },
      { accountId: '41', postingType: 'Credit', amountMinor: nsitf, description: 'NSITF', classId: null },
      {
        accountId: '42',
        postingType: 'Credit',
        amountMinor: 2_000_000,
        description: 'Other salary deductions',
        classId: null,
      },
      ...(fee > 0
        ? [
            {
              accountId: '8',
              postingType: 'Debit' as const,
              amountMinor: fee,
              description: 'Transfer fees',
              classId: null,
            },
            {
              accountId: '35',
              postingType: 'Credit' as const,
              amountMinor: fee,
              description: 'Transfer fees',
              classId: null,
            },
          ]
        : []),
    ];
    expect(doc.kind).toBe('JournalEntry');
    expect(doc.lines).toEqual(expected);
    // balanced to the kobo; the bank is credited with exactly what left the wallet for the paid rows
    const { debit, credit } = sides(doc.lines);
    expect(debit).toBe(credit);
    expect(debit).toBe(gross + pensionEr + nsitf + fee);
    const bankOut = doc.lines.filter((l) => l.accountId === '35').reduce((acc, l) => acc + l.amountMinor, 0);
    const walletOut = await t.db
      .select({ n: sql<number>`coalesce(sum(${transactions.amount} + ${transactions.fee}), 0)::bigint` })
      .from(transactions)
      .where(
        and(
          eq(transactions.sourceType, 'payroll'),
          eq(transactions.sourceId, pr.id),
          eq(transactions.status, 'success'),
        ),
      );
    expect(bankOut).toBe(Number(walletOut[0].n));

    // a row paid by a retry after the run was posted: its own follow-up journal, posted once
    const failedRow = rows.find((r) => !paid.includes(r))!;
    const vault = vaultFor(t.config);
    await t.db
      .update(payrollRows)
      .set({ accountNumber: vault.encrypt('payroll_rows.account_number', ordinaryAccount()) })
      .where(eq(payrollRows.id, failedRow.id));
    // The run's payment changed after approval, so money leaves only once it is approved again
    // (issue 34 §1); this stands in for that second approval of the changed run.
    const manifest = await currentManifest(t.db, t.app.deps, {
      accountId: o.account.id,
      type: 'payroll',
      resourceId: pr.id,
    });
    await t.db
      .update(approvalItems)
      .set({ manifest: storedManifest(manifest), manifestDigest: manifestDigest(manifest) })
      .where(and(eq(approvalItems.type, 'payroll'), eq(approvalItems.resourceId, pr.id)));
    const retried = await o.api.post(`/api/payrolls/${pr.id}/payment/retry`);
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    const follow = await postingOf(o.api, failedRow.id, 'posted');
    expect(follow).toMatchObject({
      record: 'payroll',
      document: 'JournalEntry',
      amountMinor: failedRow.netMinor,
    });
    expect(follow.reference).toBe(`${pr.reference}-${failedRow.rowNo}`);
    expect(await sweepPaid(t.app.deps, o.account.id)).toBe(0);
    await postOne(t.app.deps, follow.id);
    const all = await docsOf(realmId);
    expect(all).toHaveLength(2); // the run's journal, and the follow-up (never the run again)
    const extra = all.find((d) => d.requestId === follow.id)!.body as unknown as Doc;
    const [rowTx] = await t.db
      .select()
      .from(transactions)
      .where(
        eq(
          transactions.id,
          (await t.db.select().from(payrollRows).where(eq(payrollRows.id, failedRow.id)))[0].transactionId!,
        ),
      );
    expect(rowTx.status).toBe('success');
    const s2 = sides(extra.lines);
    expect(s2.debit).toBe(s2.credit);
    expect(extra.lines.find((l) => l.description === 'Gross pay')!.amountMinor).toBe(failedRow.grossMinor);
    expect(extra.lines.find((l) => l.description === 'Net pay paid')!.amountMinor).toBe(failedRow.netMinor);
    expect(extra.lines.filter((l) => l.description === 'Transfer fees').map((l) => l.amountMinor)).toEqual(
      rowTx.fee ? [rowTx.fee, rowTx.fee] : [],
    );
    // the run's own posting still holds only the rows paid before it
    expect(all.find((d) => d.requestId === failed.id)!.body).toEqual(doc);

    // tenancy: another company sees none of it and cannot retry it
    const other = await ownerWithAccount(t);
    expect((await other.api.get('/api/accounting/postings')).body.data).toEqual([]);
    expect((await other.api.post(`/api/accounting/postings/${failed.id}/retry`)).status).toBe(404);
    expect((await other.api.post(`/api/accounting/postings/${follow.id}/retry`)).status).toBe(404);
  });
});
