import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeNuban } from '@owo/contract';
import { NIGERIAN_BANKS } from '../../rails/banks';
import { parseDocument } from './parse';
import { amountsIn, bankIn, datesIn, toMinorLoose } from './parse-tokens';

const parse = (text: string) => parseDocument(text, NIGERIAN_BANKS);
const GTB = makeNuban('058', '012345678');

describe('amounts', () => {
  it.each([
    ['₦1,234,567.50', 123456750, 'NGN'],
    ['N 12,500', 1250000, 'NGN'],
    ['NGN12500.00', 1250000, 'NGN'],
    ['#96,750.00', 9675000, 'NGN'],
    ['%45,000.00', 4500000, 'NGN'],
    ['USD 1,200.00', 120000, 'USD'],
    ['$99.9', 9990, 'USD'],
    ['£2,000', 200000, 'GBP'],
    ['96.750,00', 9675000, null],
    ['12500', 1250000, null],
  ])('%s', (s, minor, currency) => {
    expect(amountsIn(`Total ${s}`)).toEqual([expect.objectContaining({ minor, currency, percent: false })]);
  });

  it('tells a rate from money', () => {
    const a = amountsIn('VAT (7.5%) ₦6,750.00');
    expect(a.map((x) => [x.minor, x.percent])).toEqual([
      [750, true],
      [675000, false],
    ]);
  });

  it('reads any kobo amount written with separators back to itself', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99_999_999_999 }), (minor) => {
        const major = Math.trunc(minor / 100).toLocaleString('en-US');
        const s = `${major}.${String(minor % 100).padStart(2, '0')}`;
        expect(toMinorLoose(s)).toBe(minor);
        expect(amountsIn(`Amount Due: ₦${s}`).at(-1)?.minor).toBe(minor);
      }),
    );
  });
});

describe('dates', () => {
  it.each([
    ['28/11/2026', '2026-11-28'],
    ['28-11-2026', '2026-11-28'],
    ['2026-11-28', '2026-11-28'],
    ['28th Nov, 2026', '2026-11-28'],
    ['28 November 2026', '2026-11-28'],
    ['1st of March 2026', '2026-03-01'],
    ['Nov 28, 2026', '2026-11-28'],
    ['05/O3/2O26', '2026-03-05'],
    ['03/25/2026', '2026-03-25'],
  ])('%s', (s, iso) => expect(datesIn(`Date: ${s}`)).toEqual([iso]));

  it('refuses impossible dates', () => {
    expect(datesIn('31/02/2026')).toEqual([]);
    expect(datesIn('Qty 12 34 5678')).toEqual([]);
  });

  it('reads any real day in each written form', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }),
        (d) => {
          const isoDay = d.toISOString().slice(0, 10);
          const [y, m, day] = isoDay.split('-');
          const month = d.toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' });
          for (const s of [
            `${day}/${m}/${y}`,
            `${Number(day)} ${month} ${y}`,
            `${month.slice(0, 3)} ${day}, ${y}`,
          ])
            expect(datesIn(`Invoice Date: ${s}`)).toEqual([isoDay]);
        },
      ),
    );
  });
});

describe('banks', () => {
  it.each([
    ['Bank: GTBank', '058'],
    ['Guaranty Trust Bank Plc', '058'],
    ['First City Monument Bank', '214'],
    ['FirstBank', '011'],
    ['United Bank for Africa', '033'],
    ['Union Bank', '032'],
    ['Zenith Bank', '057'],
    ['Stanbic IBTC', '221'],
    ['Pay to OPay', '999992'],
  ])('%s', (s, code) => expect(bankIn(s, NIGERIAN_BANKS)?.bank.code).toBe(code));
});

const INVOICE = `Adebayo Foods Limited
12 Allen Avenue, Ikeja, Lagos
Tel: 0803 123 4567
INVOICE
Invoice No: INV-2026-0142
Date: 28th Nov, 2026
Due Date: 12/12/2026
Bill To:
Owo Test Ltd
Description Qty Unit Price Total
Rice 50kg bag 2 #45,000.00 #90,000.00
Subtotal #90,000.00
VAT (7.5%) #6,750.00
Total #96,750.00
Bank: Guaranty Trust Bank
Account Number: ${GTB}`;

describe('parseDocument', () => {
  it('reads an invoice', () => {
    const d = parse(INVOICE);
    expect(d).toMatchObject({
      kind: 'invoice',
      vendorName: 'Adebayo Foods Limited',
      invoiceNumber: 'INV-2026-0142',
      date: '2026-11-28',
      currency: 'NGN',
      totalMinor: 9675000,
      vatMinor: 675000,
      bankCode: '058',
      bankName: 'Guaranty Trust Bank',
      accountNumber: GTB,
    });
    expect(d.confidence.total).toBeGreaterThanOrEqual(0.95);
    expect(d.confidence.vat).toBe(1);
  });

  it('prefers the amount due over the subtotal, wherever they are', () => {
    const d = parse('INVOICE\nKola Ventures\nAmount Due\nN 107,500\nSub Total N 100,000\nTax N 7,500');
    expect(d.totalMinor).toBe(10750000);
    expect(d.vatMinor).toBe(750000);
  });

  it('offers an account number only when it passes the check at the read bank', () => {
    const bad = GTB.slice(0, 9) + String((Number(GTB[9]) + 1) % 10);
    expect(parse(INVOICE.replace(GTB, bad)).accountNumber).toBeNull();
    expect(parse(INVOICE.replace('Bank: Guaranty Trust Bank', '')).accountNumber).toBeNull();
  });

  it('reads a POS receipt', () => {
    const d = parse(`SHOPRITE IKEJA CITY MALL
Obafemi Awolowo Way, Ikeja
RECEIPT
Receipt No: 004512
28/11/26 14:02
BREAD 1 1,200.00
MILK 2 3,400.00
SUBTOTAL 4,600.00
VAT 7.5% 345.00
TOTAL NGN 4,945.00
CASH 5,000.00
CHANGE 55.00`);
    expect(d).toMatchObject({
      kind: 'receipt',
      vendorName: 'SHOPRITE IKEJA CITY MALL',
      invoiceNumber: '004512',
      date: '2026-11-28',
      currency: 'NGN',
      totalMinor: 494500,
      vatMinor: 34500,
    });
  });

  it('takes the issuer after From:, not the customer after Bill To:', () => {
    const d = parse(
      'Bill To:\nOwo Test Ltd\n5 Marina Road\nFrom:\nChidi & Sons Enterprises\nInvoice # 77-A1',
    );
    expect(d.vendorName).toBe('Chidi & Sons Enterprises');
    expect(d.invoiceNumber).toBe('77-A1');
  });

  it('reads foreign currency and leaves out what is not there', () => {
    const d = parse('Invoice\nAcme Cloud Inc\nTotal: USD 1,200.00');
    expect(d).toMatchObject({
      currency: 'USD',
      totalMinor: 120000,
      vatMinor: null,
      bankCode: null,
      date: null,
    });
    expect(d.confidence.date).toBeUndefined();
  });

  it('finds nothing in empty text', () => {
    expect(parse('')).toMatchObject({ vendorName: null, totalMinor: null, currency: null, confidence: {} });
  });

  it('mends a ₦ that OCR read as a digit when subtotal + VAT vouch for it', () => {
    const vat = parse('Subtotal 90,000.00\nVAT (7.5%) 86,750.00\nTotal 96,750.00');
    expect([vat.totalMinor, vat.vatMinor]).toEqual([9675000, 675000]);
    expect(vat.confidence.vat).toBe(1);
    const total = parse('Subtotal [1,647,172.00\nVAT (7.5%) [123,537.90\nTotal 11,770,709.90');
    expect([total.totalMinor, total.vatMinor]).toEqual([177070990, 12353790]);
    // Subtotal and total both carry the slip: they still add up, so VAT at 7.5% decides.
    const both = parse('Subtotal [11,647,172.00\nVAT (7.5%) [123,537.90\nTotal 11,770,709.90');
    expect([both.totalMinor, both.vatMinor]).toEqual([177070990, 12353790]);
    const alone = parse('VAT 7,500.00\nAmount Due 107,500.00'); // no subtotal: VAT is 7.5% of the rest
    expect([alone.totalMinor, alone.vatMinor, alone.confidence.total]).toEqual([10750000, 750000, 0.97]);
  });

  it('unpicks columns that OCR merged into one line', () => {
    const d = parse(
      'Jos Plateau Farms Ltd INVOICE\n84 Wuse II, Abuja Inv. No. 48594\nTel: 0812 189 7603 Date: 18th Jul, 2025\nTotal N5,000',
    );
    expect(d).toMatchObject({
      vendorName: 'Jos Plateau Farms Ltd',
      invoiceNumber: '48594',
      date: '2025-07-18',
    });
    expect(parse('INVOICE Zuma Logistics Limited\n13 Wuse II').vendorName).toBe('Zuma Logistics Limited');
    expect(parse('RECFIPT Zuma Logistics Limited').vendorName).toBe('Zuma Logistics Limited'); // OCR's title
    expect(parse('Mama Cass Kitchen\nNo. 004512\nAccount No: 0123456785').invoiceNumber).toBe('004512');
  });

  it('does not take a TAX INVOICE title for a VAT line, nor the figure under it', () => {
    const d = parse('TAX INVOICE\nInvoice # 54573\nTotal 10,000.00');
    expect(d.vatMinor).toBeNull();
    expect(d.totalMinor).toBe(1000000);
  });

  it('falls back to the account name when the top has no issuer', () => {
    const d = parse(
      `RECEIPT\n12 Allen Avenue\nTotal 5,000\nBank: Zenith Bank\nAccount Name: Bisi Catering Services`,
    );
    expect(d.vendorName).toBe('Bisi Catering Services');
    expect(d.confidence.vendorName).toBeLessThan(0.8);
  });
});
