import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILL_MSG } from '@owo/contract';
import {
  lastMailTo,
  memberWithRole,
  ownerWithAccount,
  type TestApp,
  createTestApp,
} from '../../../test/helpers';
import { startJobs } from '../../platform/jobs';
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
const refOf = (text: string) => /\/send-bill\/welcome\/([0-9a-f]{32})/.exec(text)![1];

describe('bills', () => {
  it('request → the vendor fills send-bill once → bill → payout → second person approves → paid', async () => {
    const o = await fundedOwner(t, 1_000_000_00);
    const a = await memberWithRole(t, o.account.id, 'admin');
    const email = `billing.${Math.random().toString(36).slice(2, 8)}@lekkicleaning.ng`;
    const req = await o.api.post('/api/payout/quote/request', { email, note: 'March invoice please' });
    expect(req.status).toBe(201);
    expect(req.body.message).toBe(BILL_MSG.requested);
    const mail = await lastMailTo(t, email);
    const ref = refOf(mail!.text);
    expect(ref).toBe(req.body.data.reference);
    expect(ref).toHaveLength(32); // 128 bits

    // Public: only the company name and the email; unknown 404.
    const info = await anon('GET', `/api/verify/payout/quote/${ref}`);
    expect(info.status).toBe(200);
    expect(info.body.data).toEqual({ companyName: o.account.name, email });
    expect((await anon('GET', `/api/verify/payout/quote/${'0'.repeat(32)}`)).status).toBe(404);
    const banks = await anon('GET', `/api/verify/payout/quote/${ref}/banks`);
    expect(banks.body.data.some((b: any) => b.code === '058')).toBe(true);
    expect((await anon('GET', `/api/verify/payout/quote/${'0'.repeat(32)}/banks`)).status).toBe(404);
    expect((await anon('GET', '/api/verify/payout/quote/not-a-ref')).status).toBe(404);

    const bad = await anon(
      'PUT',
      `/api/verify/payout/quote/${ref}`,
      sendBillForm({ amount: 'x', invoiceNumber: '' }, false),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors.amount).toBeTruthy();
    expect(bad.body.errors.invoiceNumber).toEqual([BILL_MSG.invoiceRequired]);
    const noFile = await anon('PUT', `/api/verify/payout/quote/${ref}`, sendBillForm({}, false));
    expect(noFile.status).toBe(400);
    expect(noFile.body.errors.file).toEqual([BILL_MSG.fileRequired]);

    const sent = await anon('PUT', `/api/verify/payout/quote/${ref}`, sendBillForm());
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.message).toBe(BILL_MSG.submitted);
    expect((await anon('PUT', `/api/verify/payout/quote/${ref}`, sendBillForm())).status).toBe(409);
    expect((await anon('GET', `/api/verify/payout/quote/${ref}`)).status).toBe(409);

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
      20_000,
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
});
