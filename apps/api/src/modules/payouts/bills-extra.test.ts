import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILL_IMPORT_MSG, BILL_TIER_MSG, IMPORT_MSG } from '@owo/contract';
import {
  memberWithRole,
  ownerWithAccount,
  setKybTier,
  type TestApp,
  createTestApp,
} from '../../../test/helpers';
import { fundedOwner, ordinaryAccount } from '../funding/test-support';
import { files } from '../files/tables';
import { payees } from '../payees/tables';
import { readBillFacts, startBillInbox } from './inbox';
import { payoutQuotes } from './tables';

let t: TestApp;
let inbox: { port: number; stop: () => Promise<void> };
beforeAll(async () => {
  t = await createTestApp({
    BILL_INBOX_SMTP_PORT: '0',
    BILL_INBOX_SMTP_HOST: '127.0.0.1',
    BILL_INBOX_DOMAIN: 'inbox.owo.test',
  });
  inbox = (await startBillInbox(t.app.deps))!;
});
afterAll(async () => {
  await inbox?.stop();
  await t?.close();
});

const rnd = () => Math.random().toString(36).slice(2, 8);
const key = () => `k-${rnd()}${rnd()}`;
const HEADER = 'vendorName,vendorEmail,bankCode,accountNumber,amount,invoiceNumber,description,dueDate';
function form(name: string, text: string) {
  const f = new FormData();
  f.append('file', new Blob([text], { type: 'text/csv' }), name);
  return f;
}

describe('bill import', () => {
  it('errors by row, duplicates (file, existing bills), vendor bank differs; nothing written until confirm; all or nothing', async () => {
    const o = await ownerWithAccount(t);
    const known = ordinaryAccount();
    const vEmail = `known.${rnd()}@x.ng`;
    const v = (
      await o.api.post('/api/payee', { name: 'Known', email: vEmail, bankCode: '058', accountNumber: known })
    ).body.data;
    const fresh = ordinaryAccount();
    const csv = [
      HEADER,
      `Known,${vEmail},058,${known},45000,INV-1,Cleaning,31/12/2026`, // row 2: existing vendor by account
      `New Co,new.${rnd()}@x.ng,058,${fresh},"1,200.50",INV-9,Chairs,2036-12-01`, // row 3: new vendor
      `New Co,new2@x.ng,058,${fresh},300,INV-10,Tables,`, // row 4: same new vendor, no due date
      `Dup,d@x.ng,058,${fresh},10,INV-9,Again,`, // row 5: duplicate of row 3
      `Bad,bad,058,123,-5,,,32/13/2026`, // row 6: many errors
      `Other,${vEmail},058,${ordinaryAccount()},10,INV-2,Email of a vendor with another account,`, // row 7
    ].join('\n');
    const up = await o.api.post('/api/payout/quote/import', form('bills.csv', csv));
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const b = up.body.data;
    const errs = Object.fromEntries(
      b.rows.map((r: any) => [r.row, r.errors.map((e: any) => e.field).sort()]),
    );
    expect(errs).toEqual({
      2: [],
      3: [],
      4: [],
      5: ['invoiceNumber'],
      6: ['accountNumber', 'amount', 'description', 'dueDate', 'invoiceNumber', 'vendorEmail'].sort(),
      7: ['accountNumber'],
    });
    expect(b.rows.find((r: any) => r.row === 5).errors[0].message).toBe(
      BILL_IMPORT_MSG.duplicateInFile.replace('{row}', '3'),
    );
    expect(b.rows.find((r: any) => r.row === 7).errors[0].message).toBe(BILL_IMPORT_MSG.bankDiffers);
    expect(b.rows.find((r: any) => r.row === 2)).toMatchObject({
      payeeId: v.id,
      dueDate: '2026-12-31',
      amountMinor: 4_500_000,
    });
    expect(b.rows.find((r: any) => r.row === 3)).toMatchObject({
      payeeId: null,
      amountMinor: 120_050,
      amount: '1200.50',
    });
    expect((await o.api.post(`/api/payout/quote/import/${b.id}/confirm`)).status).toBe(409);
    expect(
      (await t.db.select().from(payoutQuotes).where(eq(payoutQuotes.accountId, o.account.id))).length,
    ).toBe(0);

    // The fixed file: rows 2–4.
    const ok = await o.api.post(
      '/api/payout/quote/import',
      form('bills.csv', csv.split('\n').slice(0, 4).join('\n')),
    );
    expect(ok.body.data).toMatchObject({
      validRows: 3,
      errorRows: 0,
      newVendors: 1,
      totalAmountMinor: 4_500_000 + 120_050 + 30_000,
    });
    const c = await o.api.post(`/api/payout/quote/import/${ok.body.data.id}/confirm`);
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    expect(c.body.message).toBe('3 bills imported');
    const bills = await t.db.select().from(payoutQuotes).where(eq(payoutQuotes.accountId, o.account.id));
    expect(
      bills.map((x) => [x.status, x.source]).every(([s, so]) => s === 'submitted' && so === 'import'),
    ).toBe(true);
    expect(new Set(bills.map((x) => x.payeeId)).size).toBe(2); // the known vendor + one new vendor for both rows
    expect((await t.db.select().from(payees).where(eq(payees.accountId, o.account.id))).length).toBe(2);
    expect((await o.api.post(`/api/payout/quote/import/${ok.body.data.id}/confirm`)).body.message).toBe(
      IMPORT_MSG.alreadyConfirmed,
    );
    // Re-importing the same file: every row is now a duplicate of an existing bill.
    const again = await o.api.post(
      '/api/payout/quote/import',
      form('bills.csv', csv.split('\n').slice(0, 4).join('\n')),
    );
    expect(
      again.body.data.rows.every((r: any) =>
        r.errors.some((e: any) => e.message === BILL_IMPORT_MSG.duplicateExisting),
      ),
    ).toBe(true);
  });

  it('tenancy and bad files', async () => {
    const o = await ownerWithAccount(t);
    const other = await ownerWithAccount(t);
    const up = await o.api.post(
      '/api/payout/quote/import',
      form('b.csv', `${HEADER}\nA,a@x.ng,058,${ordinaryAccount()},10,I1,D,`),
    );
    expect(up.status).toBe(201);
    expect((await other.api.get(`/api/payout/quote/import/${up.body.data.id}`)).status).toBe(404);
    expect((await other.api.post(`/api/payout/quote/import/${up.body.data.id}/confirm`)).status).toBe(404);
    for (const body of ['', 'x,y\n1,2', `${HEADER}\n"oops`])
      expect((await o.api.post('/api/payout/quote/import', form('b.csv', body))).status).toBe(400);
    const tpl = await fetch(`${t.baseUrl}/api/payout/quote/import/template?format=csv`, {
      headers: { authorization: `Bearer ${o.token}`, 'x-account-id': o.account.id },
    });
    expect((await tpl.text()).startsWith(HEADER)).toBe(true);
  });
});

describe('bill tiers (approval bands, not KYB tiers)', () => {
  it('a bill’s payout is approved by the workflow of its amount’s band', async () => {
    const o = await fundedOwner(t, 10_000_000_00);
    await setKybTier(t, o.account.id, 3); // no incomplete-KYB cap on the large bill
    const small = await memberWithRole(t, o.account.id, 'admin');
    const large = await memberWithRole(t, o.account.id, 'admin');
    const wf = async (name: string, approver: string) =>
      (
        await o.api.post('/api/approval-workflows', {
          name,
          type: 'payout',
          levels: [{ approverIds: [approver], rule: 'any' }],
        })
      ).body.data.id as string;
    const smallWf = await wf('Small bills', small.user.id);
    const largeWf = await wf('Large bills', large.user.id);
    const expenseWf = (
      await o.api.post('/api/approval-workflows', {
        name: 'Expenses',
        type: 'expense',
        levels: [{ approverIds: [small.user.id], rule: 'any' }],
      })
    ).body.data.id;

    const one = await o.api.put(`/api/payout/quote/tier/one/${smallWf}`, { fromAmount: 0, toAmount: 100000 });
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(one.body.message).toBe(BILL_TIER_MSG.saved);
    // Overlapping, inverted, wrong type, unknown, another account's: refused, nothing saved.
    expect(
      (await o.api.put(`/api/payout/quote/tier/two/${largeWf}`, { fromAmount: 50000 })).body.message,
    ).toBe(BILL_TIER_MSG.overlap);
    expect(
      (await o.api.put(`/api/payout/quote/tier/two/${largeWf}`, { fromAmount: 500, toAmount: 100 })).status,
    ).toBe(400);
    expect((await o.api.put(`/api/payout/quote/tier/two/${expenseWf}`, { fromAmount: 200000 })).status).toBe(
      400,
    );
    expect((await o.api.put(`/api/payout/quote/tier/four/${largeWf}`, { fromAmount: 200000 })).status).toBe(
      400,
    );
    expect(
      (
        await o.api.put('/api/payout/quote/tier/two/00000000-0000-4000-8000-000000000000', {
          fromAmount: 200000,
        })
      ).status,
    ).toBe(404);
    const stranger = await ownerWithAccount(t);
    expect(
      (await stranger.api.put(`/api/payout/quote/tier/two/${largeWf}`, { fromAmount: 200000 })).status,
    ).toBe(404);
    const two = await o.api.put(`/api/payout/quote/tier/two/${largeWf}`, {
      fromAmount: 100000.01,
      toAmount: null,
    });
    expect(two.status).toBe(200);
    expect(
      two.body.data.map((x: any) => [x.tier, x.workflowName, x.fromAmountMinor, x.toAmountMinor]),
    ).toEqual([
      ['one', 'Small bills', 0, 10_000_000],
      ['two', 'Large bills', 10_000_001, null],
    ]);

    // Two imported bills, one per band.
    const acct = ordinaryAccount();
    const up = await o.api.post(
      '/api/payout/quote/import',
      form(
        'b.csv',
        `${HEADER}\nTier Co,tier.${rnd()}@x.ng,058,${acct},90000,T-1,Small,\nTier Co,tier@x.ng,058,${acct},250000,T-2,Large,`,
      ),
    );
    await o.api.post(`/api/payout/quote/import/${up.body.data.id}/confirm`);
    const bills = await t.db.select().from(payoutQuotes).where(eq(payoutQuotes.accountId, o.account.id));
    const byInv = Object.fromEntries(bills.map((b) => [b.invoiceNumber, b.reference]));
    const send = (ref: string) =>
      o.api.post(`/api/payout/quote/${ref}/payout`, { walletId: o.wallet.id }, { 'idempotency-key': key() });
    const s1 = await send(byInv['T-1']);
    expect(s1.status, JSON.stringify(s1.body)).toBe(201);
    expect(s1.body.data.approvalWorkflowPendingApprovalItem).toMatchObject({ workflowName: 'Small bills' });
    const s2 = await send(byInv['T-2']);
    expect(s2.body.data.approvalWorkflowPendingApprovalItem).toMatchObject({ workflowName: 'Large bills' });
    // The large band's approver decides; the small band's cannot.
    const itemId = s2.body.data.approvalWorkflowPendingApprovalItem.id;
    const approve = (api: any) =>
      api.post(`/api/approval-workflows/pending-approvals/approve/${itemId}`, {
        approvalStatus: 'approved',
        comments: 'Checked the bill',
      });
    expect((await approve(small.api)).status).toBe(403);
    expect((await approve(large.api)).status).toBe(200);
  });
});

function invoicePdf(): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument();
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.fontSize(18).text('Lekki Cleaning Services');
    doc.fontSize(12).text('Invoice No: LCS-2026-117');
    doc.text('Date: 02/11/2026');
    doc.text('Office cleaning, October            NGN 40,000.00');
    doc.text('VAT 7.5%                               NGN 3,000.00');
    doc.text('Total: NGN 43,000.00');
    doc.text('Due date: 30/11/2026');
    doc.end();
  });
}

describe('bill inbox by email', () => {
  it('reads facts from bill text', () => {
    expect(readBillFacts('Invoice #INV-42\nAmount due: ₦1,250,000.50\nDue: 15 March 2027')).toEqual({
      amountMinor: 125_000_050,
      invoiceNumber: 'INV-42',
      dueDate: '2027-03-15',
    });
    expect(readBillFacts('Hello, nothing here')).toEqual({
      amountMinor: null,
      invoiceNumber: null,
      dueDate: null,
    });
    expect(readBillFacts('Total NGN 5,000 due by 31/02/2026').dueDate).toBeNull(); // not a date
  });

  it('mail sent over SMTP to the account’s address becomes a draft bill with its PDF; unknown addresses are refused', async () => {
    const o = await ownerWithAccount(t);
    const viewer = await memberWithRole(t, o.account.id, 'viewer');
    const addr = await o.api.get('/api/ocr/quote/email');
    expect(addr.status).toBe(200);
    const email: string = addr.body.data.email;
    expect(email).toMatch(/^bills-[0-9a-f]{20}@inbox\.owo\.test$/);
    expect((await o.api.get('/api/ocr/quote/email')).body.data.email).toBe(email); // stable
    expect((await viewer.api.get('/api/ocr/quote/email')).body.data?.email ?? email).toBe(email);
    const other = await ownerWithAccount(t);
    expect((await other.api.get('/api/ocr/quote/email')).body.data.email).not.toBe(email);

    const vendorEmail = `billing.${rnd()}@lekkicleaning.ng`;
    const acct = ordinaryAccount();
    await o.api.post('/api/payee', {
      name: 'Lekki Cleaning',
      email: vendorEmail,
      bankCode: '058',
      accountNumber: acct,
    });
    const smtp = nodemailer.createTransport({
      host: '127.0.0.1',
      port: inbox.port,
      secure: false,
      ignoreTLS: true,
    });
    const info = await smtp.sendMail({
      from: `Lekki Cleaning <${vendorEmail}>`,
      to: email,
      subject: 'October invoice',
      text: 'Please find our invoice attached.',
      attachments: [{ filename: 'invoice.pdf', content: await invoicePdf(), contentType: 'application/pdf' }],
    });
    expect(info.accepted).toEqual([email]);
    const [bill] = await t.db.select().from(payoutQuotes).where(eq(payoutQuotes.accountId, o.account.id));
    expect(bill).toMatchObject({
      status: 'draft',
      source: 'email',
      email: vendorEmail,
      amountMinor: 4_300_000,
      invoiceNumber: 'LCS-2026-117',
      dueDate: '2026-11-30',
      description: 'October invoice',
      accountNumber: acct,
    });
    expect(bill.reference).toMatch(/^[0-9a-f]{32}$/);
    const [f] = await t.db.select().from(files).where(eq(files.fileName, bill.fileName!));
    expect(f).toMatchObject({
      accountId: o.account.id,
      mime: 'application/pdf',
      originalName: 'invoice.pdf',
    });
    const listed = await o.api.get('/api/payout/quotes?status=draft');
    expect(listed.body.data.map((x: any) => x.reference)).toEqual([bill.reference]);
    expect((await other.api.get(`/api/payout/quote/${bill.reference}`)).status).toBe(404);

    // A mail with no attachment still becomes a draft (facts from its text).
    await smtp.sendMail({
      from: 'someone@unknown.ng',
      to: email,
      subject: 'Invoice INV-77',
      text: 'Amount due: NGN 12,500. Due date: 2026-12-20',
    });
    const drafts = await t.db.select().from(payoutQuotes).where(eq(payoutQuotes.accountId, o.account.id));
    expect(drafts.find((d) => d.invoiceNumber === 'INV-77')).toMatchObject({
      amountMinor: 1_250_000,
      dueDate: '2026-12-20',
      payeeId: null,
      fileName: null,
    });

    // Unknown or guessed addresses are refused at RCPT TO; nothing is written.
    for (const to of [
      'bills-00000000000000000000@inbox.owo.test',
      'ceo@inbox.owo.test',
      `${email.split('@')[0]}@evil.test`,
    ]) {
      await expect(smtp.sendMail({ from: 'x@y.ng', to, subject: 's', text: 't' })).rejects.toThrow(
        /550|No such mailbox|Can't send mail/i,
      );
    }
    expect(
      (await t.db.select().from(payoutQuotes).where(eq(payoutQuotes.accountId, o.account.id))).length,
    ).toBe(2);
    smtp.close();
  });
});

describe('draft bills', () => {
  it('a draft from the inbox is completed for a vendor, then paid like any received bill; fuzz and tenancy', async () => {
    const o = await fundedOwner(t, 1_000_000_00);
    const other = await ownerWithAccount(t);
    const email = (await o.api.get('/api/ocr/quote/email')).body.data.email;
    const smtp = nodemailer.createTransport({
      host: '127.0.0.1',
      port: inbox.port,
      secure: false,
      ignoreTLS: true,
    });
    await smtp.sendMail({
      from: 'new.vendor@ibadanprint.ng',
      to: email,
      subject: 'Flyers',
      text: 'See attached',
    });
    smtp.close();
    const [draft] = await t.db.select().from(payoutQuotes).where(eq(payoutQuotes.accountId, o.account.id));
    expect(draft.status).toBe('draft');
    // A draft cannot be sent for payment yet.
    expect(
      (
        await o.api.post(
          `/api/payout/quote/${draft.reference}/payout`,
          { walletId: o.wallet.id },
          { 'idempotency-key': key() },
        )
      ).status,
    ).toBe(409);
    const acct = ordinaryAccount();
    const v = (
      await o.api.post('/api/payee', {
        name: 'Ibadan Print',
        email: 'new.vendor@ibadanprint.ng',
        bankCode: '058',
        accountNumber: acct,
      })
    ).body.data;
    const theirs = (
      await other.api.post('/api/payee', {
        name: 'X',
        email: `x.${rnd()}@x.ng`,
        bankCode: '058',
        accountNumber: ordinaryAccount(),
      })
    ).body.data;
    const body = {
      amount: '18000',
      description: 'Flyers',
      invoiceNumber: 'IP-9',
      dueDate: '2026-12-24',
      payeeId: v.id,
    };
    for (const bad of [
      { ...body, amount: '-1' },
      { ...body, payeeId: 'nope' },
      { ...body, dueDate: '24/12/2026' },
      { ...body, invoiceNumber: 'x'.repeat(500) },
      {},
    ])
      expect((await o.api.put(`/api/payout/quote/${draft.reference}/draft`, bad)).status).toBe(400);
    expect(
      (await o.api.put(`/api/payout/quote/${draft.reference}/draft`, { ...body, payeeId: theirs.id })).status,
    ).toBe(400);
    // The vendor named is o's: refused on that field before the draft is even looked up.
    const foreign = await other.api.put(`/api/payout/quote/${draft.reference}/draft`, body);
    expect(foreign.status).toBe(400);
    expect(Object.keys(foreign.body.errors ?? {})).toEqual(['payeeId']);
    const done = await o.api.put(`/api/payout/quote/${draft.reference}/draft`, body);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data).toMatchObject({
      status: 'submitted',
      amountMinor: 1_800_000,
      accountNumber: acct,
      payeeId: v.id,
    });
    expect((await o.api.put(`/api/payout/quote/${draft.reference}/draft`, body)).status).toBe(409);
    const sent = await o.api.post(
      `/api/payout/quote/${draft.reference}/payout`,
      { walletId: o.wallet.id },
      { 'idempotency-key': key() },
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  });
});
