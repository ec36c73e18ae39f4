import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILL_MSG, LINK_STATUS } from '@owo/contract';
import {
  lastMailTo,
  memberWithRole,
  ownerWithAccount,
  type TestApp,
  createTestApp,
} from '../../../test/helpers';
import { startJobs } from '../../platform/jobs';
import { fundedOwner, ordinaryAccount, waitFor } from '../funding/test-support';
import { linkTokens } from '../../platform/tables';
import { sha256 } from '../../platform/tokens';
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

/** A minimal valid one-page PDF. */
function pdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Resources << >> >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

function sendBillForm(over: Record<string, string> = {}, withFile = true) {
  const f = new FormData();
  const fields = {
    amount: '40000',
    description: 'Cleaning, March',
    invoiceNumber: 'INV-0042',
    dueDate: '2026-12-31',
    bankCode: '058',
    accountNumber: ordinaryAccount(),
    ...over,
  };
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  if (withFile)
    f.append('file', new Blob([new Uint8Array(pdf())], { type: 'application/pdf' }), 'invoice.pdf');
  return f;
}

const anon = (method: string, path: string, body?: FormData) =>
  fetch(`${t.baseUrl}${path}`, { method, body }).then(async (r) => ({
    status: r.status,
    body: await r.json(),
  }));
const tokenOf = (text: string) => /\/send-bill\/welcome\/([A-Za-z0-9_-]{32,64})/.exec(text)![1];

describe('bills', () => {
  it('request → the vendor fills send-bill once → bill → payout → second person approves → paid', async () => {
    const o = await fundedOwner(t, 1_000_000_00);
    const a = await memberWithRole(t, o.account.id, 'admin');
    const email = `billing.${Math.random().toString(36).slice(2, 8)}@lekkicleaning.ng`;
    const req = await o.api.post('/api/payout/quote/request', { email, note: 'March invoice please' });
    expect(req.status).toBe(201);
    expect(req.body.message).toBe(BILL_MSG.requested);
    const mail = await lastMailTo(t, email);
    const ref = req.body.data.reference as string;
    const link = tokenOf(mail!.text); // a 256-bit link token, never the bill's reference
    expect(link).not.toBe(ref);

    // Public: only the company name and the email; unknown 404.
    const info = await anon('GET', `/api/verify/payout/quote/${link}`);
    expect(info.status).toBe(200);
    expect(info.body.data).toEqual({ companyName: o.account.name, email });
    expect((await anon('GET', `/api/verify/payout/quote/${'0'.repeat(32)}`)).status).toBe(404);
    const banks = await anon('GET', `/api/verify/payout/quote/${link}/banks`);
    expect(banks.body.data.some((b: any) => b.code === '058')).toBe(true);
    expect((await anon('GET', `/api/verify/payout/quote/${'0'.repeat(32)}/banks`)).status).toBe(404);
    expect((await anon('GET', '/api/verify/payout/quote/not-a-ref')).status).toBe(404);

    const bad = await anon(
      'PUT',
      `/api/verify/payout/quote/${link}`,
      sendBillForm({ amount: 'x', invoiceNumber: '' }, false),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors.amount).toBeTruthy();
    expect(bad.body.errors.invoiceNumber).toEqual([BILL_MSG.invoiceRequired]);
    const noFile = await anon('PUT', `/api/verify/payout/quote/${link}`, sendBillForm({}, false));
    expect(noFile.status).toBe(400);
    expect(noFile.body.errors.file).toEqual([BILL_MSG.fileRequired]);

    const sent = await anon('PUT', `/api/verify/payout/quote/${link}`, sendBillForm());
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.message).toBe(BILL_MSG.submitted);
    // Spent: a replay answers 410 and changes nothing.
    const replay = await anon('PUT', `/api/verify/payout/quote/${link}`, sendBillForm({ amount: '99999' }));
    expect(replay.status).toBe(410);
    expect(replay.body).toMatchObject({ status: LINK_STATUS.used, message: BILL_MSG.used });
    expect((await anon('GET', `/api/verify/payout/quote/${link}`)).status).toBe(410);

    const bill = (await o.api.get(`/api/payout/quote/${ref}`)).body.data;
    expect(bill).toMatchObject({ status: 'submitted', amountMinor: 4_000_000, invoiceNumber: 'INV-0042' });
    expect(bill.accountName).toBeTruthy();
    expect(
      (await o.api.get('/api/payout/quotes?status=submitted')).body.data.map((b: any) => b.reference),
    ).toEqual([ref]);

    const k = `bill-${ref}`;
    const payout = await o.api.post(
      `/api/payout/quote/${ref}/payout`,
      { walletId: o.wallet.id },
      { 'idempotency-key': k },
    );
    expect(payout.status, JSON.stringify(payout.body)).toBe(201);
    const again = await o.api.post(
      `/api/payout/quote/${ref}/payout`,
      { walletId: o.wallet.id },
      { 'idempotency-key': `${k}-2` },
    );
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(BILL_MSG.alreadySent);
    const p = payout.body.data;
    expect(p.payee.accountNumber).toBe(bill.accountNumber);
    await a.api.post(
      `/api/approval-workflows/pending-approvals/approve/${p.approvalWorkflowPendingApprovalItem.id}`,
      {
        approvalStatus: 'approved',
        comments: 'Bill matches the work done',
      },
    );
    await waitFor(
      'paid',
      async () => (await o.api.get(`/api/payouts/${p.id}`)).body.data.status === 'completed',
    );
    expect(await t.db.select().from(transactions).where(eq(transactions.sourceId, p.id))).toHaveLength(1);
    expect((await o.api.get(`/api/payout/quote/${ref}`)).body.data).toMatchObject({
      status: 'sent',
      payoutId: p.id,
    });
    expect(await verifyLedger(t.db)).toEqual([]);

    // Tenancy: another company cannot read or pay the bill.
    const x = await ownerWithAccount(t);
    expect((await x.api.get(`/api/payout/quote/${ref}`)).status).toBe(404);
  });

  it('a vendor shows its open bills: requested and received, until sent for payment; never another company’s', async () => {
    const o = await fundedOwner(t, 1_000_000_00);
    const email = `accounts.${Math.random().toString(36).slice(2, 8)}@ikejadiesel.ng`;
    const accountNumber = ordinaryAccount();
    const created = await o.api.post('/api/payee', {
      name: 'Ikeja Diesel Supplies',
      email,
      phone: '08031234567',
      billingAddress: '12 Allen Avenue, Ikeja',
      bankCode: '058',
      accountNumber,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const vendorId = created.body.data.id as string;
    const openBills = async () => (await o.api.get(`/api/payee/${vendorId}`)).body.data.openBills as any[];
    expect(await openBills()).toEqual([]);

    // Requested for the vendor's email (in another case): open, with no amount until the vendor sends it.
    const req = await o.api.post('/api/payout/quote/request', { email: email.toUpperCase() });
    expect(req.status, JSON.stringify(req.body)).toBe(201);
    const ref = req.body.data.reference as string;
    const link = tokenOf((await lastMailTo(t, email.toLowerCase()))!.text);
    expect(await openBills()).toEqual([
      expect.objectContaining({ reference: ref, status: 'requested', amount: null, amountMinor: null }),
    ]);
    // Another company's bill to the same email is not this vendor's.
    const x = await ownerWithAccount(t);
    expect((await x.api.post('/api/payout/quote/request', { email })).status).toBe(201);
    expect((await openBills()).map((b) => b.reference)).toEqual([ref]);

    expect(
      (await anon('PUT', `/api/verify/payout/quote/${link}`, sendBillForm({ accountNumber }))).status,
    ).toBe(200);
    expect(await openBills()).toEqual([
      expect.objectContaining({
        reference: ref,
        status: 'submitted',
        amount: '40000.00',
        amountMinor: 4_000_000,
      }),
    ]);

    const sent = await o.api.post(
      `/api/payout/quote/${ref}/payout`,
      { walletId: o.wallet.id },
      { 'idempotency-key': `bill-${ref}` },
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(await openBills()).toEqual([]);
  });

  it('the bill’s reference, which read-only staff can list, is not the send-bill link (issue 34)', async () => {
    const o = await ownerWithAccount(t);
    // The accountant role only reads payouts (and bills).
    const viewer = await memberWithRole(t, o.account.id, 'accountant');
    const email = `billing.${Math.random().toString(36).slice(2, 8)}@yabatech.ng`;
    const req = await o.api.post('/api/payout/quote/request', { email });
    expect(req.status).toBe(201);
    // A read-only member lists the requested bill and learns its reference...
    const listed = await viewer.api.get('/api/payout/quotes');
    expect(listed.status).toBe(200);
    const ref = listed.body.data.find((b: any) => b.email === email).reference as string;
    // ...which opens nothing and submits nothing in the vendor's name.
    expect((await anon('GET', `/api/verify/payout/quote/${ref}`)).status).toBe(404);
    const forged = await anon('PUT', `/api/verify/payout/quote/${ref}`, sendBillForm());
    expect(forged.status).toBe(404);
    expect((await o.api.get(`/api/payout/quote/${ref}`)).body.data.status).toBe('requested');
    // The mailed link still works for the vendor.
    const link = tokenOf((await lastMailTo(t, email))!.text);
    expect((await anon('PUT', `/api/verify/payout/quote/${link}`, sendBillForm())).status).toBe(200);
  });

  it('an expired send-bill link answers 410 and takes no bill; two concurrent sends take one', async () => {
    const o = await ownerWithAccount(t);
    const email = `billing.${Math.random().toString(36).slice(2, 8)}@ikoyi.ng`;
    await o.api.post('/api/payout/quote/request', { email });
    const link = tokenOf((await lastMailTo(t, email))!.text);
    const [both1, both2] = await Promise.all([
      anon('PUT', `/api/verify/payout/quote/${link}`, sendBillForm({ amount: '100' })),
      anon('PUT', `/api/verify/payout/quote/${link}`, sendBillForm({ amount: '200' })),
    ]);
    expect([both1.status, both2.status].sort()).toEqual([200, 410]);

    const email2 = `billing.${Math.random().toString(36).slice(2, 8)}@ikoyi.ng`;
    const req2 = await o.api.post('/api/payout/quote/request', { email: email2 });
    const link2 = tokenOf((await lastMailTo(t, email2))!.text);
    await t.db
      .update(linkTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(linkTokens.tokenHash, sha256(link2)));
    const late = await anon('PUT', `/api/verify/payout/quote/${link2}`, sendBillForm());
    expect(late.status).toBe(410);
    expect(late.body).toMatchObject({ status: LINK_STATUS.expired, message: BILL_MSG.expired });
    const bill = (await o.api.get(`/api/payout/quote/${req2.body.data.reference}`)).body.data;
    expect(bill.status).toBe('requested');
  });
});
