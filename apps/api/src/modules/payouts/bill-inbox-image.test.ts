import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ownerWithAccount, type TestApp } from '../../../test/helpers';
import { drawPage } from '../documents/fixtures';
import { startBillInbox } from './inbox';
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

describe('bill inbox: a photographed bill', () => {
  it('reads an image attachment by OCR into the draft: total, invoice number and due date', async () => {
    const o = await ownerWithAccount(t);
    const email: string = (await o.api.get('/api/ocr/quote/email')).body.data.email;
    const photo = drawPage(
      [
        'Ikoyi Cleaning Services Ltd',
        '4 Bourdillon Road, Ikoyi',
        'INVOICE',
        'Invoice No: ICS-2026-088',
        'Date: 02/11/2026',
        'Due Date: 30/11/2026',
        'Office cleaning, October   ₦40,000.00',
        'Subtotal   ₦40,000.00',
        'VAT (7.5%)   ₦3,000.00',
        'Total   ₦43,000.00',
      ],
      'jpeg',
    );
    const smtp = nodemailer.createTransport({
      host: '127.0.0.1',
      port: inbox.port,
      secure: false,
      ignoreTLS: true,
    });
    const info = await smtp.sendMail({
      from: 'accounts@ikoyicleaning.ng',
      to: email,
      subject: 'Invoice for October', // the mail's text has no figures: they come from the photo
      text: 'Please see the attached photo.',
      attachments: [{ filename: 'bill.jpg', content: photo, contentType: 'image/jpeg' }],
    });
    smtp.close();
    expect(info.accepted).toEqual([email]);
    const [bill] = await t.db.select().from(payoutQuotes).where(eq(payoutQuotes.accountId, o.account.id));
    expect(bill).toMatchObject({
      status: 'draft',
      source: 'email',
      amountMinor: 4_300_000,
      invoiceNumber: 'ICS-2026-088',
      dueDate: '2026-11-30',
    });
    expect(bill.fileName).toMatch(/\.jpg$/);
  });
});
