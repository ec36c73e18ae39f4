import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_MAX_BYTES, DOCUMENT_MSG, MSG } from '@owo/contract';
import { client, createTestApp, memberWithRole, ownerWithAccount, type TestApp } from '../../../test/helpers';
import { files } from '../../platform/schema';
import { drawPage, form, scannedPdf, textPdf } from './fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

// The sandbox's name enquiry knows 0123456785 at GTBank; 1000000008 passes the check but is no account.
const INVOICE = [
  'Adebayo Foods Limited',
  '12 Allen Avenue, Ikeja, Lagos',
  'INVOICE',
  'Invoice No: INV-2026-0142',
  'Date: 28/11/2026',
  'Bill To: Owo Test Ltd',
  'Rice 50kg bag   2   ₦45,000.00   ₦90,000.00',
  'Subtotal   ₦90,000.00',
  'VAT (7.5%)   ₦6,750.00',
  'Total   ₦96,750.00',
  'Bank: GTBank',
  'Account Number: 0123456785',
];
const extract = (api: ReturnType<typeof client>, f: FormData) => api.post('/api/documents/extract', f);

describe('POST /api/documents/extract', () => {
  it('reads a clean PNG invoice to the kobo and names the account as its bank does', async () => {
    const o = await ownerWithAccount(t);
    const before = await t.db.$count(files);
    const res = await extract(o.api, form(drawPage(INVOICE), 'bill.png', 'image/png'));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(DOCUMENT_MSG.read);
    expect(res.body.data).toMatchObject({
      kind: 'invoice',
      vendorName: 'Adebayo Foods Limited',
      invoiceNumber: 'INV-2026-0142',
      date: '2026-11-28',
      currency: 'NGN',
      total: '96750.00',
      totalMinor: 9675000,
      vat: '6750.00',
      vatMinor: 675000,
      bankCode: '058',
      bankName: 'Guaranty Trust Bank',
      accountNumber: '0123456785',
      accountName: 'CHIDINMA ADAEZE OKAFOR',
    });
    expect(res.body.data.confidence.total).toBeGreaterThanOrEqual(0.9);
    expect(res.body.data.text).toContain('Adebayo Foods');
    expect(await t.db.$count(files)).toBe(before); // nothing stored
  });

  it('reads a text PDF directly; an account that does not resolve stays, unnamed and less sure', async () => {
    const o = await ownerWithAccount(t);
    const lines = INVOICE.map((l) =>
      l.replace('0123456785', '1000000008').replace('28/11/2026', '28th Nov, 2026'),
    );
    const res = await extract(o.api, form(await textPdf(lines), 'bill.pdf', 'application/pdf'));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      date: '2026-11-28',
      totalMinor: 9675000,
      vatMinor: 675000,
      accountNumber: '1000000008',
      accountName: null,
    });
    expect(res.body.data.confidence.accountNumber).toBeLessThanOrEqual(0.5);
    expect(res.body.data.confidence.total).toBe(0.97); // plain text and total = subtotal + VAT
  });

  it('renders a scanned PDF (no text layer) and reads it by OCR', async () => {
    const o = await ownerWithAccount(t);
    const pdf = await scannedPdf(drawPage(INVOICE.slice(0, 5).concat('Total   ₦96,750.00')));
    const res = await extract(o.api, form(pdf, 'scan.pdf', 'application/pdf'));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      vendorName: 'Adebayo Foods Limited',
      invoiceNumber: 'INV-2026-0142',
      date: '2026-11-28',
      totalMinor: 9675000,
      accountNumber: null,
    });
  });

  it('lets a member who may post expenses read a JPEG receipt, and the API answers others meanwhile', async () => {
    const o = await ownerWithAccount(t);
    const m = await memberWithRole(t, o.account.id, 'member');
    const receipt = drawPage(
      [
        'MEGA PLAZA STORES',
        'Victoria Island, Lagos',
        'SALES RECEIPT',
        'Receipt No: 004512',
        '05/03/2026 14:02',
        'BREAD x1   1,200.00',
        'MILK x2   3,400.00',
        'TOTAL   NGN 4,600.00',
        'CASH   5,000.00',
        'CHANGE   400.00',
      ],
      'jpeg',
    );
    const order: string[] = [];
    const reading = extract(m.api, form(receipt, 'r.jpg', 'image/jpeg')).then(
      (r) => (order.push('extract'), r),
    );
    const health = await fetch(`${t.baseUrl}/api/health`);
    order.push('health');
    expect(health.status).toBe(200);
    const res = await reading;
    expect(order).toEqual(['health', 'extract']);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      kind: 'receipt',
      vendorName: 'MEGA PLAZA STORES',
      invoiceNumber: '004512',
      date: '2026-03-05',
      currency: 'NGN',
      totalMinor: 460000,
      vatMinor: null,
      accountNumber: null,
    });
  });

  /** A PNG header (signature and IHDR) that claims `w` × `h` pixels, and a little more. */
  const claimedPng = (w: number, h: number) => {
    const ihdr = Buffer.alloc(25);
    ihdr.writeUInt32BE(13, 0);
    ihdr.write('IHDR', 4, 'latin1');
    ihdr.writeUInt32BE(w, 8);
    ihdr.writeUInt32BE(h, 12);
    ihdr[16] = 8; // bit depth; colour type 0 (grey), no interlace
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      ihdr,
      Buffer.alloc(300),
    ]);
  };
  /** A JPEG start and frame header (SOF0) that claims `w` × `h` pixels. */
  const claimedJpeg = (w: number, h: number) => {
    const sof = Buffer.from([0xff, 0xc0, 0x00, 0x0b, 0x08, 0, 0, 0, 0, 0x01, 0x01, 0x11, 0x00]);
    sof.writeUInt16BE(h, 5);
    sof.writeUInt16BE(w, 7);
    return Buffer.concat([Buffer.from([0xff, 0xd8]), sof, Buffer.alloc(300)]);
  };

  it('refuses what is not a JPEG, PNG or PDF (by content), an empty file, no file and a file over 10 MB, an image claiming too many pixels', async () => {
    const o = await ownerWithAccount(t);
    const cases: [FormData | object, string][] = [
      [form(Buffer.from('Total 5,000'), 'bill.pdf', 'application/pdf'), DOCUMENT_MSG.wrongType],
      [
        form(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'a.png', 'image/png'),
        DOCUMENT_MSG.wrongType,
      ],
      [form(Buffer.alloc(0), 'a.png', 'image/png'), DOCUMENT_MSG.empty],
      // A few hundred bytes claiming a page of 2.5 gigapixels: refused before anything is decoded.
      [form(claimedPng(50_000, 50_000), 'bomb.png', 'image/png'), DOCUMENT_MSG.tooManyPixels],
      [form(claimedJpeg(60_000, 60_000), 'bomb.jpg', 'image/jpeg'), DOCUMENT_MSG.tooManyPixels],
      [{}, DOCUMENT_MSG.fileRequired],
      [
        form(Buffer.concat([drawPage(['x']), Buffer.alloc(DOCUMENT_MAX_BYTES)]), 'big.png', 'image/png'),
        MSG.fileTooLarge,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await o.api.post('/api/documents/extract', body);
      expect(res.status, message).toBe(400);
      expect(res.body.errors?.file).toEqual([message]);
    }
  });

  it('is closed to a member who may post neither bills nor expenses, and to another company', async () => {
    const o = await ownerWithAccount(t);
    const agent = await memberWithRole(t, o.account.id, 'agent');
    const png = drawPage(INVOICE);
    expect((await extract(agent.api, form(png, 'bill.png', 'image/png'))).status).toBe(403);
    // Another company's owner cannot act in this account; and nothing read is kept to be found later.
    const other = await ownerWithAccount(t);
    const cross = client(t, { token: other.token, accountId: o.account.id });
    expect((await extract(cross, form(png, 'bill.png', 'image/png'))).status).toBe(403);
    expect((await extract(client(t), form(png, 'bill.png', 'image/png'))).status).toBe(401);
  });
});
